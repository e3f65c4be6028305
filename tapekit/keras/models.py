"""``keras.Model`` (subclass it, or ``Model(inputs, outputs)``) and ``keras.Sequential``.

Models are layers that hold layers. tapekit teaches the training loop written by hand, so
``compile``/``fit``/``evaluate``/``predict`` raise ``NotImplementedError`` showing that loop.
"""

from __future__ import annotations

from .._base.i18n import N_, _, hint_line
from . import layers as layer_module
from . import naming
from .layers.input_layer import InputLayer
from .layers.keras_tensor import KerasTensor, keras_history
from .layers.layer import Layer, build_shapes, dtype_policy_config, inbound_nodes, input_shape_arg
from .layers.structures import flatten, map_structure
from .summary import print_summary

_LOOP = """\
    optimizer = tk.keras.optimizers.Adam(learning_rate=1e-3)
    loss_fn = tk.keras.losses.MeanSquaredError()
    for epoch in range(epochs):
        for x_batch, y_batch in batches:
            with tk.GradientTape() as tape:
                loss = loss_fn(y_batch, model(x_batch, training=True))
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))"""

_INSTEAD = {
    "compile": N_("choose the optimizer and the loss yourself and use them in the loop"),
    "fit": N_("write the training loop"),
    "train_on_batch": N_("run one step of the loop"),
    "evaluate": N_("compute loss_fn(y, model(x)) (and your metrics) on the test data"),
    "test_on_batch": N_("compute loss_fn(y, model(x)) on the batch"),
    "predict": N_("call the model: model(x) (training=False is the default)"),
    "predict_on_batch": N_("call the model: model(x)"),
}


def _training_api(method: str):
    def unavailable(self, *args, **kwargs):
        raise NotImplementedError(
            f"Model.{method}() is not available in tapekit: tapekit teaches custom training loops written with "
            "tk.GradientTape (TF's equivalent of what fit() runs for you)."
            + hint_line(_("{instead}. The loop that fit() runs:\n{loop}").format(instead=_(_INSTEAD[method]),
                                                                                  loop=_LOOP)))

    unavailable.__name__ = method
    unavailable.__doc__ = "Not in tapekit (it teaches the training loop): raises NotImplementedError."
    return unavailable


def _saving_api(method: str):
    def unavailable(self, *args, **kwargs):
        raise NotImplementedError(
            f"Model.{method}() (Keras's saving API) is out of scope in tapekit."
            + hint_line(_("keep the values with weights = model.get_weights() and restore them with "
                          "model.set_weights(weights).")))

    unavailable.__name__ = method
    return unavailable


def _functional_arguments(args, kwargs) -> bool:
    return len(args) == 2 or (len(args) == 1 and "outputs" in kwargs) or ("inputs" in kwargs and "outputs" in kwargs)


class Model(Layer):
    """A layer that groups layers: subclass it (layers as attributes, a ``call`` method), or build a
    functional model with ``keras.Model(inputs, outputs)`` from ``keras.Input``."""

    def __new__(cls, *args, **kwargs):
        if cls is Model and _functional_arguments(args, kwargs):
            return super().__new__(Functional, *args, **kwargs)
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, *args, **kwargs):
        if _functional_arguments(args, kwargs) and not isinstance(self, Functional):
            raise NotImplementedError("tapekit builds functional models with keras.Model(inputs, outputs) itself, "
                                      "not with subclasses of Model."
                                      + hint_line(_("write a call() method.")))
        Layer.__init__(self, *args, **kwargs)

    def call(self, *args, **kwargs):
        raise NotImplementedError(f"Model {type(self).__name__} does not have a `call()` method implemented."
                                  + hint_line(_("define call(self, inputs) returning the model's output.")))

    @property
    def layers(self) -> list:
        """The layers this model holds directly, in the order they were set."""
        return self._flatten_layers(include_self=False, recursive=False)

    def get_layer(self, name=None, index=None):
        """A layer by name or by index in ``layers``."""
        if index is not None and name is not None:
            raise ValueError(f"Provide only a layer name or a layer index. Received: index={index}, name={name}.")
        if index is not None:
            if len(self.layers) <= index:
                raise ValueError(f"Was asked to retrieve layer at index {index} but model only has "
                                 f"{len(self.layers)} layers.")
            return self.layers[index]
        if name is not None:
            for layer in self.layers:
                if layer.name == name:
                    return layer
            raise ValueError(f"No such layer: {name}. Existing layers are: {[layer.name for layer in self.layers]}.")
        raise ValueError("Provide either a layer name or layer index at `get_layer`.")

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False, show_trainable=False,
                layer_range=None):
        """Print the layers, their output shapes and parameter counts, as Keras 3 prints them."""
        print_summary(self, line_length=line_length, positions=positions, print_fn=print_fn,
                      expand_nested=expand_nested, show_trainable=show_trainable, layer_range=layer_range)

    compile = _training_api("compile")
    fit = _training_api("fit")
    train_on_batch = _training_api("train_on_batch")
    evaluate = _training_api("evaluate")
    test_on_batch = _training_api("test_on_batch")
    predict = _training_api("predict")
    predict_on_batch = _training_api("predict_on_batch")
    save = _saving_api("save")
    def save_weights(self, filepath, overwrite=True, max_shard_size=None):
        """Keras's check of the file name comes first (its ValueError); saving itself is not in tapekit."""
        filepath_str = str(filepath)
        if max_shard_size is None and not filepath_str.endswith(".weights.h5"):
            raise ValueError(f"The filename must end in `.weights.h5`. Received: filepath={filepath_str}"
                             + hint_line(_("tapekit does not write weight files: keep the values with "
                                           "weights = model.get_weights() or save a tk.train.Checkpoint.")))
        if max_shard_size is not None and not filepath_str.endswith(("weights.h5", "weights.json")):
            raise ValueError("The filename must end in `.weights.json` when `max_shard_size` is specified. "
                             f"Received: filepath={filepath_str}")
        _saving_api("save_weights")(self, filepath)

    load_weights = _saving_api("load_weights")
    to_json = _saving_api("to_json")


class Functional(Model):
    """A model made of the layers between ``keras.Input`` tensors and output KerasTensors."""

    _is_graph_network = True   # keras.summary asks this, as Keras does

    def __init__(self, inputs, outputs, name=None, **kwargs):
        Layer.__init__(self, name=name, **kwargs)
        for x in flatten(inputs):
            history = getattr(x, "_keras_history", None)
            if not isinstance(x, KerasTensor) or history is None or not isinstance(history[0], InputLayer):
                raise ValueError(f"All `inputs` values must be KerasTensors. Received: inputs={inputs} including "
                                 f"invalid value {x} of type {type(x)}"
                                 + hint_line(_("make each input with keras.Input(shape=...).")))
        for x in flatten(outputs):
            if not isinstance(x, KerasTensor):
                raise ValueError("All `outputs` values must be KerasTensors. Received: outputs="
                                 f"{outputs} including invalid value {x} of type {type(x)}")
        self.__dict__.update(_inputs_struct=inputs, _outputs_struct=outputs,
                             _nodes=_topological_nodes(flatten(outputs), flatten(inputs)))
        for node in self._nodes:
            if not any(node.layer is layer for layer in self._layers):
                self._layers.append(node.layer)
        self.built = True

    @property
    def inputs(self) -> list:
        return flatten(self._inputs_struct)

    @property
    def outputs(self) -> list:
        return flatten(self._outputs_struct)

    @property
    def input(self):
        return self._inputs_struct

    @property
    def output(self):
        return self._outputs_struct

    @property
    def input_shape(self):
        return map_structure(lambda t: t.shape, self._inputs_struct)

    @property
    def output_shape(self):
        return map_structure(lambda t: t.shape, self._outputs_struct)

    def call(self, inputs, training=None, mask=None):
        values = {}
        given = flatten(inputs) if not isinstance(inputs, dict) else [inputs[t.name] for t in self.inputs]
        if len(given) != len(self.inputs):
            raise ValueError(f'Layer "{self.name}" expects {len(self.inputs)} input(s), but it received '
                             f"{len(given)} input tensors. Inputs received: {inputs}")
        for symbolic, value in zip(self.inputs, given):
            _check_input(symbolic, value)
            values[id(symbolic)] = value
        for node in self._nodes:
            if isinstance(node.layer, InputLayer):
                continue

            def resolve(x):
                return values[id(x)] if isinstance(x, KerasTensor) else x

            args = map_structure(resolve, node.args)
            kwargs = {k: map_structure(resolve, v) for k, v in node.kwargs.items()}
            outputs = node.layer(*args, **kwargs)
            for symbolic, value in zip(flatten(node.outputs), flatten(outputs)):
                values[id(symbolic)] = value
        return map_structure(lambda t: values[id(t)], self._outputs_struct)

    def compute_output_shape(self, input_shape):
        return map_structure(lambda t: t.shape, self._outputs_struct)

    def get_config(self) -> dict:
        return {"name": self.name, "trainable": self.trainable,
                "layers": [{"class_name": type(layer).__name__, "config": layer.get_config()}
                           for layer in self.layers]}


class Sequential(Model):
    """Layers applied one after the other: ``Sequential([Dense(4, activation="relu"), Dense(1)])``.

    With ``keras.Input(shape)`` first (or ``input_shape=`` on the first layer, which Keras 3
    warns about), the model is built at once and has its weights before the first call.
    """

    def __init__(self, layers=None, trainable=True, name=None):
        super().__init__(trainable=trainable, name=name)
        self.__dict__["_input_layer_built"] = False
        for layer in layers or []:
            self.add(layer, rebuild=False)
        if layers:
            self._maybe_rebuild()

    def add(self, layer, rebuild=True):
        """Append a layer (or a ``keras.Input`` tensor, which fixes the input shape)."""
        history = getattr(layer, "_keras_history", None)
        if history is not None and isinstance(history[0], InputLayer):
            layer = history[0]
        if not isinstance(layer, Layer):
            raise ValueError("Only instances of `keras.Layer` can be added to a Sequential model. Received: "
                             f"{layer} (of type {type(layer)})")
        if any(layer.name == other.name for other in self._layers):
            raise ValueError("All layers added to a Sequential model should have unique names. Name "
                             f"'{layer.name}' is already the name of a layer in this model. Update the `name` "
                             "argument to pass a unique name.")
        if isinstance(layer, InputLayer) and self._layers and isinstance(self._layers[0], InputLayer):
            raise ValueError(f"Sequential model '{self.name}' has already been configured to use input shape "
                             f"{self._layers[0].batch_shape}. You cannot add a different Input layer to it.")
        if not self._layers and input_shape_arg(layer) is not None:
            self.add(InputLayer(shape=input_shape_arg(layer)))
        self._layers.append(layer)
        if rebuild:
            self._maybe_rebuild()
        else:
            self.built = False

    def pop(self, rebuild=True):
        """Remove and return the last layer."""
        if not self.layers:
            raise IndexError("pop from empty list")
        layer = self._layers.pop()
        self.built = False
        if rebuild:
            self._maybe_rebuild()
        return layer

    def _maybe_rebuild(self):
        self.built = False
        if self._layers and isinstance(self._layers[0], InputLayer) and len(self._layers) > 1:
            self.build(self._layers[0].batch_shape)

    @property
    def layers(self) -> list:
        """The layers, without the InputLayer that ``keras.Input`` adds."""
        layers = list(self._layers)
        return layers[1:] if layers and isinstance(layers[0], InputLayer) else layers

    def build(self, input_shape=None):
        """Create every layer's weights for inputs of ``input_shape`` (e.g. ``(None, 4)``)."""
        try:
            input_shape = tuple(None if d is None else int(d) for d in input_shape)
        except (TypeError, ValueError):
            return  # as Keras: no single input shape, nothing to build
        if not self._layers:
            raise ValueError(f"Sequential model {self.name} cannot be built because it has no layers. Call "
                             "`model.add(layer)`.")
        if isinstance(self._layers[0], InputLayer):
            if self._layers[0].batch_shape != input_shape:
                raise ValueError(f"Sequential model '{self.name}' has already been configured to use input shape "
                                 f"{self._layers[0].batch_shape}. You cannot build it with input_shape "
                                 f"{input_shape}")
        else:
            self._layers.insert(0, InputLayer(batch_shape=input_shape, dtype=self._layers[0].dtype))
        x = self._layers[0].output
        with self._name_scope():
            if self._path is None:
                self.__dict__["_path"] = naming.current_path()
            for layer in self._layers[1:]:
                x = layer(x)
        naming.auto_name("Functional")  # Keras builds a functional model here, which takes a name
        self.__dict__["_build_shapes"] = input_shape
        self.built = True

    def call(self, inputs, training=None, mask=None):
        if self._layers and isinstance(self._layers[0], InputLayer):
            _check_input(self._layers[0].output, inputs)
        x = inputs
        for layer in self.layers:
            kwargs = {"training": training} if training is not None else {}
            x = layer(x, **kwargs)
        return x

    def _maybe_build(self, args, kwargs):
        if not self._layers:
            raise ValueError(f"Sequential model {self.name} cannot be built because it has no layers. Call "
                             "`model.add(layer)`.")
        first = self._first_argument(args, kwargs)
        self.build(tuple(first.shape))

    def compute_output_shape(self, input_shape):
        shape = tuple(input_shape)
        for layer in self.layers:
            shape = layer.compute_output_shape(shape)
        return shape

    @property
    def inputs(self) -> list:
        return [self._layers[0].output] if self.built and isinstance(self._layers[0], InputLayer) else []

    @property
    def outputs(self) -> list:
        if not self.built or not self.layers:
            return []
        last = self.layers[-1]
        return [inbound_nodes(last)[-1].outputs] if inbound_nodes(last) else []

    @property
    def input_shape(self):
        if not self.inputs:
            raise AttributeError(f"Sequential model '{self.name}' has no defined input shape yet.")
        return self.inputs[0].shape

    @property
    def output_shape(self):
        if not self.outputs:
            raise AttributeError(f"Sequential model '{self.name}' has no defined output shape yet.")
        return self.outputs[0].shape

    @property
    def input(self):
        raise AttributeError(f"The layer {self.name} has never been called and thus has no defined input.")

    def get_config(self) -> dict:
        layers = []
        for layer in self._layers:
            entry = {"module": "keras.layers", "class_name": type(layer).__name__, "config": layer.get_config(),
                     "registered_name": None}
            if not isinstance(layer, InputLayer) and build_shapes(layer) is not None:
                entry["build_config"] = {"input_shape": build_shapes(layer)}
            layers.append(entry)
        config = {"name": self.name, "trainable": self.trainable, "dtype": dtype_policy_config(self._dtype),
                  "layers": layers}
        if self._build_shapes is not None:
            config["build_input_shape"] = self._build_shapes
        return config

    @classmethod
    def from_config(cls, config):
        model = cls(name=config.get("name"), trainable=config.get("trainable", True))
        for entry in config.get("layers", []):
            layer_cls = getattr(layer_module, entry["class_name"])
            model.add(layer_cls.from_config(dict(entry["config"])), rebuild=False)
        if model._layers:
            model._maybe_rebuild()
        return model


def _check_input(symbolic: KerasTensor, value):
    shape = tuple(getattr(value, "shape", ()))
    if len(shape) != len(symbolic.shape):
        raise ValueError(f"Invalid input shape for input {value} with name '{symbolic.name}' and path ''. Expected "
                         f"shape {symbolic.shape}, but input has incompatible shape {shape}"
                         + hint_line(_("the model was built for inputs of rank {rank}; pass a batch of "
                                       "shape {shape}.").format(rank=len(symbolic.shape), shape=symbolic.shape)))


def _topological_nodes(outputs, inputs) -> list:
    """The nodes between ``inputs`` and ``outputs``, each after the nodes it reads from."""
    order, done, active = [], set(), set()
    input_ids = {id(x) for x in inputs}

    def visit(tensor):
        layer, node_index, _ = keras_history(tensor)
        node = inbound_nodes(layer)[node_index]
        if id(node) in done:
            return
        if id(node) in active:
            raise ValueError("The functional model's graph has a cycle.")
        active.add(id(node))
        if id(tensor) not in input_ids:
            for x in node.input_tensors:
                visit(x)
        active.discard(id(node))
        done.add(id(node))
        order.append(node)

    for tensor in outputs:
        if getattr(tensor, "_keras_history", None) is None:
            raise ValueError(f"Output tensor {tensor} was not produced by a Keras layer.")
        visit(tensor)
    stray = [n.layer.name for n in order if isinstance(n.layer, InputLayer) and id(n.outputs) not in input_ids]
    if stray:
        raise ValueError(f"Graph disconnected: the outputs depend on input(s) {stray}, which are not in the model's "
                         "`inputs`."
                         + hint_line(_("pass every keras.Input the outputs use as `inputs`.")))
    return order
