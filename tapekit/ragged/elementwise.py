"""Element-wise arithmetic on RaggedTensors: ``elementwise_binary`` and the Python operators.

Two RaggedTensors need the same row partition; a dense operand broadcasts against the flat values
(or against the rows, for shape ``[nrows, 1]``), with TF's errors when it cannot.
"""

from __future__ import annotations


import numpy as np

from ..errors import InvalidArgumentError
from .._base.i18n import _, hint_line
from .._core.ops import math_ops
from .._core.ops.checks import condition_text
from .._core.ops.array_ops import gather, reshape
from .._core.ops.math_ops import to_tensor
from .._core.values.tensor import Tensor, is_variable
from .tensor import RaggedTensor, as_value, nrows_of


def math_op(name):
    return getattr(math_ops, name)


def same_partition(x: RaggedTensor, y: RaggedTensor) -> bool:
    if x.ragged_rank != y.ragged_rank:
        return False
    return all(np.array_equal(a.numpy(), b.numpy()) for a, b in zip(x.nested_row_splits, y.nested_row_splits))


def elementwise_binary(fn, x, y):
    """``fn`` applied to the values of a RaggedTensor and a scalar, tensor or matching RaggedTensor."""
    if isinstance(x, RaggedTensor) and isinstance(y, RaggedTensor):
        if not same_partition(x, y):
            raise splits_differ(x.nested_row_splits, y.nested_row_splits)
        _check_inner_dims(x.flat_values, y.flat_values)
        return x.with_flat_values(fn(x.flat_values, y.flat_values))
    ragged, dense, ragged_first = (x, y, True) if isinstance(x, RaggedTensor) else (y, x, False)
    flat = ragged.flat_values
    if is_variable(dense):
        dense = to_tensor(dense)
    elif not isinstance(dense, Tensor):
        try:  # the ragged operand's dtype if the value fits it, else its own (then fn raises)
            dense = as_value(dense, flat.dtype)
        except (TypeError, ValueError):
            dense = as_value(dense)
    if dense.ndim > flat.ndim - 1:
        dense = _dense_against_flat(dense, ragged)
    out = fn(flat, dense) if ragged_first else fn(dense, flat)
    return ragged.with_flat_values(out)


def _dense_against_flat(dense: Tensor, ragged: RaggedTensor) -> Tensor:
    """A dense operand that reaches the ragged axes, as a tensor that broadcasts against the flat values."""
    flat = ragged.flat_values
    if ragged.ragged_rank == 1 and dense.ndim == ragged.ndim:
        if dense.shape[0] == nrows_of(ragged) and dense.shape[1] != 1:   # TF compares the rows' splits
            uniform = [np.arange(dense.shape[0] + 1, dtype=np.int64) * dense.shape[1]]
            raise splits_differ(uniform, ragged.nested_row_splits)
        if dense.shape[1] != 1 or dense.shape[0] not in (1, nrows_of(ragged)):
            raise InvalidArgumentError(
                f"Unable to broadcast a tensor of shape {dense.shape} against a ragged tensor of shape "
                f"{ragged.shape}."
                + hint_line(_("a dense operand needs shape [nrows, 1, ...] or a shape that broadcasts "
                              "against one element.")), op="RaggedBroadcast")
        rows = reshape(dense, [dense.shape[0]] + list(dense.shape[2:]))
        ids = ragged.value_rowids().numpy() if dense.shape[0] != 1 else np.zeros(int(flat.shape[0]), np.int64)
        return gather(rows, ids)
    if _ragged_dims_are_one(dense, ragged):
        return reshape(dense, list(dense.shape[dense.ndim - (flat.ndim - 1):]))
    raise InvalidArgumentError(
        f"Unable to broadcast a tensor of shape {dense.shape} against a ragged tensor of shape {ragged.shape}."
        + hint_line(_("combine a RaggedTensor with a scalar, a tensor shaped like its inner axes, or a "
                      "RaggedTensor with the same rows.")), op="RaggedBroadcast")


def splits_differ(x_splits, y_splits) -> InvalidArgumentError:
    """TF's error for operands whose rows differ: its ``assert_equal`` text on the first differing splits."""
    for a, b in zip(x_splits, y_splits):
        a, b = np.asarray(as_value(a).numpy()), np.asarray(as_value(b).numpy())
        if a.shape == b.shape and not np.array_equal(a, b):
            return InvalidArgumentError(None, None, condition_text("==", a, b, a == b)
                                        + hint_line(_("both ragged operands need the same row lengths.")))
    return InvalidArgumentError(None, None, "Condition x == y did not hold."
                                + hint_line(_("both ragged operands need the same row lengths.")))


def _check_inner_dims(x_flat: Tensor, y_flat: Tensor) -> None:
    """Uniform inner axes of different sizes: TF compares them as splits too (``[0, 2, 4, ...]``)."""
    for axis, (a, b) in enumerate(zip(x_flat.shape[1:], y_flat.shape[1:]), start=1):
        if a != b and 1 not in (a, b):
            count = int(np.prod(x_flat.shape[:axis]))
            raise splits_differ([np.arange(count + 1, dtype=np.int64) * a],
                                 [np.arange(count + 1, dtype=np.int64) * b])


def _ragged_dims_are_one(dense: Tensor, ragged: RaggedTensor) -> bool:
    """Whether ``dense`` stops short of the batch axis and has size 1 on every ragged axis it reaches."""
    inner = ragged.flat_values.ndim - 1
    reach = dense.ndim - inner      # how many of the ragged axes (1..ragged_rank) dense aligns with
    return dense.ndim < ragged.ndim and all(d == 1 for d in list(dense.shape)[:reach])




# ---------- the Python operators: r + 1, r * r, r < 2, -r, ~r, ... ----------
_BINARY_OPERATORS = {"add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide", "pow": "pow",
                     "floordiv": "floordiv", "mod": "floormod", "eq": "equal", "ne": "not_equal", "lt": "less",
                     "le": "less_equal", "gt": "greater", "ge": "greater_equal", "and": "logical_and",
                     "or": "logical_or", "xor": "logical_xor"}
_REFLECTED = ("add", "sub", "mul", "truediv", "pow", "floordiv", "mod", "and", "or", "xor")   # also 2 + r, ...
_UNARY_OPERATORS = {"neg": "negative", "abs": "abs", "invert": "logical_not"}


def _binary_operator(op_name: str, reverse: bool):
    def operator(self, other):
        if op_name in ("equal", "not_equal") and not _convertible(other):
            return NotImplemented   # as TF: r == [[1, 2], [3]] is False (Python compares identities)
        x, y = (other, self) if reverse else (self, other)
        return elementwise_binary(math_op(op_name), x, y)
    return operator


def _convertible(other) -> bool:
    if isinstance(other, (RaggedTensor, Tensor)) or not isinstance(other, (list, tuple)):
        return True
    try:
        as_value(other)
    except (ValueError, TypeError):
        return False
    return True


def _unary_operator(op_name: str):
    return lambda self: self.with_flat_values(math_op(op_name)(self.flat_values))


def install_operators() -> None:
    """The operators on RaggedTensor (the class cannot import this module: it sits below it)."""
    for dunder, op_name in _BINARY_OPERATORS.items():
        setattr(RaggedTensor, f"__{dunder}__", _binary_operator(op_name, reverse=False))
        if dunder in _REFLECTED:
            setattr(RaggedTensor, f"__r{dunder}__", _binary_operator(op_name, reverse=True))
    for dunder, op_name in _UNARY_OPERATORS.items():
        setattr(RaggedTensor, f"__{dunder}__", _unary_operator(op_name))


install_operators()
