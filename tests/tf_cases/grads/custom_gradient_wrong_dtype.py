# A custom gradient that returns float64 for a float32 input: alone it reaches the source as it is;
# added to a float32 gradient of the same input (fan-in), TF's AddN refuses the mixed dtypes.
import tensorflow as tf

@tf.custom_gradient
def twice_as_double(a):
    def grad(dy):
        return tf.cast(dy, tf.float64) * 2.0
    return a * 2.0, grad

x = tf.constant([1.0, 2.0])

with tf.GradientTape() as tape:
    tape.watch(x)
    y = twice_as_double(x)
g = tape.gradient(y, x)
print("alone:", g.dtype.name, g.numpy())

for order in ("custom first", "custom last"):
    with tf.GradientTape() as tape:
        tape.watch(x)
        if order == "custom first":
            y = twice_as_double(x) + x * 3.0
        else:
            y = x * 3.0 + twice_as_double(x)
    try:
        g = tape.gradient(y, x)
        print(order, "->", g.dtype.name, g.numpy())
    except Exception as e:
        print(order, "->", type(e).__name__)

v = tf.Variable([1.0, 2.0])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(twice_as_double(v) * v)
try:
    g = tape.gradient(y, v)
    print("variable ->", g.dtype.name, g.numpy())
except Exception as e:
    print("variable ->", type(e).__name__)
