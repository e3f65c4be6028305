"""Bad arguments to checkpoints: TF's exception types and first lines; nothing is saved or counted."""
import os
import tempfile

import tensorflow as tf

folder = tempfile.mkdtemp()
ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
first = ckpt.save(os.path.join(folder, "c"))
calls = {
    "restore(123)": lambda: ckpt.restore(123),
    "restore(missing)": lambda: ckpt.restore(os.path.join(folder, "missing")),
    "read(missing)": lambda: ckpt.read(os.path.join(folder, "missing")),
    "restore(foo=1)": lambda: ckpt.restore(first, foo=1),
    "list_variables(5)": lambda: tf.train.list_variables(5),
    "list_variables(missing)": lambda: tf.train.list_variables(os.path.join(folder, "missing")),
    "load_variable(unknown key)": lambda: tf.train.load_variable(first, "x"),
    "Checkpoint(v=5)": lambda: tf.train.Checkpoint(v=5),
    "Checkpoint(v='a')": lambda: tf.train.Checkpoint(v="a"),
    "Checkpoint(1)": lambda: tf.train.Checkpoint(1),
    "CheckpointManager(max_to_keep=-1)": lambda: tf.train.CheckpointManager(ckpt, folder, -1).save(),
    "CheckpointManager(foo=1)": lambda: tf.train.CheckpointManager(ckpt, folder, 3, foo=1),
    "save_weights(foo=1)": lambda: tf.keras.Sequential([tf.keras.layers.Dense(1)]).save_weights("a.weights.h5",
                                                                                                  foo=1),
}
for name, call in calls.items():
    try:
        call()
        print(name, "returned")
    except Exception as error:
        print(name, type(error).__name__, str(error).splitlines()[0].replace(folder, "<folder>"))
# the data files are tapekit's own: only the index files are compared
print(int(ckpt.save_counter), sorted(f for f in os.listdir(folder) if f.endswith(".index")))
