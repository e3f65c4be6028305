"""A checkpoint saves and restores a tf.random.Generator's state: the stream goes on from the saved point."""
import os
import tempfile

import tensorflow as tf

folder = tempfile.mkdtemp()
g = tf.random.Generator.from_seed(1)
cp = tf.train.Checkpoint(generator=g)
print(g.normal([]).numpy())
path = cp.write(os.path.join(folder, "rng"))
first = [g.normal([]).numpy() for _ in range(2)]
print(first)
cp.restore(path)
again = [g.normal([]).numpy() for _ in range(2)]
print(again, first == again)
print(g.state.numpy())
