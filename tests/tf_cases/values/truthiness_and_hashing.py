import tensorflow as tf

print(bool(tf.constant(0.0)), bool(tf.constant([1.0])), bool(tf.constant([])), bool(tf.zeros([0, 3])))
print(bool(tf.constant("")), bool(tf.constant("x")), bool(tf.constant(float("nan"))))
print(bool(tf.Variable(0.0)), bool(tf.Variable([2.0])))
print(not tf.constant(0.0), 1 if tf.constant(2.0) > 0 else 0)
print(tf.constant(1.0) and tf.constant(2.0))
print(1.0 in tf.constant([1.0, 2.0]), tf.constant(5.0) in tf.constant([1.0, 2.0]))
v = tf.Variable([1.0, 2.0])
t = tf.constant([1.0, 2.0])
d = {v.ref(): "v", t.ref(): "t"}
print(d[v.ref()], d[t.ref()], v.ref() == v.ref(), t.ref().deref() is t)
for label, make in [("bool(vector)", lambda: bool(tf.constant([1.0, 2.0]))), ("bool(variable)", lambda: bool(v)),
                    ("hash(t)", lambda: hash(t)), ("hash(v)", lambda: hash(v)), ("{t}", lambda: {t}),
                    ("{v: 1}", lambda: {v: 1}), ("v in [Variable]", lambda: v in [tf.Variable(1.0)])]:
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__)
