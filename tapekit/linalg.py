"""``tk.linalg``: matrix operations (TF's ``tf.linalg``)."""

from ._base.unsupported import linalg_stand_ins as _linalg_stand_ins
from ._core.ops import math_ops
from ._core.ops.clip_ops import global_norm  # noqa: F401
from ._core.ops.creation import eye  # noqa: F401
from ._core.ops.linalg import det, diag_part, einsum, inv, matrix_transpose, matvec, norm  # noqa: F401
from ._core.ops.linalg import matmul as _dense_matmul
from .ragged.dispatch import dispatch_matmul as _dispatch_matmul
from ._core.ops.linalg import solve, tensordot, trace  # noqa: F401
from ._core.ops.nn_ops import l2_normalize  # noqa: F401


matmul = _dispatch_matmul(_dense_matmul)   # RaggedTensors too, as in TF


def adjoint(matrix, name=None):
    """The conjugate transpose of each matrix in the last two axes."""
    return matrix_transpose(math_ops.conj(matrix))


# the rest of TF's tf.linalg raises NotImplementedError naming what to use instead (_base/unsupported.py)
globals().update(_linalg_stand_ins)
