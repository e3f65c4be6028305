"""Op errors as TF 2.21 words them in eager code: the kernel's prefix, TF's shape layout ([1,4])."""
import tensorflow as tf


def first_line(make):
    try:
        make()
    except Exception as error:  # print the type and TF's first line (tapekit adds a hint below it)
        print(type(error).__name__, "|", str(error).splitlines()[0])


x = tf.constant([[1.0, 2.0, 3.0, 4.0]])
first_line(lambda: tf.reshape(tf.range(30), [7, -1]))
first_line(lambda: tf.matmul(x, tf.ones([3, 3])))
first_line(lambda: tf.matmul(tf.ones([2, 2, 2]), tf.ones([2, 3, 2])))
first_line(lambda: tf.matmul(tf.ones([2, 3, 4]), tf.ones([3, 4, 3])))
first_line(lambda: x + tf.ones([3]))
first_line(lambda: tf.ones([2, 3]) * tf.ones([4, 3, 2]))
first_line(lambda: tf.add(tf.constant(1), tf.constant(1.0)))
first_line(lambda: tf.concat([tf.ones([2]), tf.ones([3, 1]), tf.ones([2])], 0))
first_line(lambda: tf.concat([tf.ones([4]), tf.ones([2])], 3))
first_line(lambda: tf.stack([tf.ones([2]), tf.ones([3])]))
first_line(lambda: tf.split(x, 3, axis=1))
first_line(lambda: tf.split(tf.ones([4]), [1, 2]))
first_line(lambda: tf.split(tf.ones([4]), 2, axis=3))
first_line(lambda: tf.unstack(x, num=3))
first_line(lambda: tf.add_n([tf.ones([2]), tf.ones([3])]))
first_line(lambda: tf.nn.bias_add(x, tf.ones([3])))
first_line(lambda: tf.nn.softmax_cross_entropy_with_logits(tf.ones([2, 3]), tf.ones([2, 4])))
first_line(lambda: tf.where(tf.constant([True, False]), tf.ones([2, 3]), tf.ones([3, 3])))
first_line(lambda: tf.Variable([1.0, 2.0]).assign_add([1.0]))
first_line(lambda: tf.constant([1, 2, 3])[0, 1])
first_line(lambda: tf.gather(tf.constant([1.0, 2.0]), [5]))
first_line(lambda: tf.zeros([-1]))
first_line(lambda: tf.cast(tf.constant("a"), tf.int32))
first_line(lambda: tf.debugging.check_numerics(tf.constant([float("nan")]), "bad"))
first_line(lambda: tf.ensure_shape(tf.ones([2]), [3]))
first_line(lambda: tf.strings.to_number("abc"))
