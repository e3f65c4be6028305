"""One rule, two paths: a rule written with ``grads.rule_math`` gives the same bits on arrays.

When nothing records, the reverse pass calls a rule registered with ``on_arrays=True`` on the
op's saved backend arrays (``tape_entry.ArrayEntry``, ``rule_math.ARRAY_MATH``) instead of
tensors (``TapeEntry``, ``TENSOR_MATH``). These tests call the same rule both ways on the same
recorded op and upstream gradient and require identical arrays (NaN payloads and signed zeros
included), for every such rule, both float dtypes, broadcasting inputs and every
``skip_input_indices``; and a whole program's gradients on the lean path equal those computed
while a tape records. Rules are written once: no op has a second, array-only version.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import tapekit as tk
from tapekit._core import grads
from tapekit._core.ops.math_ops import select_arrays
from tapekit._core.record.registry import RULES
from tapekit._core.record.tape_entry import ArrayEntry

RNG = np.random.default_rng(7)

# op type -> (build the op from its inputs, input shapes) ; positive inputs where the op needs them
CASES = {
    "AddV2": (lambda x, y: x + y, [(3, 4), (4,)]),
    "Sub": (lambda x, y: x - y, [(3, 4), (3, 1)]),
    "Mul": (lambda x, y: x * y, [(3, 4), (1, 4)]),
    "RealDiv": (lambda x, y: x / y, [(3, 4), (3, 4)]),
    "Neg": (lambda x: -x, [(5,)]),
    "Exp": (tk.exp, [(2, 3)]),
    "Log": (tk.math.log, [(2, 3)]),
    "Square": (tk.square, [(2, 3)]),
    "Tanh": (tk.tanh, [(4,)]),
    "Sigmoid": (tk.sigmoid, [(4,)]),
    "Identity": (tk.identity, [(3,)]),
    "Maximum": (tk.maximum, [(3, 70), (70,)]),
    "Minimum": (tk.minimum, [(80, 80), ()]),     # 6400 elements: the bit-mask select
    "MatMul": (tk.matmul, [(3, 4), (4, 5)]),
    "Sum": (lambda x: tk.reduce_sum(x, axis=1, keepdims=True), [(3, 4, 5)]),
    "Mean": (lambda x: tk.reduce_mean(x, axis=(0, 2)), [(3, 4, 5)]),
    "Relu": (lambda x: tk.nn.relu(x - 1.0), [(4, 70)]),   # the mask mixed: inputs lie in [0.5, ...)
}


def _inputs(shapes, dtype):
    arrays = [np.abs(RNG.standard_normal(s)).astype(dtype) + dtype(0.5) for s in shapes]
    if len(arrays) == 2 and arrays[0].size > 4:
        arrays[0].flat[0] = 0.0    # Maximum/Minimum ties, a zero for the products
    return [tk.constant(a) for a in arrays]


def _recorded_entry(build, inputs):
    with tk.GradientTape(persistent=True) as tape:
        for t in inputs:
            tape.watch(t)
        out = build(*inputs)
    entry = tape._entries[-1]   # the test inspects the recorded op itself
    return entry, out


def _bits(value):
    return None if value is None else np.asarray(value).view(np.uint8)


def test_every_rule_on_arrays_has_a_case():
    on_arrays = {op_type for op_type, rule in RULES.items() if rule.on_arrays}
    assert on_arrays - {"ReadVariableOp"} == set(CASES)


def test_no_rule_is_written_twice():
    """No array twins: every function in the rules' modules is a rule, a helper, or rule_math's."""
    for module in grads.RULE_MODULES:
        names = [name for name, _ in inspect.getmembers(module, inspect.isfunction)]
        assert not [n for n in names if n.endswith("_twin")], module.__name__


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("op_type", sorted(CASES))
def test_rule_gives_the_same_bits_on_arrays(op_type, dtype):
    build, shapes = CASES[op_type]
    entry, out = _recorded_entry(build, _inputs(shapes, dtype))
    assert entry.type == op_type
    upstream = RNG.standard_normal(tuple(out.shape)).astype(dtype)
    upstream.flat[0] = -0.0
    if upstream.size > 2:
        upstream.flat[1] = np.nan
    n = len(entry.inputs)
    rule = RULES[op_type].fn
    for skip in [()] if n == 1 else [(), (0,), (1,)]:
        entry.skip_input_indices = skip
        expected = rule(entry, tk.constant(upstream))
        expected = expected if isinstance(expected, (list, tuple)) else (expected,)
        got = rule(ArrayEntry(entry.row, skip), upstream)
        got = got if isinstance(got, (list, tuple)) else (got,)
        assert len(got) == n
        for k, (e, g) in enumerate(zip(expected, got)):
            if k in skip:   # a skipped input: nobody reads its gradient
                continue
            assert isinstance(g, np.ndarray), (op_type, k, type(g))
            assert g.dtype == e.numpy().dtype and g.shape == tuple(e.shape), (op_type, k)
            np.testing.assert_array_equal(_bits(g), _bits(e.numpy()), err_msg=f"{op_type} input {k}")


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int32, np.int64, np.uint8, np.int8,
                                   np.bool_])
@pytest.mark.parametrize("shapes", [((5000,), (5000,), (5000,)), ((100, 50), (100, 50), ()),
                                    ((100, 50), (), (100, 50)), ((100, 1), (1, 50), ()),
                                    ((100, 1), (1, 50), (100, 50)), ((), (4096,), (4096,)), ((3,), (3,), (3,))])
def test_select_gives_the_bits_of_numpy_where(dtype, shapes):
    sc, sx, sy = shapes
    cond = RNG.random(sc) > 0.5
    x = (RNG.standard_normal(sx) * 10).astype(dtype)
    y = (RNG.standard_normal(sy) * 10).astype(dtype)
    if np.dtype(dtype).kind == "f" and x.size > 2:
        x.flat[0], x.flat[1] = np.nan, -0.0
    for y_case in (y, np.zeros((), dtype)) if y.ndim == 0 else (y,):
        for x_case in (x, np.zeros((), dtype)) if x.ndim == 0 else (x,):
            got, want = select_arrays(cond, x_case, y_case), np.where(cond, x_case, y_case)
            assert got.dtype == want.dtype and got.shape == want.shape
            np.testing.assert_array_equal(_bits(got), _bits(want))


def _program(x, w, b):
    h = tk.maximum(tk.matmul(x, w) + b, 0.0)
    y = tk.tanh(h) * tk.sigmoid(h) - tk.square(h) / (tk.exp(-h) + 1.0) + tk.nn.relu(h - 0.5)
    return tk.reduce_sum(tk.math.log(y * y + 1.0) + tk.minimum(y, 0.5)) + tk.reduce_mean(tk.square(y), axis=0)


def test_lean_path_gives_the_gradients_of_the_tensor_path(monkeypatch):
    calls = []
    for op_type, rule in list(RULES.items()):
        if rule.on_arrays:
            fn = rule.fn
            monkeypatch.setattr(rule, "fn", lambda op, *g, op_type=op_type, fn=fn:
                                calls.append((op_type, type(op).__name__)) or fn(op, *g))
    x = tk.constant(RNG.standard_normal((70, 8)).astype(np.float32))
    w = tk.Variable(RNG.standard_normal((8, 100)).astype(np.float32))
    b = tk.Variable(RNG.standard_normal((100,)).astype(np.float32))
    with tk.GradientTape() as tape:
        loss = _program(x, w, b)
    lean = tape.gradient(loss, [w, b])        # no tape active: the rules run on arrays
    on_arrays = {op_type for op_type, view in calls if view == "ArrayEntry"}
    assert {"MatMul", "Maximum", "Minimum", "Log", "Exp", "Tanh", "Sigmoid", "RealDiv", "Relu", "Sum",
            "Mean"} <= on_arrays
    calls.clear()
    with tk.GradientTape() as tape:
        loss = _program(x, w, b)
    with tk.GradientTape():                   # a tape is active: the rules' ops (recorded nowhere)
        rules = tape.gradient(loss, [w, b])
    assert calls and all(view == "TapeEntry" for _, view in calls)
    for g_lean, g_rules in zip(lean, rules):
        np.testing.assert_array_equal(_bits(g_lean.numpy()), _bits(g_rules.numpy()))


@pytest.mark.parametrize("arrays_first", [True, False])
def test_lean_arrays_and_rule_tensors_add_up_like_the_rules(arrays_first):
    """A tensor that gets gradients from rules run on arrays and from one that is not (Sin: a
    Tensor), in either order, and a broadcast input the pass unbroadcasts from an array."""
    x = tk.constant(RNG.uniform(0.1, 1.0, (7, 10)).astype(np.float32))
    b = tk.constant(RNG.standard_normal((10,)).astype(np.float32))

    def program():
        with tk.GradientTape(persistent=True) as tape:
            tape.watch([x, b])
            mixed = x * 2.0 + tk.sin(x) if arrays_first else tk.sin(x) + x * 2.0
            loss = tk.reduce_sum(mixed * b + b)
        return tape, loss

    tape, loss = program()
    lean = tape.gradient(loss, [x, b])
    tape, loss = program()
    with tk.GradientTape():
        rules = tape.gradient(loss, [x, b])
    for g_lean, g_rules in zip(lean, rules):
        assert type(g_lean).__name__ == "EagerTensor"
        assert g_lean.dtype == g_rules.dtype and g_lean.shape == g_rules.shape
        np.testing.assert_array_equal(_bits(g_lean.numpy()), _bits(g_rules.numpy()))
