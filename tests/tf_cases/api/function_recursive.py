import tensorflow as tf


@tf.function
def countdown(n):
    if n > 0:
        return countdown(n - 1) + 1
    return tf.constant(0)


print(countdown(4))
print(countdown(2))


@tf.function
def total(values):
    if not values:
        return tf.constant(0.0)
    return values[0] + total(values[1:])


print(total([tf.constant(1.5), tf.constant(2.0), tf.constant(3.0)]))
