"""``tk.keras``: Keras 3 as TF 2.21 ships it, for the models a gradient-tape course builds.

Layers (``Dense``, ``Embedding``, ``Dropout``, ...), ``Sequential``, subclassed and functional
models, losses, optimizers with their schedules, regularizers, initializers and Keras
variables. There is no ``compile``/``fit``: tapekit teaches the training loop.
"""

from types import SimpleNamespace

from . import (activations, constraints, initializers, layers, losses, metrics, models, optimizers, random,
               regularizers, utils)
from .initializers import Initializer
from .layers import Input, InputSpec, Layer
from .layers.keras_tensor import KerasTensor
from .losses import Loss
from .models import Model, Sequential
from .naming import clear_session
from .optimizers import Optimizer
from .regularizers import Regularizer
from .variables import Variable

backend = SimpleNamespace(clear_session=clear_session, epsilon=lambda: losses.EPSILON, floatx=lambda: "float32",
                          backend=lambda: "tensorflow", image_data_format=lambda: "channels_last")

__all__ = ["Initializer", "Input", "InputSpec", "KerasTensor", "Layer", "Loss", "Model", "Optimizer", "Regularizer",
           "Sequential", "Variable", "activations", "backend", "constraints", "initializers", "layers", "losses",
           "metrics", "models", "optimizers", "random", "regularizers", "utils"]

# ---- keras.saving (issue 25 part C): registered classes, configs, .keras files ----
from . import saving  # noqa: E402

models.load_model, models.save_model = saving.load_model, saving.save_model
__all__ += ["saving"]

# ---- what Keras downloads or preprocesses from files, and mixed precision: out of scope (docs/DIFFERENCES.md) ----
from . import downloads, mixed_precision  # noqa: E402

datasets = SimpleNamespace(**downloads.datasets)
preprocessing = downloads.preprocessing
__all__ += ["datasets", "mixed_precision", "preprocessing"]
