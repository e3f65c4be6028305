import sys

import tensorflow as tf

# Python side effects run while tracing only; tf.print and assigns run on every call.
log = []
scale = 2.0


@tf.function
def affine(x, b):
    log.append("traced")
    print("tracing affine with", x, b)
    tf.print("running affine", x, output_stream=sys.stdout)
    return x * scale + b


print(affine(tf.constant(1.0), tf.constant(0.5)))
print(affine(tf.constant(3.0), tf.constant(-1.0)))
scale = 100.0                         # read when traced: the graph keeps 2.0
print(affine(tf.constant(2.0), tf.constant(0.0)))
print(affine(tf.constant([1.0, 2.0]), tf.constant(0.0)))    # a new shape: traced again
print(affine(tf.constant(1.0), 0.5))                          # a Python number: traced again
print(affine(tf.constant(1.0), 0.5))
print(affine(tf.constant(1.0), 0.25))
print(len(log), affine.experimental_get_tracing_count())

# a counter kept in Python stops counting; a variable keeps counting
calls = tf.Variable(0)
python_calls = [0]


@tf.function
def count():
    python_calls[0] += 1
    calls.assign_add(1)
    return calls.read_value()


for _ in range(4):
    print(count().numpy(), python_calls[0])

# a captured variable is the one the trace saw, even after the name is rebound
foo = tf.Variable(1)


@tf.function
def add_foo():
    return 1 + foo


print(add_foo())
foo = tf.Variable(100)
print(add_foo())


# init_scope lifts the update out: it runs once, while tracing
class Once(tf.Module):
    def __init__(self):
        self.v = tf.Variable(0)
        self.done = False

    @tf.function
    def __call__(self):
        if not self.done:
            with tf.init_scope():
                self.done = True
                self.v.assign_add(1)
        return self.v.read_value()


once = Once()
print([int(once()) for _ in range(3)])


# a training step with a tape inside: traced once, then the graph runs
w = tf.Variable([1.0, -1.0])
traces = []


@tf.function
def sgd_step(x, y):
    traces.append(1)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((tf.reduce_sum(w * x, axis=1) - y) ** 2)
    grad = tape.gradient(loss, w)
    w.assign_sub(0.1 * grad)
    return loss, grad


x = tf.constant([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0]])
y = tf.constant([1.0, 0.0, 2.0])
for _ in range(3):
    loss, grad = sgd_step(x, y)
    print(round(float(loss), 5), grad.numpy().round(5), w.numpy().round(5))
print("traced", len(traces))


# inside the trace: not eager, and arguments are placeholders named after the parameters
@tf.function
def describe(first, second):
    print("eager inside:", tf.executing_eagerly())
    print(first, second)
    return first + second


print(describe(tf.constant([1, 2]), tf.constant([3, 4])))
print(describe(tf.constant([5, 6]), tf.constant([7, 8])))
print("eager outside:", tf.executing_eagerly())
