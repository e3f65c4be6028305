"""The small namespace the hot gradient rules are written in: tapekit's ops, or the backend's kernels.

A rule registered with ``on_arrays=True`` is written once, against ``m = math_for(grad)``:

    @gradient("Mul", reads="other_input", on_arrays=True)
    def _mul_grad(op, grad):
        m = math_for(grad)
        x, y = op.inputs
        return m.multiply(grad, m.conj(y)), m.multiply(m.conj(x), grad)

While a tape records (a higher-order gradient), or for a dtype other than float32/float64, the
reverse pass calls it with Tensors: ``m`` is ``TENSOR_MATH``, tapekit's ops, which record. When
nothing records, the pass may call it with the op's saved backend arrays and an array gradient
(``tape_entry.ArrayEntry``): ``m`` is ``ARRAY_MATH``, the same kernels those ops run, on the
arrays; no Tensor per intermediate result, no op call. So both paths give the same bits
(``tests/core/test_rule_paths.py`` checks every such rule). This is how JAX's rules are written in
``jnp``, whose functions take tracers or arrays alike.

Only what the rules need is here: each name is an op of ``tapekit._core.ops`` and its kernel.
"""

from __future__ import annotations

import operator
from types import SimpleNamespace

import numpy as np

from ...backend import ns
from ..record.indexed_slices import IndexedSlices
from ..ops.array_ops import broadcast_to, reshape
from ..ops.creation import zeros
from ..ops.linalg import matmul, matmul_arrays
from ..ops.math_ops import (
    cast,
    conj,
    divide,
    greater_equal,
    less_equal,
    multiply,
    negative,
    real_div,
    reciprocal,
    select_arrays,
    subtract,
    where,
)
from ..ops.nn_ops import relu_grad
from ..values.tensor import Tensor


def _conj(t):
    """conj(t) for a complex tensor; a real one as it is (no op recorded)."""
    return conj(t) if t.dtype.is_complex else t


def _broadcast_array(a, shape):
    """BroadcastTo's kernel; one value (a full reduction's gradient) filled instead: a fresh array."""
    shape = tuple(shape)
    if a.shape == shape:
        return a
    if type(a) is np.ndarray and a.size == 1:
        out = np.empty(shape, dtype=a.dtype)
        out.fill(a.reshape(()))
        return out
    return ns(a).broadcast_to(a, shape)


def _scalar(value, dtype):
    """``value`` as a scalar of ``dtype``: a NumPy scalar for a NumPy dtype (NumPy and CuPy arrays); for
    another array API backend the Python number, which its arrays take in their own dtype."""
    return np.dtype(dtype).type(value) if isinstance(dtype, np.dtype) else value


def _reshape_array(a, shape):
    return ns(a).reshape(a, tuple(shape))


TENSOR_MATH = SimpleNamespace(
    multiply=multiply, real_div=real_div, divide=divide, subtract=subtract, negative=negative,
    reciprocal=reciprocal, conj=_conj, greater_equal=greater_equal, less_equal=less_equal, where=where,
    zero=lambda like: zeros((), like.dtype), relu_grad=relu_grad, cast=cast,
    matmul=lambda a, b, ta, tb: matmul(a, b, transpose_a=ta, transpose_b=tb),
    reshape=reshape, broadcast_to=broadcast_to,
)

# The kernels of the ops above (math_ops binds + - * / to the operators), for float32/float64
# arrays only: the lean path runs for real dtypes, so conj is the identity.
ARRAY_MATH = SimpleNamespace(
    multiply=operator.mul, real_div=operator.truediv, divide=operator.truediv, subtract=operator.sub,
    negative=operator.neg, reciprocal=lambda a: 1 / a, conj=lambda a: a,
    greater_equal=operator.ge, less_equal=operator.le, where=select_arrays,
    zero=lambda like: ns(like).zeros((), dtype=like.dtype), relu_grad=relu_grad.kernel,
    cast=lambda value, dtype: _scalar(value, dtype),
    matmul=matmul_arrays, reshape=_reshape_array, broadcast_to=_broadcast_array,
)

_TENSOR_TYPES = (Tensor, IndexedSlices)


def math_for(grad) -> SimpleNamespace:
    """The namespace a rule computes in: ``ARRAY_MATH`` for a backend array gradient, else ``TENSOR_MATH``."""
    return TENSOR_MATH if isinstance(grad, _TENSOR_TYPES) else ARRAY_MATH
