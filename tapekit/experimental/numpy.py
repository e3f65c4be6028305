"""``tf.experimental.numpy`` is not in tapekit: importing this module raises an error naming what to use."""

from . import NUMPY_HINT, missing_module

raise missing_module("tf.experimental.numpy", NUMPY_HINT)
