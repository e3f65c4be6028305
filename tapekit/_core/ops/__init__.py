"""All ops; importing this package installs the Python operators on Tensor, Variable and IndexedSlices.

Ops follow TF: 1/0 is inf and log(-1) is nan, silently. The one warnings filter tapekit adds is
scoped to tapekit's own kernel code: it matches only RuntimeWarnings raised from ``tapekit._core.ops.*``,
``tapekit._core.grads.*`` and ``tapekit._core.record.registry`` (where a kernel that is a C function, ``operator.sub``,
runs), so NumPy warnings from the user's code, or from any other library, still show, and a filter
the user adds after importing tapekit (``warnings.simplefilter("error")``) comes first. Wrapping every
kernel call in ``np.errstate`` instead would cost about 1 µs per op, as much as the arithmetic on a
small tensor (W1 in benchmarks/). tests/core/test_robustness.py and tests/project/test_architecture.py check both.
"""

import warnings

from . import operators, slices_ops, variable_scatter

KERNEL_MODULES = r"tapekit\._core\.(ops\.|grads\.|record\.registry$)"
warnings.filterwarnings("ignore", category=RuntimeWarning, module=KERNEL_MODULES)

operators.install()
slices_ops.install()
variable_scatter.install()
