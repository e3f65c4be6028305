"""Keras layers that tapekit leaves out (convolutions, pooling, normalization, recurrent, attention, ...).

Each exists under Keras's name so that code fails clearly: making one raises
``NotImplementedError`` naming TF's API (docs/DIFFERENCES.md, "Out of scope").
"""

from __future__ import annotations

from ..._base.i18n import _, hint_line

_FAMILIES = {
    "convolution": ("Conv1D", "Conv2D", "Conv3D", "Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose",
                    "SeparableConv1D", "SeparableConv2D", "DepthwiseConv1D", "DepthwiseConv2D", "Convolution1D",
                    "Convolution2D", "Convolution3D", "UpSampling1D", "UpSampling2D", "UpSampling3D",
                    "ZeroPadding1D", "ZeroPadding2D", "ZeroPadding3D", "Cropping1D", "Cropping2D", "Cropping3D"),
    "pooling": ("MaxPooling1D", "MaxPooling2D", "MaxPooling3D", "AveragePooling1D", "AveragePooling2D",
                "AveragePooling3D", "GlobalAveragePooling1D", "GlobalAveragePooling2D", "GlobalAveragePooling3D",
                "GlobalMaxPooling1D", "GlobalMaxPooling2D", "GlobalMaxPooling3D", "MaxPool1D", "MaxPool2D",
                "MaxPool3D", "AvgPool1D", "AvgPool2D", "AvgPool3D", "GlobalAvgPool1D", "GlobalAvgPool2D",
                "GlobalMaxPool1D", "GlobalMaxPool2D"),
    "normalization": ("BatchNormalization", "LayerNormalization", "GroupNormalization", "UnitNormalization",
                      "Normalization", "SpectralNormalization"),
    "recurrent": ("RNN", "SimpleRNN", "LSTM", "GRU", "Bidirectional", "SimpleRNNCell", "LSTMCell", "GRUCell",
                  "ConvLSTM1D", "ConvLSTM2D", "ConvLSTM3D", "StackedRNNCells", "TimeDistributed"),
    "attention": ("Attention", "AdditiveAttention", "MultiHeadAttention", "GroupQueryAttention"),
    "preprocessing": ("TextVectorization", "StringLookup", "IntegerLookup", "CategoryEncoding", "Hashing",
                      "Discretization", "Rescaling", "Resizing", "CenterCrop", "RandomFlip", "RandomRotation",
                      "RandomZoom", "RandomCrop", "RandomTranslation", "RandomContrast", "RandomBrightness"),
}


class UnsupportedLayer:
    """A Keras layer tapekit does not implement: constructing it raises ``NotImplementedError``."""

    family = ""

    def __init__(self, *args, **kwargs):
        name = type(self).__name__
        raise NotImplementedError(
            f"keras.layers.{name} ({self.family}) is out of scope in tapekit, which teaches gradient tapes with "
            "dense models."
            + hint_line(_("use TensorFlow's tf.keras.layers.{name} for this model, or build it from the "
                          "layers tapekit has (Dense, Embedding, Dropout, Flatten, ...).").format(name=name)))


def _make(name: str, family: str) -> type:
    return type(name, (UnsupportedLayer,), {"family": family, "__module__": __name__,
                                             "__doc__": f"Out of scope in tapekit ({family}): raises "
                                                        "NotImplementedError."})


UNSUPPORTED = {name: _make(name, family) for family, names in _FAMILIES.items() for name in names}
globals().update(UNSUPPORTED)
