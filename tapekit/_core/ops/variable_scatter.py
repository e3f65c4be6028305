"""``Variable.scatter_nd_update`` and friends: update some slices of a variable in place, as TF.

TF's variables have these methods; the ops they need sit above ``variable.py``, so this module
installs them on the class when the ops load (as ``operators.py`` installs ``+``). Each one
assigns the variable and returns the same view ``assign`` returns. Like TF's resource scatter ops,
they are state changes: no gradient flows through them.
"""

from __future__ import annotations

import numpy as np

from ...errors import InvalidArgumentError, kernel_prefix, shape_text
from ..._base.i18n import _, hint_line
from ..record.indexed_slices import IndexedSlices
from ..record.variable import Variable
from .array_ops import (expand_dims, gather_nd, tensor_scatter_nd_add, tensor_scatter_nd_max, tensor_scatter_nd_min,
                        tensor_scatter_nd_sub, tensor_scatter_nd_update)
from .args import index_tensor, named_conversion
from .math_ops import divide, multiply, to_tensor

_ND_METHODS = {"scatter_nd_update": tensor_scatter_nd_update, "scatter_nd_add": tensor_scatter_nd_add,
               "scatter_nd_sub": tensor_scatter_nd_sub, "scatter_nd_min": tensor_scatter_nd_min,
               "scatter_nd_max": tensor_scatter_nd_max}


def _check_update_shape(op_type: str, shape: list, indices, updates) -> None:
    """TF's resource scatter check: updates are indices' outer shape, then the shape's axes past the index depth."""
    ishape, ushape = list(np.shape(_host(indices))), list(np.shape(_host(updates)))
    depth = ishape[-1] if len(ishape) > 1 else 1
    batch = max(len(ishape) - 1, 1)
    prefix = (f"Dimensions [0,{batch}) of indices[shape={shape_text(ishape)}]{{}} must match dimensions "
              f"[0,{batch}) of updates[shape={shape_text(ushape)}]{{}}")
    suffix = (f"Dimensions [{depth},{len(shape)}) of input[shape={shape_text(shape)}] must match dimensions "
              f"[{depth},{len(ushape)}) of updates[shape={shape_text(ushape)}]")
    problem = None
    if len(ushape) < batch:
        problem = prefix.format("", "")
    elif len(ushape) != batch + len(shape) - depth:
        problem = suffix
    elif ushape[:batch] != ishape[:batch]:
        d = next(i for i in range(batch) if ushape[i] != ishape[i])
        problem = prefix.format(f" = {ishape[d]}", f" = {ushape[d]}")
    elif ushape[batch:] != shape[depth:]:
        problem = suffix
    if problem:
        raise InvalidArgumentError(f"{kernel_prefix(op_type)}{problem} [Op:{op_type}]"
                                   + hint_line(_("updates need shape {expect}.").format(
                                       expect=ishape[:-1] + shape[depth:])), op=op_type)


def _host(value):
    return value.numpy() if hasattr(value, "numpy") else value


def _scatter_nd_method(method_name: str, scatter):
    # TF runs the variable's own op (ResourceScatterNdAdd, ...); its errors name that op
    tensor_op = "TensorScatter" + method_name.split("_")[-1].capitalize()
    resource_op = "ResourceScatterNd" + method_name.split("_")[-1].capitalize()

    def method(self, indices, updates, name=None):
        indices = index_tensor(indices, resource_op)
        updates = named_conversion(to_tensor, updates, "updates", resource_op)
        _check_update_shape(resource_op, list(self.shape), indices, updates)
        try:
            return self.assign(scatter(self.value(), indices, updates))
        except InvalidArgumentError as error:
            raise InvalidArgumentError(error.message.replace(f"__wrapped__{tensor_op}_", f"__wrapped__{resource_op}_")
                                       .replace(f"[Op:{tensor_op}]", f"[Op:{resource_op}]")) from None

    method.__name__ = method.__qualname__ = method_name
    method.__doc__ = f"Update the slices at ``indices`` in place with ``{scatter.__name__}``; returns the variable."
    return method


def _combine_at(combine):
    """A scatter for a ``combine`` TF has no tensor op for (mul, div): gather, combine, write back.
    (An index given twice is combined once, where TF combines each repeat.)"""
    def scatter(tensor, indices, updates):
        return tensor_scatter_nd_update(tensor, indices, combine(gather_nd(tensor, indices), updates))
    return scatter


def _sparse_method(method_name: str, scatter):
    def method(self, sparse_delta, use_locking=False, name=None):
        if not isinstance(sparse_delta, IndexedSlices):
            raise TypeError(f"sparse_delta is not IndexedSlices: {sparse_delta}"
                            f"\nhint: pass tk.IndexedSlices(values, indices) to Variable.{method_name}.")
        indices = expand_dims(to_tensor(sparse_delta.indices), -1)
        return self.assign(scatter(self.value(), indices, sparse_delta.values))

    method.__name__ = method.__qualname__ = method_name
    method.__doc__ = f"Update the rows ``sparse_delta.indices`` in place from an IndexedSlices ({method_name})."
    return method


def install() -> None:
    """Add the scatter methods to ``tk.Variable``."""
    for name, scatter in _ND_METHODS.items():
        setattr(Variable, name, _scatter_nd_method(name, scatter))
        sparse_name = name.replace("_nd", "")
        setattr(Variable, sparse_name, _sparse_method(sparse_name, scatter))
    Variable.scatter_mul = _sparse_method("scatter_mul", _combine_at(multiply))
    Variable.scatter_div = _sparse_method("scatter_div", _combine_at(divide))
