"""The built-in gradient rules, one module per op family (as TF's ``math_grad.py``).

Importing this package registers every rule in ``tapekit._core.record.registry``. Rules call ops (the reverse
pass of a second-order gradient records them); ops never import rules.
"""

from . import (
               array_grad,
               complex_grad,
               creation_grad,
               elementwise_extra_grad,
               extra_reductions_grad,
               linalg_grad,
               manip_grad,
               math_grad,
               nn_grad,
               random_grad,
               reduction_grad,
               scatter_grad,
               segment_grad,
               sort_grad,
               special_grad,
)

RULE_MODULES = (array_grad, complex_grad, creation_grad, elementwise_extra_grad, extra_reductions_grad,
                linalg_grad, manip_grad, math_grad, nn_grad, random_grad, reduction_grad, scatter_grad, segment_grad,
                sort_grad, special_grad)
