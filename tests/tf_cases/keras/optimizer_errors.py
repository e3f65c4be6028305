import tensorflow as tf
import keras

w = tf.Variable([1.0, 2.0], name="w")
b = tf.Variable(0.0, name="b")
sgd = keras.optimizers.SGD(learning_rate=0.1)
try:
    sgd.apply_gradients([(None, w), (None, b)])
except ValueError as error:
    print("all None:", type(error).__name__)
print(sgd.iterations.numpy(), w.numpy())
sgd.apply_gradients([(tf.constant([1.0, 1.0]), w), (None, b)])
print(sgd.iterations.numpy(), w.numpy(), b.numpy())
try:
    sgd.apply_gradients([])
except ValueError as error:
    print("empty:", type(error).__name__)
other = tf.Variable(1.0, name="other")
try:
    sgd.apply_gradients([(tf.constant(1.0), other)])
except ValueError as error:
    print("unknown:", type(error).__name__)
print(other.numpy(), sgd.iterations.numpy())
print(hasattr(sgd, "minimize"), hasattr(keras.optimizers.Adam(), "minimize"))
try:
    sgd.minimize(lambda: w * w, [w])
except AttributeError as error:
    print("minimize:", type(error).__name__)
sgd.apply(grads=[tf.constant([1.0, 1.0]), tf.constant(2.0)])
print(sgd.iterations.numpy(), w.numpy(), b.numpy())
