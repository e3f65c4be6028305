"""Checks of the plain Python arguments of ops (attributes such as ``reverse=``, counts, indices), as
TF's generated op wrappers check them: a clear TypeError or ValueError that names the argument,
never a raw Python error from deep inside an op."""

from __future__ import annotations

import numbers

import numpy as np

from ..._base import dtypes
from ...errors import InvalidArgumentError
from ..._base.i18n import _, hint_line
from ..values.tensor import Tensor, convert_to_tensor, convert_with_default, host_value, is_tensor, with_hint


def bool_attr(value, arg: str) -> bool:
    """A bool attribute (``reverse``, ``exclusive``, ``transpose_a`` ...): only True, False or None (False)."""
    if value is None:
        return False
    if type(value) is not bool:
        raise TypeError(f"Expected bool for argument '{arg}' not {value!r}."
                        + hint_line(_("{arg} takes True or False.").format(arg=arg)))
    return value


def int_attr(value, arg: str, op_type: str) -> int:
    """An int attribute (a count such as ``num``, an axis of softmax or unstack): a Python or NumPy
    integer, or an integer scalar tensor; anything else is TF's TypeError."""
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)):
        return int(value)
    if is_tensor(value) and value.dtype.is_integer and value.shape.rank == 0:
        return int(value.numpy())
    raise TypeError(f"Expected int for argument '{arg}' not {_short(value)}."
                    + hint_line(_("{arg} of {op} is one whole number.").format(arg=arg, op=op_type)))


def float_attr(value, arg: str) -> float:
    """A float attribute (``alpha`` of leaky_relu): a real number; anything else is TF's TypeError."""
    if isinstance(value, numbers.Real):
        return float(value)
    raise TypeError(f"Expected float for argument '{arg}' not {_short(value)}."
                    + hint_line(_("{arg} takes a number such as 0.2.").format(arg=arg)))


def int_array(value, arg: str, op_type: str, attr: str = "Tidx") -> np.ndarray:
    """An integer tensor argument (an axis, a shape, paddings ...) as TF's op converts it, on the host:
    int32 by default; None or an object TF cannot convert is a ValueError, a Python float a TypeError,
    any other non-integer value an InvalidArgumentError (the op has no kernel for its dtype)."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return np.asarray(int(value))
    if type(value) in (list, tuple) and all(type(v) is int and -2**63 <= v < 2**63 for v in value):
        return np.asarray(value, dtype=np.int64)   # plain ints: what the int32 (or int64) tensor would hold
    hint = _("{arg} of {op} is an integer or a list of integers, such as 0 or [0, 1]; got {value}.").format(
        arg=arg, op=op_type, value=_short(value))
    try:
        t = value if isinstance(value, Tensor) else convert_with_default(value, dtypes.int32)
    except (TypeError, ValueError) as err:
        raise with_hint(err, hint) from None
    if t.dtype not in (dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(
            f"Value for attr '{attr}' of {dtypes.KERNEL_NAMES.get(t.dtype.name, t.dtype.name)} is not in the list of "
            f"allowed values: int32, int64 [Op:{op_type}] name: " + hint_line(hint), op=op_type)
    return host_value(t)


def int_values(value, arg: str, op_type: str, attr: str = "Tidx") -> list:
    """``int_array`` flattened to a list of ints."""
    return [int(v) for v in int_array(value, arg, op_type, attr).reshape(-1)]


def int_scalar(value, arg: str, op_type: str, attr: str = "Tidx", rank0: bool = False) -> int:
    """One integer given as a tensor argument (``concat``'s or ``gather``'s axis): of size 1, or with
    ``rank0`` of rank 0 (``[0]`` is refused, as TF's GatherV2 refuses it)."""
    values = int_array(value, arg, op_type, attr)
    if values.size != 1 or (rank0 and values.ndim):
        raise InvalidArgumentError(
            f"{arg} must be a scalar, not shape {list(values.shape)} [Op:{op_type}] name: "
            + hint_line(_("{arg} of {op} is one integer.").format(arg=arg, op=op_type)), op=op_type)
    return int(values.reshape(-1)[0])


def short_repr(value) -> str:
    """``repr(value)`` cut to 60 characters, for messages."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_short = short_repr


def named_conversion(convert, value, arg: str, op: str, **kwargs) -> Tensor:
    """``convert(value, **kwargs)``, its TypeError or ValueError (TF's text) given a hint naming ``arg``."""
    try:
        return convert(value, **kwargs)
    except (TypeError, ValueError) as err:
        raise with_hint(err, _("{arg} of {op} could not be read as a tensor; got {value}.").format(
            arg=arg, op=op, value=_short(value))) from None


def index_tensor(indices, op_type: str, arg: str = "indices") -> Tensor:
    """Integer indices as TF's ops read them: the dtype is inferred (an index beyond int32 makes an int64
    tensor rather than wrapping around), and must be an integer one."""
    idx = indices if isinstance(indices, Tensor) else named_conversion(convert_to_tensor, indices, arg, op_type)
    if idx.dtype not in (dtypes.int16, dtypes.int32, dtypes.int64):
        raise InvalidArgumentError(
            f"Value for attr 'Tindices' of {dtypes.KERNEL_NAMES.get(idx.dtype.name, idx.dtype.name)} is not in the "
            f"list of allowed values: int16, int32, int64 [Op:{op_type}]"
            + hint_line(_("{arg} must be integers; convert them with tk.cast({arg}, tk.int32).").format(arg=arg)),
            op=op_type)
    return idx


def holds_wide_int(value) -> bool:
    """True when ``value`` (a Python int, or a list or tuple of them at any depth) holds an int that int32
    cannot hold: TF then reads it as int64, where a conversion to int32 would wrap it around."""
    if isinstance(value, (list, tuple)):
        return any(holds_wide_int(v) for v in value)
    return type(value) is int and not -2**31 <= value < 2**31
