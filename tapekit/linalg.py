"""``tk.linalg``: matrix operations (TF's ``tf.linalg``)."""

from ._base.i18n import N_
from ._base.unsupported import out_of_scope
from ._core.ops import math_ops
from ._core.ops.clip_ops import global_norm  # noqa: F401
from ._core.ops.creation import eye  # noqa: F401
from ._core.ops.linalg import det, diag_part, einsum, inv, matmul, matrix_transpose, matvec, norm  # noqa: F401
from ._core.ops.linalg import solve, tensordot, trace  # noqa: F401
from ._core.ops.nn_ops import l2_normalize  # noqa: F401


def adjoint(matrix, name=None):
    """The conjugate transpose of each matrix in the last two axes."""
    return matrix_transpose(math_ops.conj(matrix))


# ---- out of scope: the rest of TF's tf.linalg raises NotImplementedError naming what to use instead ----
_LINALG_HINT = N_("tapekit's tk.linalg has matmul, matvec, einsum, tensordot, inv, det, solve, norm, trace, "
                  "diag_part, matrix_transpose, adjoint, eye, global_norm and l2_normalize; compute other "
                  "decompositions with NumPy (np.linalg) outside the tape, or run this part in TensorFlow.")
_NOT_IN_TAPEKIT = (
    "band_part", "banded_triangular_solve", "cholesky", "cholesky_solve", "cross", "diag", "eig", "eigh",
    "eigh_tridiagonal", "eigvals", "eigvalsh", "expm", "logdet", "logm", "lstsq", "lu", "lu_matrix_inverse",
    "lu_reconstruct", "lu_solve", "matrix_rank", "normalize", "pinv", "qr", "set_diag", "slogdet", "sqrtm", "svd",
    "tensor_diag", "tensor_diag_part", "triangular_solve", "tridiagonal_matmul", "tridiagonal_solve",
    "LinearOperator", "LinearOperatorDiag", "LinearOperatorFullMatrix", "LinearOperatorIdentity",
    "LinearOperatorLowerTriangular", "LinearOperatorScaledIdentity", "LinearOperatorZeros")
globals().update({name: out_of_scope(f"tf.linalg.{name}", _LINALG_HINT) for name in _NOT_IN_TAPEKIT})
