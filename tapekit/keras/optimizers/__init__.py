"""``tk.keras.optimizers``: Keras 3's optimizers, updating variables in place from gradients."""

from . import schedules
from .adadelta import Adadelta
from .adam import Adam, AdamW
from .adam_variants import Adamax, Nadam
from .base import Optimizer
from .rmsprop import Adagrad, RMSprop
from .sgd import SGD

_BY_NAME = {cls.__name__.lower(): cls for cls in (SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, Nadam, Adadelta)}


def serialize(optimizer) -> dict:
    return {"module": "keras.optimizers", "class_name": type(optimizer).__name__, "config": optimizer.get_config(),
            "registered_name": None}


def deserialize(config):
    cls = _BY_NAME.get(str(config.get("class_name", "")).lower())
    if cls is None:
        raise ValueError(f"Could not interpret optimizer identifier: {config}")
    return cls.from_config(dict(config.get("config") or {}))


def get(identifier):
    """An optimizer from a name (``"sgd"``, ``"adam"``), a config dict, or an Optimizer (returned as is)."""
    if identifier is None:
        return None
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str) and identifier.lower() in _BY_NAME:
        return _BY_NAME[identifier.lower()]()
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")


__all__ = ["Adadelta", "Adagrad", "Adam", "AdamW", "Adamax", "Nadam", "Optimizer", "RMSprop", "SGD", "deserialize",
           "get", "schedules",
           "serialize"]
