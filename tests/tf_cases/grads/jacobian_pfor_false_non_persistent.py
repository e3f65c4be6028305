# experimental_use_pfor=False on a non-persistent tape raises, and the tape can still be used.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
for method in ("jacobian", "batch_jacobian"):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    try:
        getattr(tape, method)(y, x, experimental_use_pfor=False)
    except RuntimeError as e:
        print(method, type(e).__name__)
    print(getattr(tape, method)(y, x).shape)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = x * x
print(tape.jacobian(y, x, experimental_use_pfor=False).shape)
print(tape.batch_jacobian(y, x, experimental_use_pfor=False))
