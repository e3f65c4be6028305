import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def total(x):
    return tf.reduce_sum(x)


print(total.input_signature)
print(total(tf.constant([1.0, 2.0])))
print(total([1.0, 2.0, 3.0]))
for bad in [tf.constant([1, 2]), tf.constant(1.0), tf.constant([[1.0]]), "a", None]:
    try:
        total(bad)
    except TypeError as e:
        print(type(e).__name__)
try:
    total(tf.constant([1.0]), tf.constant([1.0]))
except TypeError as e:
    print(type(e).__name__)
try:
    tf.function(lambda x: x, input_signature=[1])
except TypeError as e:
    print(type(e).__name__)
try:
    tf.function(lambda x: x, foo=1)
except TypeError as e:
    print(type(e).__name__)
try:
    tf.function(3)
except TypeError as e:
    print(type(e).__name__)
