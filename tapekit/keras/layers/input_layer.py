"""``keras.Input`` and ``keras.layers.InputLayer``: a symbolic input with a shape and a dtype."""

from __future__ import annotations

import warnings

from ..._base.i18n import _, hint_line
from ..variables import standardize_dtype
from .keras_tensor import KerasTensor, Node, set_keras_history
from .layer import Layer


def _standardize_shape(shape) -> tuple:
    if shape is None:
        raise ValueError("Undefined shapes are not supported.")
    if isinstance(shape, int) or not isinstance(shape, (list, tuple)) and getattr(shape, "ndim", 1) == 0 \
            or not hasattr(shape, "__iter__"):
        raise ValueError(f"Cannot convert '{shape}' to a shape."
                         + hint_line(_("pass a tuple, e.g. keras.Input(shape=(3,)) for examples of 3 "
                                       "features.")))
    dims = []
    for d in shape:
        if d is not None and (not isinstance(d, int) or isinstance(d, bool) or d < 0):
            raise ValueError(f"Cannot convert '{shape}' to a shape. Found invalid dimension '{d}'.")
        dims.append(d)
    return tuple(dims)


class InputLayer(Layer):
    """The layer behind ``keras.Input``: it holds the input KerasTensor (``layer.output``)."""

    def __init__(self, shape=None, batch_size=None, dtype=None, sparse=None, ragged=None, batch_shape=None,
                 input_tensor=None, optional=False, name=None, **kwargs):
        super().__init__(name=name)
        if "input_shape" in kwargs:
            warnings.warn("Argument `input_shape` is deprecated. Use `shape` instead.", UserWarning, stacklevel=2)
            shape = kwargs.pop("input_shape")
        if "batch_input_shape" in kwargs:
            batch_shape = kwargs.pop("batch_input_shape")
        if input_tensor is not None:
            if not isinstance(input_tensor, KerasTensor):
                raise ValueError("Argument `input_tensor` must be a KerasTensor. Received invalid type: "
                                 f"input_tensor={input_tensor} (of type {type(input_tensor)})")
            batch_shape, dtype, sparse = input_tensor.shape, input_tensor.dtype, input_tensor.sparse
        else:
            if shape is not None and batch_shape is not None:
                raise ValueError("You cannot pass both `shape` and `batch_shape` at the same time.")
            if batch_size is not None and batch_shape is not None:
                raise ValueError("You cannot pass both `batch_size` and `batch_shape` at the same time.")
            if shape is None and batch_shape is None:
                raise ValueError("You must pass a `shape` argument.")
            if shape is not None:
                batch_shape = (batch_size,) + _standardize_shape(shape)
        self._batch_shape = _standardize_shape(batch_shape)
        self.__dict__["_dtype"] = standardize_dtype(dtype)
        self.sparse = bool(sparse)
        self.ragged = bool(ragged)
        self.optional = optional
        if input_tensor is None:
            input_tensor = KerasTensor(self._batch_shape, dtype=self.dtype, sparse=self.sparse, ragged=self.ragged,
                                       name=name)
        set_keras_history(input_tensor, self, 0, 0)
        self._input_tensor = input_tensor
        self._inbound_nodes.append(Node(self, (), {}, input_tensor))
        self.built = True

    @property
    def batch_shape(self) -> tuple:
        return self._batch_shape

    def call(self):
        return None

    def get_config(self) -> dict:
        return {"batch_shape": self._batch_shape, "dtype": self.dtype, "sparse": self.sparse, "ragged": self.ragged,
                "name": self.name, "optional": self.optional}


def Input(shape=None, batch_size=None, dtype=None, sparse=None, ragged=None, batch_shape=None, name=None,
          tensor=None, optional=False):
    """A symbolic input: ``keras.Input(shape=(3,))`` has shape ``(None, 3)`` (``None``: any batch size)."""
    layer = InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, sparse=sparse, ragged=ragged,
                       batch_shape=batch_shape, input_tensor=tensor, optional=optional, name=name)
    return layer.output
