# custom_gradient with several outputs, a nested input, a Python float argument, kwargs,
# a variable read inside, a variable as input, and no tape at all.
import tensorflow as tf

x = tf.constant(2.0)
y = tf.constant(3.0)
v = tf.Variable(5.0, name="v")

@tf.custom_gradient
def two_out(a):
    def grad(d1, d2):
        print("  upstreams", d1.numpy(), d2.numpy())
        return d1 * 10.0 + d2 * 100.0
    return (a * 2.0, a * 3.0), grad

@tf.custom_gradient
def pair(ab):
    a, b = ab
    return a * b, lambda dy: [dy * b, dy * a]

@tf.custom_gradient
def with_float(a, b):
    return a * b, lambda dy: (dy * b, dy * a)

@tf.custom_gradient
def with_kw(a, scale=1.0):
    return a * scale, lambda dy: dy * scale

@tf.custom_gradient
def reads_v(a):
    def grad(dy, variables=None):
        print("  variables", [w.name for w in variables])
        return dy * v, [None]
    return a * v, grad

@tf.custom_gradient
def var_in(w):
    return w * 2.0, lambda dy: dy * 7.0

s = tf.constant(4.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, y, s])
    p, q = two_out(x)
    r = pair([x, y])
    f = with_float(x, 5.0)
    k = with_kw(x, scale=s)
    u = reads_v(x)
    w = var_in(v)
print(tape.gradient(p, x))
print(tape.gradient([p, q], x))
print(tape.gradient(r, [x, y]))
print(tape.gradient(f, x))
print(tape.gradient(k, [x, s]))
print(tape.gradient(u, [x, v]))
print(tape.gradient(w, v))
print(two_out(x))
print(two_out.__name__)
