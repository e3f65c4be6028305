import tensorflow as tf

v = tf.Variable([1.0, 2.0], name="w")
r = v.assign([3.0, 4.0])
print(r)
print(r is v, isinstance(r, tf.Variable), r.name, r.dtype, r.shape, r.trainable)
print(r + 1.0, r * r, r[0], r.numpy(), r.read_value())
v.assign([5.0, 6.0])
print(r)
r2 = v.assign_add([1.0, 1.0])
print(r2 is v, r2)
r3 = v.assign_sub([1.0, 1.0])
print(r3)
print(v.assign([1.0, 1.0], read_value=False), v.assign_add([1.0, 1.0], read_value=False))
r3.assign([9.0, 9.0])
print(v)
print(r.ref() == v.ref(), r == v)
s = v[0].assign(7.0)
print(s, v)
try:
    hash(r)
except TypeError as e:
    print(type(e).__name__)
print(v.assign([1.0, 2.0]).assign_add([1.0, 1.0]))
x = tf.Variable(2.0)
with tf.GradientTape() as tape:
    u = x.assign(3.0)
    y = u * u
print(tape.gradient(y, x), [w.name for w in tape.watched_variables()])
