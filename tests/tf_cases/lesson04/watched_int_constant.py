# Lesson 04, section 2: an int32 tensor can be watched, but its gradient is None
# (TF logs "The dtype of the watched tensor must be floating" on stderr, which is not compared).
import tensorflow as tf

boxes = tf.constant(3)
with tf.GradientTape() as tape:
    tape.watch(boxes)
    area = boxes * boxes
print(boxes.dtype, area.dtype, tape.gradient(area, boxes))

# cast first, then watch: the watched tensor is a float
boxes_float = tf.cast(boxes, tf.float32)
with tf.GradientTape() as tape:
    tape.watch(boxes_float)
    area = boxes_float * boxes_float
print(boxes_float.dtype, tape.gradient(area, boxes_float))

# an int32 Variable is watched (listed), and its gradient is None too
trips = tf.Variable(3, name="trips")
with tf.GradientTape() as tape:
    y = tf.cast(trips, tf.float32) * 2.0
print([v.name for v in tape.watched_variables()], tape.gradient(y, trips))
