import tensorflow as tf

emb = tf.constant([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]])
print(tf.nn.embedding_lookup(emb, [2, 0]))
print(tf.nn.embedding_lookup(emb, [[2, 0], [1, 1]]))
print(tf.nn.embedding_lookup(emb, tf.constant(1)))
print(tf.nn.embedding_lookup(emb, [2, 0], max_norm=1.0))
print(tf.nn.embedding_lookup([emb], [1]))
for bad in [lambda: tf.nn.embedding_lookup(emb, [3]), lambda: tf.nn.embedding_lookup(emb, [1.0])]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__)
v = tf.Variable(emb)
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.nn.embedding_lookup(v, [2, 0, 2]) * tf.constant([[1.0, 2.0]]))
g = tape.gradient(y, v)
print(tf.convert_to_tensor(g))
