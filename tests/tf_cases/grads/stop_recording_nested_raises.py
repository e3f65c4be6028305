# stop_recording() blocks do not nest; the outer block keeps the tape stopped.
import tensorflow as tf

x = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    with tape.stop_recording():
        try:
            with tape.stop_recording():
                pass
        except ValueError as e:
            print("nested:", type(e).__name__)
        a = x * 2.0
    b = x * 3.0
print(tape.gradient([a, b], x))
