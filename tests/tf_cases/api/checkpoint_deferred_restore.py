"""Deferred restoration: a variable that appears after restore() at a saved path gets its value then
(a tf.Module attribute set later, a Keras layer or model built by its first call, an optimizer's slots)."""
import os
import tempfile

import tensorflow as tf

folder = tempfile.mkdtemp()


class Holder(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([1.0, 2.0])


saved = Holder()
saved.b = tf.Variable([5.0])
path = tf.train.Checkpoint(model=saved).write(os.path.join(folder, "module"))
fresh = Holder()
status = tf.train.Checkpoint(model=fresh).read(path)   # the Checkpoint object is not kept
try:
    status.assert_consumed()
except AssertionError as error:
    print("before:", type(error).__name__)
fresh.b = tf.Variable([0.0])
print(fresh.w.numpy(), fresh.b.numpy())
status.assert_consumed()
print("consumed after the attribute was set")

# a Keras layer and a Sequential model restored before their first call
layer = tf.keras.layers.Dense(2, kernel_initializer="ones")
layer(tf.ones([1, 3]))
layer.bias.assign([3.0, 4.0])
path = tf.train.Checkpoint(layer=layer).write(os.path.join(folder, "layer"))
late = tf.keras.layers.Dense(2, kernel_initializer="zeros")
tf.train.Checkpoint(layer=late).read(path)
print(late(tf.ones([1, 3])).numpy(), late.bias.numpy())

model = tf.keras.Sequential([tf.keras.layers.Dense(2, kernel_initializer="ones"), tf.keras.layers.Dense(1)])
model(tf.ones([1, 2]))
model.layers[1].kernel.assign([[0.5], [-0.5]])
path = tf.train.Checkpoint(model=model).write(os.path.join(folder, "model"))
late_model = tf.keras.Sequential([tf.keras.layers.Dense(2, kernel_initializer="zeros"), tf.keras.layers.Dense(1)])
tf.train.Checkpoint(model=late_model).read(path)
print(late_model(tf.ones([1, 2])).numpy(), late_model.layers[1].kernel.numpy().ravel())

# an optimizer's slots made after the restore (the model was built before it)
def train_step(net, optimizer):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(net(tf.ones([2, 1])) ** 2)
    variables = net.trainable_variables
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    return loss


net = tf.keras.Sequential([tf.keras.layers.Dense(2, kernel_initializer="ones")])
net(tf.ones([1, 1]))
adam = tf.keras.optimizers.Adam(0.1)
for _ in range(3):
    train_step(net, adam)
path = tf.train.Checkpoint(model=net, optimizer=adam).write(os.path.join(folder, "adam"))
net2 = tf.keras.Sequential([tf.keras.layers.Dense(2, kernel_initializer="ones")])
net2(tf.ones([1, 1]))
adam2 = tf.keras.optimizers.Adam(0.1)
status = tf.train.Checkpoint(model=net2, optimizer=adam2).read(path)
print(int(adam2.iterations), net2.layers[0].bias.numpy())
print(f"{train_step(net, adam).numpy():.6f} {train_step(net2, adam2).numpy():.6f}")
print([v.numpy().ravel().round(6).tolist() for v in adam2.variables[2:]])
status.assert_consumed()
print("consumed after the slots were made")

# a saved value of another shape than the variable made later
class Wide(tf.Module):
    pass


small = Wide()
small.v = tf.Variable([1.0, 2.0])
path = tf.train.Checkpoint(model=small).write(os.path.join(folder, "shape"))
wide = Wide()
tf.train.Checkpoint(model=wide).read(path)
try:
    wide.v = tf.Variable([0.0, 0.0, 0.0])
except Exception as error:
    print(type(error).__name__)
print(wide.v.numpy() if hasattr(wide, "v") else "no v")

# a model built by model.build(...) after the restore
built_later = tf.keras.Sequential([tf.keras.layers.Dense(2, kernel_initializer="zeros"), tf.keras.layers.Dense(1)])
tf.train.Checkpoint(model=built_later).read(os.path.join(folder, "model"))
built_later.build((None, 2))
print(built_later.layers[0].kernel.numpy().ravel(), built_later.layers[1].kernel.numpy().ravel())
