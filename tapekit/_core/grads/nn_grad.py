"""The gradient rules of ``tapekit._core.ops.nn_ops``, registered on import."""

from __future__ import annotations

from ...backend import ns
from ..ops.array_ops import expand_dims, squeeze
from ..ops.creation import zeros_like
from ..ops.linalg import matmul
from ..ops.math_ops import (
    add,
    exp,
    multiply,
    negative,
    subtract,
    where,
)
from ..ops.nn_ops import SELU_ALPHA, SELU_SCALE, leaky_relu_grad, log_softmax, relu6_grad, softmax
from ..ops.reduction import reduce_sum
from ..record.registry import execute, gradient
from .rule_math import math_for


@gradient("Relu", reads="outputs", on_arrays=True)
def _relu_grad_rule(op, grad):
    return math_for(grad).relu_grad(grad, op.outputs[0])


@gradient("Relu6")
def _relu6_grad_rule(op, grad):
    return relu6_grad(grad, op.outputs[0])


@gradient("LeakyRelu")
def _leaky_relu_grad_rule(op, grad):
    return leaky_relu_grad(grad, op.inputs[0], alpha=op.attrs["alpha"])


@gradient("Elu")
def _elu_grad(op, grad):
    """1 where y >= 0, else y + 1 (= exp(x)); written with y so it differentiates again."""
    y = op.outputs[0]
    return where(y < 0, multiply(grad, add(y, 1.0)), grad)


@gradient("Selu")
def _selu_grad(op, grad):
    """scale where y >= 0, else y + scale * alpha."""
    y = op.outputs[0]
    return where(y < 0, multiply(grad, add(y, SELU_SCALE * SELU_ALPHA)),
                 multiply(grad, SELU_SCALE))


@gradient("Softmax")
def _softmax_grad(op, grad):
    """(grad - sum(grad * y)) * y along the axis."""
    y = op.outputs[0]
    inner = reduce_sum(multiply(grad, y), axis=op.attrs["axis"], keepdims=True)
    return multiply(subtract(grad, inner), y)


@gradient("LogSoftmax")
def _log_softmax_grad(op, grad):
    """grad - softmax * sum(grad) along the axis."""
    total = reduce_sum(grad, axis=op.attrs["axis"], keepdims=True)
    return subtract(grad, multiply(exp(op.outputs[0]), total))


def _xent_logits_grad(op, grad_loss, grad_grad):
    """TF's: grad_loss * (softmax - labels), plus the softmax term of a second derivative."""
    grad = multiply(expand_dims(grad_loss, -1), op.outputs[1])
    if grad_grad is not None:
        probs = softmax(op.inputs[0])
        inner = squeeze(matmul(expand_dims(grad_grad, 1), expand_dims(probs, 2)), axis=1)
        grad = add(grad, multiply(subtract(grad_grad, inner), probs))
    return grad


@gradient("SoftmaxCrossEntropyWithLogits", takes_none=True)
def _xent_grad(op, grad_loss, grad_grad):
    if grad_loss is None:
        grad_loss = zeros_like(op.outputs[0])
    labels_grad = multiply(expand_dims(grad_loss, -1), negative(log_softmax(op.inputs[0])))
    return _xent_logits_grad(op, grad_loss, grad_grad), labels_grad


@gradient("SparseSoftmaxCrossEntropyWithLogits", takes_none=True)
def _sparse_xent_grad(op, grad_loss, grad_grad):
    if grad_loss is None:
        grad_loss = zeros_like(op.outputs[0])
    return _xent_logits_grad(op, grad_loss, grad_grad), None


@gradient("L2Loss")
def _l2_loss_grad(op, grad):
    return multiply(op.inputs[0], grad)


@gradient("BiasAdd")
def _bias_add_grad(op, grad):
    """The bias gets grad summed over every axis but the channel axis."""
    channel = op.attrs["channel_axis"]
    others = [i for i in range(grad.ndim) if i != channel]
    return grad, reduce_sum(grad, axis=others)


def _softsign_grad_kernel(g, x):
    return g / ((1 + ns(x).abs(x)) * (1 + ns(x).abs(x)))


@gradient("Softsign")
def _softsign_grad(op, grad):
    """d softsign = 1 / (1 + |x|)^2, recorded as TF's SoftsignGrad op, which has no gradient in TF
    (a second derivative raises LookupError there and here)."""
    return execute("SoftsignGrad", _softsign_grad_kernel, (grad, op.inputs[0]))
