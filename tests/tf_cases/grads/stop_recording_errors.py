# stop_recording on a tape never entered, or after it exited.
import tensorflow as tf

tape = tf.GradientTape()
try:
    with tape.stop_recording():
        pass
except RuntimeError as e:
    print("never entered:", type(e).__name__)
x = tf.constant(1.0)
with tape:
    tape.watch(x)
    y = x * x
try:
    with tape.stop_recording():
        pass
except ValueError as e:
    print("after exit:", type(e).__name__)
print(tape.gradient(y, x))
