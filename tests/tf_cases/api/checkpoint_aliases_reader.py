import os
import tempfile

import tensorflow as tf

folder = tempfile.mkdtemp()

# A variable reachable by two paths is restored through either.
save = tf.train.Checkpoint()
save.items = [tf.Variable(1.0), tf.Variable(2.0)]
save.named = {"first": save.items[0], "second": save.items[1]}
path = save.save(os.path.join(folder, "aliases"))

restore = tf.train.Checkpoint()
second = tf.Variable(0.0)
restore.named = {"second": second}
status = restore.restore(path)
print(second.numpy())
try:
    status.assert_consumed()
except AssertionError as e:
    print(str(e).splitlines()[0])

restore_both = tf.train.Checkpoint()
a, b = tf.Variable(0.0), tf.Variable(0.0)
restore_both.named = {"first": a}
restore_both.items = [tf.Variable(0.0), b]
restore_both.restore(path)
print(a.numpy(), b.numpy())

# A module reached through two attributes.
class Net(tf.Module):
    def __init__(self):
        self.w = tf.Variable([[1.0, 2.0]])


net = Net()
ckpt = tf.train.Checkpoint(model=net, same=net, step=tf.Variable(7, dtype=tf.int64))
path = ckpt.save(os.path.join(folder, "nets"))
other = Net()
other.w.assign([[0.0, 0.0]])
tf.train.Checkpoint(same=other).restore(path).expect_partial()
print(other.w.numpy())

# Reading a checkpoint by key.
reader = tf.train.load_checkpoint(folder)
shapes = reader.get_variable_to_shape_map()
dtypes = reader.get_variable_to_dtype_map()
for key in sorted(shapes):
    print(key, shapes[key], dtypes[key])
print(reader.get_tensor("step/.ATTRIBUTES/VARIABLE_VALUE"))
print(reader.get_tensor("model/w/.ATTRIBUTES/VARIABLE_VALUE"))
print(reader.has_tensor("model/w/.ATTRIBUTES/VARIABLE_VALUE"), reader.has_tensor("model/v"))
print(reader.debug_string().decode())
try:
    reader.get_tensor("model/v")
except tf.errors.NotFoundError as e:
    print(type(e).__name__)
print(tf.train.list_variables(path) == [(k, shapes[k]) for k in sorted(shapes)])

# The texts of a failed match.
plain = tf.train.Checkpoint(a=tf.Variable([1.0, 2.0]), b=tf.Variable(3.0, name="bee"))
path = plain.write(os.path.join(folder, "plain"))
status = tf.train.Checkpoint(a=tf.Variable([0.0, 0.0])).read(path)
try:
    status.assert_consumed()
except AssertionError as e:
    print(str(e).split("\n  Hint")[0].rstrip())
try:
    tf.train.Checkpoint(a=tf.Variable([1.0, 2.0, 3.0], name="wide")).read(path)
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[0])
