import numpy as np
import tensorflow as tf

calls = {
    "where lists int then float": lambda: tf.where([True, False], [1, 2], [1.0, 2.0]),
    "where lists float then int": lambda: tf.where([True, False], [1.5, 2.5], [1, 2]),
    "where int tensor, float list": lambda: tf.where([True, False], tf.constant([1, 2]), [1.0, 2.0]),
    "where float list, int tensor": lambda: tf.where([True, False], [1.0, 2.0], tf.constant([1, 2])),
    "where int list, float tensor": lambda: tf.where([True], [1], tf.constant([2.5])),
    "concat lists int then float": lambda: tf.concat([[1, 2], [3.5]], 0),
    "concat float tensor, int list": lambda: tf.concat([tf.constant([1.0]), [2]], 0),
    "concat int tensor, float list": lambda: tf.concat([tf.constant([1]), [2.5]], 0),
    "concat int list, float tensor": lambda: tf.concat([[1], tf.constant([2.5])], 0),
    "concat strings": lambda: tf.concat([["a"], tf.constant(["b"])], 0),
    "stack lists int then float": lambda: tf.stack([[1], [2.5]]),
    "stack numbers": lambda: tf.stack([1, 2.5]),
    "stack array and list": lambda: tf.stack([np.array([1]), [2.5]]),
    "stack axis 1": lambda: tf.stack([[1], [2.5]], axis=1),
    "stack empty": lambda: tf.stack([]),
    "stack string and int": lambda: tf.stack(["a", 1]),
    "stack ragged lists": lambda: tf.stack([[1], [2, 3]]),
}
for label, call in calls.items():
    try:
        print(label, "->", call())
    except Exception as e:
        print(label, "->", type(e).__name__)
x = tf.Variable([1.0, 2.0])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.concat([[3.0], x], 0) * [1.0, 2.0, 3.0])
    y += tf.reduce_sum(tf.where([True, False], x * x, [5.0, 6.0]))
    z = tf.reduce_sum(tf.stack([x, [1.0, 1.0]]) * [[2.0], [3.0]])
print(tape.gradient([y, z], x))
