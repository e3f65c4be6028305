"""All ops; importing this package installs the Python operators on Tensor and Variable."""

from . import operators

operators.install()
