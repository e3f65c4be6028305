"""``Variable.scatter_nd_update`` and friends: update some slices of a variable in place, as TF.

TF's variables have these methods; the ops they need sit above ``variable.py``, so this module
installs them on the class when the ops load (as ``operators.py`` installs ``+``). Each one
assigns the variable and returns the same view ``assign`` returns. Like TF's resource scatter ops,
they are state changes: no gradient flows through them.
"""

from __future__ import annotations

from ...errors import InvalidArgumentError
from ..record.indexed_slices import IndexedSlices
from ..record.variable import Variable
from .array_ops import (expand_dims, gather_nd, tensor_scatter_nd_add, tensor_scatter_nd_max, tensor_scatter_nd_min,
                        tensor_scatter_nd_sub, tensor_scatter_nd_update)
from .math_ops import divide, multiply, to_tensor

_ND_METHODS = {"scatter_nd_update": tensor_scatter_nd_update, "scatter_nd_add": tensor_scatter_nd_add,
               "scatter_nd_sub": tensor_scatter_nd_sub, "scatter_nd_min": tensor_scatter_nd_min,
               "scatter_nd_max": tensor_scatter_nd_max}


def _scatter_nd_method(method_name: str, scatter):
    # TF runs the variable's own op (ResourceScatterNdAdd, ...); its errors name that op
    tensor_op = "TensorScatter" + method_name.split("_")[-1].capitalize()
    resource_op = "ResourceScatterNd" + method_name.split("_")[-1].capitalize()

    def method(self, indices, updates, name=None):
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
