import operator

import tensorflow as tf

# Each augmented assignment TF defines on a Variable, and what happens to the name.
for op_name in ["iadd", "isub", "imul", "itruediv", "ipow", "ifloordiv", "imod"]:
    v = tf.Variable([6.0, 3.0])
    w = v
    try:
        w = getattr(operator, op_name)(w, 2.0)
        print(op_name, "rebinds:", isinstance(w, tf.Variable), w)
    except Exception as e:
        print(op_name, type(e).__name__)
    print("  variable unchanged:", v.numpy())

m = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
m @= tf.constant([[1.0, 0.0], [0.0, 1.0]])
print("imatmul rebinds:", isinstance(m, tf.Variable), m.dtype)
