import tensorflow as tf

x = tf.reshape(tf.range(24), [2, 3, 4])
print(tf.strided_slice(x, [0, 0, 0], [2, 3, 4], [1, 2, 2]))
print(tf.strided_slice(x, [1], [2], shrink_axis_mask=1))
print(tf.strided_slice(x, [0, 1], [0, 3], begin_mask=1, end_mask=1))
print(tf.strided_slice(x, [0, 0], [1, 1], ellipsis_mask=1, new_axis_mask=2).shape)
print(tf.strided_slice([1.0, 2.0, 3.0], [-1], [-3], [-1]))
print(tf.strided_slice(x, [0, 0], [2, 2], [1, -1]).shape)
v = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.strided_slice(v, [0], [3], [2]) * [10.0, 20.0])
print(tape.gradient(y, v))
for bad in (lambda: tf.strided_slice(x, [0, 0, 0], [1, 1]), lambda: tf.strided_slice(x, [0], [1], [0]),
            lambda: tf.strided_slice(x, [5], [6], shrink_axis_mask=1)):
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
print(tf.broadcast_static_shape(tf.TensorShape([3, 1]), tf.TensorShape([4])))
print(tf.broadcast_static_shape(tf.TensorShape([None, 1]), tf.TensorShape([4])),
      tf.broadcast_static_shape(tf.TensorShape(None), tf.TensorShape([4])))
print(tf.broadcast_dynamic_shape([3, 1], [1, 4]), tf.broadcast_dynamic_shape(tf.constant([3, 1], tf.int64), [4]))
try:
    tf.broadcast_static_shape(tf.TensorShape([3, 2]), tf.TensorShape([4]))
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    tf.broadcast_dynamic_shape([3, 2], [4])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
