# Lesson 05, exercise 3: which of five sources end with None (the check's answer key, PLAYER_NONE).
import tensorflow as tf

base = tf.Variable(4.0, name="base")
rate = tf.Variable(0.5, name="rate")
bonus = tf.Variable(2.0, name="bonus")
steps = tf.Variable(3, name="steps")
offset = tf.Variable(1.0, name="offset")
with tf.GradientTape() as tape:
    scaled = base * tf.stop_gradient(rate)
    extra = tf.constant(bonus.numpy()) * tf.cast(steps, tf.float32)
    total = scaled + extra + offset
grads = tape.gradient(total, {"base": base, "rate": rate, "bonus": bonus, "steps": steps, "offset": offset})
for name, grad in grads.items():
    print(name, None if grad is None else float(grad))
