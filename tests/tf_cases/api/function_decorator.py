import tensorflow as tf


@tf.function
def double(x):
    return x * 2


@tf.function(jit_compile=True, reduce_retracing=True)
def add_one(x):
    return x + 1


def square(x):
    return x * x


fast_square = tf.function(square)
print(double(tf.constant(3.0)))
print(double(tf.constant([1, 2])))
print(add_one(tf.constant(1.5)))
print(fast_square(tf.constant(4.0)))
print(type(double).__name__, double.__name__, fast_square.python_function is square)
print(add_one(2))
print(tf.function(lambda: [1, 2.0])())
print(tf.function(lambda: None)())


class Scaler:
    def __init__(self):
        self.w = tf.Variable(3.0)

    @tf.function
    def __call__(self, x):
        return x * self.w


s = Scaler()
print(s(tf.constant(2.0)))
print(tf.config.functions_run_eagerly())
