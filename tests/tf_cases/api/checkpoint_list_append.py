import os
import tempfile

import tensorflow as tf

folder = tempfile.mkdtemp()
save = tf.train.Checkpoint()
save.weights = [tf.Variable(1.5)]
save.weights.append(tf.Variable([2.0, 3.0]))
save.weights.append(tf.Variable(4.0))
print(len(save.weights), save.weights[1].numpy())
path = save.save(os.path.join(folder, "lists"))

restore = tf.train.Checkpoint()
restore.weights = []
print(restore.weights)
restore.restore(path)
first = tf.Variable(0.0)
restore.weights.append(first)
print(first.numpy())
second = tf.Variable([0.0, 0.0])
restore.weights.append(second)
print(second.numpy())
print(len(restore.weights))

late = tf.train.Checkpoint()
late.restore(path)
late.weights = []
late.weights.append(tf.Variable(9.0))
print(late.weights[0].numpy())
late.weights.append(tf.Variable([7.0, 7.0]))
late.weights.append(tf.Variable(8.0))
print([w.numpy().tolist() for w in late.weights])
print(type(late.weights).__name__)
