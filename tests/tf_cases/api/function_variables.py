# Variables and tf.function: created once (outside, or on the first call only), updated with assign_sub.
import tensorflow as tf

w = tf.Variable(2.0)


@tf.function
def sgd_step(x, y, learning_rate):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((w * x - y) ** 2)
    w.assign_sub(learning_rate * tape.gradient(loss, w))
    return loss


x, y = tf.constant([1.0, 2.0, 3.0]), tf.constant([3.0, 6.0, 9.0])
for _ in range(3):
    print(sgd_step(x, y, 0.05).numpy(), w.numpy())


class Counter(tf.Module):
    def __init__(self):
        self.v = None

    @tf.function
    def step(self, amount):
        if self.v is None:           # the first call creates it, later calls find it
            self.v = tf.Variable(10.0)
        self.v.assign_sub(amount)
        return self.v.read_value()


counter = Counter()
print(counter.step(tf.constant(1.0)).numpy(), counter.step(tf.constant(2.5)).numpy(), counter.v.numpy())
other = Counter()                    # each instance has its own first call
print(other.step(tf.constant(4.0)).numpy())


@tf.function
def fresh_each_call(amount):
    v = tf.Variable(1.0)
    v.assign_sub(amount)
    return v.read_value()


# TF refuses on the first call (it traces twice); tapekit, which runs eagerly, on the second
calls = 0
try:
    for _ in range(2):
        fresh_each_call(tf.constant(0.5))
        calls += 1
except ValueError:
    print("ValueError")


@tf.function
def later(x, make):
    if make:
        tf.Variable(0.0)
    return x + 1


print(later(tf.constant(1.0), False).numpy())
try:
    later(tf.constant(1.0), True)
except ValueError as err:
    print("ValueError on a later call:", str(err).splitlines()[0])
print(w.numpy())
