"""``tk.linalg``: matrix operations (TF's ``tf.linalg``)."""

from .ops.array_ops import transpose as matrix_transpose_full  # noqa: F401
from .ops.linalg import matmul  # noqa: F401
