# watch() inside stop_recording does nothing; reset() there raises; a variable read is not watched.
import tensorflow as tf

c = tf.constant(3.0)
v = tf.Variable(5.0, name="v")
w = tf.Variable(4.0, name="w", trainable=False)
with tf.GradientTape(persistent=True) as tape:
    with tape.stop_recording():
        tape.watch(c)
        tape.watch(w)
        read = v * 1.0
        try:
            tape.reset()
        except ValueError as e:
            print("reset:", type(e).__name__)
    y = c * c + w * w
print(tape.gradient(y, [c, w]))
print([var.name for var in tape.watched_variables()])
