# Seeded-stream sweep: Dataset.shuffle with seeds, buffers and reshuffle_each_iteration over two epochs.
# ruff: noqa: B023 - each lambda is called at once by show(), inside its loop
import tensorflow as tf

for seed in [0, 4, 2**31 + 3]:
    for buffer in [1, 3, 10, 100]:
        for reshuffle in [True, False, None]:
            ds = tf.data.Dataset.range(12).shuffle(buffer, seed=seed, reshuffle_each_iteration=reshuffle)
            epochs = [list(ds.as_numpy_iterator()) for _ in range(2)]
            print(seed, buffer, reshuffle, [[int(v) for v in e] for e in epochs])

for global_seed in [1, 2024]:
    tf.random.set_seed(global_seed)
    ds = tf.data.Dataset.range(10).shuffle(10)
    print("set_seed", global_seed, [[int(v) for v in ds] for _ in range(2)])
    ds2 = tf.data.Dataset.range(10).shuffle(4, reshuffle_each_iteration=False)
    print("second dataset", [[int(v) for v in ds2] for _ in range(2)])
    print("op seed", [int(v) for v in tf.data.Dataset.range(10).shuffle(10, seed=3)])

ds = tf.data.Dataset.range(6).shuffle(6, seed=1).batch(4).repeat(2)
print("shuffle batch repeat", [b.numpy().tolist() for b in ds])
ds = tf.data.Dataset.range(6).repeat(2).shuffle(5, seed=2)
print("repeat then shuffle", [int(v) for v in ds])
