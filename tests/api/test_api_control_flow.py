"""Eager control flow (cond, case, switch_case, while_loop, map_fn, scan, folds) and
tk.TensorArray: TF 2.21's eager semantics (tests/tf_cases/api/{cond_case,while_loop,map_fn,
scan_fold,control_flow_gradients,tensor_array}.py) plus gradients to second order."""

import numpy as np
import pytest
from helpers import second

import tapekit as tk


def second_derivative(f, x0):
    return tuple(float(d) for d in second(f, x0, tk.float64))


def test_cond_runs_one_branch_and_keeps_its_structure():
    calls = []
    out = tk.cond(tk.constant(False), lambda: calls.append("t"), lambda: [tk.constant(5)])
    assert calls == [] and isinstance(out, list) and int(out[0]) == 5   # TF 2's cond is strict


def test_while_loop_converts_results_and_checks_body_structure():
    i, s = tk.while_loop(lambda i, s: i < 5, lambda i, s: (i + 1, s + i), (0, 0))
    assert isinstance(i, tk.Tensor) and int(i) == 5 and int(s) == 10
    with pytest.raises(TypeError):                      # body returned an int for [i]
        tk.while_loop(lambda i: i < 3, lambda i: i + 1, [0])
    with pytest.raises(ValueError, match="same nested structure"):
        tk.while_loop(lambda i: True, lambda i: i + 1, [0], maximum_iterations=2)
    assert int(tk.while_loop(lambda i: True, lambda i: [i + 1], [0], maximum_iterations=4)[0]) == 4


@pytest.mark.parametrize("f,expected", [
    (lambda x: tk.cond(x > 1.0, lambda: x ** 3, lambda: x), (12.0, 12.0)),
    (lambda x: tk.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * x), [0, tk.constant(1.0, tk.float64)])[1],
     (12.0, 12.0)),
    (lambda x: tk.reduce_sum(tk.map_fn(lambda e: e * x * x, tk.constant([1.0, 2.0], tk.float64))), (12.0, 6.0)),
    (lambda x: tk.reduce_sum(tk.scan(lambda a, e: a * e, tk.stack([x, x, x]))), (1 + 4 + 12, 2 + 12)),
    (lambda x: tk.foldl(lambda a, e: a + e * x * x, tk.constant([1.0, 2.0], tk.float64),
                        initializer=tk.constant(0.0, tk.float64)), (12.0, 6.0)),
])
def test_gradients_through_control_flow_to_second_order(f, expected):
    assert second_derivative(f, 2.0) == pytest.approx(expected)


def test_map_fn_checks_output_dtypes_and_structures():
    with pytest.raises(tk.errors.InvalidArgumentError, match="TensorArray dtype is int32") as info:
        tk.map_fn(lambda v: tk.cast(v, tk.float32), tk.constant([1, 2]))
    assert "fn_output_signature" in str(info.value)
    with pytest.raises(ValueError, match="1\\+ dimensional"):
        tk.map_fn(lambda v: v, [1, 2, 3])
    pair = tk.map_fn(lambda v: (v, v * 2), tk.constant([1, 2]), fn_output_signature=(tk.int32, tk.int32))
    assert [p.numpy().tolist() for p in pair] == [[1, 2], [2, 4]]


def test_switch_case_and_case_choose_as_tf():
    assert tk.switch_case(tk.constant(7), [lambda: 1, lambda: 2]) == 2        # out of range: last
    assert tk.case([(tk.constant(False), lambda: 1)], default=lambda: 3) == 3
    with pytest.raises(tk.errors.InvalidArgumentError, match="None of conditions"):
        tk.case([(tk.constant(False), lambda: 1)])
    with pytest.raises(tk.errors.InvalidArgumentError):
        tk.case([(tk.constant(True), lambda: 1), (tk.constant(True), lambda: 2)], exclusive=True)


def test_tensor_array_writes_share_storage_and_clear_after_read():
    ta = tk.TensorArray(tk.float32, size=3)
    ta2 = ta.write(0, 1.0)
    assert ta2 is not ta and ta.stack().numpy().tolist() == [1.0, 0.0, 0.0]
    assert float(ta.read(0)) == 1.0
    with pytest.raises(tk.errors.InvalidArgumentError, match="twice"):
        ta.read(0)                                          # cleared after the first read
    keep = tk.TensorArray(tk.float32, size=1, clear_after_read=False).write(0, 2.0)
    assert float(keep.read(0)) == float(keep.read(0)) == 2.0


def test_tensor_array_errors_leave_it_unchanged():
    ta = tk.TensorArray(tk.float32, size=2).write(0, 1.0)
    with pytest.raises(tk.errors.OutOfRangeError, match="not resizeable") as info:
        ta.write(2, 1.0)
    assert "dynamic_size=True" in str(info.value)
    with pytest.raises(tk.errors.InvalidArgumentError, match="TensorArray dtype is float32"):
        ta.write(1, "a")
    with pytest.raises(ValueError, match="Incompatible shape"):
        ta.write(1, [1.0, 2.0])
    assert ta.size().numpy() == 2 and ta.stack().numpy().tolist() == [1.0, 0.0]
    with pytest.raises(ValueError, match="Size must be declared"):
        tk.TensorArray(tk.float32)


def test_tensor_array_gradient_flows_to_what_was_written():
    x = tk.constant([1.0, 2.0])
    with tk.GradientTape() as tape:
        tape.watch(x)
        ta = tk.TensorArray(tk.float32, size=0, dynamic_size=True)
        ta = ta.write(0, x[0] * 3.0).write(1, x[1] * x[1])
        y = tk.reduce_sum(ta.stack()) + ta.read(0)
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [6.0, 4.0])   # TF 2.21's values
