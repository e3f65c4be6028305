# custom_gradient: too many or too few gradients, a variables= list of the wrong length.
import tensorflow as tf

x = tf.constant(2.0)
y = tf.constant(3.0)
v = tf.Variable(5.0, name="v")

@tf.custom_gradient
def too_many(a):
    return a * 2.0, lambda dy: (dy, dy)

@tf.custom_gradient
def bare_none(a, b):
    return a * b, lambda dy: None

@tf.custom_gradient
def uses_v(a):
    def grad(dy, variables=None):
        return dy * v, [dy * a, dy]
    return a * v, grad

for name, f, args in [("too many", too_many, (x,)), ("bare None", bare_none, (x, y)),
                      ("variables", uses_v, (x,))]:
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        out = f(*args)
    try:
        tape.gradient(out, [x, y, v])
    except ValueError as e:
        print(name, type(e).__name__)
