"""Differential tests: the same small programs run in tapekit and in real TensorFlow.

Values, dtypes, shapes, Nones and exception types must agree. TF runs in a subprocess with the
interpreter named by the environment variable ``TAPEKIT_TF_PYTHON`` (e.g. a venv with TF 2.21);
the whole module is skipped when it is unset or cannot import TensorFlow.
"""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

# Each program uses ``tf`` (TensorFlow, or tapekit imported as tf) and ``np``, and sets ``out``
# to a list of results. ``catch(f)`` runs ``f`` and returns the exception it raised (or its value).
PROGRAMS = {
    "variable_gradient": """
        v = tf.Variable(3.0)
        with tf.GradientTape() as t:
            y = v * v + 2.0 * v
        out = [y, t.gradient(y, v)]
    """,
    "constant_watch_rules": """
        x = tf.constant(3.0)
        with tf.GradientTape() as t:
            y = x * x
        a = t.gradient(y, x)
        with tf.GradientTape() as t:
            y = x * x
            t.watch(x)
        b = t.gradient(y, x)
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * x
        out = [a, b, t.gradient(y, x)]
    """,
    "structures": """
        a, b, c, u = tf.Variable(1.0), tf.Variable(2.0), tf.Variable(3.0), tf.Variable(9.0)
        with tf.GradientTape(persistent=True) as t:
            y = a * b * c
        out = [t.gradient(y, [a, b]), t.gradient(y, (a, b)), t.gradient(y, {"x": a, "u": u}),
               t.gradient(y, [a, {"b": b, "rest": (c, [u])}]), t.gradient(y, [a, a])]
    """,
    "summed_targets": """
        x = tf.Variable(2.0)
        with tf.GradientTape(persistent=True) as t:
            y = x ** 2
            z = 1 / x
            w = x * [3.0, 4.0]
            k = tf.constant(5.0)
        out = [t.gradient(w, x), t.gradient([y, z], x), t.gradient({"a": y, "b": z}, x),
               t.gradient([y, k], x)]
    """,
    "output_gradients": """
        x = tf.constant([1.0, 2.0])
        with tf.GradientTape(persistent=True) as t:
            t.watch(x)
            y = x * x
            z = x * 3.0
        out = [t.gradient(y, x, output_gradients=tf.constant([10.0, 1.0])),
               t.gradient([y, z], x, output_gradients=[tf.constant([1.0, 0.0]), tf.constant([0.0, 1.0])]),
               catch(lambda: t.gradient(y, x, output_gradients=tf.constant([1.0, 2.0, 3.0])))]
    """,
    "unconnected": """
        x = tf.Variable([2.0, 2.0])
        d = tf.constant(np.ones((2, 3)))
        i = tf.constant([1, 2])
        y = tf.Variable(3.0)
        with tf.GradientTape(persistent=True) as t:
            t.watch([d, i])
            z = y ** 2
        out = [t.gradient(z, [x, d, i]),
               t.gradient(z, [x, d, i], unconnected_gradients=tf.UnconnectedGradients.ZERO),
               t.gradient(z, x, unconnected_gradients="zero"), t.gradient(z, x, unconnected_gradients="none"),
               catch(lambda: t.gradient(z, x, unconnected_gradients="nonsense"))]
    """,
    "target_is_source": """
        x = tf.constant([1.0, 2.0])
        v, w = tf.Variable(1.0), tf.Variable(2.0)
        with tf.GradientTape(persistent=True) as t:
            pass
        out = [t.gradient(x, x), t.gradient(v, v), t.gradient(v, w)]
    """,
    "unwatched_intermediate_source": """
        x = tf.constant(3.0)
        with tf.GradientTape(persistent=True) as t:
            t.watch(x)
            y = x * x
            c = tf.constant(2.0) * 3.0
            w = y * c
        out = [t.gradient(w, y), t.gradient(w, c)]
    """,
    "jacobians": """
        x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        with tf.GradientTape(persistent=True) as t:
            t.watch(x)
            y = x * x
            s = tf.reduce_sum(x * x, axis=1)
            bad = tf.reshape(x, (1, 4))
        out = [t.jacobian(y, x), t.jacobian(s, x), t.batch_jacobian(y, x),
               catch(lambda: t.batch_jacobian(bad, x)), catch(lambda: t.batch_jacobian(s, x)),
               t.jacobian(y, tf.constant(1.0)), t.jacobian(y, x, experimental_use_pfor=False)]
    """,
    "jacobian_errors": """
        x = tf.constant([1.0, 2.0])
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * x
        e1 = catch(lambda: t.jacobian(y, x, experimental_use_pfor=False))
        j = t.jacobian(y, x)
        out = [e1, j, catch(lambda: t.jacobian(y, x)), catch(lambda: t.batch_jacobian(y, x)),
               catch(lambda: t.gradient(y, x))]
    """,
    "hessian": """
        x = tf.constant([1.0, 2.0])
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = tf.reduce_sum(x * x * x) + x[0] * x[1]
            g = inner.gradient(y, x)
        out = [g, outer.jacobian(g, x)]
    """,
    "third_order": """
        x = tf.Variable(2.0)
        with tf.GradientTape() as t3:
            with tf.GradientTape() as t2:
                with tf.GradientTape() as t1:
                    y = x * x * x * x
                d1 = t1.gradient(y, x)
            d2 = t2.gradient(d1, x)
        out = [d1, d2, t3.gradient(d2, x)]
        with tf.GradientTape() as t2:
            with tf.GradientTape() as t1:
                y = x * 2.0
            d1 = t1.gradient(y, x)
        out.append(t2.gradient(d1, x))
    """,
    "state": """
        v = tf.Variable(1.0)
        with tf.GradientTape(persistent=True) as t:
            a = v * 1.0
            v.assign(3.0)
            b = v * v
            c = a + b
        out = [t.gradient(c, v), t.gradient(a, v), t.gradient(b, v), t.gradient(a + b, v)]
        x, y = tf.Variable(3.0), tf.Variable(4.0)
        with tf.GradientTape() as t:
            x.assign_add(y)
            z = x * x
        out.append(t.gradient(z, y))
        w = tf.Variable(2.0)
        for _ in range(2):
            with tf.GradientTape() as t:
                loss = w * w
            g = t.gradient(loss, w)
            out.append(g)
            if g is not None:
                w = w - 0.1 * g
    """,
    "leaving_the_tape": """
        x = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
        with tf.GradientTape(persistent=True) as t:
            x2 = x ** 2
            y = tf.reduce_mean(np.mean(x2, axis=0), axis=0)
            z = tf.constant(x2.numpy()) * 2.0
        vs = [tf.Variable(1.0), tf.Variable(2.0), tf.Variable(3.0)]
        with tf.GradientTape() as t2:
            m = max(vs)
            r = m * 1.0
        out = [t.gradient(y, x), t.gradient(z, x), t2.gradient(r, vs)]
    """,
    "watched_variables": """
        b = tf.Variable(1.0, name="b")
        a = tf.Variable(2.0, name="a")
        f = tf.Variable(3.0, trainable=False, name="f")
        i = tf.Variable(2, name="i")
        c = tf.constant(1.0)
        with tf.GradientTape() as t:
            e = [v.name for v in t.watched_variables()]
            t.watch(c)
            y = a * b * a * f * c * tf.cast(i, tf.float32)
        names = [v.name for v in t.watched_variables()]
        g = t.gradient(y, [a, b, f, i, c])
        out = [e, names, type(t.watched_variables()).__name__, g, [v.name for v in t.watched_variables()]]
    """,
    "tape_errors": """
        x = tf.Variable(3.0)
        with tf.GradientTape() as t:
            y = x * x
        t.gradient(y, x)
        out = [catch(lambda: t.gradient(y, x)), catch(lambda: tf.GradientTape().gradient(y, x)),
               catch(lambda: t.reset()), catch(lambda: tf.GradientTape().watch(x))]
        def stop_unentered():
            with tf.GradientTape().stop_recording():
                pass
        out.append(catch(stop_unentered))
        def stop_after_exit():
            with t.stop_recording():
                pass
        out.append(catch(stop_after_exit))
        def reenter():
            with tf.GradientTape() as t2:
                t2.__enter__()
        out.append(catch(reenter))
        c = tf.constant(2.0)
        with tf.GradientTape(persistent=True) as t3:
            t3.watch(c)
            z = c * c
            for bad in (3.0, None, np.array([1.0, 2.0])):
                out.append(catch(lambda: t3.watch(bad)))
        out += [catch(lambda: t3.gradient(None, c)), catch(lambda: t3.gradient(3.0, c)),
                catch(lambda: t3.gradient(z, 3.0)), catch(lambda: t3.gradient(z, np.array(1.0))),
                catch(lambda: t3.gradient(z, [c, None]))]
    """,
    "gradient_inside_context": """
        x = tf.Variable(2.0)
        with tf.GradientTape() as t:
            y = x * x
            g = t.gradient(y, x)
            z = y * 3.0
        out = [g, catch(lambda: t.gradient(z, x))]
        with tf.GradientTape(persistent=True) as t:
            y = x * x * x
            g = t.gradient(y, x)
        out += [g, t.gradient(g, x)]
    """,
    "stop_recording_and_stop_gradient": """
        x, y = tf.Variable(3.0), tf.Variable(4.0)
        with tf.GradientTape(persistent=True) as t:
            z = x * y
            with t.stop_recording():
                zz = x * x + y * y
            s = x * tf.stop_gradient(y)
            t.reset()
            r = x * 5.0
        out = [t.gradient(z, [x, y]), t.gradient(zz, [x, y]), t.gradient(s, [x, y]), t.gradient(r, x),
               type(tf.stop_gradient(y)).__name__ in ("EagerTensor", "Tensor")]
    """,
    "dtypes": """
        out = []
        for dt in (tf.float16, tf.float32, tf.float64):
            x = tf.constant([1.0, 2.0], dtype=dt)
            with tf.GradientTape() as t:
                t.watch(x)
                y = x * x
            out.append(t.gradient(y, x))
        v = tf.Variable(3.0)
        with tf.GradientTape(persistent=True) as t:
            a = tf.cast(v, tf.float64) ** 2
            b = tf.cast(tf.cast(v, tf.int32), tf.float32) * 2.0
        out += [t.gradient(a, v), t.gradient(b, v)]
        k = tf.constant(3)
        with tf.GradientTape() as t:
            t.watch(k)
            y = k * k
        out.append(t.gradient(y, k))
    """,
    "custom_gradient": """
        @tf.custom_gradient
        def bar(x, y):
            def grad(up):
                return up * y * 10.0, None
            return x * y, grad
        x, y = tf.constant(2.0), tf.constant(3.0)
        with tf.GradientTape() as t:
            t.watch([x, y])
            z = bar(x, y) * 5.0
        out = [z, t.gradient(z, [x, y])]

        @tf.custom_gradient
        def cube(x):
            return x * x * x, lambda dy: dy * 3.0 * x * x
        with tf.GradientTape() as o:
            o.watch(x)
            with tf.GradientTape() as i:
                i.watch(x)
                c = cube(x)
            g = i.gradient(c, x)
        out += [g, o.gradient(g, x)]

        @tf.custom_gradient
        def wrong(a, b):
            return a + b, lambda dy: dy
        with tf.GradientTape() as t:
            t.watch([x, y])
            r = wrong(x, y)
        out.append(catch(lambda: t.gradient(r, [x, y])))
        w = tf.Variable(2.0, name="w")

        @tf.custom_gradient
        def uses_var(a):
            return a * w, lambda dy: dy
        out.append(catch(lambda: uses_var(x)))

        @tf.custom_gradient
        def uses_var_ok(a):
            def grad(dy, variables=None):
                return dy * w, [dy * a * 10.0]
            return a * w, grad
        with tf.GradientTape() as t:
            t.watch(x)
            r = uses_var_ok(x)
        out.append(t.gradient(r, [x, w]))
    """,
    "register_gradient_errors": """
        out = [catch(lambda: tf.RegisterGradient("Sub")(lambda op, g: (g, g))),
               catch(lambda: tf.no_gradient("Mul")), catch(lambda: tf.RegisterGradient(123)),
               catch(lambda: tf.no_gradient(5)), tf.no_gradient("TapekitDiffNew")]
    """,
    "variables": """
        out = [tf.Variable(3), tf.Variable([1, 2]), tf.Variable(np.array([1, 2])), tf.Variable(3.0),
               tf.Variable([1, 2], dtype=tf.float64), tf.Variable(3, dtype=tf.float32),
               tf.Variable(lambda: tf.constant([1, 2, 3])), tf.Variable(1.0, name="a:0").name,
               catch(lambda: tf.Variable(3.5, dtype=tf.int32)), catch(lambda: tf.Variable(None)),
               catch(lambda: tf.Variable([1.0, 2.0], shape=(3,))),
               catch(lambda: tf.Variable(tf.constant(1.0), dtype=tf.float64)),
               type(tf.Variable(1.0) + 1.0).__name__ in ("EagerTensor", "Tensor")]
        v1 = tf.Variable([2.0, 3.0])
        v2 = tf.Variable(v1)
        v1.assign([9.0, 9.0])
        out.append(v2)
        u = tf.Variable(5, dtype=tf.int32, shape=tf.TensorShape(None))
        u.assign([[1, 2], [3, 4]])
        out += [u, str(u.shape)]
        z = tf.Variable([1, 2])
        z[0].assign(5)
        out.append(z)
    """,
    "assign_errors": """
        out = []
        cases = [(lambda: tf.Variable([1.0, 2.0]), lambda v: v.assign(tf.constant([1, 2]))),
                 (lambda: tf.Variable(1.0), lambda v: v.assign_add(tf.constant(1.0, dtype=tf.float64))),
                 (lambda: tf.Variable(1), lambda v: v.assign(2.5)),
                 (lambda: tf.Variable([1, 2]), lambda v: v.assign([1.0, 2.0])),
                 (lambda: tf.Variable([1.0, 2.0]), lambda v: v.assign([1.0, 2.0, 3.0])),
                 (lambda: tf.Variable(1), lambda v: v.assign(tf.Variable(2.0))),
                 (lambda: tf.Variable(1.0), lambda v: v.assign_add(tf.constant([1.0, 2.0]))),
                 (lambda: tf.Variable([1.0, 2.0]), lambda v: v.assign_sub([1.0, 2.0, 3.0])),
                 (lambda: tf.Variable([1.0, 2.0]), lambda v: v.assign_add(1.0)),
                 (lambda: tf.Variable([1.0, 2.0]), lambda v: v.assign([3, 4]))]
        for make, bad in cases:
            v = make()
            out += [catch(lambda: bad(v)), v]
    """,
}

RUNNER = r'''
import json, sys
import numpy as np
engine = sys.argv[1]
if engine == "tensorflow":
    import os
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
else:
    import tapekit as tf

def catch(f):
    try:
        return f()
    except Exception as e:
        return e

def summary(x):
    if x is None:
        return None
    if isinstance(x, BaseException):
        return ["E", type(x).__name__]
    if isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, (list, tuple)):
        return ["L" if isinstance(x, list) else "U"] + [summary(i) for i in x]
    if isinstance(x, dict):
        return ["D"] + [[k, summary(x[k])] for k in sorted(x)]
    if hasattr(x, "numpy") and hasattr(x, "dtype"):
        if type(x).__name__ == "IndexedSlices":
            x = tf.convert_to_tensor(x)
        a = np.asarray(x.numpy())
        vals = a.astype(float).tolist() if a.dtype.kind in "fiub" else None
        return ["T", x.dtype.name, list(a.shape), vals]
    return ["?", type(x).__name__]

programs = json.loads(sys.stdin.read())
results = {}
for name, src in programs.items():
    scope = {"tf": tf, "np": np, "catch": catch}
    try:
        exec(src, scope)
        results[name] = summary(scope["out"])
    except Exception as e:
        results[name] = ["PROGRAM FAILED", type(e).__name__, str(e)[:300]]
print("@@RESULTS@@" + json.dumps(results))
'''


def _run(python, engine):
    sources = {k: textwrap.dedent(v) for k, v in PROGRAMS.items()}
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    proc = subprocess.run([python, "-c", RUNNER, engine], input=json.dumps(sources), env=env,
                          capture_output=True, text=True, timeout=600)
    for line in proc.stdout.splitlines():
        if line.startswith("@@RESULTS@@"):
            return json.loads(line[len("@@RESULTS@@"):])
    raise RuntimeError(f"{engine} runner failed: {proc.stderr[-2000:]}")


@pytest.fixture(scope="module")
def tf_results():
    python = os.environ.get("TAPEKIT_TF_PYTHON")
    if not python:
        pytest.skip("TensorFlow comparison skipped: set TAPEKIT_TF_PYTHON to a Python with TensorFlow")
    try:
        return _run(python, "tensorflow")
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as err:
        pytest.skip(f"TensorFlow comparison skipped: {python} could not run TensorFlow ({err})")


@pytest.fixture(scope="module")
def tk_results():
    return _run(sys.executable, "tapekit")


def _same(a, b, path="out"):
    if isinstance(a, list) and a and a[0] == "T" and isinstance(b, list) and b and b[0] == "T":
        assert a[1:3] == b[1:3], f"{path}: dtype/shape tapekit {a[1:3]} vs TF {b[1:3]}"
        if a[3] is not None or b[3] is not None:
            np.testing.assert_allclose(np.array(a[3], float), np.array(b[3], float), rtol=1e-5, atol=1e-6,
                                       err_msg=path, equal_nan=True)
        return
    if isinstance(a, list) and isinstance(b, list):
        assert len(a) == len(b), f"{path}: tapekit {a} vs TF {b}"
        for i, (x, y) in enumerate(zip(a, b)):
            _same(x, y, f"{path}[{i}]")
        return
    if isinstance(a, float) and isinstance(b, float):
        assert a == pytest.approx(b), path
        return
    assert a == b, f"{path}: tapekit {a!r} vs TF {b!r}"


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_same_as_tensorflow(name, tf_results, tk_results):
    assert tk_results[name][0] != "PROGRAM FAILED", tk_results[name]
    assert tf_results[name][0] != "PROGRAM FAILED", tf_results[name]
    _same(tk_results[name], tf_results[name])
