"""``tf.compat.v1`` is not in tapekit: importing this module raises an error naming what to write instead."""

from ..experimental import missing_module
from . import V1_HINT

raise missing_module("tf.compat.v1", V1_HINT)
