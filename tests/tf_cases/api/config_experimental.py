# The tf.config.experimental calls a seeded or GPU-ready program starts with.
import tensorflow as tf

print(tf.config.experimental.enable_op_determinism())
print(tf.config.experimental.list_physical_devices("CPU"), tf.config.experimental.list_logical_devices("CPU"))
for gpu in tf.config.experimental.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
try:
    tf.config.experimental.set_memory_growth(tf.config.list_physical_devices("CPU")[0], True)
except ValueError as error:
    print(type(error).__name__, error)
tf.random.set_seed(1)
print(tf.random.uniform([2]).numpy().tolist())
