"""Checking the arguments of ``gradient``, ``jacobian`` and ``batch_jacobian``, as TF does.

Everything here runs before a non-persistent tape is spent, so that a call with bad arguments
can be retried (as in TF); nothing is computed or recorded.
"""

from __future__ import annotations

import enum

import numpy as np

from ... import nest
from ..._base.dtypes import KERNEL_NAMES
from ...errors import InvalidArgumentError, shape_text
from ..._base.i18n import _, hint_line
from ..values.tensor import EagerTensor, Tensor, convert_to_tensor, is_variable


def _is_tensor_like(x) -> bool:
    return isinstance(x, Tensor) or is_variable(x)


def _not_a_dtype(x, role: str) -> TypeError:
    hint = (_("every source must be a tk.Tensor or tk.Variable; got {type_name}.") if role == "source"
            else _("every target must be a tk.Tensor or tk.Variable; got {type_name}."))
    return TypeError(f"Cannot convert the argument `type_value`: {x!r} to a tapekit DType."
                     + hint_line(hint.format(type_name=type(x).__name__)))


def check_source(s):
    if _is_tensor_like(s):
        return s
    if s is None or isinstance(s, (str, bytes)) or not hasattr(s, "dtype") and not isinstance(s, (int, float)):
        raise _not_a_dtype(s, "source")   # TF 2.21's TypeError (an object())
    missing = "_id" if hasattr(s, "dtype") else "dtype"
    raise AttributeError(f"'{_type_name(s)}' object has no attribute '{missing}'"
                         + hint_line(_("sources must be tk.Tensor or tk.Variable objects (watched, or "
                                       "trainable variables).")))


def check_target(t):
    if _is_tensor_like(t):
        return t
    if t is None or isinstance(t, (str, bytes)) or not hasattr(t, "dtype") and not isinstance(t, (int, float)):
        raise _not_a_dtype(t, "target")   # TF 2.21's TypeError (an object())
    missing = "_id" if hasattr(t, "dtype") else "dtype"
    raise AttributeError(f"'{_type_name(t)}' object has no attribute '{missing}'"
                         + hint_line(_("targets must be tk.Tensor or tk.Variable objects computed inside "
                                       "the tape.")))


def check_shaped(x, role: str):
    """A jacobian's target or source: one tensor (a list or a Python value has no ``shape``)."""
    if _is_tensor_like(x):
        return x
    hint = (_("the source of jacobian()/batch_jacobian() must be one tk.Tensor or tk.Variable.")
            if role == "source" else
            _("the target of jacobian()/batch_jacobian() must be one tk.Tensor or tk.Variable."))
    raise AttributeError(f"'{_type_name(x)}' object has no attribute 'shape'" + hint_line(hint))


def _type_name(x) -> str:
    t = type(x)
    return t.__name__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__name__}"


class GradientRequest:
    """A checked ``gradient()`` call: flat targets, flat sources, one output gradient per target."""

    __slots__ = ("targets", "sources", "structure", "output_gradients", "raw_output_gradients")

    def __init__(self, targets, sources, structure, output_gradients, raw_output_gradients):
        self.targets = targets
        self.sources = sources
        self.structure = structure
        self.output_gradients = output_gradients
        self.raw_output_gradients = raw_output_gradients


def prepare_gradient(target, sources, output_gradients) -> GradientRequest:
    """Check every argument of ``gradient()``; nothing is computed or recorded."""
    targets = [target] if type(target) is EagerTensor else [check_target(t) for t in nest.flatten(target)]
    flat_sources = prepare_sources(sources)
    ogs = _check_output_gradients(output_gradients, targets)
    return GradientRequest(targets, flat_sources, sources, ogs, output_gradients)


def _check_output_gradients(output_gradients, targets) -> list:
    """One entry (a Tensor, or None for ones) per target, as TF reads ``output_gradients``.

    Entries are matched to the flattened targets in order: missing ones mean ones, extra ones
    are ignored, and a scalar (or any shape that broadcasts to the target's) is broadcast.
    """
    if output_gradients is None:
        return [None] * len(targets)
    flat = nest.flatten(output_gradients)
    out = []
    for t, og in zip(targets, flat + [None] * (len(targets) - len(flat))):
        if og is None:
            if len(out) < len(flat):
                raise ValueError(
                    "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."
                    + hint_line(_("output_gradients entries must be tensors; leave an entry out (or pass "
                                  "output_gradients=None) for a gradient of ones.")))
            out.append(None)
            continue
        og = convert_to_tensor(og)
        out.append(_check_output_gradient(og, t))
    return out


def _check_output_gradient(og: Tensor, t) -> Tensor:
    if og.dtype is not t.dtype:
        want = KERNEL_NAMES.get(og.dtype.name, og.dtype.name)
        got = KERNEL_NAMES.get(t.dtype.name, t.dtype.name)
        raise InvalidArgumentError(
            f"cannot compute Mul as input #1(zero-based) was expected to be a {want} tensor but is a {got} tensor "
            "[Op:Mul] name: "
            + hint_line(_("an output_gradients entry needs its target's dtype ({dtype}), got {got}.").format(
                        dtype=t.dtype.name, got=og.dtype.name)), op="Mul")
    oshape, tshape = tuple(og.shape), tuple(t.shape)
    try:
        fits = np.broadcast_shapes(oshape, tshape) == tshape
    except ValueError:
        fits = False
    if not fits:
        raise InvalidArgumentError(
            f"Incompatible shapes: {shape_text(oshape)} vs. {shape_text(tshape)} [Op:Mul] name: "
            + hint_line(_("each output_gradients entry must have its target's shape {tshape}, or broadcast "
                          "to it (a scalar does).").format(tshape=list(tshape))), op="Mul")
    return og


def prepare_jacobian(target):
    return check_shaped(target, "target")


def prepare_sources(sources) -> list:
    flat = nest.flatten(sources)
    for s in flat:   # the common case, a list of tensors and variables, without a call per source
        if type(s) is not EagerTensor and not is_variable(s):
            return [check_source(s) for s in flat]
    return flat


def prepare_batch_jacobian(target, source):
    target, source = check_shaped(target, "target"), check_shaped(source, "source")
    tshape, sshape = tuple(target.shape), tuple(source.shape)
    if len(tshape) < 2:
        raise ValueError(f"Shape {target.shape} must have rank at least 2"
                         + hint_line(_("batch_jacobian needs a target of shape [batch, ...]; use "
                                       "jacobian() for others.")))
    if len(sshape) < 2:
        raise ValueError(f"Shape {source.shape} must have rank at least 2"
                         + hint_line(_("batch_jacobian needs a source of shape [batch, ...]; use "
                                       "jacobian() for others.")))
    if tshape[0] != sshape[0]:
        raise ValueError(f"Need first dimension of target shape ({target.shape}) and source shape "
                         f"({source.shape}) to match.")
    return target, source


class UnconnectedGradients(enum.Enum):
    """What ``gradient()`` returns for a source the target does not depend on."""

    NONE = "none"
    ZERO = "zero"


def as_unconnected(value, vectorized: str | None = None) -> UnconnectedGradients:
    """``unconnected_gradients`` as the enum; ``vectorized`` names a jacobian method (TF's text)."""
    if isinstance(value, UnconnectedGradients):
        return value
    try:
        return UnconnectedGradients(value)
    except ValueError:
        if vectorized is None:
            raise ValueError(f"Unknown value for unconnected_gradients: {value!r}" + hint_line(
                _("use tk.UnconnectedGradients.NONE or tk.UnconnectedGradients.ZERO (or the strings "
                  "'none' / 'zero')."))) from None
        raise ValueError(f"Encountered an exception while vectorizing the {vectorized} computation. "
                         "Vectorization can be disabled by setting experimental_use_pfor to False." + hint_line(
                             _("unknown unconnected_gradients {value!r}; use tk.UnconnectedGradients.NONE or "
                               "tk.UnconnectedGradients.ZERO (or the strings 'none' / 'zero').").format(value=value))
                         ) from None
