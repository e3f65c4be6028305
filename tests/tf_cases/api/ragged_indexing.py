import tensorflow as tf

r = tf.ragged.constant([[1, 2, 3], [4], [], [5, 6]])
print(r[1], r[2], r[3, 1], r[-1], r[2:0])
print(r[1:3])
print(r[:, :2])
print(r[1:, 1:])
print([x for x in r])
d = tf.ragged.constant([[[1, 2], [3]], [[4]]])
print(d[0], d[0, 1], d[0, 0, 1])
for bad in [lambda: r[1, 1], lambda: r[9], lambda: r[:, 0]]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__)
