"""Core layers: ``Dense``, ``Embedding``, ``Lambda``, ``Identity``."""

from __future__ import annotations

import inspect
import warnings

from ..._base.i18n import _, hint_line
from ..._core.ops.array_ops import gather, reshape, scatter_nd
from ..._core.ops.linalg import matmul
from ..._core.ops.math_ops import cast, less, where
from .. import activations, constraints, initializers, regularizers
from .input_spec import InputSpec
from .layer import Layer
from .structures import map_structure


def activation_name(fn) -> str:
    """The name Keras writes in a config for an activation function."""
    return getattr(fn, "__name__", type(fn).__name__)


def serialize(obj, module: str):
    """Keras's config entry for an initializer, regularizer or constraint (None stays None)."""
    if obj is None:
        return None
    return {"module": module, "class_name": type(obj).__name__, "config": obj.get_config(), "registered_name": None}


class Dense(Layer):
    """``activation(inputs @ kernel + bias)``; ``kernel`` is (input's last dim, units), built on first call."""

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, lora_rank=None, lora_alpha=None,
                 quantization_config=None, **kwargs):
        if not isinstance(units, int) or units <= 0:
            raise ValueError("Received an invalid value for `units`, expected a positive integer. Received: units="
                             f"{units}"
                             + hint_line(_("units is the number of outputs, e.g. Dense(4).")))
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.quantization_config = quantization_config
        self.input_spec = InputSpec(min_ndim=2)
        self.supports_masking = True

    def build(self, input_shape):
        self._kernel = self.add_weight(name="kernel", shape=(input_shape[-1], self.units),
                                       initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                       constraint=self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.units,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        else:
            self.bias = None
        self.input_spec = InputSpec(min_ndim=2, axes={-1: input_shape[-1]})

    @property
    def kernel(self):
        if not self.built or "_kernel" not in self.__dict__:
            raise AttributeError("You must build the layer before accessing `kernel`."
                                 + hint_line(_("call the layer on an input once (layer(x)) or call "
                                               "layer.build(input_shape).")))
        return self._kernel

    def call(self, inputs, training=None):
        kernel = self._kernel
        if hasattr(inputs, "dense_shape"):   # a SparseTensor (keras.Input(sparse=True)): TF's sparse matmul, densely
            inputs = scatter_nd(inputs.indices, inputs.values, inputs.dense_shape)
        if inputs.dtype.name != kernel.dtype:
            inputs = cast(inputs, kernel.dtype)
        if inputs.ndim == 2:
            x = matmul(inputs, kernel)
        else:  # (batch..., in): flatten the leading axes, multiply, restore them
            lead = tuple(inputs.shape)[:-1]
            x = reshape(matmul(reshape(inputs, (-1, int(inputs.shape[-1]))), kernel), lead + (self.units,))
        if self.bias is not None:
            x = x + self.bias
        return self.activation(x) if self.activation is not None else x

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)[:-1] + (self.units,)

    def get_config(self) -> dict:
        return {**super().get_config(), "units": self.units, "activation": activation_name(self.activation),
                "use_bias": self.use_bias,
                "kernel_initializer": serialize(self.kernel_initializer, "keras.initializers"),
                "bias_initializer": serialize(self.bias_initializer, "keras.initializers"),
                "kernel_regularizer": serialize(self.kernel_regularizer, "keras.regularizers"),
                "bias_regularizer": serialize(self.bias_regularizer, "keras.regularizers"),
                "kernel_constraint": serialize(self.kernel_constraint, "keras.constraints"),
                "bias_constraint": serialize(self.bias_constraint, "keras.constraints"),
                "quantization_config": self.quantization_config}


class Embedding(Layer):
    """A lookup table: integer ids in, rows of ``embeddings`` (input_dim, output_dim) out."""

    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform", embeddings_regularizer=None,
                 embeddings_constraint=None, mask_zero=False, weights=None, lora_rank=None, lora_alpha=None,
                 quantization_config=None, **kwargs):
        input_length = kwargs.pop("input_length", None)
        if input_length is not None:
            warnings.warn("Argument `input_length` is deprecated. Just remove it.", UserWarning, stacklevel=2)
        super().__init__(**kwargs)
        for arg, value in (("input_dim", input_dim), ("output_dim", output_dim)):
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise ValueError(f"`{arg}` must be a positive integer. Received: {arg}={value} (of type "
                                 f"{type(value).__name__})."
                                 + hint_line(_("input_dim is the vocabulary size, output_dim the size of each "
                                               "embedding vector.")))
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.embeddings_initializer = initializers.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        self.autocast = False
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.quantization_config = quantization_config
        if weights is not None:
            self.build()
            if not isinstance(weights, list):
                weights = [weights]
            self.set_weights(weights)

    def build(self, input_shape=None):
        self._embeddings = self.add_weight(shape=(self.input_dim, self.output_dim),
                                           initializer=self.embeddings_initializer, name="embeddings",
                                           regularizer=self.embeddings_regularizer,
                                           constraint=self.embeddings_constraint, trainable=True)

    @property
    def embeddings(self):
        if "_embeddings" not in self.__dict__:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute 'embeddings'")
        return self._embeddings

    def call(self, inputs):
        if inputs.dtype.name not in ("int32", "int64"):
            inputs = cast(inputs, "int32")
        # Keras's take: negative ids count from the end
        inputs = where(less(inputs, 0), inputs + cast(self.input_dim, inputs.dtype), inputs)
        return gather(self._embeddings, inputs, axis=0)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape) + (self.output_dim,)

    def get_config(self) -> dict:
        return {**super().get_config(), "input_dim": self.input_dim, "output_dim": self.output_dim,
                "embeddings_initializer": serialize(self.embeddings_initializer, "keras.initializers"),
                "embeddings_regularizer": serialize(self.embeddings_regularizer, "keras.regularizers"),
                "activity_regularizer": serialize(self.activity_regularizer, "keras.regularizers"),
                "embeddings_constraint": serialize(self.embeddings_constraint, "keras.constraints"),
                "mask_zero": self.mask_zero, "quantization_config": self.quantization_config}


class Lambda(Layer):
    """Wraps a function of tensors as a layer: ``Lambda(lambda x: x ** 2)``."""

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        if not callable(function):
            raise TypeError(f"`function` must be callable. Received: function={function}")
        self.function = function
        self.arguments = arguments or {}
        self._output_shape = output_shape
        self.mask = mask
        params = inspect.signature(function).parameters if _has_signature(function) else {}
        self._fn_takes_training = "training" in params
        self._fn_takes_mask = "mask" in params

    def call(self, inputs, mask=None, training=None):
        kwargs = dict(self.arguments)
        if self._fn_takes_mask:
            kwargs["mask"] = mask
        if self._fn_takes_training:
            kwargs["training"] = training
        return self.function(inputs, **kwargs)

    def compute_output_shape(self, input_shape):
        if self._output_shape is None:
            try:
                return self.traced_output_shape(input_shape)
            except NotImplementedError:
                raise NotImplementedError("We could not automatically infer the shape of the Lambda's output. Please "
                                          "specify the `output_shape` argument for this Lambda layer.") from None
        if callable(self._output_shape):
            return self._output_shape(input_shape)
        batch = input_shape[0][0] if isinstance(input_shape, list) else input_shape[0]
        return (batch,) + tuple(self._output_shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "function": getattr(self.function, "__name__", repr(self.function)),
                "arguments": self.arguments}


class Identity(Layer):
    """Returns its input unchanged."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs):
        return map_structure(lambda x: x, inputs)

    def compute_output_shape(self, input_shape):
        return input_shape


def _has_signature(fn) -> bool:
    try:
        inspect.signature(fn)
    except (TypeError, ValueError):
        return False
    return True
