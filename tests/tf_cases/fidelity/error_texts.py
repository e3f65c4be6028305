import keras
import tensorflow as tf


def attempt(f, *args, **kwargs):
    try:
        f(*args, **kwargs)
        print("no error")
    except Exception as error:
        print(type(error).__name__)
        for line in str(error).splitlines():
            if not line.strip().startswith("Hint:"):
                print(repr(line))


attempt(tf.debugging.assert_equal, tf.constant([1, 2, 3, 4]), tf.constant([1, 0, 3, 0]))
attempt(tf.debugging.assert_equal, tf.constant([1, 2]), tf.constant([1, 2]))
attempt(tf.debugging.assert_equal, tf.constant([[1., 2.]]), 2., message="custom msg", summarize=1)
attempt(tf.debugging.assert_equal, tf.range(10), tf.range(10) * 2, summarize=-1)
attempt(tf.assert_less, tf.constant([1, 5]), tf.constant([2, 3]))
attempt(tf.debugging.assert_greater, 1, 2)
attempt(tf.debugging.assert_greater_equal, tf.constant([[1.5, 2.5], [0.5, 4.0]]), 1.0)
attempt(tf.debugging.assert_none_equal, tf.constant([1, 2]), tf.constant([1, 3]))
attempt(tf.debugging.assert_less_equal, tf.range(12), 5)
attempt(tf.debugging.assert_non_negative, tf.constant([-1., 2.]))
attempt(tf.debugging.assert_positive, tf.constant([1., 2., 3., 0., 4.]), message="weights")
attempt(tf.debugging.assert_negative, tf.constant([-1, -2]))
attempt(tf.debugging.assert_rank, tf.constant([1., 2.]), 2)
attempt(tf.debugging.assert_type, tf.constant([1, 2]), tf.float32)
print(tf.debugging.assert_all_finite(tf.constant([1., 2.]), "fine"))

for bad in (["A", ["B", "C"]], [[1, 2], [3, [4]]], [1, [2, 3]]):
    attempt(tf.ragged.constant, bad)
pairs = [(tf.ragged.constant([[1, 2], [3, 4, 5, 6], [7]]), tf.constant([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])),
         (tf.ragged.constant([[1, 2, 3], [4], [5, 6]]), tf.ragged.constant([[10, 20], [30, 40], [50]])),
         (tf.ragged.constant([[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10]]]),
          tf.ragged.constant([[[1, 2, 0], [3, 4, 0], [5, 6, 0]], [[7, 8, 0], [9, 10, 0]]]))]
for x, y in pairs:
    attempt(lambda a, b: a + b, x, y)
x = tf.ragged.constant([[[1, 2], [3, 4], [5, 6]], [[7, 8]]], ragged_rank=1)
print(x + tf.constant([[10]]), x * tf.constant([2, 3]))


class Flex(keras.layers.Layer):
    def __init__(self, out_features, **kwargs):
        super().__init__(**kwargs)
        self.out_features = out_features

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.out_features), initializer="ones")

    def call(self, x, training=None, scale=(1, 2)):
        if x.shape[-1] != self.w.shape[0]:
            raise ValueError(f"expected {self.w.shape[0]} features, got {x.shape[-1]}")
        return tf.matmul(x, self.w)


class Outer(keras.Model):
    def __init__(self):
        super().__init__()
        self.flex = Flex(2)

    def call(self, x):
        tf.debugging.assert_equal(tf.shape(x)[0], 5)
        return self.flex(x)


flex = Flex(3)
flex(tf.ones([1, 3]))
attempt(flex, tf.ones([1, 4]))
attempt(Outer(), tf.ones([2, 3]), training=False)
outer = Outer()
outer(tf.ones([5, 3]))
attempt(outer, tf.ones([5, 4]))
attempt(keras.layers.Dense(2), tf.ones([2]))
