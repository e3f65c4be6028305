"""The gradient rules of ``tapekit._core.ops.linalg``, registered on import."""

from __future__ import annotations

import numpy as np

from ..._base import dtypes
from ...backend import device_obj, from_host
from ..ops.array_ops import broadcast_to, concat, expand_dims, reshape
from ..ops.creation import eye, zeros, zeros_like
from ..ops.linalg import einsum, inv, matmul, negative_, solve
from ..ops.math_ops import conj, multiply, where
from ..record.registry import gradient
from .rule_math import math_for
from ..values.tensor import EagerTensor


def _matmul_grad(op, grad):
    """dA = G B^T and dB = A^T G, with the forward's transposes folded in."""
    m = math_for(grad)
    a, b = op.inputs
    a, b = m.conj(a), m.conj(b)  # as TF: the products use the conjugates
    ta, tb = op.attrs["transpose_a"], op.attrs["transpose_b"]
    skip = op.skip_input_indices
    da = db = None
    if 0 not in skip:
        da = m.matmul(b, grad, tb, True) if ta else m.matmul(grad, b, False, not tb)
    if 1 not in skip:
        db = m.matmul(grad, a, True, ta) if tb else m.matmul(a, grad, not ta, False)
    return da, db


gradient("MatMul", reads="other_input", on_arrays=True)(_matmul_grad)


gradient("BatchMatMulV2", reads="other_input")(_matmul_grad)


@gradient("MatrixDiagPartV3")
def _diag_part_grad(op, grad):
    """The gradient sits on the diagonal of a zero matrix of the input's shape."""
    rows, cols = op.inputs[0].shape[-2:]
    if cols > rows:  # pad the diagonal to the width of the matrix
        grad = concat([grad, zeros(tuple(grad.shape)[:-1] + (cols - rows,), grad.dtype)], -1)
    return multiply(expand_dims(grad, -2), eye(rows, cols, dtype=grad.dtype))


@gradient("Einsum")
def _einsum_grad(op, grad):
    """Each input's gradient is an einsum of the upstream gradient with the other inputs.

    Letters summed inside one input only are broadcast back; a letter repeated in one input
    (``ii->i``, ``ii->``, ``iij->j``) reads a diagonal, so its gradient is put back on that
    diagonal (zeros elsewhere, as TF); ``...`` stands for letters of their own.
    """
    lhs, out = op.attrs["equation"].split("->")
    shapes = [tuple(t.shape) for t in op.inputs]
    subs, out = _spell_out_ellipsis(lhs.split(","), out, shapes)
    grads = []
    for i, sub in enumerate(subs):
        if i in op.skip_input_indices:
            grads.append(None)
            continue
        others = [s for j, s in enumerate(subs) if j != i]
        unique = "".join(dict.fromkeys(sub))  # the letters of the (diagonal) slice read
        known = set(out).union(*others)
        reach = "".join(c for c in unique if c in known)  # the others sum the rest away
        g = einsum(",".join([out] + others) + "->" + reach, grad,
                   *[_conj(t) for j, t in enumerate(op.inputs) if j != i])
        if reach != unique:
            sizes = {c: shapes[i][sub.index(c)] for c in unique}
            sizes.update({c: d for c, d in zip(reach, g.shape)})
            g = reshape(g, [sizes[c] if c in known else 1 for c in unique])
            g = broadcast_to(g, [sizes[c] for c in unique])
        if len(unique) != len(sub):
            g = _onto_diagonal(g, sub, shapes[i])
        grads.append(g)
    return grads


@gradient("MatrixInverse", reads="outputs")
def _inv_grad(op, grad):
    """d A^-1 = -A^-H G A^-H (H: conjugate transpose), with the forward's ``adjoint`` folded in."""
    ainv = op.outputs[0]
    if op.attrs["adjoint"]:  # Y = A^-H: dA = -Y G^H Y
        return negative_(matmul(ainv, matmul(grad, ainv, adjoint_a=True)))
    return negative_(matmul(ainv, matmul(grad, ainv, adjoint_b=True), adjoint_a=True))


@gradient("MatrixDeterminant")
def _det_grad(op, grad):
    """d det(A) = det(A) A^-T."""
    a, c = op.inputs[0], op.outputs[0]
    scale = reshape(multiply(grad, c), list(c.shape) + [1, 1])
    return multiply(scale, inv(a, adjoint=True))


@gradient("MatrixSolve")
def _solve_grad(op, grad):
    """dB = solve(A^H, G); dA = -dB X^H (or -X dB^H for the adjoint form)."""
    a, _ = op.inputs
    x = op.outputs[0]
    adjoint = op.attrs["adjoint"]
    grad_b = solve(a, grad, adjoint=not adjoint)
    grad_a = negative_(matmul(x, grad_b, adjoint_b=True) if adjoint else
                       matmul(grad_b, x, adjoint_b=True))
    return grad_a, grad_b


def _conj(t):
    return conj(t) if t.dtype.is_complex else t


def _spell_out_ellipsis(subs, out, shapes):
    """The equation with each ``...`` replaced by letters it does not use (aligned from the right)."""
    if not any("." in s for s in subs + [out]):
        return subs, out
    used = set("".join(subs) + out)
    spare = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" if c not in used]
    counts = [len(shape) - (len(s) - 3) if "..." in s else 0 for s, shape in zip(subs, shapes)]
    letters = "".join(spare[:max(counts, default=0)])
    subs = [s.replace("...", letters[len(letters) - n:] if n else "") for s, n in zip(subs, counts)]
    return subs, out.replace("...", letters)


def _onto_diagonal(g, sub, shape):
    """``g`` (one axis per distinct letter of ``sub``) laid on the diagonals of a zero tensor."""
    first = {}
    for p, c in enumerate(sub):
        first.setdefault(c, p)
    g = broadcast_to(reshape(g, [shape[p] if first[c] == p else 1 for p, c in enumerate(sub)]), shape)
    on_diagonal = np.ones(shape, dtype=bool)
    for p, c in enumerate(sub):
        if first[c] != p:
            on_diagonal &= _axis_range(shape, first[c]) == _axis_range(shape, p)
    mask = EagerTensor(from_host(on_diagonal, device_obj(g.value)), dtypes.bool)
    return where(mask, g, zeros_like(g))


def _axis_range(shape, axis):
    view = [1] * len(shape)
    view[axis] = shape[axis]
    return np.arange(shape[axis]).reshape(view)
