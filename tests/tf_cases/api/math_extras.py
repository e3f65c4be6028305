import tensorflow as tf
def t(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, "EXC", type(e).__name__)
t("bincount", lambda: tf.math.bincount([1, 1, 3, 0]))
t("bincount w", lambda: tf.math.bincount([1, 1, 3], weights=[0.5, 1.0, 2.0]))
t("bincount minlength", lambda: tf.math.bincount([1], minlength=4))
t("bincount maxlength", lambda: tf.math.bincount([1, 5], maxlength=3))
t("bincount dtype", lambda: tf.math.bincount([1, 2], dtype=tf.float32))
t("bincount neg", lambda: tf.math.bincount([-1, 2]))
t("bincount 2d", lambda: tf.math.bincount([[1, 2], [2, 2]]))
t("bincount axis", lambda: tf.math.bincount([[1, 2], [2, 2]], axis=-1))
t("bincount empty", lambda: tf.math.bincount(tf.constant([], tf.int32)))
t("bincount float", lambda: tf.math.bincount([1.0]))
t("bincount binary", lambda: tf.math.bincount([1, 1, 2], binary_output=True))
t("in_top_k", lambda: tf.math.in_top_k(targets=[0, 2], predictions=[[0.1, 0.5, 0.4], [0.3, 0.3, 0.4]], k=1))
t("in_top_k 2", lambda: tf.math.in_top_k([1, 0], [[0.1, 0.5, 0.4], [0.3, 0.3, 0.4]], 2))
t("nn.in_top_k", lambda: tf.nn.in_top_k is tf.math.in_top_k)
t("zero_fraction", lambda: tf.math.zero_fraction([0.0, 1.0, 0.0, 2.0]))
t("zero_fraction int", lambda: tf.math.zero_fraction([0, 1]))
t("scalar_mul", lambda: tf.math.scalar_mul(2.0, tf.constant([1.0, 2.0])))
t("scalar_mul top", lambda: tf.scalar_mul(2, tf.constant([1, 2])))
t("mul_no_nan", lambda: tf.math.multiply_no_nan([float('inf'), 2.0], [0.0, 3.0]))
t("recip_no_nan", lambda: tf.math.reciprocal_no_nan([0.0, 2.0]))
t("inv perm", lambda: tf.math.invert_permutation([2, 0, 1]))
t("nondec", lambda: tf.math.is_non_decreasing([1, 1, 2]))
t("strinc", lambda: tf.math.is_strictly_increasing([1, 1, 2]))
t("asinh", lambda: tf.math.asinh([0.5, -1.0]))
t("acosh", lambda: tf.math.acosh([1.5, 0.5]))
t("atanh", lambda: tf.math.atanh([0.5, 1.0]))
t("acosh top", lambda: tf.acosh(2.0))
t("rint", lambda: tf.math.rint([0.5, 1.5, -0.5, 2.7]))
x = tf.constant([0.5, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    ys = [tf.math.asinh(x), tf.math.acosh(x + 1.0), tf.math.atanh(x / 4.0),
          tf.math.multiply_no_nan(x, tf.constant([0.0, 3.0])), tf.math.reciprocal_no_nan(x),
          tf.math.scalar_mul(3.0, x)]
for y in ys:
    print(tape.gradient(y, x))
w = tf.constant([0.5, 1.0, 2.0])
with tf.GradientTape() as tape:
    tape.watch(w)
    b = tf.math.bincount([1, 1, 3], weights=w)
try:
    tape.gradient(b, w)
except LookupError as e:
    print(type(e).__name__, e)
