import os
import tempfile

import tensorflow as tf


os.chdir(tempfile.mkdtemp())
v = tf.Variable([1.0, 2.0, 3.0])
ckpt = tf.train.Checkpoint(step=tf.Variable(1), v=v)
manager = tf.train.CheckpointManager(ckpt, "./tf_ckpts", max_to_keep=3)
print(manager.latest_checkpoint)
for _ in range(5):
    ckpt.step.assign_add(1)
    v.assign_add([1.0, 1.0, 1.0])
    print(manager.save())
print(manager.checkpoints)
print(manager.latest_checkpoint, tf.train.latest_checkpoint("./tf_ckpts"))
print(sorted(name for name in os.listdir("./tf_ckpts") if name.startswith("ckpt-") and name.endswith(".index")))

v.assign([0.0, 0.0, 0.0])
ckpt.restore(manager.latest_checkpoint).assert_consumed()
print(v.numpy(), ckpt.step.numpy())
ckpt.restore(manager.checkpoints[0])
print(v.numpy(), ckpt.step.numpy())

again = tf.train.CheckpointManager(tf.train.Checkpoint(v=tf.Variable([0.0, 0.0, 0.0])), "./tf_ckpts", max_to_keep=2)
print(again.checkpoints)
print(again.save(checkpoint_number=42))
print(again.checkpoints)
print(tf.train.CheckpointManager(ckpt, "./empty", max_to_keep=1).restore_or_initialize())
