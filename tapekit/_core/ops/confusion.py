"""``confusion_matrix``: counts (or summed ``weights``) of each (label, prediction) pair.

Built as TF builds it, from a ``ScatterNd`` of ones (or of ``weights``), so that a gradient
flows to ``weights``.
"""

from __future__ import annotations

import numpy as np

from ..._base import dtypes
from ...errors import InvalidArgumentError
from ..._base.i18n import _, hint_line
from .array_ops import reshape, scatter_nd, stack
from .math_ops import cast, to_tensor
from ..values.tensor import host_value


def _class_ids(values, arg: str):
    """``labels`` or ``predictions``: a vector of class ids (TF refuses another rank), as int64."""
    t = to_tensor(values)
    if t.ndim == 2 and t.shape[1] == 1:   # [n, 1] is squeezed, as TF's remove_squeezable_dimensions
        t = reshape(t, [-1])
    if t.ndim != 1:
        raise InvalidArgumentError(f"{arg} must be a vector of class ids, got shape {list(t.shape)} "
                                   "[Op:ConfusionMatrix] name: "
                                   + hint_line(_("give {arg} as one class id per example, such as [0, 2, 1].")
                                               .format(arg=arg)), op="ConfusionMatrix")
    return cast(t, dtypes.int64)


def _num_classes(num_classes) -> int:
    """``num_classes`` cast to int64 as TF casts it (2.5 is 2; a string is Cast's UnimplementedError)."""
    n = cast(to_tensor(num_classes), dtypes.int64)
    if n.ndim:
        raise InvalidArgumentError(f"num_classes must be a scalar, got shape {list(n.shape)} [Op:ConfusionMatrix] "
                                   "name: " + hint_line(_("num_classes is one integer, such as 3.")),
                                   op="ConfusionMatrix")
    return int(host_value(n))


def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype=dtypes.int32,
                     name=None):
    """A ``[num_classes, num_classes]`` matrix: row = true label, column = prediction."""
    dtype = dtypes.as_dtype(dtype)
    labels, predictions = _class_ids(labels, "labels"), _class_ids(predictions, "predictions")
    lab, pred = host_value(labels), host_value(predictions)
    for what, values in (("labels", lab), ("predictions", pred)):
        if (values < 0).any():
            raise InvalidArgumentError(f"`{what}` contains negative values.  Condition x >= 0 did not hold "
                                       "element-wise."
                                       + hint_line(_("class ids start at 0.")),
                                       op="AssertGreaterEqual")
    if num_classes is None:
        n = int(max(lab.max(initial=-1), pred.max(initial=-1))) + 1
    else:
        n = _num_classes(num_classes)
        for what, values in (("labels", lab), ("predictions", pred)):
            if (values >= n).any():
                raise InvalidArgumentError(f"`{what}` out of bound  Condition x < y did not hold element-wise."
                                           + hint_line(_("every class id must be below num_classes ({n}).").format(
                                               n=n)),
                                           op="AssertLess")
    indices = stack([labels, predictions], axis=1)
    if weights is None:
        values = to_tensor(np.ones(lab.shape, dtype=dtype.numpy_dtype))
    else:
        values = cast(reshape(to_tensor(weights), [-1]), dtype)
    return scatter_nd(indices, values, [n, n])
