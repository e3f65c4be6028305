"""Merging layers, called on a list of tensors: ``Concatenate``, ``Add``, ``Subtract``, ``Multiply``, ``Average``."""

from __future__ import annotations

from ..._base.i18n import _, hint_line
from ..._core.ops.array_ops import concat
from .layer import Layer


def _check_list(layer, input_shape):
    if not isinstance(input_shape, (list, tuple)) or not input_shape or \
            not isinstance(input_shape[0], (list, tuple)):
        raise ValueError(f"A `{type(layer).__name__}` layer should be called on a list of at least 1 input. "
                         f"Received: input_shape={input_shape}"
                         + hint_line(_("pass the tensors as a list, e.g. {layer_type}()([a, b]).").format(
                                     layer_type=type(layer).__name__)))


class Concatenate(Layer):
    """Joins a list of tensors along ``axis`` (default -1); other axes must match."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.supports_masking = True

    def build(self, input_shape):
        _check_list(self, input_shape)
        ranks = {len(s) for s in input_shape}
        problem = len(ranks) != 1
        if not problem:
            rank = ranks.pop()
            axis = self.axis % rank
            for dim in range(rank):
                sizes = {s[dim] for s in input_shape if s[dim] is not None}
                if dim != axis and len(sizes) > 1:
                    problem = True
        if problem:
            raise ValueError("A `Concatenate` layer requires inputs with matching shapes except for the "
                             f"concatenation axis. Received: input_shape={list(input_shape)}"
                             + hint_line(_("only axis {axis} may differ between the inputs.").format(axis=self.axis)))

    def call(self, inputs):
        return concat(list(inputs), axis=self.axis)

    def compute_output_shape(self, input_shape):
        shape = list(input_shape[0])
        axis = self.axis % len(shape)
        sizes = [s[axis] for s in input_shape]
        shape[axis] = None if any(d is None for d in sizes) else sum(sizes)
        return tuple(shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis}


class _Merge(Layer):
    """Elementwise merge of a list of same-shaped tensors."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def build(self, input_shape):
        _check_list(self, input_shape)
        batch_sizes = {s[0] for s in input_shape if s} - {None}
        if len(batch_sizes) > 1:
            raise ValueError(f"Cannot merge tensors with different batch sizes. Got tensors with shapes "
                             f"{list(input_shape)}")

    def call(self, inputs):
        inputs = list(inputs)
        out = inputs[0]
        for x in inputs[1:]:
            out = self._merge(out, x)
        return self._finish(out, len(inputs))

    def _finish(self, out, n):
        return out

    def compute_output_shape(self, input_shape):
        return tuple(input_shape[0])


class Add(_Merge):
    """The sum of the inputs."""

    def _merge(self, a, b):
        return a + b


class Multiply(_Merge):
    """The product of the inputs."""

    def _merge(self, a, b):
        return a * b


class Average(_Merge):
    """The mean of the inputs."""

    def _merge(self, a, b):
        return a + b

    def _finish(self, out, n):
        return out / float(n)


class Subtract(_Merge):
    """``inputs[0] - inputs[1]`` (exactly two inputs)."""

    def build(self, input_shape):
        super().build(input_shape)
        if len(input_shape) != 2:
            raise ValueError(f"A `Subtract` layer should be called on exactly 2 inputs. Received: "
                             f"input_shape={list(input_shape)}")

    def _merge(self, a, b):
        return a - b
