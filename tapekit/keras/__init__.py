"""``tk.keras``: the small part of Keras 3 that lessons use: layers, Sequential/Model, losses, optimizers."""

from types import SimpleNamespace

from . import activations, initializers, layers, losses, optimizers
from .layers import Layer, Variable, clear_session
from .models import Model, Sequential

models = SimpleNamespace(Model=Model, Sequential=Sequential)
backend = SimpleNamespace(clear_session=clear_session, epsilon=lambda: losses.EPSILON)

__all__ = ["Layer", "Model", "Sequential", "Variable", "activations", "backend", "initializers", "layers",
           "losses", "models", "optimizers"]
