import os
import tempfile

import tensorflow as tf


class Net(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([1.0, 2.0], name="same_name")
        self.blocks = [tf.Variable(3.0, name="same_name"), {"b": tf.Variable([[4.0]], name="same_name")}]


os.chdir(tempfile.mkdtemp())
net = Net()
ckpt = tf.train.Checkpoint(step=tf.Variable(1), net=net)
print(ckpt.save("./tf_ckpts/ckpt"))
for name, shape in tf.train.list_variables("./tf_ckpts/ckpt-1"):
    print(name, shape)
print(tf.train.load_variable("./tf_ckpts/ckpt-1", "net/w/.ATTRIBUTES/VARIABLE_VALUE"))
ckpt.step.assign_add(1)
net.w.assign([10.0, 20.0])
print(ckpt.save("./tf_ckpts/ckpt"))
print(tf.train.latest_checkpoint("./tf_ckpts"))
print(ckpt.save_counter.numpy())

fresh = Net()
fresh.w.assign([0.0, 0.0])
status = tf.train.Checkpoint(step=tf.Variable(0), net=fresh).restore("./tf_ckpts/ckpt-1")
print(type(status).__name__, status.assert_consumed() is status)
print(fresh.w.numpy(), fresh.blocks[0].numpy(), fresh.blocks[1]["b"].numpy())

partial = Net()
status = tf.train.Checkpoint(net=partial).restore(tf.train.latest_checkpoint("./tf_ckpts"))
print(partial.w.numpy())
try:
    status.assert_consumed()
except AssertionError:
    print("AssertionError")
print(status.expect_partial() is status)

try:
    tf.train.Checkpoint(net=Net()).restore("./tf_ckpts/ckpt-9")
except Exception as error:
    print(type(error).__name__)
try:
    tf.train.Checkpoint(count=1)
except Exception as error:
    print(type(error).__name__)
print(tf.train.Checkpoint(net=Net()).restore(None).__class__.__name__)
