"""``tk.keras.layers``: ``Layer`` (build once, then call), ``Dense``, and Keras-style weights."""

from __future__ import annotations

import re
import threading

import numpy as np

from .. import dtypes
from ..module import Module
from ..ops.linalg import matmul
from ..ops.math_ops import cast
from ..tensor import Tensor, convert_to_tensor
from ..variable import Variable as _TkVariable
from . import activations, initializers


# ---------- names and paths ----------
class _Naming(threading.local):
    def __init__(self):
        self.uids: dict = {}      # default-name prefix -> how many objects took it
        self.scope: list = []     # layers (or optimizers) whose names prefix new weights' paths


_naming = _Naming()


def to_snake_case(name: str) -> str:
    """``MyDenseLayer`` -> ``my_dense_layer`` (Keras's rule for default layer names)."""
    name = re.sub(r"\W+", "", name)
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()


def unique_name(prefix: str) -> str:
    """``dense``, then ``dense_1``, ``dense_2`` ... (Keras's automatic names)."""
    n = _naming.uids.get(prefix, 0)
    _naming.uids[prefix] = n + 1
    return prefix if n == 0 else f"{prefix}_{n}"


def clear_session() -> None:
    """Restart automatic names (``dense``, ``dense_1`` ...) from the beginning, like Keras's."""
    _naming.uids.clear()


class Variable(_TkVariable):
    """A layer's weight: a ``tk.Variable`` with Keras's short ``name`` (``kernel``) and ``path``.

    ``path`` is the owning layers' names joined with ``/`` (``dense/kernel``); the underlying
    variable name shown by tapes is ``path:0``, as in TensorFlow.
    """

    __slots__ = ("_path", "_short_name")

    def __init__(self, initializer, shape=None, dtype=None, trainable=True, name=None):
        name = name or "variable"
        if callable(initializer) and not isinstance(initializer, (Tensor, _TkVariable)):
            if shape is None:
                raise ValueError("When creating a Variable from an initializer, the `shape` argument should "
                                 f"be specified. Received: initializer={initializer} and shape={shape}")
            initializer = initializer(tuple(shape), dtype=dtype)
        path = "/".join([layer.name for layer in _naming.scope] + [name])
        super().__init__(initializer, trainable=trainable, name=path,
                         dtype=None if isinstance(initializer, Tensor) else (dtype or dtypes.float32))
        self._path = path
        self._short_name = name

    @property
    def name(self) -> str:
        return self._short_name

    # Keras 3 variables differ from tf.Variable here: `trainable` can be set, `v -= x` rebinds v to
    # a Tensor, and assign returns the new value as a Tensor.
    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)

    def _augmented_assign(self, symbol, other):
        return NotImplemented

    def _assign_result(self):
        return self._read()

    @property
    def path(self) -> str:
        return self._path

    def __repr__(self) -> str:
        value = np.asarray(self._value)
        return (f"<Variable path={self._path}, shape={tuple(value.shape)}, dtype={self._dtype.name}, "
                f"value={value}>")

    __str__ = __repr__


# ---------- Layer ----------
class Layer(Module):
    """Base class of layers: create weights in ``build(input_shape)``, compute in ``call(inputs)``.

    ``layer(x)`` converts ``x`` to a tensor, calls ``build`` once (from ``x``'s shape), then ``call``.
    Weights are listed in Keras's order: the layer's own (trainable, then not), then sublayers'.
    """

    def __init__(self, trainable=True, name=None, dtype=None, **kwargs):
        if name is None:
            name = unique_name(to_snake_case(type(self).__name__))
        Module.__init__(self, name=name)
        self.built = False
        self._trainable = bool(trainable)
        self.compute_dtype = dtypes.as_dtype(dtype) if dtype is not None else dtypes.float32
        self.__dict__.setdefault("_own_weights", [])
        self.__dict__.setdefault("_layers", [])

    # ----- attribute tracking -----
    def __setattr__(self, key, value):
        if not key.startswith("_"):
            self._track(value)
        object.__setattr__(self, key, value)

    def _track(self, value):
        own = self.__dict__.setdefault("_own_weights", [])
        layers = self.__dict__.setdefault("_layers", [])
        for leaf in _leaves(value):
            if isinstance(leaf, Layer) and leaf is not self and not any(leaf is x for x in layers):
                layers.append(leaf)
            elif isinstance(leaf, _TkVariable) and not any(leaf is w for w in own):
                own.append(leaf)

    @property
    def dtype(self):
        return self.compute_dtype

    @property
    def trainable(self) -> bool:
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)
        for weight in self._own_weights:
            weight.trainable = self._trainable
        for layer in self._layers:
            layer.trainable = value

    @property
    def layers(self) -> list:
        return list(self._layers)

    # ----- weights -----
    def add_weight(self, shape=None, initializer=None, dtype=None, trainable=True, name=None, **kwargs):
        """Create, track and return a weight ``Variable`` (default initializer: glorot_uniform)."""
        shape = () if shape is None else tuple(int(d) for d in shape)
        dtype = dtypes.as_dtype(dtype) if dtype is not None else self.compute_dtype
        if initializer is None:
            initializer = "glorot_uniform" if dtype.is_floating else "zeros"
        init = initializers.get(initializer)
        in_scope = bool(_naming.scope) and _naming.scope[-1] is self
        if not in_scope:
            _naming.scope.append(self)
        try:
            var = Variable(init, shape=shape, dtype=dtype, trainable=trainable, name=name)
        finally:
            if not in_scope:
                _naming.scope.pop()
        self._own_weights.append(var)
        return var

    @property
    def weights(self) -> list:
        own = self._own_weights
        found = [w for w in own if w.trainable] + [w for w in own if not w.trainable]
        for layer in self._layers:
            found.extend(layer.weights)
        return _unique(found)

    @property
    def trainable_weights(self) -> list:
        if not self.trainable:
            return []
        return [w for w in self.weights if w.trainable]

    @property
    def non_trainable_weights(self) -> list:
        if not self.trainable:
            return self.weights
        return [w for w in self.weights if not w.trainable]

    @property
    def variables(self) -> list:
        return self.weights

    @property
    def trainable_variables(self) -> list:
        return self.trainable_weights

    @property
    def non_trainable_variables(self) -> list:
        return self.non_trainable_weights

    # ----- build and call -----
    def build(self, input_shape):
        """Create the weights for inputs of ``input_shape`` (a tuple). The default creates none."""
        self.built = True

    def call(self, inputs, *args, **kwargs):
        raise NotImplementedError(f"Layer {type(self).__name__} does not have a `call` method implemented."
                                  "\n  Hint: subclass tk.keras.layers.Layer and define call(self, inputs).")

    def __call__(self, inputs, *args, **kwargs):
        inputs = self._convert_inputs(inputs)
        _naming.scope.append(self)
        try:
            if not self.built:
                self._check_input(inputs)
                self.build(_shape_of(inputs))
                self.built = True
            self._check_input(inputs)
            return self.call(inputs, *args, **kwargs)
        finally:
            _naming.scope.pop()

    def _check_input(self, inputs):
        """Raise ValueError if ``inputs`` does not fit this layer (subclasses override)."""

    def _convert_inputs(self, inputs):
        """Tensors for arrays, lists and numbers; floats cast to the layer's dtype, as Keras does."""
        if isinstance(inputs, (list, tuple, dict)) and any(isinstance(x, (Tensor, _TkVariable))
                                                           for x in _leaves(inputs)):
            return inputs
        if isinstance(inputs, _TkVariable):
            inputs = inputs.read_value()
        elif not isinstance(inputs, Tensor):
            arr = np.asarray(inputs)
            inputs = convert_to_tensor(arr, dtype=self.compute_dtype if arr.dtype.kind == "f" else None)
        if inputs.dtype.is_floating and inputs.dtype is not self.compute_dtype:
            inputs = cast(inputs, self.compute_dtype)
        return inputs

    def __repr__(self) -> str:
        return f"<{type(self).__name__} name={self.name}, built={self.built}>"


class Dense(Layer):
    """``activation(inputs @ kernel + bias)``; ``kernel`` is (input's last dim, units), built on first call."""

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", name=None, **kwargs):
        if isinstance(units, bool) or not isinstance(units, (int, np.integer)) or units <= 0:
            raise ValueError("Received an invalid value for `units`, expected a positive integer. "
                             f"Received: units={units}")
        super().__init__(name=name, **kwargs)
        self.units = int(units)
        self.activation = activations.get(activation)
        self.use_bias = bool(use_bias)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self._input_dim = None

    def __getattr__(self, key):
        # only reached when normal lookup fails: kernel/bias before build
        if key in ("kernel", "bias"):
            raise AttributeError(f"You must build the layer before accessing `{key}`.\n  Hint: call the "
                                 "layer on an input once (layer(x)) or call layer.build(input_shape).")
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{key}'")

    def build(self, input_shape):
        input_shape = tuple(input_shape)
        if len(input_shape) < 1 or input_shape[-1] is None:
            raise ValueError(f"The last dimension of the inputs to a Dense layer should be defined. "
                             f"Found None. Full input shape received: {input_shape}")
        self._input_dim = int(input_shape[-1])
        self.kernel = self.add_weight(shape=(self._input_dim, self.units), initializer=self.kernel_initializer,
                                      name="kernel")
        self.bias = self.add_weight(shape=(self.units,), initializer=self.bias_initializer, name="bias") \
            if self.use_bias else None
        self.built = True

    def _check_input(self, inputs):
        shape = _shape_of(inputs)
        if len(shape) < 2:
            raise ValueError(f"Input 0 with name 'None' of layer '{self.name}' is incompatible with the layer: "
                             f"expected min_ndim=2, found ndim={len(shape)}. Full shape received: {shape}"
                             "\n  Hint: Dense expects a batch of rows, shape (batch, features); "
                             "add a batch axis with tk.expand_dims(x, 0) or x[None].")
        if self._input_dim is not None and shape[-1] != self._input_dim:
            raise ValueError(f"Input 0 with name 'None' of layer '{self.name}' is incompatible with the layer: "
                             f"expected axis -1 of input shape to have value {self._input_dim}, but received "
                             f"input with shape {shape}\n  Hint: the layer was built for "
                             f"{self._input_dim} input features on its first call; make a new layer for "
                             "inputs of another width.")

    def call(self, inputs):
        if inputs.dtype is not self.kernel.dtype:
            inputs = cast(inputs, self.kernel.dtype)
        if inputs.ndim == 2:
            x = matmul(inputs, self.kernel)
        else:  # (batch..., in) -> flatten the leading axes, multiply, restore them
            from ..ops.array_ops import reshape

            lead = tuple(inputs.shape)[:-1]
            x = reshape(matmul(reshape(inputs, (-1, self._input_dim)), self.kernel), lead + (self.units,))
        if self.bias is not None:
            x = x + self.bias
        return self.activation(x)


# ---------- helpers ----------
def _leaves(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _leaves(v)
    else:
        yield value


def _unique(items) -> list:
    seen, out = set(), []
    for item in items:
        if id(item) not in seen:
            seen.add(id(item))
            out.append(item)
    return out


def _shape_of(inputs) -> tuple:
    if isinstance(inputs, (Tensor, _TkVariable)):
        return tuple(int(d) for d in np.shape(inputs._value))
    return tuple(_shape_of(x) for x in inputs)
