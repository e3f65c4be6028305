"""Element-wise math: each op's forward and, right below it, its gradient rule.

Gradient rules take TF's ``(op, grad)`` and return one gradient per input, computed with tapekit
ops so that an outer tape records them (that is what makes second derivatives work).
Broadcast gradients are reduced to each input's shape by the reverse pass, not here.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable

import numpy as np

from ..._base import dtypes
from ...backend import astype, device_obj, dtype_kind, from_host, np_dtype, ns, to_host
from ..record.causes import Cause
from ..._base.dtypes import KERNEL_NAMES
from ...errors import InvalidArgumentError, UnimplementedError, kernel_prefix, shape_text
from ..._base.i18n import _, hint_line
from ..record.indexed_slices import IndexedSlices
from ..record.registry import (execute, execute_binary, execute_unary, gradient, no_gradient, none_gradient, record,
                               state)
from ..values.context import recorded_effect
from ..values.tensor import EagerTensor, Tensor, convert_to_tensor, host_value, is_variable, with_hint
from .args import named_conversion, short_repr as _short


# ---------- converting inputs ----------
def to_tensor(x, dtype_hint=None) -> Tensor:
    if isinstance(x, Tensor):
        return x
    read = getattr(x, "_read", None)
    if read is not None:
        return read()
    if dtype_hint is not None:
        return _converted(x, dtype_hint=dtype_hint) if isinstance(x, (list, tuple)) else _converted(x, dtype=dtype_hint)
    return _converted(x)


def _converted(x, **kwargs) -> Tensor:
    """``convert_to_tensor(x, **kwargs)``; its error without a hint gets one saying what an input can be."""
    try:
        return convert_to_tensor(x, **kwargs)
    except (TypeError, ValueError) as err:
        if hint_line("") in str(err):
            raise
        raise with_hint(err, _("an op's input is a tensor, a number or a (nested) list of numbers; got {value}.")
                        .format(value=_short(x))) from None


def binary_inputs(op_type: str, x, y) -> tuple[Tensor, Tensor]:
    """Both operands as tensors of one dtype; a non-tensor is converted to the tensor operand's dtype
    (TypeError when it cannot be, as TF: ``int_tensor * 2.5``)."""
    x_is = isinstance(x, Tensor) or is_variable(x)
    y_is = isinstance(y, Tensor) or is_variable(y)
    if x_is:
        x = to_tensor(x)
        y = to_tensor(y) if y_is else _converted(y, dtype=x._dtype)
    elif y_is:
        y = to_tensor(y)
        x = _converted(x, dtype=y._dtype)
    else:
        x = to_tensor(x)
        y = to_tensor(y, x._dtype)
    if x._dtype is not y._dtype:
        raise dtype_mismatch(op_type, x, y)
    return x, y


def dtype_mismatch(op_type: str, x: Tensor, y: Tensor, index: int = 1, name: str = "") -> InvalidArgumentError:
    want = KERNEL_NAMES.get(x._dtype.name, x._dtype.name)
    got = KERNEL_NAMES.get(y._dtype.name, y._dtype.name)
    hint = (_("all inputs of {op_type} must have one dtype, got {dtype} and {other}; convert one with "
              "tk.cast(value, tk.{dtype}).") if op_type in ("Pack", "ConcatV2", "AddN", "Einsum") else
            _("both inputs of {op_type} must have one dtype, got {dtype} and {other}; convert one with "
              "tk.cast(value, tk.{dtype})."))
    return InvalidArgumentError(
        f"cannot compute {op_type} as input #{index}(zero-based) was expected to be a {want} tensor but is a {got} "
        f"tensor [Op:{op_type}] name: {name}"
        + hint_line(hint.format(op_type=op_type, dtype=x._dtype.name, other=y._dtype.name)), op=op_type)


# The dtypes each op's kernel takes, as TF 2.21 lists them in its error (quantized types left out).
_NUMERIC = ("bfloat16, half, float, double, uint8, uint16, uint32, uint64, int8, int16, int32, int64, "
            "complex64, complex128")
_SIGNED = "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128"
_ORDERED = "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"
_INTEGERS = "int8, int16, int32, int64, uint8, uint16, uint32, uint64"
_SUMMABLE = ("float, double, int32, uint8, int16, int8, complex64, int64, bfloat16, uint16, complex128, half, "
             "uint32, uint64")
_ALLOWED_TEXT = {
    "AddV2": _NUMERIC, "Sub": _NUMERIC, "Mul": _NUMERIC, "FloorDiv": _NUMERIC, "Square": _NUMERIC,
    "Neg": _SIGNED, "Sign": _SIGNED, "Pow": _SIGNED,
    "Abs": "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128",
    "FloorMod": "int8, int16, int32, int64, uint8, uint16, uint32, uint64, bfloat16, half, float, double",
    "Maximum": "bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64",
    "Minimum": "bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64",
    "Less": _ORDERED, "LessEqual": _ORDERED, "Greater": _ORDERED, "GreaterEqual": _ORDERED,
    "BitwiseAnd": _INTEGERS, "BitwiseOr": _INTEGERS, "BitwiseXor": _INTEGERS, "Invert": _INTEGERS,
    "LeftShift": _INTEGERS, "RightShift": _INTEGERS,
    # reductions (ops/reduction.py)
    "Sum": _SUMMABLE, "Prod": _SUMMABLE, "Mean": _SUMMABLE, "Cumsum": _SUMMABLE, "Cumprod": _SUMMABLE,
    "AddN": _SUMMABLE, "Max": _ORDERED, "Min": _ORDERED, "ArgMax": _ORDERED + ", bool",
    "ArgMin": _ORDERED + ", bool",
    # activations (ops/nn_ops.py)
    "Relu": _ORDERED, "Relu6": _ORDERED,
    "Round": "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128",
}
_TK_NAMES = {"half": "float16", "float": "float32", "double": "float64"}
# tapekit dtype names each op takes (checked per op call: a set lookup)
_ALLOWED = {op: frozenset(_TK_NAMES.get(n, n) for n in text.split(", ")) for op, text in _ALLOWED_TEXT.items()}


_ADD_TAKES, _SUB_TAKES, _MUL_TAKES = _ALLOWED["AddV2"], _ALLOWED["Sub"], _ALLOWED["Mul"]


def kernel_name(dtype) -> str:
    """A dtype as TF's kernels name it (float32 is ``float``, float64 ``double``, float16 ``half``)."""
    return KERNEL_NAMES.get(dtype.name, dtype.name)


def check_dtype(op_type: str, t: Tensor) -> None:
    """InvalidArgumentError, as TF's, when ``op_type`` has no kernel for ``t``'s dtype."""
    allowed = _ALLOWED.get(op_type)
    if allowed is None or t._dtype.name in allowed:
        return
    if t._dtype.is_bool:
        hint = _("{op} does not take bool tensors; use &, |, ^, ~ (or tk.logical_and, ...) for logic, "
                 "or tk.cast(x, tk.float32) to compute with 0 and 1.")
    elif t._dtype.is_string:
        hint = _("{op} does not take strings; strings support + (concatenation) and ==, != only.")
    else:
        hint = _("{op} does not take {dtype}; convert first, e.g. tk.cast(x, tk.float32).")
    raise InvalidArgumentError(
        f"Value for attr 'T' of {kernel_name(t._dtype)} is not in the list of allowed values: "
        f"{_ALLOWED_TEXT[op_type]} [Op:{op_type}] name: "
        + hint_line(hint.format(op=op_type, dtype=t._dtype.name)))


def _binary(op_type, forward, x, y):
    if not (type(x) is EagerTensor and type(y) is EagerTensor and x._dtype is y._dtype):   # else nothing to convert
        x, y = binary_inputs(op_type, x, y)
    check_dtype(op_type, x)
    return execute(op_type, forward, (x, y))


def _arith(op_type, forward, x, y):
    """A binary op whose kernel keeps its inputs' dtype (AddV2, Sub, Mul, Maximum ...)."""
    if not (type(x) is EagerTensor and type(y) is EagerTensor and x._dtype is y._dtype):   # else nothing to convert
        x, y = binary_inputs(op_type, x, y)
    check_dtype(op_type, x)
    return execute(op_type, forward, (x, y), None, x._dtype)


def _unary(op_type, forward, x):
    x = to_tensor(x)
    check_dtype(op_type, x)
    return execute(op_type, forward, (x,))


# ops of require_float with real kernels only (TF: "half, bfloat16, float, double"); the others take complex too
_REAL_ONLY = frozenset({"Atan2", "Ceil", "Floor", "Digamma", "Elu", "Erf", "Erfc", "L2Loss", "LeakyRelu", "Lgamma",
                        "LogSoftmax", "Polygamma", "Selu", "Softmax", "SoftmaxCrossEntropyWithLogits", "Softplus",
                        "Softsign", "SparseSoftmaxCrossEntropyWithLogits"})


def require_float(op_type, x: Tensor, allow_int=False):
    d = x._dtype
    if d.is_complex and op_type in _REAL_ONLY:
        raise InvalidArgumentError(
            f"Value for attr 'T' of {d.name} is not in the list of allowed values: half, bfloat16, float, double "
            f"[Op:{op_type}] name: " + hint_line(_("{op} takes real numbers; use tk.math.real(x) or tk.abs(x) "
                                                   "first.").format(op=op_type)), op=op_type)
    if not (d.is_floating or d.is_complex or (allow_int and d.is_integer)):
        raise InvalidArgumentError(
            f"Value for attr 'T' of {d.name} is not in the list of allowed values for {op_type}: it needs a "
            f"floating-point input [Op:{op_type}] name: "
            + hint_line(_("convert the input first, e.g. tk.cast(x, tk.float32).")), op=op_type)


# ---------- arithmetic ----------
# The kernels of + - * / are the operators themselves (C functions: no Python frame per op).
_add = operator.add


def _concat_strings(x, y):
    return np.asarray(x + y, dtype=object)  # NumPy gives a bare bytes object for rank 0


def add(x, y, name=None):
    """x + y; two string tensors concatenate (TF's ``Add`` op), as ``tf.add``.

    >>> import tapekit as tk
    >>> tk.add([1.0, 2.0], 0.5)
    <tk.Tensor: shape=(2,), dtype=float32, numpy=array([1.5, 2.5], dtype=float32)>
    """
    if type(x) is EagerTensor and type(y) is EagerTensor and x._dtype is y._dtype and x._dtype.name in _ADD_TAKES:
        return execute_binary("AddV2", _add, x, y, x._dtype)   # nothing to convert or check
    if not (isinstance(y, Tensor) or is_variable(y)):
        x = to_tensor(x)
    if isinstance(x, Tensor) or is_variable(x):
        x = to_tensor(x)
        if not (isinstance(y, Tensor) or is_variable(y)):
            # As TF: y is converted with x's dtype only as a preference (so int + 2.5 reports the
            # dtype clash of AddV2, where int * 2.5 raises TypeError).
            y = convert_to_tensor(y, dtype_hint=x._dtype)
        if x._dtype.is_string:
            return _binary("Add", _concat_strings, x, y)
    return _arith("AddV2", _add, x, y)


_sub = operator.sub


def subtract(x, y, name=None):
    if type(x) is EagerTensor and type(y) is EagerTensor and x._dtype is y._dtype and x._dtype.name in _SUB_TAKES:
        return execute_binary("Sub", _sub, x, y, x._dtype)   # nothing to convert or check
    return _arith("Sub", _sub, x, y)


_mul = operator.mul   # 0 * inf is nan, silently, as TF (see ops/__init__.py on warnings)


def multiply(x, y, name=None):
    """x * y element-wise, broadcasting; the gradient of each is the other times the upstream.

    >>> import tapekit as tk
    >>> x = tk.Variable([1.0, 2.0])
    >>> with tk.GradientTape() as tape:
    ...     y = tk.multiply(x, [3.0, 4.0])
    >>> tape.gradient(y, x).numpy().tolist()
    [3.0, 4.0]
    """
    if type(x) is EagerTensor and type(y) is EagerTensor and x._dtype is y._dtype and x._dtype.name in _MUL_TAKES:
        return execute_binary("Mul", _mul, x, y, x._dtype)   # nothing to convert or check
    return _arith("Mul", _mul, x, y)


_div = operator.truediv


def divide(x, y, name=None):
    """True division, as TF's ``truediv``: 8/16-bit integers give float32, wider ones float64."""
    if type(x) is EagerTensor and type(y) is EagerTensor and x._dtype is y._dtype and x._dtype.is_floating:
        return execute_binary("RealDiv", _div, x, y, x._dtype)   # nothing to convert or check
    try:
        x, y = binary_inputs("RealDiv", x, y)
        if x._dtype.is_bool or x._dtype.is_string:
            raise TypeError(
                f"Invalid dtype {x.dtype!r} in __truediv__. Expected one of {{tk.uint8, tk.int8, tk.uint16, "
                "tk.int16, tk.uint32, tk.int32, tk.uint64, tk.int64, tk.bfloat16, tk.float16, tk.float32, "
                f"tk.float64, tk.complex64, tk.complex128}}."
                + hint_line(_("divide numbers; tk.cast(x, tk.float32) first.")))
    except InvalidArgumentError:
        raise TypeError(f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}."
                        + hint_line(_("convert one with tk.cast(y, {dtype!r}).").format(dtype=x.dtype))) from None
    if x._dtype.is_integer:
        wide = dtypes.float32 if x._dtype.size <= 2 else dtypes.float64
        x, y = cast(x, wide), cast(y, wide)
    return execute("RealDiv", _div, (x, y), None, x._dtype)


truediv = divide


def real_div(x, y, name=None):
    """Division of two tensors of one (float) dtype, with no integer conversion."""
    if type(x) is EagerTensor and x._dtype.is_floating:
        if type(y) is EagerTensor and x._dtype is y._dtype:
            return execute_binary("RealDiv", _div, x, y, x._dtype)   # nothing to convert or check
        return _arith("RealDiv", _div, x, y)
    return _binary("RealDiv", _div, x, y)


realdiv = real_div


def _floordiv(x, y):
    return ns(x).floor_divide(x, y)


def _check_int_divisor(op_type, x: Tensor, y: Tensor) -> None:
    if x._dtype.is_integer and bool(np.any(host_value(y) == 0)):
        raise InvalidArgumentError(f"Integer division by zero [Op:{op_type}] name: "
                                   + hint_line(_("an integer {op_type} needs a divisor without zeros.").format(
                                               op_type=op_type)), op=op_type)


def floordiv(x, y, name=None):
    """Division rounded toward negative infinity (``//``), as TF for integers and floats."""
    x, y = binary_inputs("FloorDiv", x, y)
    check_dtype("FloorDiv", x)
    _check_int_divisor("FloorDiv", x, y)
    return execute("FloorDiv", _floordiv, (x, y))


gradient("FloorDiv")(none_gradient)   # as TF: a rule that returns None, not NotDifferentiable


def _mod(x, y):
    return ns(x).remainder(x, y)


def floormod(x, y, name=None):
    """Remainder of floor division (``%``): it takes the sign of ``y``."""
    x, y = binary_inputs("FloorMod", x, y)
    check_dtype("FloorMod", x)
    _check_int_divisor("FloorMod", x, y)
    return execute("FloorMod", _mod, (x, y))


mod = floormod


def _pow(x, y):
    xp = ns(x)
    if x.dtype == xp.float32:
        # TF's float32 Pow is the C library's powf, correctly rounded; NumPy's SIMD float32 power
        # is not (one ulp off in a fifth of cases). Through float64, all but ~0.1% agree.
        return xp.astype(xp.pow(xp.astype(x, xp.float64), xp.astype(y, xp.float64)), xp.float32)
    return xp.pow(x, y)


def pow(x, y, name=None):  # noqa: A001 - TF's name
    x, y = binary_inputs("Pow", x, y)
    check_dtype("Pow", x)
    if x._dtype.is_integer and bool(np.any(host_value(y) < 0)):
        raise InvalidArgumentError("Integers to negative integer powers are not allowed "
                                   "[Op:Pow] name: ", op="Pow")
    return execute("Pow", _pow, (x, y))


def _maximum(x, y):
    return ns(x).maximum(x, y)


def maximum(x, y, name=None):
    return _arith("Maximum", _maximum, x, y)


def _minimum(x, y):
    return ns(x).minimum(x, y)


def minimum(x, y, name=None):
    return _arith("Minimum", _minimum, x, y)


def _squared_difference(x, y):
    d = x - y
    return d * ns(d).conj(d) if getattr(d.dtype, "kind", "") == "c" else d * d   # |x - y|^2 for complex, as TF


def squared_difference(x, y, name=None):
    return _binary("SquaredDifference", _squared_difference, x, y)


def _div_no_nan(x, y):
    xp = ns(x)
    safe = xp.where(y == 0, xp.ones_like(y), y)
    return xp.where(y == 0, xp.zeros_like(x * y), x / safe)


def divide_no_nan(x, y, name=None):
    """x / y, and 0 wherever y is 0 (its gradients are 0 there too)."""
    return _binary("DivNoNan", _div_no_nan, x, y)


def add_n(inputs, name=None):
    """Sum of a list of tensors of one shape and dtype (a lone tensor is the list of its rows, as in TF)."""
    if not isinstance(inputs, (list, tuple)):
        if not isinstance(inputs, Iterable):
            raise TypeError(f"add_n takes a list of tensors as `inputs`, got {type(inputs).__name__}: {inputs!r}"
                            + hint_line(_("pass a list of tensors, such as tk.add_n([a, b]).")))
        try:
            inputs = list(inputs)   # TF iterates: a tensor's rows
        except TypeError as err:    # a scalar tensor
            raise with_hint(err, _("pass a list of tensors, such as tk.add_n([a, b]).")) from None
    inputs = [named_conversion(to_tensor, t, "inputs", "tk.add_n") for t in inputs]
    if len(inputs) == 1:
        return inputs[0]
    if not inputs:
        raise ValueError("Inputs must be an iterable of at least one Tensor/IndexedSlices with the "
                         "same dtype and shape.")
    check_dtype("AddN", inputs[0])
    for i, t in enumerate(inputs[1:], 1):
        if t._dtype is not inputs[0]._dtype:
            raise dtype_mismatch("AddN", inputs[0], t, index=i)
        if t._value.shape != inputs[0]._value.shape:
            raise InvalidArgumentError(
                f"{kernel_prefix('AddN', N=len(inputs))}Inputs to operation AddN of type AddN must have the same "
                f"size and shape.  Input 0: {shape_text(inputs[0]._value.shape)} != input {i}: "
                f"{shape_text(t._value.shape)} [Op:AddN] name: "
                + hint_line(_("add_n does not broadcast; use tk.add or reshape the inputs.")),
                op="AddN")
    return execute("AddN", _add_n, tuple(inputs))


def _add_n(*xs):
    total = xs[0]
    for x in xs[1:]:
        total = total + x
    return total


def add_n_pair(a: Tensor, b: Tensor) -> Tensor:
    """Accumulate two gradients of one tensor (the reverse pass's fan-in)."""
    return execute("AddV2", _add, (a, b))


# ---------- unary ----------
_neg = operator.neg


def negative(x, name=None):
    return _unary("Neg", _neg, x)


def _square(x):
    return x * x


def square(x, name=None):
    return _unary("Square", _square, x)


def _float_unary(op_type, fn_name):
    numpy_fn = getattr(np, fn_name)

    def forward(x):
        if type(x) is np.ndarray:   # the common case: NumPy's ufunc, without asking the backend
            return numpy_fn(x)
        return getattr(ns(x), fn_name)(x)

    def op(x, name=None):
        if type(x) is not EagerTensor:
            x = to_tensor(x)
        if not x._dtype.is_floating:
            require_float(op_type, x)
            return execute(op_type, forward, (x,))
        return execute_unary(op_type, numpy_fn if type(x._value) is np.ndarray else forward, x, x._dtype)

    op.__name__ = fn_name
    return op


sqrt = _float_unary("Sqrt", "sqrt")
exp = _float_unary("Exp", "exp")
log = _float_unary("Log", "log")
log1p = _float_unary("Log1p", "log1p")
expm1 = _float_unary("Expm1", "expm1")
sin = _float_unary("Sin", "sin")
cos = _float_unary("Cos", "cos")
tan = _float_unary("Tan", "tan")
tanh = _float_unary("Tanh", "tanh")
sinh = _float_unary("Sinh", "sinh")
cosh = _float_unary("Cosh", "cosh")
asin = _float_unary("Asin", "asin")
acos = _float_unary("Acos", "acos")
atan = _float_unary("Atan", "atan")


# ---------- TF's *Grad kernels: y' from the output y and the upstream dy ----------
# Like TF's C++ kernels, Sqrt, Rsqrt and Reciprocal give 0 wherever the upstream gradient is 0,
# even where the derivative itself is inf or nan: ``tk.where(x > 0, tk.sqrt(x), 0.)`` has
# gradient 0 at x <= 0 (the other rules give nan there, as TF's do). They are recorded as ops
# of their own, with TF's rules, so that second derivatives match TF's too.
def _zero_where_no_upstream(xp, dy, out):
    return xp.where(dy == 0, xp.zeros_like(out), out)


def _conj_array(xp, v):
    return xp.conj(v) if dtype_kind(v) == "c" else v


def _sqrt_grad_kernel(y, dy):
    xp = ns(y)
    return _zero_where_no_upstream(xp, dy, (dy * xp.asarray(0.5, dtype=dy.dtype)) / _conj_array(xp, y))


def _rsqrt_grad_kernel(y, dy):
    xp = ns(y)
    cy = _conj_array(xp, y)
    out = xp.asarray(-0.5, dtype=dy.dtype) * (dy * cy) * (cy * cy)
    return _zero_where_no_upstream(xp, dy, out + xp.zeros_like(out))  # -0 comes out as 0, as TF's


def _reciprocal_grad_kernel(y, dy):
    xp = ns(y)
    cy = _conj_array(xp, y)
    return _zero_where_no_upstream(xp, dy, -cy * cy * dy)


def sqrt_grad(y, dy):
    """TF's ``SqrtGrad``: ``0.5 * dy / conj(y)``, and 0 where ``dy`` is 0."""
    return execute("SqrtGrad", _sqrt_grad_kernel, (y, dy))


def rsqrt_grad(y, dy):
    """TF's ``RsqrtGrad``: ``-0.5 * dy * conj(y)**3``, and 0 where ``dy`` is 0."""
    return execute("RsqrtGrad", _rsqrt_grad_kernel, (y, dy))


def reciprocal_grad(y, dy):
    """TF's ``ReciprocalGrad``: ``-dy * conj(y)**2``, and 0 where ``dy`` is 0."""
    return execute("ReciprocalGrad", _reciprocal_grad_kernel, (y, dy))


def _rsqrt(x):
    return 1 / ns(x).sqrt(x)


def rsqrt(x, name=None):
    x = to_tensor(x)
    require_float("Rsqrt", x)
    return execute("Rsqrt", _rsqrt, (x,))


def _reciprocal(x):
    return 1 / x


def reciprocal(x, name=None):
    if type(x) is not EagerTensor:
        x = to_tensor(x)
    if x._dtype.is_floating:
        return execute_unary("Reciprocal", _reciprocal, x, x._dtype)
    require_float("Reciprocal", x)
    return execute("Reciprocal", _reciprocal, (x,))


inv = reciprocal


def _abs(x):
    return ns(x).abs(x)


def abs(x, name=None):  # noqa: A001 - TF's name
    """|x|; of a complex tensor, its magnitude (a float tensor, TF's ``ComplexAbs``)."""
    x = to_tensor(x)
    if x._dtype.is_complex:
        return complex_abs(x)
    return _unary("Abs", _abs, x)


def _complex_abs(v):
    return ns(v).abs(v)


def complex_abs(x: Tensor) -> Tensor:
    """|x| of a complex tensor, a real tensor (TF's ``ComplexAbs``, behind ``tk.abs``)."""
    return execute("ComplexAbs", _complex_abs, (x,))


def _sign(x):
    return ns(x).sign(x)


def sign(x, name=None):
    return _unary("Sign", _sign, x)


def _floor(x):
    return ns(x).floor(x)


def floor(x, name=None):
    x = to_tensor(x)
    require_float("Floor", x)
    return execute("Floor", _floor, (x,))


def _ceil(x):
    return ns(x).ceil(x)


def ceil(x, name=None):
    x = to_tensor(x)
    require_float("Ceil", x)
    return execute("Ceil", _ceil, (x,))


def _round(x):
    return ns(x).round(x)


def round(x, name=None):  # noqa: A001 - TF's name
    """Round half to even, as TF."""
    return _unary("Round", _round, x)


def _flush_subnormals(xp, out):
    """Zero results below the dtype's smallest normal number, as TF's CPU kernels (flush-to-zero)."""
    tiny = xp.finfo(out.dtype).smallest_normal
    return xp.where(xp.abs(out) < tiny, xp.zeros_like(out), out)


def _sigmoid(x):
    xp = ns(x)
    if dtype_kind(x) == "c":
        return 1 / (1 + xp.exp(-x))
    e = xp.exp(-xp.abs(x))  # in (0, 1]: never overflows
    return _flush_subnormals(xp, xp.where(x >= 0, 1 / (1 + e), e / (1 + e)))


def sigmoid(x, name=None):
    x = to_tensor(x)
    require_float("Sigmoid", x)
    return execute("Sigmoid", _sigmoid, (x,))


def _softplus(x):
    xp = ns(x)
    out = xp.maximum(x, xp.zeros_like(x)) + xp.log1p(xp.exp(-xp.abs(x)))  # stable at any |x|
    return _flush_subnormals(xp, out)


def softplus(features, name=None):
    """log(1 + exp(x)), computed without overflow; its gradient is sigmoid(x), in [0, 1]."""
    x = to_tensor(features)
    require_float("Softplus", x)
    return execute("Softplus", _softplus, (x,))


def _atan2(y, x):
    return ns(y).atan2(y, x)


def atan2(y, x, name=None):
    """The angle of the point (x, y): arctan(y / x) in the right quadrant."""
    y, x = binary_inputs("Atan2", y, x)
    require_float("Atan2", y)
    return execute("Atan2", _atan2, (y, x))


def conj(x, name=None):
    """Complex conjugate; real tensors are returned unchanged."""
    x = to_tensor(x)
    if not x._dtype.is_complex:
        return x
    return execute("Conj", lambda v: ns(v).conj(v), (x,))


def _erf(x):
    host_dtype = np_dtype(x)
    try:
        from scipy.special import erf as host_erf
    except ImportError:  # scipy is optional: fall back to the standard library, element by element
        host_erf = np.vectorize(math.erf, otypes=[host_dtype])
    return from_host(np.asarray(host_erf(to_host(x)), dtype=host_dtype), device_obj(x))


def erf(x, name=None):
    """The Gauss error function, 2/sqrt(pi) * integral of exp(-t^2) from 0 to x."""
    x = to_tensor(x)
    require_float("Erf", x)
    return execute("Erf", _erf, (x,))


def _float_predicate(op_type, fn):
    def op(x, name=None):
        x = to_tensor(x)
        if not x._dtype.is_floating:
            raise InvalidArgumentError(
                f"Value for attr 'T' of {x._dtype.name} is not in the list of allowed values: bfloat16, half, float, "
                f"double [Op:{op_type}] name: "
                + hint_line(_("{op_type} takes a floating-point tensor; integers are never NaN or infinite.").format(
                            op_type=op_type)), op=op_type)
        return execute(op_type, fn, (x,))

    no_gradient(op_type)
    return op


is_nan = _float_predicate("IsNan", lambda v: ns(v).isnan(v))
is_finite = _float_predicate("IsFinite", lambda v: ns(v).isfinite(v))
is_inf = _float_predicate("IsInf", lambda v: ns(v).isinf(v))


# ---------- comparisons and logic (no gradient) ----------
def _comparison(op_type, fn):
    def op(x, y, name=None):
        return _binary(op_type, fn, x, y)

    no_gradient(op_type)
    return op


equal = _comparison("Equal", lambda x, y: x == y)
not_equal = _comparison("NotEqual", lambda x, y: x != y)
less = _comparison("Less", lambda x, y: x < y)
less_equal = _comparison("LessEqual", lambda x, y: x <= y)
greater = _comparison("Greater", lambda x, y: x > y)
greater_equal = _comparison("GreaterEqual", lambda x, y: x >= y)


def _broadcastable(a, b) -> bool:
    try:
        np.broadcast_shapes(tuple(a.shape), tuple(b.shape))
        return True
    except ValueError:
        return False


def tensor_equals(x, y):
    """What ``x == y`` does for a tensor: element-wise ``equal``, or a scalar False when the shapes
    cannot broadcast (``tf.math.equal`` raises there). Other dtypes still raise, as in TF."""
    return _equality("Equal", x, y)


def tensor_not_equals(x, y):
    """What ``x != y`` does for a tensor: element-wise ``not_equal``, or a scalar True when the shapes
    cannot broadcast."""
    return _equality("NotEqual", x, y)


def _equality(op_type, x, y):
    x, y = binary_inputs(op_type, x, y)
    if x._value.shape != y._value.shape and not _broadcastable(x._value, y._value):
        return EagerTensor(from_host(np.array(op_type == "NotEqual"), device_obj(x._value)), dtypes.bool)
    return equal(x, y) if op_type == "Equal" else not_equal(x, y)


def _not_bool(op_type, t: Tensor, index: int) -> InvalidArgumentError:
    return InvalidArgumentError(
        f"cannot compute {op_type} as input #{index}(zero-based) was expected to be a bool tensor but is a "
        f"{KERNEL_NAMES.get(t._dtype.name, t._dtype.name)} tensor [Op:{op_type}] name: "
        + hint_line(_("logical ops take bool tensors; compare first (e.g. x > 0).")))


def _bool_input(x) -> Tensor:
    return to_tensor(x) if isinstance(x, Tensor) or is_variable(x) else convert_to_tensor(x, dtypes.bool)


def _logical(op_type, fn):
    def op(x, y, name=None):
        x, y = _bool_input(x), _bool_input(y)
        if not x._dtype.is_bool:
            raise _not_bool(op_type, x, 0)
        if not y._dtype.is_bool:
            raise _not_bool(op_type, y, 1)
        return execute(op_type, fn, (x, y))

    no_gradient(op_type)
    return op


logical_and = _logical("LogicalAnd", lambda x, y: x & y)
logical_or = _logical("LogicalOr", lambda x, y: x | y)
logical_xor = _logical("LogicalXor", lambda x, y: x ^ y)


def logical_not(x, name=None):
    x = _bool_input(x)
    if not x._dtype.is_bool:
        raise _not_bool("LogicalNot", x, 0)
    return execute("LogicalNot", lambda v: ~v, (x,))


no_gradient("LogicalNot")


def _bitwise(op_type, fn):
    def op(x, y, name=None):
        return _binary(op_type, fn, x, y)

    no_gradient(op_type)
    return op


bitwise_and = _bitwise("BitwiseAnd", lambda x, y: x & y)
bitwise_or = _bitwise("BitwiseOr", lambda x, y: x | y)
bitwise_xor = _bitwise("BitwiseXor", lambda x, y: x ^ y)
left_shift = _bitwise("LeftShift", lambda x, y: ns(x).bitwise_left_shift(x, y))
right_shift = _bitwise("RightShift", lambda x, y: ns(x).bitwise_right_shift(x, y))


def invert(x, name=None):
    """Bitwise NOT of an integer tensor (``~x``): every bit flipped."""
    return _unary("Invert", lambda v: ns(v).bitwise_invert(v), x)


no_gradient("Invert")


# ---------- casting, identity, selection ----------
def _cast_unsupported(source: str, target: str) -> UnimplementedError:
    kernel = [KERNEL_NAMES.get(n, n) for n in (source, target)]
    return UnimplementedError(
        f"Cast {kernel[0]} to {kernel[1]} is not supported [Op:Cast] name: "
        + hint_line(_("tk.cast converts between numeric and bool dtypes only; strings and numbers do not "
                      "convert into each other.")),
        op="Cast")


def _cast_forward(x, dtype):
    xp = ns(x)
    kind = dtype_kind(x)
    if dtype.is_integer and kind in "fc":
        x = xp.trunc(xp.real(x) if kind == "c" else x)
    return astype(x, dtype)


def cast(x, dtype, name=None):
    """Convert to another dtype; floats become integers by truncation toward zero."""
    dtype = dtypes.as_dtype(dtype)
    if type(x) is IndexedSlices:  # as TF: the values are cast, the slices stay sparse
        return IndexedSlices(cast(x.values, dtype), x.indices, x.dense_shape)
    x = to_tensor(x)
    if x._dtype is dtype:
        return x
    if dtype.is_string or x._dtype.is_string:
        raise _cast_unsupported(x._dtype.name, dtype.name)
    return execute("Cast", _cast_forward, (x,), {"dtype": dtype})


def _identity(x):
    return x


def identity(x, name=None):
    return _unary("Identity", _identity, x)


@recorded_effect   # a traced tk.function replays the call (its op is recorded outside execute)
def stop_gradient(input, name=None):
    """The same value, but gradients do not flow back through it."""
    x = to_tensor(input)
    out = EagerTensor(x._value, x._dtype)
    if state.tapes:
        record("StopGradient", (x,), (out,), None, cut=Cause.STOP_GRADIENT)
    return out


no_gradient("StopGradient")


# NumPy's `where` branches per element: on a large, unpredictable mask it runs ~10x slower than
# arithmetic. Selecting with bit masks gives the same bits (NaN payloads and -0.0 included).
_BITS_FROM = 4096
_SAME_SIZE_INT = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}


def select_arrays(cond, x, y):
    """SelectV2's kernel: ``where(cond, x, y)`` on backend arrays (bit masks for large NumPy ones)."""
    if (type(x) is np.ndarray and type(y) is np.ndarray and x.dtype == y.dtype and x.dtype.kind in "biuf"
            and max(cond.size, x.size, y.size) >= _BITS_FROM):
        return _select_bits(cond, x, y)
    return ns(x).where(cond, x, y)


def _select_bits(cond, x, y):
    """``np.where(cond, x, y)`` by integer operations on the bits: y ^ ((x ^ y) * cond)."""
    as_int = _SAME_SIZE_INT[x.dtype.itemsize]
    xb, yb = x.view(as_int), y.view(as_int)
    if y.ndim == 0 and not yb:                  # y is 0 (all bits clear): x's bits where cond holds
        return np.multiply(xb, cond, dtype=as_int).view(x.dtype)
    if x.ndim == 0 and not xb:                  # x is 0: y's bits where cond does not hold
        return np.multiply(yb, np.logical_not(cond), dtype=as_int).view(x.dtype)
    return np.bitwise_xor(yb, np.multiply(np.bitwise_xor(xb, yb), cond, dtype=as_int)).view(x.dtype)


def where(condition, x=None, y=None, name=None):
    """Pick from ``x`` where ``condition`` holds, else from ``y`` (broadcasting all three)."""
    condition = to_tensor(condition)
    if x is None and y is None:
        return where_indices(condition)
    if x is None or y is None:
        raise ValueError("x and y must both be given, or both be None.")
    if not condition._dtype.is_bool:
        raise InvalidArgumentError(f"condition must be a bool tensor, got "
                                   f"{condition._dtype.name} [Op:SelectV2] name: ", op="SelectV2")
    if not (isinstance(x, Tensor) or is_variable(x) or isinstance(y, Tensor) or is_variable(y)):
        x = to_tensor(x)
        y = convert_to_tensor(y, dtype=x._dtype)   # TF converts y to x's dtype: TypeError if it cannot
    x, y = binary_inputs("SelectV2", x, y)
    return execute("SelectV2", select_arrays, (condition, x, y))


def where_indices(condition: Tensor) -> Tensor:
    """The coordinates of the true (non-zero) elements, one row each, as int64 (``tk.where(c)``)."""
    if condition._dtype.is_string:
        raise InvalidArgumentError(
            "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, uint8, int16, "
            "int8, complex64, int64, qint8, quint8, qint32, bfloat16, qint16, quint16, uint16, complex128, half, "
            "uint32, uint64, bool [Op:Where] name: "
            + hint_line(_("tk.where(condition) takes bools or numbers; compare the strings first, e.g. s == 'a'.")),
            op="Where")
    if condition.ndim == 0:
        raise InvalidArgumentError("WhereOp : Unhandled input dimensions: 0 [Op:Where] name: "
                                   + hint_line(_("tk.where(condition) needs a condition of rank >= 1.")), op="Where")
    idx = np.argwhere(host_value(condition)).astype(np.int64)
    return EagerTensor(from_host(idx), dtypes.int64)
