"""``tk.keras.layers``: Keras 3's layers for dense models, ``Input``, and clear errors for the rest."""

from .activation_layers import Activation, LeakyReLU, ReLU, Softmax
from .core import Dense, Embedding, Identity, Lambda
from .input_layer import Input, InputLayer
from .input_spec import InputSpec
from .layer import Layer
from .merging import Add, Average, Concatenate, Multiply, Subtract
from .regularization import Dropout
from .reshaping import Flatten, Reshape
from .unsupported import UNSUPPORTED

globals().update(UNSUPPORTED)

__all__ = ["Activation", "Add", "Average", "Concatenate", "Dense", "Dropout", "Embedding", "Flatten", "Identity",
           "Input", "InputLayer", "InputSpec", "Lambda", "Layer", "LeakyReLU", "Multiply", "ReLU", "Reshape",
           "Softmax", "Subtract", *sorted(UNSUPPORTED)]
