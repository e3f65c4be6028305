"""Checks of the plain Python arguments of ops (attributes such as ``reverse=``, counts, indices), as
TF's generated op wrappers check them: a clear TypeError or ValueError that names the argument,
never a raw Python error from deep inside an op."""

from __future__ import annotations

import numbers

import numpy as np

from .. import dtypes
from ..errors import InvalidArgumentError
from ..i18n import _, hint_line
from ..tensor import Tensor, convert_to_tensor, is_tensor


def bool_attr(value, arg: str) -> bool:
    """A bool attribute (``reverse``, ``exclusive``, ``transpose_a`` ...): only True, False or None (False)."""
    if value is None:
        return False
    if type(value) is not bool:
        raise TypeError(f"Expected bool for argument '{arg}' not {value!r}."
                        + hint_line(_("{arg} takes True or False.").format(arg=arg)))
    return value


def int_attr(value, arg: str, op_type: str) -> int:
    """An int attribute (a count such as ``num``, an axis given as one int): a Python or NumPy integer."""
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)):
        return int(value)
    if is_tensor(value) and value.dtype.is_integer and value.shape.rank == 0:
        return int(value.numpy())
    raise TypeError(f"Expected int for argument '{arg}' not {value!r}."
                    + hint_line(_("{arg} of {op} is one whole number.").format(arg=arg, op=op_type)))


def index_tensor(indices, op_type: str, arg: str = "indices") -> Tensor:
    """Integer indices as TF's ops read them: the dtype is inferred (an index beyond int32 makes an int64
    tensor rather than wrapping around), and must be an integer one."""
    idx = indices if isinstance(indices, Tensor) else convert_to_tensor(indices)
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
