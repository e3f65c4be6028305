# Dataset.random and sample_from_datasets with seeds: TF's numbers and picks, epoch after epoch.
import numpy as np
import tensorflow as tf


def items(ds):
    return [np.asarray(v).tolist() for v in ds]


def attempt(label, make):
    try:
        print(label, items(make()))
    except Exception as error:  # noqa: BLE001 - the exception type is what the case compares
        print(label, "raises", type(error).__name__)


a, b, c = tf.data.Dataset.range(0, 8), tf.data.Dataset.range(100, 105), tf.data.Dataset.range(200, 230)
for seed in [0, 1, 99, 2**31 + 5]:
    print("random", seed, items(tf.data.Dataset.random(seed=seed).take(5)))
    again = tf.data.Dataset.random(seed=seed, rerandomize_each_iteration=True).take(3)
    print("rerandomized epochs", items(again), items(again))
    print("element_spec", tf.data.Dataset.random(seed=seed).element_spec)
    ds = tf.data.Dataset.sample_from_datasets([a, b], seed=seed)
    print("uniform", seed, items(ds), items(ds))
    print("weights", items(tf.data.Dataset.sample_from_datasets([a, b, c], [0.2, 0.3, 0.5], seed=seed)))
    print("float64 tensor weights", items(tf.data.Dataset.sample_from_datasets(
        [a, b], tf.constant([0.9, 0.1], tf.float64), seed=seed)))
    print("zero weight", items(tf.data.Dataset.sample_from_datasets([a, b, c], [0.5, 0.0, 0.5], seed=seed).take(12)))
    print("stop on empty", items(tf.data.Dataset.sample_from_datasets([a, b], seed=seed, stop_on_empty_dataset=True)))
    rer = tf.data.Dataset.sample_from_datasets([a, b], seed=seed, rerandomize_each_iteration=True)
    print("rerandomize", items(rer), items(rer))
    weights = tf.data.Dataset.from_tensor_slices([[0.9, 0.1], [0.1, 0.9]]).repeat(5)
    print("weights dataset", items(tf.data.Dataset.sample_from_datasets([a, b], weights, seed=seed)))
    print("experimental", items(tf.data.experimental.sample_from_datasets([a, c], [0.7, 0.3], seed=seed).take(9)))
    print("batched", items(tf.data.Dataset.sample_from_datasets([a, c], seed=seed).batch(4).take(3)))

for global_seed in [3, 3, 17]:
    tf.random.set_seed(global_seed)
    print("set_seed", global_seed, items(tf.data.Dataset.random().take(3)),
          items(tf.data.Dataset.sample_from_datasets([a, b])))

print("one dataset", items(tf.data.Dataset.sample_from_datasets([b], seed=1)))
print("all zero", items(tf.data.Dataset.sample_from_datasets([a, b], [0.0, 0.0], seed=1)))
attempt("no datasets", lambda: tf.data.Dataset.sample_from_datasets([], seed=1))
attempt("wrong length", lambda: tf.data.Dataset.sample_from_datasets([a, b], [0.5], seed=1))
attempt("int weights", lambda: tf.data.Dataset.sample_from_datasets([a, b], tf.constant([1, 2]), seed=1))
attempt("tensor shape", lambda: tf.data.Dataset.sample_from_datasets([a, b], tf.constant([0.1, 0.2, 0.7]), seed=1))
