"""``keras.layers.Layer``: weights made in ``build(input_shape)``, computation in ``call(inputs)``.

As in Keras 3: ``layer(x)`` converts NumPy inputs to tensors (floats to the layer's dtype),
refuses Python lists and numbers as positional inputs, checks ``input_spec``, builds the layer
once from the input's shape, passes ``training`` down to the layers it calls, and records
activity-regularizer losses. Attributes that hold layers or Keras variables are tracked, in
the order they are first seen; a ``tk.Variable`` attribute is not (Keras 3 does not collect it).
"""

from __future__ import annotations

import collections
import functools
import inspect
import math
import threading
import warnings
import weakref

import numpy as np

from ..._core.values.context import active_tapes
from ..._base import deferred_restore
from ..._base.i18n import _, hint_line
from ..._core.ops.creation import zeros
from ..._core.ops.math_ops import cast, divide_no_nan, to_tensor
from ...ragged import RaggedTensor
from ...sparse import SparseTensor
from ..._core.values.tensor import Tensor, convert_to_tensor, is_variable
from ..._core.record.variable import Variable as _TkVariable
from .. import constraints, initializers, naming, regularizers
from ..random import SeedGenerator
from ..mixed_precision import DTypePolicy
from ..variables import Variable, dtype_name, standardize_dtype
from .input_spec import assert_input_compatibility
from .keras_tensor import KerasTensor, Node, set_keras_history
from .call_errors import call_with_info
from .structures import flatten, map_shapes, map_structure, shape_structure
from .tracking import TrackedDict, TrackedList, auto_config

_INPUT_SHAPE_WARNING = ("Do not pass an `input_shape`/`input_dim` argument to a layer. When using Sequential models, "
                        "prefer using an `Input(shape)` object as the first layer in the model instead.")


# ---------- the state of the layer calls running in this thread ----------
class _CallState(threading.local):
    def __init__(self):
        self.context = None     # _CallContext of the outermost layer call now running
        self.symbolic = 0       # > 0 while layers run on stand-in values to find output shapes


_call_state = _CallState()
_BUILD_WRAPPERS: weakref.WeakSet = weakref.WeakSet()  # the builds _wrap_build made (not wrapped twice)


class _CallContext:
    """What an outer layer call passes down to the layers it calls: the ``training`` flag."""

    def __init__(self, entry_layer):
        self.entry_layer = entry_layer
        self.training = None


class _Symbolic:
    """Layers run on stand-in values (Keras traces them symbolically): no losses are recorded, and
    no gradient tape sees these ops (a model's first call inside a tape records only the real call)."""

    def __enter__(self):
        _call_state.symbolic += 1
        self._tapes = active_tapes()
        self._hidden = list(self._tapes)
        self._tapes.clear()

    def __exit__(self, *exc):
        self._tapes[:] = self._hidden
        _call_state.symbolic -= 1


def _is_tensor_input(x) -> bool:
    return isinstance(x, (Tensor, KerasTensor, RaggedTensor, SparseTensor)) or is_variable(x)


def _call_signature(cls):
    signature = inspect.signature(cls.call)
    params = signature.parameters
    training = params.get("training")
    positional = [p.name for p in params.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return {"training": training is not None,
            "training_default": None if training is None or training.default is inspect.Parameter.empty
            else training.default,
            "training_position": positional.index("training") - 1 if "training" in positional else None,
            "mask": "mask" in params,
            "var_kwargs": any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())}


def _wrap_build(build):
    """Run a layer's own ``build`` in its name scope, then mark it built (as Keras's build wrapper)."""

    @functools.wraps(build)
    def build_wrapper(self, *args, **kwargs):
        with self._name_scope():
            if self._path is None:
                object.__setattr__(self, "_path", naming.current_path())
            build(self, *args, **kwargs)
        if self._build_shapes is None:
            object.__setattr__(self, "_build_shapes", args[0] if args else next(iter(kwargs.values()), None))
        self.built = True
        self._lock_state()
        deferred_restore.variables_created()  # its weights may have values a restore kept

    _BUILD_WRAPPERS.add(build_wrapper)
    return build_wrapper


# ---------- Layer ----------
class Layer:
    """Base class of layers: create weights in ``build(input_shape)``, compute in ``call(inputs)``.

    ``layer(x)`` builds the layer once from ``x.shape`` and then calls ``call``. Weights are
    listed as in Keras: the layer's own (trainable, then not), then its sublayers'.
    """

    _keras_object = True  # tk.Module reads this marker (it cannot import keras)
    _INTERNAL = frozenset(("_auto_config", "_layers", "_own_trainable", "_own_non_trainable", "_seed_generators",
                           "_losses", "_inbound_nodes", "_warned_tk_variables", "_call_spec"))  # never tracked
    _call_spec = None  # call()'s signature, read once per class

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        build = cls.__dict__.get("build")
        if build is not None and build not in _BUILD_WRAPPERS:
            cls.build = _wrap_build(build)
        cls._call_spec = None

    def __new__(cls, *args, **kwargs):
        instance = super().__new__(cls)
        instance.__dict__["_auto_config"] = auto_config(cls, args, kwargs)
        return instance

    def __init__(self, *, activity_regularizer=None, trainable=True, dtype=None, autocast=True, name=None, **kwargs):
        self._init_state()
        if name is None:
            name = naming.auto_name(type(self).__name__)
        naming.check_name(name)
        input_dim = kwargs.pop("input_dim", None)
        input_shape = (input_dim,) if input_dim is not None else kwargs.pop("input_shape", None)
        if input_dim is not None:
            kwargs.pop("input_shape", None)
        if input_shape is not None:
            warnings.warn(_INPUT_SHAPE_WARNING, UserWarning, stacklevel=3)
            object.__setattr__(self, "_input_shape_arg",   # kept as given (checked where it is used), as Keras
                               tuple(input_shape) if isinstance(input_shape, (list, tuple)) else input_shape)
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments passed to {type(self).__name__}: {kwargs}"
                             + hint_line(_("check the spelling; {cls} takes {names}.").format(
                                         cls=type(self).__name__, names=_parameter_names(type(self)))))
        state = self.__dict__
        state["_name"] = name
        state["_trainable"] = bool(trainable)
        state["_dtype"] = standardize_dtype(dtype.get("config", {}).get("name") if isinstance(dtype, dict)
                                            else dtype)
        state["autocast"] = bool(autocast)
        state["activity_regularizer"] = regularizers.get(activity_regularizer)
        state["_initialized"] = True

    def _init_state(self):
        """Bookkeeping attributes; set once, even when a subclass sets attributes before ``super().__init__``."""
        state = self.__dict__
        if "_layers" in state:
            return
        state.update(_layers=[], _own_trainable=[], _own_non_trainable=[], _seed_generators=[], _losses=[],
                     _inbound_nodes=[], _locked=False,
                     _path=None, _parent_path=None, _build_shapes=None, _input_shape_arg=None,
                     _warned_tk_variables=set(), built=False, input_spec=None, supports_masking=False)

    # ----- attribute tracking -----
    def __setattr__(self, key, value):
        self._init_state()
        if key not in Layer._INTERNAL:
            self._track(key, value)
            if type(value) is list:
                value = TrackedList(value, functools.partial(self._track, key))
            elif type(value) is dict:
                value = TrackedDict(value, functools.partial(self._track, key))
        object.__setattr__(self, key, value)

    def _track(self, key, value):
        for leaf in flatten(value):
            if isinstance(leaf, Layer):
                if leaf is not self and not any(leaf is x for x in self._layers):
                    self._check_unlocked()
                    self._layers.append(leaf)
            elif isinstance(leaf, Variable):
                self._track_variable(leaf)
            elif isinstance(leaf, SeedGenerator):
                if not any(leaf is g for g in self._seed_generators):
                    self._check_unlocked()
                    self._seed_generators.append(leaf)
            elif isinstance(leaf, _TkVariable) and key not in self._warned_tk_variables:
                self._warned_tk_variables.add(key)
                warnings.warn(f"`{type(self).__name__}.{key}` holds a tk.Variable: Keras 3 layers do not track "
                              "tk.Variable attributes, so it is not in this layer's weights or trainable_variables "
                              "(TF 2.16+ behaves the same)."
                              + hint_line(_("create it with self.add_weight(...) in build() or __init__.")),
                              UserWarning, stacklevel=3)

    def _track_variable(self, variable):
        known = self._own_trainable + self._own_non_trainable
        if any(variable is v for v in known):
            return
        self._check_unlocked()
        (self._own_trainable if variable.trainable else self._own_non_trainable).append(variable)
        if not self._trainable:
            variable.trainable = False

    def _lock_state(self):
        """After ``build``, new weights and sublayers are refused (Keras 3: all state comes from build)."""
        self.__dict__["_locked"] = True

    def _check_unlocked(self):
        if self._locked:
            raise ValueError("You cannot add new elements of state (variables or sub-layers) to a layer that is "
                             "already built. All state must be created in the `__init__()` method or in the "
                             "`build()` method."
                             + hint_line(_("layer '{name}' is built; create this weight in build(self, "
                                           "input_shape) with self.add_weight(...), or the sublayer in "
                                           "__init__.").format(name=self.name)))

    def _build_at_init(self):
        """For layers with no weights: built (and locked) when made."""
        self.built = True
        self._lock_state()

    def _check_super_called(self):
        if not self.__dict__.get("_initialized"):
            raise RuntimeError(f"In layer '{type(self).__name__}', you forgot to call `super().__init__()` as the "
                               "first statement in the `__init__()` method. Go add it!"
                               + hint_line(_("start __init__ with super().__init__(**kwargs).")))

    # ----- names and dtypes -----
    @property
    def name(self) -> str:
        return self._name

    @property
    def path(self):
        """The layer's place among the layers that built it (``sequential/dense``); None before it is built."""
        return self._path

    @property
    def dtype(self):
        """The dtype of the layer's weights, as a string (``'float32'``)."""
        return dtype_name(self._dtype)

    @property
    def dtype_policy(self) -> DTypePolicy:
        """The layer's dtype policy: its dtype, for computing and for its variables (Keras's ``DTypePolicy``)."""
        return DTypePolicy(self.dtype)

    @property
    def compute_dtype(self):
        return dtype_name(self._dtype)

    @property
    def variable_dtype(self):
        return dtype_name(self._dtype)

    @property
    def input_dtype(self):
        return dtype_name(self._dtype)

    def _name_scope(self):
        if self._parent_path is None:
            object.__setattr__(self, "_parent_path", naming.current_path())
        return naming.name_scope(self._name, caller=self, override_parent=self._parent_path)

    # ----- trainable and weights -----
    @property
    def trainable(self) -> bool:
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        value = bool(value)
        object.__setattr__(self, "_trainable", value)
        for variable in self._own_trainable:
            variable.trainable = value
        for layer in self._layers:
            layer.trainable = value

    @property
    def weights(self) -> list:
        """Every weight: this layer's own (trainable first), then its sublayers', each once."""
        found, seen = [], set()
        for w in self._own_trainable + self._own_non_trainable:
            if id(w) not in seen:
                seen.add(id(w))
                found.append(w)
        for layer in self._layers:
            for w in layer.weights:
                if id(w) not in seen:
                    seen.add(id(w))
                    found.append(w)
        return found

    @property
    def trainable_weights(self) -> list:
        """The weights an optimizer updates: empty when the layer is frozen (``trainable = False``)."""
        if not self._trainable:
            return []
        return [w for w in self.weights if w.trainable]

    @property
    def non_trainable_weights(self) -> list:
        if not self._trainable:
            return self.weights
        return [w for w in self.weights if not w.trainable]

    @property
    def variables(self) -> list:
        """All state: the weights, then random seeds' state (``SeedGenerator``, e.g. in Dropout), sublayers'."""
        found, seen = [], set()
        own = self._own_trainable + self._own_non_trainable + [g.state for g in self._seed_generators]
        for v in own + [v for layer in self._layers for v in layer.variables]:
            if id(v) not in seen:
                seen.add(id(v))
                found.append(v)
        return found

    @property
    def trainable_variables(self) -> list:
        if not self._trainable:
            return []
        return [v for v in self.variables if v.trainable]

    @property
    def non_trainable_variables(self) -> list:
        if not self._trainable:
            return self.variables
        return [v for v in self.variables if not v.trainable]

    def add_weight(self, *args, shape=None, initializer=None, dtype=None, trainable=True, autocast=True,
                   regularizer=None, constraint=None, aggregation="none", overwrite_with_gradient=False, name=None):
        """Create, track and return a weight (a Keras ``Variable``); default initializer ``glorot_uniform``."""
        self._check_super_called()
        if args:
            shape, initializer, dtype = _legacy_weight_args(args, shape, initializer, dtype)
        shape = () if shape is None else shape
        dtype = standardize_dtype(dtype) if dtype is not None else self._dtype
        if initializer is None:
            initializer = "glorot_uniform" if dtype.is_floating else "zeros"
        initializer = initializers.get(initializer)
        with naming.name_scope(self._name, caller=self):
            variable = Variable(initializer, shape=shape, dtype=dtype, trainable=trainable, autocast=autocast,
                                aggregation=aggregation, name=name)
        variable.regularizer = regularizers.get(regularizer)
        variable.constraint = constraints.get(constraint)
        variable.overwrite_with_gradient = overwrite_with_gradient
        self._track_variable(variable)
        return variable

    add_variable = add_weight

    def get_weights(self) -> list:
        """The values of ``weights``, as NumPy arrays."""
        return [w.numpy() for w in self.weights]

    def set_weights(self, weights) -> None:
        """Set ``weights`` from a list of arrays (same count, same shapes); nothing changes on an error."""
        layer_weights = self.weights
        if len(layer_weights) != len(weights):
            raise ValueError(f"You called `set_weights(weights)` on layer '{self.name}' with a weight list of length "
                             f"{len(weights)}, but the layer was expecting {len(layer_weights)} weights."
                             + hint_line(_("pass one array per entry of layer.weights, in that order.")))
        for variable, value in zip(layer_weights, weights):
            if tuple(variable.shape) != tuple(np.shape(value)):
                raise ValueError(f"Layer {self.name} weight shape {variable.shape} is not compatible with provided "
                                 f"weight shape {tuple(np.shape(value))}."
                                 + hint_line(_("weight {path} needs an array of shape {shape}.").format(
                                             path=variable.path, shape=variable.shape)))
        for variable, value in zip(layer_weights, weights):
            variable.assign(value)

    def count_params(self) -> int:
        """How many numbers the weights hold."""
        if not self.built:
            raise ValueError(f"You tried to call `count_params` on layer '{self.name}', but the layer isn't built. "
                             "You can build it manually via: `layer.build(input_shape)`.")
        return int(sum(math.prod(w.shape) for w in self.weights))

    # ----- losses -----
    def add_loss(self, loss) -> None:
        """Record a scalar loss (call it from ``call``); ``layer.losses`` lists it until the next call."""
        for x in flatten(loss):
            if not (isinstance(x, Tensor) or is_variable(x)):
                raise ValueError("`add_loss()` can only be called from inside `build()` or `call()`, on a tensor "
                                 f"input. Received invalid value: {x}"
                                 + hint_line(_("build the loss from tensors, e.g. "
                                               "self.add_loss(tk.reduce_sum(x)).")))
        if _call_state.symbolic:
            return
        self._losses.extend(flatten(loss))

    @property
    def losses(self) -> list:
        """Losses added in the last call (this layer's, then its sublayers'), then the weights' regularization."""
        found = list(self._losses)
        for layer in self._flatten_layers(include_self=False):
            found.extend(layer._losses)  # noqa: SLF001 - a sublayer's own state (same class)
        for variable in self.trainable_weights:
            if variable.regularizer is not None:
                found.append(variable.regularizer(variable))
        return found

    def _clear_losses(self):
        self._losses.clear()
        for layer in self._layers:
            layer._clear_losses()  # noqa: SLF001 - a sublayer's own state (same class)

    def _flatten_layers(self, include_self=True, recursive=True) -> list:
        found = [self] if include_self else []
        seen = set()
        queue = collections.deque(self._layers)
        while queue:
            layer = queue.popleft()
            if id(layer) in seen:
                continue
            seen.add(id(layer))
            found.append(layer)
            if recursive:
                queue.extendleft(layer._layers)  # noqa: SLF001 - a sublayer's own state (same class)
        return found

    def add_metric(self, *args, **kwargs):
        raise NotImplementedError("Layer `add_metric()` method is deprecated. Add your metric in "
                                  "`Model.compile(metrics=[...])`, or create metric trackers in init() or build() "
                                  "when subclassing the layer or model, then call `metric.update_state()` whenever "
                                  "necessary.")

    # ----- build and call -----
    def build(self, input_shape=None):
        """Create the weights for inputs of ``input_shape``. The default creates none."""
        self._check_super_called()
        if type(self).build is Layer.build and any(not layer.built for layer in self._layers):
            warnings.warn(f"`build()` was called on layer '{self.name}', however the layer does not have a "
                          "`build()` method implemented and it looks like it has unbuilt state. This will cause "
                          "the layer to be marked as built, despite not being actually built, which may cause "
                          "failures down the line. Make sure to implement a proper `build()` method.",
                          UserWarning, stacklevel=2)
        if self._build_shapes is None:
            object.__setattr__(self, "_build_shapes", input_shape)
        self.built = True
        self._lock_state()

    def call(self, *args, **kwargs):
        raise NotImplementedError(f"Layer {type(self).__name__} does not have a `call()` method implemented."
                                  + hint_line(_("subclass tk.keras.layers.Layer and define call(self, "
                                                "inputs).")))

    def __call__(self, *args, **kwargs):
        self._check_super_called()
        args = map_structure(self._convert_input, args)
        kwargs = {k: map_structure(self._convert_input, v) for k, v in kwargs.items()}
        for arg in flatten(args):
            if not (arg is None or _is_tensor_input(arg)):
                raise ValueError("Only input tensors may be passed as positional arguments. The following argument "
                                 f"value should be passed as a keyword argument: {arg} (of type {type(arg)})"
                                 + hint_line(_("convert the input first, e.g. layer(tk.constant([[1.0, "
                                               "2.0]])) or layer(np.array(...)); pass flags such as "
                                               "training=True by keyword.")))
        if any(isinstance(x, KerasTensor) for x in flatten((args, kwargs))):
            return self._symbolic_call(args, kwargs)
        first = self._first_argument(args, kwargs)
        assert_input_compatibility(self.input_spec, first, self._name)
        context = _call_state.context
        entry = context is None
        if entry:
            context = _call_state.context = _CallContext(self)
            self._clear_losses()
        try:
            building = not self.built
            if building:
                with self._name_scope():
                    self._maybe_build(args, kwargs)
                deferred_restore.variables_created()  # its weights may have values a restore kept
                assert_input_compatibility(self.input_spec, first, self._name)
            kwargs = self._resolve_call_arguments(args, kwargs, context)
            with self._name_scope():
                outputs = call_with_info(self, args, kwargs)
            self.built = True
            if building:
                deferred_restore.variables_created()  # and those its call made
            self._add_activity_losses(outputs)
            return outputs
        finally:
            if entry:
                _call_state.context = None

    def _convert_input(self, x):
        """Arrays and variables become tensors; floats are cast to the layer's dtype (Keras's autocast)."""
        if isinstance(x, (np.ndarray, np.generic)):
            x = convert_to_tensor(x)
        elif is_variable(x) and not isinstance(x, Tensor):
            x = to_tensor(x)
        if isinstance(x, Tensor) and self.autocast and x.dtype.is_floating and x.dtype is not self._dtype \
                and self._dtype.is_floating:
            x = cast(x, self._dtype)
        return x

    def _first_argument(self, args, kwargs):
        if args:
            return args[0]
        return next((v for k, v in kwargs.items() if k not in ("training", "mask")), None)

    def _maybe_build(self, args, kwargs):
        first_shape = shape_structure(self._first_argument(args, kwargs))
        if self._path is None:
            object.__setattr__(self, "_path", naming.current_path())
        if type(self).build is Layer.build:
            if any(not layer.built for layer in self._layers):
                # Keras traces call() first, which builds the sublayers (and may create weights)
                try:
                    self._trial_call(args, kwargs, own_context=False)
                except Exception:
                    return  # as Keras in eager mode: the real call builds what it needs
            self.build(first_shape)
            return
        object.__setattr__(self, "_build_shapes", first_shape)
        params = [p for p in inspect.signature(self.build).parameters.values()
                  if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        if len(params) <= 1:
            self.build(first_shape)
            return
        named = dict(zip(self._call_parameter_names(), args)) | kwargs
        self.build(**{p.name: shape_structure(named.get(p.name[:-len("_shape")])) for p in params
                      if p.name.endswith("_shape")})

    def _call_parameter_names(self) -> list:
        return [p.name for p in inspect.signature(self.call).parameters.values()
                if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]

    @classmethod
    def _class_call_spec(cls) -> dict:
        """``call()``'s signature, read once per class."""
        if cls._call_spec is None:
            cls._call_spec = _call_signature(cls)
        return cls._call_spec

    def _resolve_call_arguments(self, args, kwargs, context):
        """``training``: the value passed, else the outer call's, else ``call``'s default (Keras's order)."""
        spec = self._class_call_spec()
        position = spec["training_position"]
        if position is not None and len(args) > position:
            training = args[position]  # passed positionally: Keras passes it again, so call() raises TypeError
        elif "training" in kwargs:
            training = kwargs.pop("training")
        elif context.training is not None:
            training = context.training
        else:
            training = spec["training_default"]
        context.training = training
        if spec["training"] and training is not None:
            kwargs["training"] = training
        if not spec["mask"] and not spec["var_kwargs"] and kwargs.get("mask", 0) is None:
            kwargs.pop("mask")
        return kwargs

    def _add_activity_losses(self, outputs):
        if self.activity_regularizer is None or _call_state.symbolic:
            return
        for output in flatten(outputs):
            if isinstance(output, Tensor):
                loss = self.activity_regularizer(output)
                if output.ndim > 0:
                    loss = divide_no_nan(loss, cast(output.shape[0], loss.dtype))
                self.add_loss(loss)

    # ----- symbolic calls (keras.Input, Sequential and functional models) -----
    def _symbolic_call(self, args, kwargs):
        first = self._first_argument(args, kwargs)
        assert_input_compatibility(self.input_spec, first, self._name)
        if not self.built:
            with self._name_scope():
                self._maybe_build(args, kwargs)
            assert_input_compatibility(self.input_spec, first, self._name)
        outputs = self.compute_output_spec(*args, **kwargs)
        node_index = len(self._inbound_nodes)
        for i, tensor in enumerate(flatten(outputs)):
            set_keras_history(tensor, self, node_index, i)
        self._inbound_nodes.append(Node(self, args, kwargs, outputs))
        return outputs

    def compute_output_spec(self, *args, **kwargs):
        """KerasTensors shaped like this layer's outputs for the (symbolic) inputs given."""
        first = self._first_argument(args, kwargs)
        if type(self).compute_output_shape is not Layer.compute_output_shape:
            shapes = self.compute_output_shape(shape_structure(first))
            return map_shapes(lambda shape: KerasTensor(shape, self.compute_dtype), shapes)
        return self._trial_call(args, kwargs)

    def compute_output_shape(self, input_shape):
        """The output shape for inputs of ``input_shape``. Layers define it; the base class raises, as Keras."""
        raise NotImplementedError(f"Layer {type(self).__name__} should implement `def compute_output_shape(self, "
                                  "input_shape)`.")

    def traced_output_shape(self, input_shape):
        """The output shape for ``input_shape``, found by running ``call`` on zeros of that shape."""
        stand_in = map_shapes(lambda shape: KerasTensor(shape, self.compute_dtype, name="stand_in"), input_shape)
        try:
            outputs = self._trial_call((stand_in,), {}, name_outputs=False)
        except Exception as error:
            raise NotImplementedError(f"Layer {type(self).__name__} could not compute its output shape: "
                                      f"{error}") from None
        return map_structure(lambda t: t.shape, outputs)

    def _trial_call(self, args, kwargs, own_context=True, name_outputs=True):
        """Run ``call`` on zeros in place of KerasTensors (None dims as 1); None batch dims stay None."""
        symbolic = [x for x in flatten((args, kwargs)) if isinstance(x, KerasTensor)]
        unknown_batch = any(x.shape and x.shape[0] is None for x in symbolic)

        def stand_in(x):
            if isinstance(x, KerasTensor):
                return zeros([1 if d is None else d for d in x.shape], dtype=standardize_dtype(x.dtype))
            return x

        values = map_structure(stand_in, args)
        kw = {k: map_structure(stand_in, v) for k, v in kwargs.items()}
        saved = _call_state.context
        context = _call_state.context = _CallContext(self) if own_context else None
        try:
            with _Symbolic():
                if own_context:
                    kw = self._resolve_call_arguments(values, kw, context)
                outputs = self.call(*values, **kw)
        finally:
            _call_state.context = saved

        def to_keras(t):
            if not isinstance(t, Tensor):
                return t
            shape = tuple(t.shape)
            if unknown_batch and shape:
                shape = (None,) + shape[1:]
            return KerasTensor(shape, t.dtype.name, name=None if name_outputs else "stand_in")

        return map_structure(to_keras, outputs)

    @property
    def input(self):
        if not self._inbound_nodes:
            raise AttributeError(f"The layer {self.name} has never been called and thus has no defined input.")
        tensors = self._inbound_nodes[0].input_tensors
        return tensors[0] if len(tensors) == 1 else tensors

    @property
    def output(self):
        if not self._inbound_nodes:
            raise AttributeError(f"The layer {self.name} has never been called and thus has no defined output.")
        return self._inbound_nodes[0].outputs

    # ----- config -----
    def get_config(self) -> dict:
        """The arguments that rebuild this layer (``type(layer).from_config(config)``).

        A subclass that does not define ``get_config`` gets its constructor's arguments, when they
        are plain values (numbers, strings, booleans, None), as in Keras.
        """
        self._check_super_called()
        config = {"name": self._name}
        if type(self).get_config is Layer.get_config:
            if self._auto_config is None:
                raise NotImplementedError(f"Object {type(self).__name__} was created by passing non-serializable "
                                          "argument values in `__init__()`, and therefore the object must override "
                                          "`get_config()` in order to be serializable. Please implement "
                                          "`get_config()`.")
            config.update(self._auto_config)
            params = inspect.signature(type(self).__init__).parameters
            if "name" not in params and not any(p.kind is p.VAR_KEYWORD for p in params.values()):
                config.pop("name", None)
        config.update({"trainable": self._trainable, "dtype": dtype_policy_config(self._dtype)})
        if self.activity_regularizer is not None:
            config["activity_regularizer"] = regularizers.serialize(self.activity_regularizer)
        return config

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} name={self._name}, built={self.built}>"

    __str__ = __repr__


# ---------- what models and the summary read of a layer ----------
# Keras keeps this state private on the layer (a user's layer may use any public name for its
# own); models.py and summary.py read it through these functions only.
def inbound_nodes(layer) -> list:
    """The nodes of ``layer``'s symbolic calls, in call order."""
    return layer._inbound_nodes  # noqa: SLF001 - Layer state Keras keeps private (see above)


def build_shapes(layer):
    """The input shape ``layer`` was built with, or None while it is not built."""
    return layer._build_shapes  # noqa: SLF001 - Layer state Keras keeps private (see above)


def input_shape_arg(layer):
    """The ``input_shape=`` given to ``layer``'s constructor, or None."""
    return layer._input_shape_arg  # noqa: SLF001 - Layer state Keras keeps private (see above)


def dtype_policy_config(dtype) -> dict:
    return {"module": "keras", "class_name": "DTypePolicy", "config": {"name": dtype.name},
            "registered_name": None}


def _legacy_weight_args(args, shape, initializer, dtype):
    """``add_weight(shape, initializer, dtype)`` positionally, as Keras 3 still allows (``name`` must be a keyword)."""
    if len(args) > 3:
        raise TypeError(f"add_weight() takes at most 3 positional arguments but {len(args)} were given.")
    if isinstance(args[0], str):
        raise ValueError(f"`name` must be passed as a keyword argument. Received: add_weight('{args[0]}', ...). "
                         f"Use: add_weight(shape=..., name='{args[0]}').")
    given = {"shape": shape, "initializer": initializer, "dtype": dtype}
    for key, value in zip(("shape", "initializer", "dtype"), args):
        if given[key] is not None:
            raise ValueError(f"`{key}` was passed both positionally and as a keyword argument.")
        given[key] = value
    return given["shape"], given["initializer"], given["dtype"]


def _parameter_names(cls) -> str:
    names = []
    for klass in cls.__mro__:
        if "__init__" in klass.__dict__:
            names += [p for p in inspect.signature(klass.__init__).parameters
                      if p not in ("self", "kwargs", "args") and p not in names]
        if klass is Layer:
            break
    return ", ".join(names + ["input_shape"])
