"""``tk.linalg``: matrix operations (TF's ``tf.linalg``)."""

from .ops.linalg import (diag_part, einsum, matmul, matrix_transpose, matvec, norm,  # noqa: F401
                         tensordot, trace)
from .ops.nn_ops import l2_normalize  # noqa: F401


def adjoint(matrix, name=None):
    """The conjugate transpose of each matrix in the last two axes."""
    from .ops.math_ops import conj

    return matrix_transpose(conj(matrix))
