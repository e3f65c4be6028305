"""``tf.nn``'s smaller loss helpers and ``tf.math``'s ``polyval``/``accumulate_n``, written with tapekit's
ops as TF writes them (so their gradients are those of the ops they are made of)."""

from __future__ import annotations

import math

from ..._base.i18n import _, hint_line
from ..._base.shape import TensorShape
from ...errors import InvalidArgumentError
from .array_ops import concat, expand_dims, squeeze
from .creation import zeros_like
from .math_ops import (abs as abs_, add, add_n, cast, divide, divide_no_nan, exp, log, log1p, multiply, negative,
                       subtract, to_tensor, where)
from .nn_ops import relu
from .reduction import reduce_sum


def weighted_cross_entropy_with_logits(labels, logits, pos_weight, name=None):
    """Sigmoid cross-entropy where the positive labels' term is multiplied by ``pos_weight``."""
    logits = to_tensor(logits)
    labels = to_tensor(labels, logits.dtype)
    log_weight = 1 + (pos_weight - 1) * labels   # TF's arithmetic: a list pos_weight is a TypeError
    softplus_neg = add(log1p(exp(negative(abs_(logits)))), relu(negative(logits)))
    return add(multiply(subtract(1.0, labels), logits), multiply(log_weight, softplus_neg))


def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None):
    """``exp(log_input) - log_input * targets``, plus Stirling's term for targets above 1 when asked."""
    log_input = to_tensor(log_input)
    targets = to_tensor(targets, log_input.dtype)
    result = subtract(exp(log_input), multiply(log_input, targets))
    if not compute_full_loss:
        return result
    stirling = add(subtract(multiply(targets, log(targets)), targets),
                   multiply(0.5, log(multiply(2.0 * math.pi, targets))))
    small = (targets >= 0.0) & (targets <= 1.0)
    return add(result, where(small, zeros_like(targets), stirling))


def crelu(features, axis=-1, name=None):
    """``relu`` of ``features`` and of ``-features``, joined along ``axis`` (twice as wide)."""
    features = to_tensor(features)
    return relu(concat([features, negative(features)], axis))


def _weighted(losses, sample_weight):
    """``losses * sample_weight``, the weight given a last axis (or losing one) as TF's loss helpers do."""
    weight = to_tensor(sample_weight, losses.dtype)
    if weight.ndim == losses.ndim - 1:
        weight = expand_dims(weight, -1)
    elif weight.ndim == losses.ndim + 1 and weight.shape[-1] == 1:
        weight = squeeze(weight, [-1])
    return multiply(losses, weight)


def _checked_batch_size(global_batch_size):
    """``global_batch_size`` as a tensor, after TF's checks: an integer, 0 or more."""
    batch = to_tensor(global_batch_size)
    hint = hint_line(_("the global batch size counts examples: a whole number."))
    if not batch.dtype.is_integer:
        raise TypeError("global_batch_size must be an integer..  Expected \"x\" to be integer type.  "
                        f"Found: tensor of dtype <dtype: '{batch.dtype.name}'>" + hint)
    if int(batch) < 0:
        raise InvalidArgumentError(None, None, "global_batch_size must be non-negative..  \nCondition x >= 0 did "
                                   f"not hold element-wise:\nx (shape=() dtype={batch.dtype.name}) = \n{int(batch)}"
                                   + hint)
    return batch


def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None):
    """The summed per-example losses divided by the global batch size (default: the first axis)."""
    losses = to_tensor(per_example_loss)
    if losses.ndim == 0:
        raise ValueError("Invalid value passed for `per_example_loss`. Expected a tensor with at least rank 1. "
                         f"Received per_example_loss={per_example_loss} with rank 0"
                         + hint_line(_("pass one loss per example, such as loss_fn(y, pred) with "
                                       "reduction='none'.")))
    if sample_weight is not None:
        losses = _weighted(losses, sample_weight)
    batch = losses.shape[0] if global_batch_size is None else _checked_batch_size(global_batch_size)
    total = reduce_sum(losses)
    if total.dtype.is_integer:
        return divide(total, cast(batch, total.dtype))
    return divide_no_nan(total, cast(batch, total.dtype))


def scale_regularization_loss(regularization_loss):
    """The summed regularization loss (divided by the number of replicas: one in tapekit)."""
    return reduce_sum(to_tensor(regularization_loss))


def polyval(coeffs, x, name=None):
    """The polynomial ``coeffs[0] * x**(n-1) + ... + coeffs[-1]`` at ``x`` (Horner's rule)."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type {type(coeffs)}."
                         + hint_line(_("write the coefficients as a Python list, highest power first.")))
    x = to_tensor(x)
    if not coeffs:
        return zeros_like(x)
    coeffs = [to_tensor(c) for c in coeffs]
    p = coeffs[0]
    for c in coeffs[1:]:
        p = add(c, multiply(p, x))
    return p


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    """``add_n`` (TF keeps this older name; it checks that the inputs share one shape first)."""
    if not isinstance(inputs, (list, tuple)) or not inputs:
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype and shape"
                         + hint_line(_("pass a list of tensors, such as tk.add_n([a, b]).")))
    inputs = [to_tensor(t) for t in inputs]
    merged = TensorShape(shape)
    for t in inputs:
        merged = merged.merge_with(t.shape)
    return add_n(inputs)
