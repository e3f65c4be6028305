"""``keras.saving``: registered custom classes, configs to objects and back, ``.keras`` model files.

``@keras.saving.register_keras_serializable(package="Custom")`` files a class under
``"Custom>ClassName"`` so that a saved config names it; ``serialize_keras_object`` and
``deserialize_keras_object`` turn a layer (or model, initializer, ...) into Keras's config dict
and back. ``model.save("m.keras")`` writes a zip holding ``config.json`` (Keras's layout) and the
weights in ``model.weights`` order as ``model.weights.npz`` (Keras writes HDF5:
docs/DIFFERENCES.md); ``keras.models.load_model`` rebuilds the model from its config, builds it
with the saved input shape and assigns the weights.
"""

from __future__ import annotations

import inspect
import json
import os
import zipfile

import numpy as np

from .._core.ops.creation import zeros
from . import layers as layer_module
from .layers.layer import Layer, build_shapes
from .models import Model, Sequential

_REGISTERED: dict = {}       # "package>Name" -> class
_NAMES: dict = {}            # class -> "package>Name"
_SCOPES: list = []           # the custom_objects of the open custom_object_scope blocks


def register_keras_serializable(package="Custom", name=None):
    """Decorator: file the class (or function) under ``"package>name"`` (name: its own by default)."""
    def decorator(arg):
        class_name = name if name is not None else arg.__name__
        registered_name = f"{package}>{class_name}"
        if inspect.isclass(arg) and not hasattr(arg, "get_config"):
            raise ValueError("Cannot register a class that does not have a get_config() method.")
        _REGISTERED[registered_name] = arg
        _NAMES[arg] = registered_name
        return arg
    return decorator


def get_registered_name(obj) -> str:
    """``"package>Name"`` for a registered class or function, else its own name."""
    return _NAMES.get(obj, getattr(obj, "__name__", type(obj).__name__))


def get_registered_object(name, custom_objects=None, module_objects=None):
    """The class or function registered (or given in ``custom_objects``) under ``name``, or None."""
    for table in (*reversed(_SCOPES), custom_objects or {}, _REGISTERED, module_objects or {}):
        if name in table:
            return table[name]
    return None


def get_custom_objects() -> dict:
    """The global table of registered objects (writable, as in Keras)."""
    return _REGISTERED


class CustomObjectScope:
    """``with keras.saving.CustomObjectScope({"Name": cls}):`` makes the names known while loading."""

    def __init__(self, custom_objects):
        self.custom_objects = dict(custom_objects or {})

    def __enter__(self):
        _SCOPES.append(self.custom_objects)
        return self

    def __exit__(self, *exc):
        _SCOPES.pop()


custom_object_scope = CustomObjectScope


def serialize_keras_object(obj):
    """Keras's config dict of ``obj``: module, class name, ``get_config()`` and registered name."""
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, (list, tuple)):
        return [serialize_keras_object(item) for item in obj]
    if inspect.isfunction(obj):
        return get_registered_name(obj)
    registered = _NAMES.get(type(obj))
    config = {"module": None if registered else _module_name(type(obj)), "class_name": type(obj).__name__,
              "config": obj.get_config(), "registered_name": registered}
    if isinstance(obj, Layer) and build_shapes(obj) is not None:
        config["build_config"] = {"input_shape": _listed(build_shapes(obj))}
    return config


def _module_name(cls) -> str:
    module = cls.__module__
    if module.startswith("tapekit.keras.layers"):
        return "keras.layers"
    return "keras.models" if module.startswith("tapekit.keras.models") else module.replace("tapekit.", "", 1)


def _listed(shape):
    return list(shape) if isinstance(shape, tuple) else shape


def deserialize_keras_object(config, custom_objects=None, safe_mode=True, **kwargs):
    """The object a config dict describes (its class found by registered name, then by Keras name)."""
    if not isinstance(config, dict):
        found = get_registered_object(config, custom_objects) if isinstance(config, str) else None
        return found if found is not None else config
    cls = _class_of(config, custom_objects)
    return cls.from_config(config["config"])


def _class_of(config: dict, custom_objects):
    class_name = config["class_name"]
    for name in (config.get("registered_name"), class_name):
        found = get_registered_object(name, custom_objects) if name else None
        if found is not None:
            return found
    builtin = {"Sequential": Sequential, "Model": Model, "Functional": Model}
    found = builtin.get(class_name) or getattr(layer_module, class_name, None)
    if found is None:
        raise TypeError(f"Could not locate class '{class_name}'. Make sure custom classes are decorated with "
                        "`@keras.saving.register_keras_serializable()`. Full object config: "
                        f"{config}\nhint: register the class, or pass custom_objects={{'{class_name}': ...}}.")
    return found


# ----- .keras files -----
def save_model(model, filepath, overwrite=True, zipped=None, **kwargs):
    """Write ``model`` to ``filepath`` (which must end in ``.keras``): its config and weights."""
    filepath = os.fspath(filepath)
    if not filepath.endswith(".keras"):
        raise ValueError("Invalid filepath extension for saving. Please add either a `.keras` extension for the "
                         "native Keras format (recommended) or a `.h5` extension. Use `model.export(filepath)` if "
                         f"you want to export a SavedModel for use with TFLite/TFServing/etc. Received: "
                         f"filepath={filepath}.\nhint: tapekit writes only .keras files.")
    config = json.dumps(serialize_keras_object(model))
    arrays = {f"w{i}": np.asarray(w.numpy()) for i, w in enumerate(model.weights)}
    with zipfile.ZipFile(filepath, "w") as archive:
        archive.writestr("metadata.json", json.dumps({"keras_version": "3", "saved_by": "tapekit"}))
        archive.writestr("config.json", config)
        with archive.open("model.weights.npz", "w") as data:
            np.savez(data, **arrays)


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """The model saved at ``filepath`` by ``model.save``, built and with its weights."""
    with zipfile.ZipFile(os.fspath(filepath)) as archive:
        config = json.loads(archive.read("config.json"))
        with archive.open("model.weights.npz") as data, np.load(data) as weights:
            values = [weights[f"w{i}"] for i in range(len(weights.files))]
    model = deserialize_keras_object(config, custom_objects)
    shape = config.get("build_config", {}).get("input_shape")
    if shape is not None and not model.built:
        if isinstance(model, Sequential):
            model.build(tuple(shape))
        else:
            _call_once(model, shape)
    if len(model.weights) != len(values):
        raise ValueError(f"Layer count mismatch when loading weights from file. Model expected {len(model.weights)} "
                         f"weights, but the saved file has {len(values)}.")
    for weight, value in zip(model.weights, values):
        weight.assign(value)
    return model


def _call_once(model, shape) -> None:
    """Build a subclassed model by calling it on zeros of the saved input shape (batch of 1)."""
    model(zeros([1 if d is None else d for d in shape]))


def _save_method(self, filepath, overwrite=True, zipped=None, **kwargs):
    """``model.save("name.keras")``: config and weights in one file (``keras.models.load_model``)."""
    save_model(self, filepath, overwrite=overwrite, zipped=zipped, **kwargs)


def install() -> None:
    """Give Keras models their ``save`` method."""
    Model.save = _save_method


install()
