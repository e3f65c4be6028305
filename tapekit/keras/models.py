"""``tk.keras.Model`` (subclass it: layers as attributes, ``call``) and ``tk.keras.Sequential``."""

from __future__ import annotations

from .layers import Layer


class Model(Layer):
    """A layer that groups other layers; subclass it and write ``call``. (No ``compile``/``fit``.)"""


class Sequential(Model):
    """Layers applied one after the other: ``Sequential([Dense(4, activation="relu"), Dense(1)])``."""

    def __init__(self, layers=None, trainable=True, name=None):
        super().__init__(trainable=trainable, name=name)
        for layer in layers or []:
            self.add(layer)

    def add(self, layer):
        """Append a layer."""
        if not isinstance(layer, Layer):
            raise ValueError(f"Only instances of `keras.Layer` can be added to a Sequential model. "
                             f"Received: {layer} (of type {type(layer)})")
        self._layers.append(layer)
        self.built = False

    def pop(self):
        """Remove and return the last layer."""
        if not self._layers:
            raise IndexError("There are no layers in the model.")
        return self._layers.pop()

    def build(self, input_shape=None):
        if not self._layers:
            raise ValueError(f"Sequential model {self.name} cannot be built because it has no layers. "
                             "Call `model.add(layer)`.")
        self.built = True

    def call(self, inputs):
        x = inputs
        for layer in self._layers:
            x = layer(x)
        return x
