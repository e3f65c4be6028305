# A failed gradient()/jacobian() call inside the block still stops a non-persistent tape (TF).
import tensorflow as tf
x = tf.constant(2.0)
for persistent in (False, True):
    with tf.GradientTape(persistent=persistent) as tape:
        tape.watch(x)
        y = x * x
        try:
            tape.gradient(y, [x, None])
        except TypeError as e:
            print("failed inside:", type(e).__name__)
        z = x * 3.0
    print(persistent, tape.gradient(z, x), tape.gradient(y, x) if persistent else "")
with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * x
    try:
        tape.jacobian(y, [x, None])
    except TypeError as e:
        print("jacobian failed inside:", type(e).__name__)
    z = x * 3.0
print("after jacobian failure", tape.gradient(z, x))
