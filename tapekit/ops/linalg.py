"""Matrix products: ``matmul`` with transpose flags and batch dimensions."""

from __future__ import annotations

from ..backend import ns
from ..errors import InvalidArgumentError
from ..registry import execute, gradient
from .math_ops import binary_inputs


def _matmul(a, b, transpose_a, transpose_b):
    xp = ns(a)
    if transpose_a:
        a = xp.matrix_transpose(a)
    if transpose_b:
        b = xp.matrix_transpose(b)
    return xp.matmul(a, b)


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, name=None):
    """Matrix product of the last two axes; leading axes are batch axes (broadcast)."""
    a, b = binary_inputs("MatMul", a, b)
    ta, tb = bool(transpose_a or adjoint_a), bool(transpose_b or adjoint_b)
    if a.ndim < 2 or b.ndim < 2:
        bad = a if a.ndim < 2 else b
        raise InvalidArgumentError(
            f"In[{0 if bad is a else 1}] ndims must be >= 2 [Op:MatMul] name: \n  Hint: matmul "
            f"multiplies matrices; got shapes {list(a.shape)} and {list(b.shape)}. Use "
            "tk.expand_dims or tk.reshape to make a vector a 1-row or 1-column matrix.",
            op="MatMul")
    ka = a.shape[-2] if ta else a.shape[-1]
    kb = b.shape[-1] if tb else b.shape[-2]
    op_type = "MatMul" if a.ndim == 2 and b.ndim == 2 else "BatchMatMulV2"
    if ka != kb:
        raise InvalidArgumentError(
            f"Matrix size-incompatible: In[0]: {list(a.shape)}, In[1]: {list(b.shape)} "
            f"[Op:{op_type}] name: \n  Hint: the inner dimensions must agree ({ka} vs {kb}); "
            "transpose one input (transpose_a / transpose_b) or reshape it.", op=op_type)
    return execute(op_type, _matmul, (a, b), {"transpose_a": ta, "transpose_b": tb})


def _matmul_grad(op, grad):
    a, b = op.inputs
    ta, tb = op.attrs["transpose_a"], op.attrs["transpose_b"]
    if not ta and not tb:
        return matmul(grad, b, transpose_b=True), matmul(a, grad, transpose_a=True)
    if not ta and tb:
        return matmul(grad, b), matmul(grad, a, transpose_a=True)
    if ta and not tb:
        return matmul(b, grad, transpose_b=True), matmul(a, grad)
    return matmul(b, grad, transpose_a=True, transpose_b=True), \
        matmul(grad, a, transpose_a=True, transpose_b=True)


gradient("MatMul")(_matmul_grad)
gradient("BatchMatMulV2")(_matmul_grad)
