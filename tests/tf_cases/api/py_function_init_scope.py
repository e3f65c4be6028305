import tensorflow as tf


@tf.py_function(Tout=tf.float32)
def add(x, y):
    print("in python:", x.dtype, y.dtype)
    return x + y


print(add(tf.constant(1.0), tf.constant(2.5)))
print(tf.py_function(lambda a: a * 3, [tf.constant(2)], tf.int32))
print(tf.py_function(lambda a, b: [a + b, a * b], [tf.constant(2.0), tf.constant(4.0)], [tf.float32, tf.float32]))
print(tf.py_function(lambda a: a, [tf.Variable(5.0)], tf.float32))
print(tf.py_function(lambda: None, [], []))
try:
    tf.py_function(lambda: None, [], None)
except TypeError as e:
    print(e)

try:
    tf.py_function(lambda a: a * 2, [tf.constant(3)], tf.float32)
except Exception as e:
    print(type(e).__name__)


@tf.function
def wrapped(x):
    return add(x, x) * 2.0


print(wrapped(tf.constant(1.5)))

v = tf.Variable(0)
with tf.init_scope():
    v.assign_add(2)
print(v.numpy())


class Kind(tf.types.experimental.TraceType):
    def __init__(self, value):
        self.value = value

    def is_subtype_of(self, other):
        return self == other

    def most_specific_common_supertype(self, others):
        return self if all(self == other for other in others) else None

    def placeholder_value(self, placeholder_context=None):
        return self.value

    def __eq__(self, other):
        return type(other) is Kind and other.value == self.value

    def __hash__(self):
        return hash(self.value)


print(isinstance(Kind(1), tf.types.experimental.TraceType), Kind(3).placeholder_value(), Kind(2) == Kind(2))


class Incomplete(tf.types.experimental.TraceType):
    pass


try:
    Incomplete()
except TypeError:
    print("TypeError")
