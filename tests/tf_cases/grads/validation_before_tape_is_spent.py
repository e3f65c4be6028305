# Bad arguments raise before a non-persistent tape is used up: the retry works, as in TF.
import numpy as np
import tensorflow as tf

x = tf.constant([1.0, 2.0])
xb = tf.constant([[1.0, 2.0], [3.0, 4.0]])
bad_calls = {
    "sources [x, None]": lambda t, y, yb: t.gradient(y, [x, None]),
    "sources None": lambda t, y, yb: t.gradient(y, None),
    "target None": lambda t, y, yb: t.gradient(None, x),
    "target [y, None]": lambda t, y, yb: t.gradient([y, None], x),
    "target float": lambda t, y, yb: t.gradient(3.0, x),
    "target string": lambda t, y, yb: t.gradient("a", x),
    "source float": lambda t, y, yb: t.gradient(y, 3.0),
    "source ndarray": lambda t, y, yb: t.gradient(y, np.ones(2)),
    "source string": lambda t, y, yb: t.gradient(y, "a"),
    "unconnected 'bad'": lambda t, y, yb: t.gradient(y, x, unconnected_gradients="bad"),
    "unconnected None": lambda t, y, yb: t.gradient(y, x, unconnected_gradients=None),
    "unconnected 'ZERO'": lambda t, y, yb: t.gradient(y, x, unconnected_gradients="ZERO"),
    "keyword typo": lambda t, y, yb: t.gradient(y, x, output_gradient=None),
    "jacobian None": lambda t, y, yb: t.jacobian(None, x),
    "jacobian [x, None]": lambda t, y, yb: t.jacobian(y, [x, None]),
    "jacobian target list": lambda t, y, yb: t.jacobian([y, y], x),
    "jacobian unconnected": lambda t, y, yb: t.jacobian(y, x, unconnected_gradients="bad"),
    "jacobian pfor False": lambda t, y, yb: t.jacobian(y, x, experimental_use_pfor=False),
    "batch_jacobian rank": lambda t, y, yb: t.batch_jacobian(y, x),
    "batch_jacobian batch": lambda t, y, yb: t.batch_jacobian(yb, tf.ones([3, 2])),
    "batch_jacobian None": lambda t, y, yb: t.batch_jacobian(yb, None),
    "batch_jacobian unconnected": lambda t, y, yb: t.batch_jacobian(yb, xb, unconnected_gradients="bad"),
}
for name, call in bad_calls.items():
    tape = tf.GradientTape()
    with tape:
        tape.watch([x, xb])
        y = x * x
        yb = xb * xb
    try:
        call(tape, y, yb)
        print(name, "no error")
    except Exception as e:
        print(name, type(e).__name__)
    print("  retry:", tape.gradient(y, x).numpy())
