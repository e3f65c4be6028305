"""``keras.layers.InputSpec``: what a layer accepts (rank, last axis), checked on every call."""

from __future__ import annotations

from ..._base.i18n import _, hint_line


class InputSpec:
    """Constraints on one input of a layer: ``ndim``, ``min_ndim``, ``max_ndim``, ``axes``, ``shape``, ``dtype``."""

    def __init__(self, dtype=None, shape=None, ndim=None, max_ndim=None, min_ndim=None, axes=None,
                 allow_last_axis_squeeze=False, name=None, optional=False):
        self.dtype = None if dtype is None else str(dtype)
        self.shape = None if shape is None else tuple(shape)
        self.ndim = len(self.shape) if shape is not None else ndim
        self.max_ndim = max_ndim
        self.min_ndim = min_ndim
        self.axes = dict(axes or {})
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        self.name = name
        self.optional = optional

    def __repr__(self) -> str:
        fields = [f"dtype={self.dtype}" if self.dtype else "", f"shape={self.shape}" if self.shape else "",
                  f"ndim={self.ndim}" if self.ndim else "", f"max_ndim={self.max_ndim}" if self.max_ndim else "",
                  f"min_ndim={self.min_ndim}" if self.min_ndim else "", f"axes={self.axes}" if self.axes else ""]
        return f"InputSpec({', '.join(x for x in fields if x)})"


def assert_input_compatibility(input_spec, inputs, layer_name: str) -> None:
    """Raise ValueError (Keras's message, with a hint) if ``inputs`` break ``input_spec``."""
    if not input_spec:
        return
    specs = list(input_spec) if isinstance(input_spec, (list, tuple)) else [input_spec]
    flat = list(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
    if len(flat) != len(specs):
        raise ValueError(f'Layer "{layer_name}" expects {len(specs)} input(s), but it received {len(flat)} input '
                         f"tensors. Inputs received: {flat}")
    for index, (x, spec) in enumerate(zip(flat, specs)):
        if spec is None or (x is None and spec.optional):
            continue
        if not hasattr(x, "shape"):
            raise ValueError(f"Inputs to a layer should be tensors. Got '{x}' (of type {type(x)}) as input for "
                             f"layer '{layer_name}'.")
        where = f"Input {index} with name '{spec.name}' of layer '{layer_name}' is incompatible with the layer"
        _check_rank(spec, tuple(x.shape), where)
        _check_dtype_and_shape(spec, x, where)


def _check_rank(spec, shape: tuple, where: str) -> None:
    ndim = len(shape)
    if spec.ndim is not None and not spec.allow_last_axis_squeeze and ndim != spec.ndim:
        raise ValueError(f"{where}: expected ndim={spec.ndim}, found ndim={ndim}. Full shape received: {shape}"
                         + hint_line(_("this layer takes inputs of rank {ndim}.").format(ndim=spec.ndim)))
    if spec.max_ndim is not None and ndim > spec.max_ndim:
        raise ValueError(f"{where}: expected max_ndim={spec.max_ndim}, found ndim={ndim}")
    if spec.min_ndim is not None and ndim < spec.min_ndim:
        raise ValueError(f"{where}: expected min_ndim={spec.min_ndim}, found ndim={ndim}. Full shape received: "
                         f"{shape}"
                         + hint_line(_("layers take a batch of examples: shape (batch, features); add "
                                       "a batch axis with tk.expand_dims(x, 0) or x[None].")))


def _check_dtype_and_shape(spec, x, where: str) -> None:
    shape = tuple(x.shape)
    if spec.dtype is not None and str(x.dtype.name if hasattr(x.dtype, "name") else x.dtype) != spec.dtype:
        raise ValueError(f"{where}: expected dtype={spec.dtype}, found dtype={x.dtype}")
    for axis, value in spec.axes.items():
        if value is not None and shape[axis] not in (value, None):
            raise ValueError(f"{where}: expected axis {axis} of input shape to have value {value}, but received "
                             f"input with shape {shape}"
                             + hint_line(_("the layer was built for inputs whose axis {axis} has size "
                                           "{size}; make a new layer for other inputs.").format(
                                         axis=axis, size=value)))
    if spec.shape is not None and len(shape) == len(spec.shape):
        for want, got in zip(spec.shape, shape):
            if want is not None and got is not None and want != got:
                raise ValueError(f"{where}: expected shape={spec.shape}, found shape={shape}")
