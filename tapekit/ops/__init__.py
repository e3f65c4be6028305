"""All ops; importing this package installs the Python operators on Tensor, Variable and IndexedSlices."""

import warnings

from . import operators, slices_ops, variable_scatter

# Ops follow TF: 1/0 is inf and log(-1) is nan, silently. Ignoring NumPy's floating-point warnings
# raised from op code costs nothing per op, where wrapping every forward in np.errstate costs
# about 1 µs (as much as the arithmetic on a small tensor). Warnings from user code still show.
# ``registry``: a kernel that is a C function (operator.sub ...) warns from there, where it is
# called; ``grads``: the array twins of the gradient rules compute there.
warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"tapekit\.(ops\.|grads\.|registry$)")

operators.install()
slices_ops.install()
variable_scatter.install()
