"""Ragged softmax, split, squeeze, merge_dims, reduce_std/logsumexp, cumsum, reshape, gather_nd:
gradients against finite differences (to second order for softmax), bad calls that leave the
input as it was.
(Values against TF: tests/tf_cases/api/ragged_dispatch_gaps.py.)"""

import numpy as np
import pytest
from helpers import numeric_gradient

import tapekit as tk

LENGTHS = [2, 0, 3, 1]
WEIGHTS = np.array([0.5, -1.0, 2.0, 0.25, 1.5, -0.75])


def _softmax_loss(values):
    rows = tk.RaggedTensor.from_row_lengths(values, LENGTHS)
    return tk.reduce_sum(tk.nn.softmax(rows).flat_values * tk.constant(WEIGHTS))


def test_ragged_softmax_gradient_and_its_gradient_match_finite_differences():
    x = np.array([0.3, -1.2, 2.0, 0.7, -0.4, 1.1])
    tx = tk.constant(x)
    with tk.GradientTape() as outer:
        outer.watch(tx)
        with tk.GradientTape() as inner:
            inner.watch(tx)
            loss = _softmax_loss(tx)
        g = inner.gradient(loss, tx)
        g_weighted = tk.reduce_sum(g * tk.constant(WEIGHTS[::-1].copy()))
    np.testing.assert_allclose(g.numpy(), numeric_gradient(lambda v: _softmax_loss(tk.constant(v)).numpy(), x),
                               rtol=1e-6, atol=1e-9)

    def first_order(v):
        tv = tk.constant(v)
        with tk.GradientTape() as tape:
            tape.watch(tv)
            value = _softmax_loss(tv)
        return tk.reduce_sum(tape.gradient(value, tv) * tk.constant(WEIGHTS[::-1].copy())).numpy()

    np.testing.assert_allclose(outer.gradient(g_weighted, tx).numpy(), numeric_gradient(first_order, x),
                               rtol=1e-5, atol=1e-8)


def test_each_row_of_a_ragged_softmax_sums_to_one():
    rows = tk.nn.softmax(tk.ragged.constant([[1.0, 2.0, 3.0], [], [-50.0, 50.0], [7.0]]))
    sums = tk.reduce_sum(rows, axis=1).numpy()
    np.testing.assert_allclose(sums, [1.0, 0.0, 1.0, 1.0], rtol=1e-6)


def _pieces_loss(values):
    rows = tk.RaggedTensor.from_row_lengths(values, LENGTHS)
    first, rest = tk.split(rows, [1, 3])
    merged = tk.RaggedTensor.from_nested_row_lengths(values, [[2, 2], LENGTHS]).merge_dims(1, 2)
    column = tk.squeeze(tk.expand_dims(rest, 2), 2)
    spread = tk.math.reduce_std(tk.RaggedTensor.from_row_lengths(values, [2, 3, 1]), axis=1)
    running = tk.cumsum(rows, axis=1, exclusive=True, reverse=True)
    picked = tk.gather_nd(rows, [[2, 1], [0, 0], [2, 2], [0, 0]])
    return (tk.reduce_sum(tk.sin(first.flat_values)) + tk.reduce_sum(column.flat_values ** 2)
            + tk.reduce_sum(tk.exp(merged.flat_values) * tk.constant(WEIGHTS))
            + tk.reduce_sum(spread[:2] * tk.constant([1.5, -2.0], dtype=values.dtype))
            + tk.reduce_sum(tk.reshape(running, [3, 2]) ** 3) + tk.reduce_sum(tk.sin(picked))
            + tk.reduce_sum(tk.gather(tk.reduce_logsumexp(rows, axis=1), [0, 2, 3])   # row 1 is empty: -inf
                            * tk.constant([1.0, 2.0, -1.0], dtype=values.dtype)))


def test_split_squeeze_merge_dims_reductions_cumsum_and_reshape_pass_gradients_to_the_values():
    x = np.array([0.3, -1.2, 2.0, 0.7, -0.4, 1.1])
    tx = tk.constant(x)
    with tk.GradientTape() as tape:
        tape.watch(tx)
        loss = _pieces_loss(tx)
    np.testing.assert_allclose(tape.gradient(loss, tx).numpy(),
                               numeric_gradient(lambda v: _pieces_loss(tk.constant(v)).numpy(), x), rtol=1e-6)


@pytest.mark.parametrize("call, error", [
    (lambda r: tk.squeeze(r), ValueError),
    (lambda r: tk.squeeze(r, 1), tk.errors.InvalidArgumentError),
    (lambda r: tk.split(r, 3), tk.errors.InvalidArgumentError),
    (lambda r: tk.split(r, 2, axis=1), ValueError),
    (lambda r: r.merge_dims(1, 0), ValueError),
    (lambda r: tk.nn.softmax(r, axis=0), tk.errors.InvalidArgumentError),
])
def test_bad_calls_raise_tf_types_with_a_hint_and_leave_the_input_alone(call, error):
    rows = tk.ragged.constant([[1.0, 2.0], [3.0], [], [4.0, 5.0, 6.0]])
    before = rows.to_list()
    with pytest.raises(error, match="Hint"):
        call(rows)
    assert rows.to_list() == before
