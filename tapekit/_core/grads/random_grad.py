"""The gradient rules of the gamma draws (``tapekit._core.ops.random_gamma``), registered on import.

A sample moves with alpha at a fixed quantile (implicit reparameterization, as TF's ``random_grad.py``):
the gradient with respect to alpha sums ``grad * d sample / d alpha`` over the sample dimensions.
"""

from __future__ import annotations

from ..ops.array_ops import reshape
from ..ops.math_ops import multiply
from ..ops.random_gamma import random_gamma_grad
from ..ops.reduction import reduce_sum
from ..record.registry import gradient


def _alpha_grad(op, grad):
    alpha, sample = op.inputs[0], op.outputs[0]
    sample_dims = op.attrs["num_sample_dims"]
    partial = random_gamma_grad(reshape(alpha, [1] * sample_dims + alpha.shape.as_list()), sample)
    return (reduce_sum(multiply(grad, partial), axis=list(range(sample_dims))),)


gradient("RandomGamma")(_alpha_grad)
gradient("StatelessRandomGammaV3")(_alpha_grad)
