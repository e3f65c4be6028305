# The TF Core guides' building blocks (quickstart, logistic regression, MLP, optimizers) on seeded
# synthetic data, since the guides download theirs: seeded draws, shuffling, training losses.
import tensorflow as tf

tf.random.set_seed(22)
features = tf.random.normal([60, 4], seed=1)
origin = tf.random.uniform([60], minval=1, maxval=4, dtype=tf.int32, seed=2)
table = tf.concat([features, tf.cast(origin, tf.float32)[:, None]], axis=1)
shuffled = tf.random.shuffle(table, seed=22)
one_hot = tf.concat([shuffled[:, :-1], tf.one_hot(tf.cast(shuffled[:, -1], tf.int32) - 1, 3)], axis=1)
mean, std = tf.math.reduce_mean(one_hot, axis=0), tf.math.reduce_std(one_hot, axis=0)
x = (one_hot - mean) / std
y_reg = tf.reduce_sum(features, axis=1) + 0.5
y_cls = tf.cast(features[:, 0] > 0, tf.float32)
print(shuffled[:2].numpy(), mean.numpy(), std.numpy())

w = tf.Variable(tf.random.uniform([7, 1], seed=3))
b = tf.Variable(tf.random.uniform([], seed=4))
data = tf.data.Dataset.from_tensor_slices((x, y_reg)).shuffle(60, seed=5).batch(16)
for epoch in range(3):
    losses = []
    for xb, yb in data:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.squeeze(x_w := tf.matmul(xb, w) + b, axis=1) - yb))
        for g, v in zip(tape.gradient(loss, [w, b]), [w, b]):
            v.assign_sub(0.01 * g)
        losses.append(loss)
    print(f"linear epoch {epoch}: {tf.reduce_mean(losses).numpy():0.5f}")

w_log = tf.Variable(tf.random.normal([7, 1], seed=6))
b_log = tf.Variable(tf.zeros([1]))
for step in range(5):
    with tf.GradientTape() as tape:
        logits = tf.squeeze(tf.matmul(x, w_log) + b_log, axis=1)
        loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y_cls, logits=logits))
    grads = tape.gradient(loss, [w_log, b_log])
    w_log.assign_sub(0.1 * grads[0])
    b_log.assign_sub(0.1 * grads[1])
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.round(tf.math.sigmoid(logits)), y_cls), tf.float32))
    print(f"logistic step {step}: loss {loss.numpy():0.5f} accuracy {accuracy.numpy():0.3f}")


def xavier(shape, seed):
    bound = tf.sqrt(6.0) / tf.sqrt(tf.cast(shape[0] + shape[1], tf.float32))
    return tf.random.uniform(shape, minval=-bound, maxval=bound, seed=seed)


w1, b1 = tf.Variable(xavier([7, 8], 7)), tf.Variable(tf.zeros([8]))
w2, b2 = tf.Variable(xavier([8, 3], 8)), tf.Variable(tf.zeros([3]))
labels = origin - 1
for step in range(5):
    with tf.GradientTape() as tape:
        hidden = tf.nn.relu(tf.matmul(x, w1) + b1)
        logits = tf.matmul(hidden, w2) + b2
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    for g, v in zip(tape.gradient(loss, [w1, b1, w2, b2]), [w1, b1, w2, b2]):
        v.assign_sub(0.5 * g)
    predicted = tf.argmax(tf.nn.softmax(logits), axis=1, output_type=tf.int32)
    right = tf.cast(predicted == tf.cast(tf.gather(origin, tf.range(60)) - 1, tf.int32), tf.int32)
    print(f"mlp step {step}: loss {loss.numpy():0.5f} correct {tf.reduce_sum(right).numpy()}")

x_star = tf.Variable(2.0)
for step in range(200):  # noqa: B007 (printed after the loop)
    with tf.GradientTape() as tape:
        loss = 2 * x_star ** 4 + 3 * x_star ** 3 + 2
    grad = tape.gradient(loss, x_star)
    old = x_star.numpy()
    x_star.assign_sub(1e-2 * grad)
    if x_star == old:
        break
print("gradient descent:", step, x_star.numpy(), tf.math.is_nan(grad).numpy())
