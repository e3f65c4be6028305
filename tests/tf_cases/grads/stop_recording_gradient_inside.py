# gradient() of a non-persistent tape inside stop_recording: the tape records afresh after the block.
import tensorflow as tf
x = tf.constant(2.0)
v = tf.Variable(1.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
    with tape.stop_recording():
        print(tape.gradient(y, x))
    z = x * 3.0 + v * 2.0
    tape.watch(x)
    w = x * 5.0
print(tape.gradient([z, w], [x, v]))
try:
    print(tape.gradient(w, x))
except RuntimeError as e:
    print(type(e).__name__)
