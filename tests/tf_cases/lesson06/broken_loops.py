# Lesson 06, exercise 2: what each broken loop does (the check's reveal and explanations).
import tensorflow as tf


def run(update, data=(1.0, 2.0, 3.0, 4.0), learning_rate=0.05, loss_inside=True):
    x = tf.constant(list(data))
    y = 3 * x
    w = tf.Variable(0.0)
    history = []
    try:
        for _ in range(4):
            with tf.GradientTape() as tape:
                prediction = w * x
                if loss_inside:
                    loss = tf.reduce_mean((prediction - y) ** 2)
            if not loss_inside:
                loss = tf.reduce_mean((prediction - y) ** 2)
            grad = tape.gradient(loss, w)
            history.append((float(loss), None if grad is None else float(grad)))
            if update == "add":
                w.assign_add(learning_rate * grad)
            elif update == "rebind":
                w = w - learning_rate * grad
            else:
                w.assign_sub(learning_rate * grad)
        error = None
    except Exception as e:
        error = type(e).__name__
    print(history, error)


run("add")                              # A: wrong sign: the loss grows, no error
run("sub", data=(1, 2, 3, 4))           # B: integer data: w * x raises at step 0
run("rebind")                           # C: w = w - ...: the gradient is None at step 1
run("sub", learning_rate=0.2)           # D: too large: the gradient flips sign, the loss grows
run("sub", loss_inside=False)           # E: the loss outside the tape: None at step 0
run("sub")                              # the working loop converges to w = 3
