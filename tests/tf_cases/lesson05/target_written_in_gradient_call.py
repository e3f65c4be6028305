# Lesson 05, exercise 1 snippet A: a target written inside gradient(), after the block, is not recorded.
import tensorflow as tf

x = tf.Variable(1.0)
with tf.GradientTape(persistent=True) as tape:
    doubled = x * 2.0
print(tape.gradient(doubled + x, x))
print(tape.gradient(doubled, x))

# section 1: profit computed after the block, then inside it
price = tf.Variable(2.5, name="price")
quantity = tf.Variable(4.0, name="quantity")
with tf.GradientTape(persistent=True) as tape:
    revenue = price * quantity
profit = revenue - 3.0 * quantity
print(tape.gradient(profit, [price, quantity]))
with tf.GradientTape() as tape:
    revenue = price * quantity
    profit = revenue - 3.0 * quantity
print(tape.gradient(profit, [price, quantity]))
