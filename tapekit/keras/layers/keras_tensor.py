"""``KerasTensor``: a symbolic input (``keras.Input``) and what layers return when called on one.

It has a shape (with ``None`` for the batch axis) and a dtype but no value; layers called on it
build their weights and record a ``Node``, from which ``keras.Model(inputs, outputs)`` replays
the computation on real tensors.
"""

from __future__ import annotations

from ..._base.i18n import _, hint_line
from .. import naming
from ..variables import dtype_name
from .structures import flatten


def keras_history(tensor):
    """``(layer, node_index, tensor_index)`` of the layer call that made ``tensor``, or None."""
    return tensor._keras_history  # noqa: SLF001 - Keras's own name for a symbolic tensor's origin


def set_keras_history(tensor, layer, node_index: int, tensor_index: int) -> None:
    """Note that ``tensor`` is output ``tensor_index`` of ``layer``'s call number ``node_index``."""
    tensor._keras_history = (layer, node_index, tensor_index)  # noqa: SLF001 - Keras's own name (see keras_history)


class KerasTensor:
    """A symbolic tensor: ``shape`` (a tuple, ``None`` where unknown), ``dtype`` (a string), ``name``."""

    def __init__(self, shape, dtype="float32", sparse=False, ragged=False, name=None):
        self._shape = tuple(None if d is None else int(d) for d in shape)
        self._dtype = dtype_name(dtype)
        self.sparse = bool(sparse)
        self.ragged = bool(ragged)
        self.name = name or naming.auto_name("KerasTensor")
        self._keras_history = None  # (layer, node_index, tensor_index) once a layer made it

    @property
    def shape(self) -> tuple:
        return self._shape

    @property
    def dtype(self) -> str:
        """A plain ``str``, as Keras 3's (``x.dtype.name`` raises AttributeError there too)."""
        return str(self._dtype)

    @property
    def ndim(self) -> int:
        return len(self._shape)

    def __repr__(self) -> str:
        return (f"<KerasTensor shape={self._shape}, dtype={self._dtype}, sparse={self.sparse}, "
                f"ragged={self.ragged}, name={self.name}>")

    __str__ = __repr__


def _no_ops(name):
    def method(self, *args):
        raise NotImplementedError(
            f"tapekit's functional API runs Keras layers on a KerasTensor, not operators ({name})."
            + hint_line(_("put the computation in a layer, e.g. keras.layers.Lambda(lambda t: t * 2.0)(x), "
                          "or write a keras.Model subclass with a call() method.")))

    return method


for _name in ("add", "radd", "sub", "rsub", "mul", "rmul", "truediv", "rtruediv", "matmul", "rmatmul", "pow",
              "neg", "getitem"):
    setattr(KerasTensor, f"__{_name}__", _no_ops(f"__{_name}__"))


class Node:
    """One call of a layer on KerasTensors: its arguments and the KerasTensors it returned."""

    def __init__(self, layer, args, kwargs, outputs):
        self.layer = layer
        self.args = args
        self.kwargs = kwargs
        self.outputs = outputs

    @property
    def input_tensors(self) -> list:
        return [x for x in flatten((self.args, self.kwargs)) if isinstance(x, KerasTensor)]

    @property
    def output_tensors(self) -> list:
        return [x for x in flatten(self.outputs) if isinstance(x, KerasTensor)]
