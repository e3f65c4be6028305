"""``tk.nn``: activations, softmax, cross-entropy losses and helpers (TF's ``tf.nn``)."""

from .ops.math_ops import sigmoid, softplus, tanh  # noqa: F401
from .ops.nn_ops import (bias_add, elu, gelu, l2_loss, l2_normalize, leaky_relu,  # noqa: F401
                         log_softmax, moments, relu, relu6, selu,
                         sigmoid_cross_entropy_with_logits, softmax,
                         softmax_cross_entropy_with_logits, sparse_softmax_cross_entropy_with_logits)
