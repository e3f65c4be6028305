import os
import tempfile

import tensorflow as tf

folder = tempfile.mkdtemp()
dataset = tf.data.Dataset.range(10).batch(3)
iterator = iter(dataset)
print(next(iterator))
step = tf.Variable(1)
ckpt = tf.train.Checkpoint(step=step, iterator=iterator)
manager = tf.train.CheckpointManager(ckpt, folder, max_to_keep=2)
path = manager.save()
print(next(iterator), next(iterator))
step.assign(5)

ckpt.restore(path)
print(step.numpy(), next(iterator))

fresh = iter(dataset)
status = tf.train.Checkpoint(step=tf.Variable(0), iterator=fresh).restore(manager.latest_checkpoint)
status.assert_consumed()
print(next(fresh), next(fresh))
print([name for name, shape in tf.train.list_variables(folder)])

# A dataset of dicts, repeated, restored in a second iterator.
pairs = tf.data.Dataset.from_tensor_slices({"x": tf.range(4.0), "y": tf.range(4.0) * 2}).repeat().batch(3)
first = iter(pairs)
for _ in range(3):
    next(first)
saved = tf.train.Checkpoint(data=first).write(os.path.join(folder, "pairs"))
second = iter(pairs)
tf.train.Checkpoint(data=second).read(saved)
print(next(second))
print(next(first))
