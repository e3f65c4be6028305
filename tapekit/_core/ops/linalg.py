"""Matrix products: ``matmul`` with transpose flags and batch dimensions."""

from __future__ import annotations

import re

import numpy as np

from ...backend import device_obj, from_host, ns, to_host
from ...backend import einsum as backend_einsum
from ...errors import InvalidArgumentError, kernel_prefix, shape_text
from ..._base.i18n import _, hint_line
from ..record.registry import execute
from .args import bool_attr, int_array, int_values
from .array_ops import expand_dims, reshape, squeeze, transpose
from .math_ops import abs as abs_
from .math_ops import binary_inputs, conj, dtype_mismatch, multiply, negative, sqrt, to_tensor
from .math_ops import pow as pow_
from .reduction import normalize_axis, reduce_max, reduce_sum


def matmul_arrays(a, b, transpose_a, transpose_b):
    """MatMul's kernel on backend arrays (the transposes are views; NumPy's ``mT`` without a call)."""
    xp = ns(a)
    if transpose_a:
        a = a.mT if type(a) is np.ndarray else xp.matrix_transpose(a)
    if transpose_b:
        b = b.mT if type(b) is np.ndarray else xp.matrix_transpose(b)
    return xp.matmul(a, b)


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, name=None):
    """Matrix product of the last two axes; leading axes are batch axes (broadcast).

    >>> import tapekit as tk
    >>> tk.matmul([[1.0, 2.0]], [[3.0], [4.0]]).numpy().tolist()
    [[11.0]]
    """
    if type(transpose_a) is not bool or type(transpose_b) is not bool:   # TF's attrs take bools only
        transpose_a, transpose_b = bool_attr(transpose_a, "transpose_a"), bool_attr(transpose_b, "transpose_b")
    a, b = binary_inputs("MatMul", a, b)
    av, bv = a.value, b.value
    if av.ndim == 2 and bv.ndim == 2 and not (adjoint_a or adjoint_b) and \
            (av.shape[0] if transpose_a else av.shape[1]) == (bv.shape[1] if transpose_b else bv.shape[0]):
        # two matrices of matching inner size, no adjoint: nothing else to check (the common case)
        return execute("MatMul", matmul_arrays, (a, b), {"transpose_a": bool(transpose_a),
                                                         "transpose_b": bool(transpose_b)})
    if (transpose_a and adjoint_a) or (transpose_b and adjoint_b):
        raise ValueError("Only one of transpose_a and adjoint_a (or transpose_b and adjoint_b) "
                         "can be True.")
    if (adjoint_a and a.dtype.is_complex) or (adjoint_b and b.dtype.is_complex):
        a, b = (conj(a) if adjoint_a else a), (conj(b) if adjoint_b else b)
    ta, tb = bool(transpose_a or adjoint_a), bool(transpose_b or adjoint_b)
    if a.ndim < 2 or b.ndim < 2:
        bad = a if a.ndim < 2 else b
        raise InvalidArgumentError(
            f"In[{0 if bad is a else 1}] ndims must be >= 2 [Op:MatMul] name: "
            + hint_line(_("matmul multiplies matrices; got shapes {a_shape} and {b_shape}. Use tk.expand_dims "
                          "or tk.reshape to make a vector a 1-row or 1-column matrix.").format(
                        a_shape=list(a.shape), b_shape=list(b.shape))),
            op="MatMul")
    if a.ndim > 2 or b.ndim > 2:
        try:
            np.broadcast_shapes(tuple(a.shape)[:-2], tuple(b.shape)[:-2])
        except ValueError:
            raise InvalidArgumentError(
                f"In[0] and In[1] must have compatible batch dimensions: {shape_text(a.shape)} vs. "
                f"{shape_text(b.shape)} "
                "[Op:BatchMatMulV2] name: "
                + hint_line(_("the leading (batch) axes broadcast like element-wise ops: each equal or 1.")),
                op="BatchMatMulV2") from None
    ka = a.shape[-2] if ta else a.shape[-1]
    kb = b.shape[-1] if tb else b.shape[-2]
    op_type = "MatMul" if a.ndim == 2 and b.ndim == 2 else "BatchMatMulV2"
    if ka != kb:
        raise InvalidArgumentError(
            f"Matrix size-incompatible: In[0]: {shape_text(a.shape)}, In[1]: {shape_text(b.shape)} "
            f"[Op:{op_type}] name: "
            + hint_line(_("the inner dimensions must agree ({ka} vs {kb}); transpose one input "
                          "(transpose_a / transpose_b) or reshape it.").format(ka=ka, kb=kb)), op=op_type)
    return execute(op_type, matmul_arrays, (a, b), {"transpose_a": ta, "transpose_b": tb})


# ---------- built on matmul and the array ops ----------
def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    """Swap the last two axes (a batch of matrices stays a batch)."""
    a = to_tensor(a)
    if a.ndim < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = "
                         f"{a.numpy()} with shape: {tuple(a.shape)}")
    perm = list(range(a.ndim - 2)) + [a.ndim - 1, a.ndim - 2]
    return transpose(a, perm, conjugate=conjugate)


def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False,
           name=None):
    """Matrix times vector: ``a`` [..., M, N] times ``b`` [..., N] gives [..., M]."""
    a, b = binary_inputs("MatMul", a, b)
    if b.ndim < 1:
        raise ValueError(f"matvec needs a vector (rank >= 1) for `b`, got shape {tuple(b.shape)}.")
    out = matmul(a, expand_dims(b, -1), transpose_a=transpose_a, adjoint_a=adjoint_a)
    return squeeze(out, -1)


def _diag_part(x):
    return ns(x).linalg.diagonal(x) if hasattr(ns(x), "linalg") and \
        hasattr(ns(x).linalg, "diagonal") else ns(x).diagonal(x, axis1=-2, axis2=-1)


def diag_part(input, name="diag_part", k=0, padding_value=0, align="RIGHT_LEFT"):
    """The main diagonal of each matrix in the last two axes: [..., M, N] -> [..., min(M, N)]."""
    x = to_tensor(input)
    if x.ndim < 2:
        raise InvalidArgumentError(f"input must be at least 2-dim, received shape: {shape_text(x.shape)} "
                                   "[Op:MatrixDiagPartV3] name: "
                                   + hint_line(_("diag_part reads the diagonal of a matrix (rank >= 2).")),
                                   op="MatrixDiagPartV3")
    if k != 0:
        raise NotImplementedError("tk.linalg.diag_part supports only the main diagonal (k=0).")
    return execute("MatrixDiagPartV3", _diag_part, (x,))


def trace(x, name=None):
    """Sum of the main diagonal of each matrix in the last two axes."""
    return reduce_sum(diag_part(x), axis=-1)


def _numeric(tensor):
    """The input of a norm: numbers (TF's TypeError for bools and strings)."""
    x = to_tensor(tensor)
    if x.dtype.is_bool or x.dtype.is_string:
        raise TypeError(f"Expected numeric or variant tensor, got dtype {x.dtype!r}."
                        + hint_line(_("a norm is computed from numbers; convert with tk.cast(x, tk.float32).")))
    return x


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):
    """Vector norms (ord 'euclidean'/2, 1, inf, p > 0) or matrix norms ('fro', 1, inf) for a 2-axis ``axis``.

    As TF, the euclidean norm of a zero vector has a NaN gradient (sqrt'(0) * 0).
    """
    x = _numeric(tensor)
    is_matrix = isinstance(axis, (list, tuple)) and len(axis) == 2 and axis[0] != axis[1]
    if axis is not None and not isinstance(axis, (int, np.integer)) and not is_matrix:
        raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got "
                         f"{axis}")
    if is_matrix:
        if ord not in ("euclidean", "fro", 1, np.inf):
            raise ValueError(f"'ord' must be a supported matrix norm in ['euclidean', 'fro', 1, inf], "
                             f"got {ord}" + (hint_line(_("the spectral norm (ord=2) is not implemented in "
                                                         "tapekit.")) if ord == 2 else ""))
    elif isinstance(ord, str) and ord != "euclidean" or not isinstance(ord, str) and \
            not (isinstance(ord, (int, float)) and ord > 0):
        raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
    axes = normalize_axis(axis, x.ndim, "Norm")
    if ord in ("euclidean", "fro", 2):
        out = sqrt(reduce_sum(multiply(x, conj(x) if x.dtype.is_complex else x), axes, keepdims=True))
    elif is_matrix:
        rows, cols = normalize_axis(axis[0], x.ndim, "Norm")[0], normalize_axis(axis[1], x.ndim, "Norm")[0]
        summed, over = (rows, cols) if ord == 1 else (cols, rows)
        out = reduce_max(reduce_sum(abs_(x), summed, keepdims=True), over, keepdims=True)
    elif ord == np.inf:
        out = reduce_max(abs_(x), axes, keepdims=True)
    elif ord == 1:
        out = reduce_sum(abs_(x), axes, keepdims=True)
    else:
        out = pow_(reduce_sum(pow_(abs_(x), float(ord)), axes, keepdims=True), 1.0 / ord)
    if keepdims:
        return out
    return reshape(out, [d for i, d in enumerate(x.shape) if i not in axes])


def tensordot(a, b, axes, name=None):
    """Sum products over ``axes`` of ``a`` and ``b`` (an int n: last n of a with first n of b)."""
    a, b = binary_inputs("MatMul", a, b)
    a_axes, b_axes = _tensordot_axes(axes, a.ndim, b.ndim)
    if len(a_axes) != len(b_axes) or any(a.shape[i] != b.shape[j] for i, j in zip(a_axes, b_axes)):
        raise InvalidArgumentError(
            f"Matrix size-incompatible: tensordot axes {a_axes} of shape {list(a.shape)} do not "
            f"match axes {b_axes} of shape {list(b.shape)} [Op:MatMul] name: ", op="MatMul")
    a_free = [i for i in range(a.ndim) if i not in a_axes]
    b_free = [i for i in range(b.ndim) if i not in b_axes]
    k = int(np.prod([a.shape[i] for i in a_axes]))
    a2 = reshape(transpose(a, a_free + a_axes), [-1 if a_free else 1, k])
    b2 = reshape(transpose(b, b_axes + b_free), [k, -1 if b_free else 1])
    return reshape(matmul(a2, b2), [a.shape[i] for i in a_free] + [b.shape[i] for i in b_free])


def _tensordot_axes(axes, a_rank: int, b_rank: int) -> tuple:
    """``axes`` of tensordot as two lists of non-negative axes, checked as TF checks them."""
    if not isinstance(axes, (list, tuple)):
        values = int_array(axes, "axes", "Tensordot")
        if values.ndim == 0:
            n = int(values)
            if not 0 <= n <= min(a_rank, b_rank):
                raise ValueError(f"`axes` must be at least 0 and at most the rank of each input ({a_rank} and "
                                 f"{b_rank}). Received: axes={axes}"
                                 + hint_line(_("axes=n sums over the last n axes of a and the first n of b.")))
            return list(range(a_rank - n, a_rank)), list(range(n))
        axes = values.tolist()
    if len(axes) != 2:
        raise ValueError(f"`axes` must be an integer or have length 2. Received {axes}."
                         + hint_line(_("give axes as an int, or as [axes of a, axes of b].")))
    pairs = []
    for given, rank in zip(axes, (a_rank, b_rank)):
        listed = int_values(given, "axes", "Tensordot")
        if any(not -rank <= ax < rank for ax in listed):
            raise InvalidArgumentError(f"axes {listed} out of range for a tensor of rank {rank} [Op:Tensordot]"
                                       + hint_line(_("each axis must lie in [-{rank}, {rank}).").format(rank=rank)),
                                       op="Tensordot")
        pairs.append([ax % rank for ax in listed])
    return pairs[0], pairs[1]


def _einsum(*xs, equation):
    return backend_einsum(equation, *xs)


def _check_einsum_equation(equation: str, count: int) -> None:
    """TF's ValueErrors for an equation that is malformed or names another number of inputs."""
    lhs, arrow, output = equation.replace(" ", "").partition("->")
    if "->" in output or not re.fullmatch(r"[A-Za-z.,]*", lhs) or not re.fullmatch(r"[A-Za-z.]*", output):
        raise ValueError(f"Subscripts have incorrect format: {equation}"
                         + hint_line(_("write letters, commas and one '->', such as 'ij,jk->ik'.")))
    if len(lhs.split(",")) != count:
        raise ValueError(f'Got {count} inputs for equation "{equation}", expecting {len(lhs.split(","))}'
                         + hint_line(_("give one input per comma-separated term of the equation.")))
    for label in output.replace(".", ""):
        if output.count(label) > 1:
            raise ValueError(f"Output subscripts contain a label appearing more than once: {equation}"
                             + hint_line(_("name each output axis once.")))
        if label not in lhs:
            raise ValueError(f"Output subscripts contain the label {label} not present in the input subscripts."
                             + hint_line(_("every output letter must name an axis of an input.")))


def _check_einsum_shapes(terms: list, xs: tuple) -> None:
    """TF's kernel errors for an input of the wrong rank, or a letter naming axes of two lengths."""
    lengths: dict = {}
    for k, (term, x) in enumerate(zip(terms, xs)):
        before, ellipsis, after = term.partition("...")
        labels, shape = before + after, list(x.shape)
        if len(labels) > len(shape) or (not ellipsis and len(labels) != len(shape)):
            raise InvalidArgumentError(f"{kernel_prefix('Einsum', N=len(xs))}Expected input {k} to have rank "
                                       f"{len(labels)} but got: {len(shape)} [Op:Einsum] name: "
                                       + hint_line(_("give term {k} one letter per axis of its input.").format(k=k)),
                                       op="Einsum")
        axes = list(range(len(before))) + list(range(len(shape) - len(after), len(shape)))
        for label, axis in zip(labels, axes):
            if lengths.setdefault(label, shape[axis]) != shape[axis]:
                raise InvalidArgumentError(
                    f"{kernel_prefix('Einsum', N=len(xs))}Expected dimension {lengths[label]} at axis {axis} of the "
                    f"input shaped {shape_text(shape)} but got dimension {shape[axis]} [Op:Einsum] name: "
                    + hint_line(_("the letter {label} names axes of lengths {a} and {b}.").format(
                        label=label, a=lengths[label], b=shape[axis])), op="Einsum")


def einsum(equation, *inputs, **kwargs):
    """Einstein summation, e.g. ``tk.einsum('ij,jk->ik', a, b)``; explicit ``->`` output needed for gradients."""
    unknown = sorted(set(kwargs) - {"name", "optimize"})
    if unknown:
        raise TypeError(f"Invalid keyword arguments for einsum: {', '.join(unknown)}. Valid arguments: name, optimize, "
                        "greedy.")
    xs = tuple(to_tensor(t) for t in inputs)
    for t in xs[1:]:
        if t.dtype is not xs[0].dtype:
            raise dtype_mismatch("Einsum", xs[0], t)
    if not isinstance(equation, str):
        raise TypeError(f"einsum's `equation` must be a string such as 'ij,jk->ik', got {type(equation).__name__}: "
                        f"{equation!r}" + hint_line(_("pass the equation first: tk.einsum('ij,jk->ik', a, b).")))
    _check_einsum_equation(equation, len(xs))
    equation = equation.replace(" ", "")
    _check_einsum_shapes(equation.split("->")[0].split(","), xs)
    if "->" not in equation:  # implicit output: the letters used once, sorted
        lhs = equation
        letters = [c for c in lhs if c.isalpha()]
        equation = lhs + "->" + "".join(sorted(c for c in set(letters) if letters.count(c) == 1))
    try:
        return execute("Einsum", _einsum, xs, {"equation": equation})
    except InvalidArgumentError as err:
        what = err.message.split(' [Op:')[0].split("}} ")[-1]
        raise InvalidArgumentError(f"{kernel_prefix('Einsum', N=len(xs))}{what} [Op:Einsum] name: "
                                   + hint_line(_("check that each letter of '{equation}' names axes of one "
                                                 "length.").format(equation=equation)), op="Einsum") from None


# ---------- inverse, determinant, solve (LAPACK through NumPy) ----------
def _square_matrices(op_type, x, what="Input"):
    """Check a float/complex [..., M, M] input, raising TF's errors (with a hint)."""
    x = to_tensor(x)
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise InvalidArgumentError(
            f"Value for attr 'T' of {x.dtype.name} is not in the list of allowed values: double, float, half, "
            f"complex64, complex128 [Op:{op_type}] name: "
            + hint_line(_("convert the matrix first, e.g. tk.cast(a, tk.float32).")), op=op_type)
    if x.ndim < 2:
        raise InvalidArgumentError(f"Input tensor 0 must have rank >= 2, got {x.ndim} [Op:{op_type}]"
                                   + hint_line(_("{op_type} works on matrices (the last two axes).").format(
                                               op_type=op_type)), op=op_type)
    if x.shape[-1] != x.shape[-2]:
        raise InvalidArgumentError(f"{what} matrix must be square. [Op:{op_type}]"
                                   + hint_line(_("got shape {shape}; the last two axes must be equal.").format(
                                               shape=list(x.shape))), op=op_type)
    return x


def _lapack(fn, *arrays, singular=None):
    """Run a NumPy linalg function on host copies (float16 widened to float32 and back).

    ``singular`` is ``(op_type, text)``: LAPACK's exact-zero pivot, TF's test, raises it.
    """
    out_dtype = arrays[0].dtype
    host = [to_host(a) for a in arrays]
    host = [h.astype(np.float32) if h.dtype == np.float16 else h for h in host]
    try:
        out = fn(*host)
    except np.linalg.LinAlgError:
        op_type, text = singular
        raise InvalidArgumentError(f"{text} [Op:{op_type}]"
                                   + hint_line(_("the matrix is singular (its determinant is 0); it has no "
                                                 "inverse.")), op=op_type) from None
    return from_host(np.asarray(out).astype(out_dtype), device_obj(arrays[0]))


def _inv(x, adjoint):
    xp = ns(x)
    if adjoint:
        x = xp.conj(xp.matrix_transpose(x))
    if not x.size:
        return x
    return _lapack(np.linalg.inv, x, singular=("MatrixInverse", "Input is not invertible."))


def inv(input, adjoint=False, name=None):
    """The inverse of each square matrix in the last two axes (InvalidArgumentError if singular)."""
    x = _square_matrices("MatrixInverse", input)
    return execute("MatrixInverse", _inv, (x,), {"adjoint": bool(adjoint)})


def _det(x):
    return _lapack(np.linalg.det, x) if x.shape[-1] else ns(x).ones(x.shape[:-2], dtype=x.dtype)


def det(input, name=None):
    """The determinant of each square matrix in the last two axes: [..., M, M] -> [...]."""
    return execute("MatrixDeterminant", _det, (_square_matrices("MatrixDeterminant", input),))


def _solve(a, b, adjoint):
    xp = ns(a)
    if adjoint:
        a = xp.conj(xp.matrix_transpose(a))
    if not (a.size and b.size):
        return xp.zeros(b.shape, dtype=b.dtype)
    return _lapack(np.linalg.solve, a, b, singular=("MatrixSolve", "Input matrix is not invertible."))


def solve(matrix, rhs, adjoint=False, name=None):
    """X with ``matrix @ X = rhs`` for each matrix in the batch (``adjoint``: matrix^H X = rhs)."""
    a = _square_matrices("MatrixSolve", matrix)
    a, b = binary_inputs("MatrixSolve", a, rhs)
    if a.ndim != b.ndim:
        raise InvalidArgumentError(
            "All input tensors must have the same rank. [Op:MatrixSolve] name: "
            + hint_line(_("rhs is [..., M, K] (got shape {rhs_shape} for a matrix of shape {matrix_shape}); make a "
                          "vector a column with tk.expand_dims(rhs, -1).").format(
                        rhs_shape=list(b.shape), matrix_shape=list(a.shape))), op="MatrixSolve")
    if tuple(a.shape)[:-2] != tuple(b.shape)[:-2] or b.shape[-2] != a.shape[-1]:
        raise InvalidArgumentError(
            "Input matrix and rhs are incompatible. [Op:MatrixSolve]"
            + hint_line(_("matrix {matrix_shape} and rhs {rhs_shape} need the same batch axes and rhs.shape[-2] == "
                          "{m}.").format(matrix_shape=list(a.shape), rhs_shape=list(b.shape), m=a.shape[-1])),
            op="MatrixSolve")
    return execute("MatrixSolve", _solve, (a, b), {"adjoint": bool(adjoint)})


def negative_(x):
    return negative(x)


