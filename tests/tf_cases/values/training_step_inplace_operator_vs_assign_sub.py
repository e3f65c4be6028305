import tensorflow as tf

w = tf.Variable(3.0, name="w")
lr = 0.1
for step in range(3):
    with tf.GradientTape() as tape:
        loss = (w - 1.0) ** 2
    g = tape.gradient(loss, w)
    try:
        w -= lr * g
    except RuntimeError as e:
        print(step, type(e).__name__)
        w.assign_sub(lr * g)
    print(step, type(w).__name__ in ("ResourceVariable", "Variable"), round(float(w.numpy()), 6), g is None)
