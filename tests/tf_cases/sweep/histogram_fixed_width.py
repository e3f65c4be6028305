import tensorflow as tf

calls = {
    "floats": lambda: tf.histogram_fixed_width([1.0, 2.0, 5.0, -1.0, 0.0, 4.99], [0.0, 5.0], nbins=5),
    "ints": lambda: tf.histogram_fixed_width([1, 2, 7], [0, 10], nbins=3),
    "matrix int64": lambda: tf.histogram_fixed_width([[1.0, 3.0]], [0.0, 4.0], nbins=2, dtype=tf.int64),
    "default bins": lambda: tf.reduce_sum(tf.histogram_fixed_width(tf.linspace(0.0, 1.0, 50), [0.0, 1.0])),
    "nbins 0": lambda: tf.histogram_fixed_width([1.0], [0.0, 5.0], nbins=0),
    "range reversed": lambda: tf.histogram_fixed_width([1.0], [5.0, 0.0]),
    "range of 3": lambda: tf.histogram_fixed_width([1.0], [0.0, 5.0, 6.0]),
    "nan": lambda: tf.histogram_fixed_width([float("nan"), 1.0], [0.0, 2.0], nbins=2),
}
for label, call in calls.items():
    try:
        print(label, "->", call())
    except Exception as e:
        print(label, "->", type(e).__name__)
