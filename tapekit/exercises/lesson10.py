"""Exercises for lesson 10 (a classifier, end to end, on scikit-learn's digits)."""

import numpy as np

from .._base.i18n import _
from ._check import (
    Feedback,
    call_safely,
    correct,
    crashed,
    dtype_name,
    exercise,
    framework,
    hint,
    kind_of,
    student_constant,
    values_of,
    wrong_shape,
)

# the lesson's split: digits shuffled by np.random.default_rng(0), the last VALIDATION_SIZE held out
SPLIT_SEED, VALIDATION_SIZE = 0, 360
REQUIRED_ACCURACY = 0.9

# Exercise 1: (rows of logits, labels, batch size); none is shown in the lesson. Each has a smaller last
# batch, so averaging the batches' accuracies gives another number than counting the hits.
ACCURACY_CASES = (
    ([[2.0, 0.1, -1.0], [0.0, 3.0, 0.5], [1.0, 0.2, 4.0], [0.3, 0.1, 0.0], [1.0, 2.0, 0.0], [0.0, 0.0, 1.0],
      [5.0, 1.0, 1.0], [0.2, 0.1, 0.3], [1.0, 1.5, 0.5], [0.0, 2.0, 1.0]], [0, 1, 1, 2, 1, 2, 0, 0, 2, 1], 4),
    ([[0.5, 0.1], [0.1, 0.5], [0.9, 0.0], [0.0, 0.9], [0.3, 0.2], [0.1, 0.2], [0.6, 0.7]], [0, 0, 0, 1, 1, 1, 1], 3),
)


class _TableModel:
    """A 'model' that returns, for each row of features, the logits stored for it (the row's first feature is
    its index)."""

    def __init__(self, logits):
        self.logits = np.asarray(logits, dtype=np.float32)

    def __call__(self, x):
        rows = np.asarray(values_of(x)[:, 0], dtype=np.int64)
        return framework().constant(self.logits[rows])


def _dataset(n_rows, labels, batch_size):
    fw = framework()
    features = np.repeat(np.arange(n_rows, dtype=np.float32)[:, None], 2, axis=1)
    return fw.data.Dataset.from_tensor_slices((features, np.asarray(labels, dtype=np.int32))).batch(batch_size)


def _number(value):
    values = values_of(value)
    if values is None or values.size != 1 or values.dtype.kind not in "biuf":
        return None
    return float(values.reshape(()))


def _accuracy_on(accuracy, logits, labels, batch_size) -> Feedback | None:
    """None when ``accuracy`` gives the fraction of hits over the whole dataset, else the hint."""
    logits, labels = np.asarray(logits), np.asarray(labels)
    hits = logits.argmax(axis=1) == labels
    result, exc = call_safely(accuracy, _TableModel(logits), _dataset(len(labels), labels, batch_size))
    if exc is not None:
        return crashed(exc, _("accuracy(model, dataset)"))
    got = _number(result)
    if got is None:
        return hint("not_a_number", _("accuracy returned a {kind}; return one number, the fraction of examples "
                                      "classified right.").format(kind=kind_of(result)))
    batches = [hits[i:i + batch_size].mean() for i in range(0, len(hits), batch_size)]
    if np.isclose(got, np.mean(batches)) and not np.isclose(got, hits.mean()):
        return hint("mean_of_batches", _("that is the mean of the batches' accuracies, but the last batch is "
                                         "smaller than the others, so its examples count more."),
                    _("count the hits and the examples over all batches, and divide once at the end."))
    if np.isclose(got, hits.sum()):
        return hint("count", _("that is the number of hits; divide by the number of examples."))
    if np.isclose(got, batches[0]) or np.isclose(got, batches[-1]):
        return hint("one_batch", _("that is the accuracy of one batch only: go through every batch of the "
                                   "dataset."))
    if not np.isclose(got, hits.mean()):
        return hint("values", _("on a dataset of {rows} examples in batches of {size} you returned {got:.4g}. "
                                "For each example, compare the index of the largest logit with the label.").format(
                                  rows=len(labels), size=batch_size, got=got))
    return None


@exercise(answer=lambda: _ACCURACY_ANSWER)
def check_accuracy_over_batches(accuracy) -> Feedback:
    """Exercise 1: ``accuracy(model, dataset)`` is the fraction of the dataset's examples whose largest logit is
    at the label, over every batch. Checked on two held-back datasets whose last batch is smaller."""
    if not callable(accuracy):
        return hint("not_callable", _("pass the function itself: check_accuracy_over_batches(accuracy)."))
    for logits, labels, batch_size in ACCURACY_CASES:
        verdict = _accuracy_on(accuracy, logits, labels, batch_size)
        if verdict is not None:
            return verdict
    return correct(_("every example counts once, also in a smaller last batch."))


_ACCURACY_ANSWER = """def accuracy(model, dataset):
    hits, total = 0, 0
    for x, y in dataset:
        predicted = tk.argmax(model(x), axis=1, output_type=y.dtype)
        hits += int(tk.reduce_sum(tk.cast(tk.equal(predicted, y), tk.int32)))
        total += int(y.shape[0])
    return hits / total"""


def validation_split():
    """The lesson's held-out digits, made here from scikit-learn's copy: (features, labels) as NumPy arrays."""
    from sklearn.datasets import load_digits  # the lessons' extra: only this check needs it

    digits = load_digits()
    order = np.random.default_rng(SPLIT_SEED).permutation(len(digits.target))
    held_out = order[len(order) - VALIDATION_SIZE:]
    return (digits.data[held_out] / 16.0).astype(np.float32), digits.target[held_out].astype(np.int32)


def _model_logits(model, features):
    """``model(features)``, with the check's tape watching the digits and the model's variables:
    ``(logits, None)``, or ``(None, verdict)`` when the logits are not computed from both (a table of answers)."""
    fw = framework()
    with fw.GradientTape() as tape:
        tape.watch(features)
        logits, exc = call_safely(model, features)
        total = None if exc is not None or values_of(logits) is None else fw.reduce_sum(fw.cast(logits, fw.float32))
    if exc is not None:
        return None, crashed(exc, _("model(held-out digits)"))
    variables = list(getattr(model, "trainable_variables", None) or [])
    if not variables:
        return None, hint("not_a_model", _("model has no trainable variables: pass the model you trained (a "
                                           "tk.Module whose layers hold tk.Variables)."))
    if total is None:
        return None, hint("not_a_model", _("model(digits) returned a {kind}; return the logits, a tensor of shape "
                                           "(examples, 10).").format(kind=kind_of(logits)))
    from_digits, *from_variables = tape.gradient(total, [features, *variables])
    if from_digits is None or not np.any(values_of(from_digits)) or all(g is None for g in from_variables):
        return None, hint("not_a_model", _("the logits do not come from the digits through the model's variables: "
                                           "the check measures a model that computes its answer from the image, "
                                           "not one that looks it up."))
    return logits, None


@exercise
def check_validation_accuracy(model, accuracy) -> Feedback:
    """Lesson 10's goal: ``model`` classifies at least REQUIRED_ACCURACY of the held-out digits right, as the
    check measures it on its own copy of the split, and the student's ``accuracy`` agrees with it."""
    fw = framework()
    features, labels = validation_split()
    logits, verdict = _model_logits(model, fw.constant(features))
    if verdict is not None:
        return verdict
    predicted = np.asarray(values_of(logits)).argmax(axis=1)
    measured = float((predicted == labels).mean())
    dataset = fw.data.Dataset.from_tensor_slices((features, labels)).batch(100)
    yours, exc = call_safely(accuracy, model, dataset)
    if exc is not None:
        return crashed(exc, _("accuracy(model, held-out digits)"))
    if _number(yours) is None or not np.isclose(_number(yours), measured, atol=1e-6):
        return hint("accuracy_differs", _("your accuracy says {yours} on the held-out digits, the check counts "
                                          "{measured:.3f}: pass check_accuracy_over_batches first.").format(
                                            yours=_number(yours), measured=measured))
    if measured < REQUIRED_ACCURACY:
        return hint("too_low", _("the model classifies {measured:.1%} of the {count} held-out digits right; the "
                                 "goal is {goal:.0%}. Train longer, or with another learning rate.").format(
                                   measured=measured, count=len(labels), goal=REQUIRED_ACCURACY))
    return correct(_("{measured:.1%} of the {count} held-out digits, which the model never trained on, are "
                     "classified right.").format(measured=measured, count=len(labels)))


# ---- Exercise 2: which digits are mistaken for which ------------------------------------------------

# (labels, predictions, classes): none is shown in the lesson
CONFUSION_CASES = (([0, 1, 2, 1, 2, 2], [0, 2, 2, 1, 0, 2], 3), ([3, 0, 1, 3, 3, 2, 0], [3, 0, 1, 1, 2, 2, 3], 4))


def _confusion_on(confusion, labels, predicted, classes) -> Feedback | None:
    labels, predicted = np.asarray(labels), np.asarray(predicted)
    expected = np.zeros((classes, classes), dtype=np.int64)
    np.add.at(expected, (labels, predicted), 1)
    result, exc = call_safely(confusion, student_constant(labels, "int32"), student_constant(predicted, "int32"),
                              classes)
    if exc is not None:
        return crashed(exc, _("confusion(labels, predicted, {classes})").format(classes=classes))
    got = values_of(result)
    if got is None or got.dtype.kind not in "biuf":
        return hint("not_numbers", _("confusion returned a {kind}; return a tensor of counts.").format(
                                       kind=kind_of(result)))
    if got.shape != expected.shape:
        return wrong_shape(_("for {classes} classes the result").format(classes=classes), got.shape, expected.shape)
    if np.array_equal(got, expected.T):
        return hint("transposed", _("rows and columns are swapped: row i counts the examples whose label is i, "
                                    "column j those predicted as j."))
    if not np.array_equal(got, expected):
        return hint("values", _("for {classes} classes some counts are off: entry [i, j] counts the examples with "
                                "label i that were predicted as j.").format(classes=classes),
                    _("one_hot of the labels, transposed, times one_hot of the predictions counts every pair "
                      "(tk.math.confusion_matrix does the same)."))
    if dtype_name(result) != "int32":
        return hint("dtype", _("the counts are {dtype}; return them as int32.").format(dtype=dtype_name(result)))
    return None


@exercise(answer=lambda: _CONFUSION_ANSWER)
def check_confusion(confusion) -> Feedback:
    """Exercise 2: ``confusion(labels, predicted, classes)`` is the (classes, classes) int32 matrix whose entry
    [i, j] counts the examples with label i predicted as j; checked on two held-back sets."""
    if not callable(confusion):
        return hint("not_callable", _("pass the function itself: check_confusion(confusion)."))
    for labels, predicted, classes in CONFUSION_CASES:
        verdict = _confusion_on(confusion, labels, predicted, classes)
        if verdict is not None:
            return verdict
    return correct(_("row i: the examples labelled i; column j: those predicted as j; the diagonal: the right "
                     "ones."))


_CONFUSION_ANSWER = """def confusion(labels, predicted, classes):
    return tk.math.confusion_matrix(labels, predicted, num_classes=classes)"""
