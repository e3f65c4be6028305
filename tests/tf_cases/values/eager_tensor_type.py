# Every eager value is an EagerTensor, a subclass of tf.Tensor (the autodiff guide prints the class name).
import copy
import pickle

import tensorflow as tf

x = tf.Variable(2.0)
t = tf.constant([1.0, 2.0])
for value in [t, t * 2.0, x + 1.0, x.read_value(), tf.convert_to_tensor(x), tf.reduce_sum(t), tf.identity(t),
              tf.nest.flatten({"a": t})[0], copy.deepcopy(t), tf.random.stateless_normal([2], seed=[1, 2])]:
    print(type(value).__name__, isinstance(value, tf.Tensor), tf.is_tensor(value), type(value) is tf.Tensor)
print(issubclass(type(t), tf.Tensor), tf.Tensor in type(t).__mro__)
print(type(pickle.loads(pickle.dumps(t))).__name__)
for var in (x, x + 1.0):
    with tf.GradientTape() as tape:
        y = var * var
    print(type(var).__name__, ":", tape.gradient(y, var))
