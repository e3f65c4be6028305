"""``tk.nn``: activations, softmax, dropout, embeddings, cross-entropy losses (TF's ``tf.nn``).

Convolutions and pooling are out of scope: ``tk.nn.conv2d`` and its kin raise
``NotImplementedError`` naming the TF API (see ``tapekit/_base/unsupported.py``).
"""

from .math import sigmoid, softmax, softplus, tanh  # noqa: F401
from ._core.ops.embedding_ops import embedding_lookup
from ._core.ops.loss_helpers import (compute_average_loss, crelu, log_poisson_loss,  # noqa: F401
                                     scale_regularization_loss, weighted_cross_entropy_with_logits)
from ._core.ops.nn_ops import (batch_normalization, bias_add, dropout, elu,  # noqa: F401
                         gelu, l2_loss, l2_normalize, leaky_relu, log_softmax, moments, relu, relu6,
                         selu, sigmoid_cross_entropy_with_logits, silu,
                         softmax_cross_entropy_with_logits, softsign,
                         sparse_softmax_cross_entropy_with_logits)
from ._core.ops.sort_ops import in_top_k, top_k  # noqa: F401
from .ragged.dispatch import dispatch_logistic_loss as _ragged_logistic_loss
from .ragged.dispatch import dispatch_moments as _ragged_moments
from .ragged.dispatch import dispatch_unary as _unary
from .ragged import dispatch as _ragged_dispatch
from ._base.unsupported import (atrous_conv2d, avg_pool, avg_pool1d, avg_pool2d, avg_pool3d,  # noqa: F401
                          conv1d, conv1d_transpose, conv2d, conv2d_transpose, conv3d,
                          conv3d_transpose, conv_transpose, convolution, depthwise_conv2d, max_pool,
                          max_pool1d, max_pool2d, max_pool3d, pool, separable_conv2d)

# element-wise on a RaggedTensor's values (TF dispatches these; softmax: see tk.math)
relu, relu6, elu, selu, leaky_relu = _unary(relu), _unary(relu6), _unary(elu), _unary(selu), _unary(leaky_relu)
gelu, softsign, dropout = _unary(gelu), _unary(softsign), _unary(dropout)
silu = swish = _unary(silu)
moments = _ragged_moments(moments)
sigmoid_cross_entropy_with_logits = _ragged_logistic_loss(sigmoid_cross_entropy_with_logits)

# ragged ids keep their rows, as in TF (tapekit/ragged/dispatch.py)
embedding_lookup = _ragged_dispatch.dispatch_embedding_lookup(embedding_lookup)
