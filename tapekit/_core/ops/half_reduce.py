"""float16 sums and products in the order TF 2.21's CPU kernels compute them.

TF reduces a float16 tensor in float16: every addition rounds to float16, so the order of the
additions shows in the result (10,000 x 0.1 sums to 997, not 1000). The order is Eigen's:

- TF first merges adjacent axes that are all reduced or all kept (``ReductionHelper``), giving
  one of: a full reduction, ``[rows, n]`` reduced along n, ``[n, cols]`` reduced along n,
  ``[a, n, b]`` reduced along n, ``[n1, k, n2]`` reduced along n1 and n2; anything else is
  transposed to ``[kept, reduced]``.
- Along an innermost axis, Eigen splits runs longer than 8 x 200 values in two halves (at a
  multiple of 8), recursively; each leaf is summed in four 8-lane accumulators, then single
  8-lane steps, then one by one, and the lanes are added in float32 at the end.
- Along an outer axis, every group of 8 outputs sums the rows in four interleaved accumulators
  (when there are 16 rows or more); outputs outside such a group are summed row by row.

The 8 lanes are AVX's packet of float16 values (the machine TF 2.21 was recorded on); the
multi-threaded split that TF uses for very large full reductions (~500,000 values and more on
a 2-core machine) is not modelled.
"""

from __future__ import annotations

import numpy as np

LANES = 8          # Eigen's packet size for float16 on AVX
LEAF = 200         # Eigen's LeafSize<half>()
_F16, _F32 = np.float16, np.float32


class _Op:
    """The reducer: its float16 step, identity and the float32 reduction of one packet."""

    def __init__(self, name: str):
        self.name = name
        self.identity = _F16(0 if name == "sum" else 1)
        self._f = np.add if name == "sum" else np.multiply

    def step(self, a, b):
        """``a op b`` rounded to float16, element-wise (Eigen's half arithmetic: in float32, rounded)."""
        return self._f(np.asarray(a, _F32), np.asarray(b, _F32)).astype(_F16)

    def packet_totals(self, lanes) -> np.ndarray:
        """Each row's 8 lanes combined in float32 as Eigen's predux: (lo + hi), then pairs, then one."""
        v = lanes.astype(_F32)
        four = self._f(v[:, :4], v[:, 4:])
        two = self._f(four[:, :2], four[:, 2:])
        return self._f(two[:, 0], two[:, 1]).astype(_F16)


def _leaf(x: np.ndarray, op: _Op):
    """Eigen's vectorized InnerMostDimReducer on runs of at most 8 x 200 values: one run per row of
    ``x`` (shape [rows, n]), all rows at once."""
    rows, n = x.shape
    start = 0
    acc0 = np.full((rows, LANES), op.identity, _F16)
    if n >= 4 * LANES:
        end4 = (n // (4 * LANES)) * 4 * LANES
        blocks = x[:, :end4].reshape(rows, -1, 4, LANES)
        accs = np.full((rows, 4, LANES), op.identity, _F16)
        for j in range(blocks.shape[1]):
            accs = op.step(accs, blocks[:, j])
        acc0 = accs[:, 0]
        for k in (1, 2, 3):
            acc0 = op.step(acc0, accs[:, k])
        start = end4
    if start <= n - LANES:
        end = (n // LANES) * LANES
        for j in range(start, end, LANES):
            acc0 = op.step(acc0, x[:, j:j + LANES])
        start = end
    scalar = np.full(rows, op.identity, _F16)
    for j in range(start, n):
        scalar = op.step(scalar, x[:, j])
    return op.step(scalar, op.packet_totals(acc0))


def _tree(x: np.ndarray, first: int, op: _Op):
    """Eigen's tree reduction of each row of ``x`` (shape [rows, n]); ``first`` is the index of the
    rows' first value in the whole input, modulo 8 (where the halves split depends on it)."""
    n = x.shape[1]
    if n > LANES * LEAF:
        half = -(-n // 2)
        split = LANES * (-(-(first + half) // LANES))
        left = min(split - first, n)
        total = op.step(op.identity, _tree(x[:, :left], first, op))
        if left < n:
            total = op.step(total, _tree(x[:, left:], 0, op))
        return total
    return _leaf(x, op)


def _tree_rows(x: np.ndarray, op: _Op) -> np.ndarray:
    """Each row of ``x`` (C-contiguous [rows, n]) reduced as Eigen reduces an innermost run."""
    rows, n = x.shape
    out = np.empty(rows, _F16)
    firsts = (np.arange(rows) * n) % LANES
    for first in np.unique(firsts):  # rows whose start has the same alignment split alike
        group = np.nonzero(firsts == first)[0]
        out[group] = _tree(x[group], int(first), op)
    return out


def _rows_then_sequential(rows: np.ndarray, op: _Op):
    """Sum over axis 0 of ``rows`` (shape [n, ...]): four interleaved accumulators, as InnerMostDimPreserver."""
    n = rows.shape[0]
    if n < 16:
        return _sequential(rows, op)
    end4 = (n // 4) * 4
    groups = rows[:end4].reshape((end4 // 4, 4) + rows.shape[1:])
    accs = np.full((4,) + rows.shape[1:], op.identity, _F16)
    for group in groups:
        accs = op.step(accs, group)
    total = accs[0]
    for k in (1, 2, 3):
        total = op.step(total, accs[k])
    for j in range(end4, n):
        total = op.step(total, rows[j])
    return total


def _sequential(rows: np.ndarray, op: _Op):
    total = np.full(rows.shape[1:], op.identity, _F16)
    for row in rows:
        total = op.step(total, row)
    return total


def _preserve_inner(x: np.ndarray, op: _Op) -> np.ndarray:
    """``[a, n, b]`` reduced along n. The outputs are evaluated in packets of 8 (from output 0); a
    packet inside one row of b uses the 4 accumulators, the others and the tail go row by row."""
    a, n, b = x.shape
    total = a * b
    index = np.arange(total)
    start = index - index % LANES
    packed = (start + LANES <= total) & (start % b + LANES <= b)
    columns = x.transpose(1, 0, 2).reshape(n, total)  # column o holds the n values of output o
    out = np.empty(total, _F16)
    if packed.any():
        out[packed] = _rows_then_sequential(columns[:, packed], op)
    if (~packed).any():
        out[~packed] = _sequential(columns[:, ~packed], op)
    return out.reshape(a, b)


def _simplify(shape: tuple, axes: tuple) -> tuple[list, bool]:
    """TF's ReductionHelper: merge adjacent axes that are both reduced or both kept (size-1 axes join)."""
    reduced = [i in axes for i in range(len(shape))]
    i = 0
    while i < len(shape) and shape[i] == 1:
        i += 1
    if i == len(shape):
        return [], True
    runs, first = [shape[i]], reduced[i]
    for j in range(i + 1, len(shape)):
        if shape[j] == 1:
            reduced[j] = reduced[j - 1]
        if reduced[j] != reduced[j - 1]:
            runs.append(shape[j])
        else:
            runs[-1] *= shape[j]
    return runs, first


def reduce(x: np.ndarray, axes: tuple, op_name: str) -> np.ndarray:
    """The float16 ``sum`` or ``prod`` of ``x`` over ``axes`` (sorted, non-negative), shaped as the
    output without the reduced axes (no keepdims)."""
    op = _Op(op_name)
    out_shape = tuple(d for i, d in enumerate(x.shape) if i not in axes)
    if x.size == 0 or not axes:
        return np.full(out_shape, op.identity, _F16) if x.size == 0 else x.copy()
    runs, first = _simplify(tuple(x.shape), axes)
    flat = np.ascontiguousarray(x).reshape(-1)
    if not runs:  # every dimension is 1
        return np.asarray(op.step(op.identity, flat[0]), _F16).reshape(out_shape)
    if len(runs) == 1 and first:
        result = _tree(flat.reshape(1, -1), 0, op)[0]
    elif len(runs) == 2 and first:
        result = _preserve_inner(flat.reshape(1, runs[0], runs[1]), op)
    elif len(runs) == 2:
        result = _tree_rows(flat.reshape(runs), op)
    elif len(runs) == 3 and first:
        n1, k, n2 = runs
        ordered = flat.reshape(n1, k, n2).transpose(2, 0, 1).reshape(n1 * n2, k)  # n2 outer, n1 inner
        result = _sequential(ordered, op)
    elif len(runs) == 3:
        result = _preserve_inner(flat.reshape(runs), op)
    else:
        kept = [i for i in range(x.ndim) if i not in axes]
        n = int(np.prod([x.shape[i] for i in axes]))
        moved = np.ascontiguousarray(np.transpose(x, kept + list(axes))).reshape(-1, n)
        result = _tree_rows(moved, op)
    return np.asarray(result, _F16).reshape(out_shape)
