import tensorflow as tf

print(repr(tf.get_current_name_scope()))
with tf.name_scope("outer") as scope:
    print(repr(scope))
    with tf.name_scope("inner") as s2:
        print(repr(s2), tf.get_current_name_scope())
        v = tf.Variable(1.0, name="v")
        print(v.name)
    print(tf.Variable(1.0).name)
    with tf.name_scope("c/") as s:
        print(repr(s), tf.get_current_name_scope())
        print(tf.Variable(1.0, name="q").name)
    with tf.name_scope("") as s:
        print(repr(s), repr(tf.get_current_name_scope()))
    print(tf.get_current_name_scope())
print(repr(tf.get_current_name_scope()))
ns = tf.name_scope("x")
print(ns.name)
with ns as a:
    with ns as b:
        print(a, b)
for bad in [3, None]:
    try:
        tf.name_scope(bad)
    except ValueError as e:
        print(type(e).__name__)
x = tf.constant(3.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    with tf.name_scope("layer"):
        y = x * x
print(tape.gradient(y, x))
