"""Lesson 10's checks: the accuracy over a batched dataset, and the held-out accuracy of a trained model."""

import numpy as np
import pytest

import tapekit as tk
from tapekit.exercises import lesson10
from tapekit.exercises._check import NOT_DONE

pytest.importorskip("sklearn")


def assert_verdict(feedback, code):
    assert feedback.code == code, f"expected {code!r}, got {feedback.code!r}: {feedback.message}"
    assert bool(feedback) is (code == "correct")


def _hits(model, x, y):
    return tk.cast(tk.equal(tk.argmax(model(x), axis=1, output_type=y.dtype), y), tk.int32)


def counting(model, dataset):
    hits, total = 0, 0
    for x, y in dataset:
        hits += int(tk.reduce_sum(_hits(model, x, y)))
        total += int(y.shape[0])
    return hits / total


def concatenated(model, dataset):
    """A second correct answer: all predictions first, one mean at the end, as a tensor."""
    parts = [_hits(model, x, y) for x, y in dataset]
    return tk.reduce_mean(tk.cast(tk.concat(parts, axis=0), tk.float32))


def mean_of_batches(model, dataset):
    return float(np.mean([float(tk.reduce_mean(tk.cast(_hits(model, x, y), tk.float32))) for x, y in dataset]))


def first_batch_only(model, dataset):
    x, y = next(iter(dataset))
    return float(tk.reduce_mean(tk.cast(_hits(model, x, y), tk.float32)))


def argmax_int64(model, dataset):
    """A common crash: tk.argmax gives int64, the labels are int32."""
    hits = 0
    for x, y in dataset:
        hits += int(tk.reduce_sum(tk.cast(tk.equal(tk.argmax(model(x), axis=1), y), tk.int32)))
    return hits


ACCURACY_CASES = {
    "correct": counting,
    "correct ": concatenated,
    "mean_of_batches": mean_of_batches,
    "one_batch": first_batch_only,
    "count": lambda model, dataset: counting(model, dataset) * sum(int(y.shape[0]) for _, y in dataset),
    "values": lambda model, dataset: 0.123,
    "not_a_number": lambda model, dataset: "all of them",
    "argmax_int64": argmax_int64,
    "not_callable": 0.9,
}


@pytest.mark.parametrize("case", ACCURACY_CASES)
def test_check_accuracy_over_batches(case):
    assert_verdict(lesson10.check_accuracy_over_batches(ACCURACY_CASES[case]), case.strip())


def test_the_batch_hint_names_the_mistake_then_gets_closer():
    first = lesson10.check_accuracy_over_batches(mean_of_batches).message
    second = lesson10.check_accuracy_over_batches(mean_of_batches).message
    assert "last batch is smaller" in first and "divide once" not in first and "divide once" in second


def test_every_held_back_dataset_tells_the_two_means_apart():
    for logits, labels, size in lesson10.ACCURACY_CASES:
        hits = np.asarray(logits).argmax(axis=1) == np.asarray(labels)
        batches = [hits[i:i + size].mean() for i in range(0, len(hits), size)]
        assert len(labels) % size and not np.isclose(np.mean(batches), hits.mean())


def test_the_split_is_the_lessons():
    features, labels = lesson10.validation_split()
    assert features.shape == (360, 64) and features.dtype == np.float32 and labels.dtype == np.int32
    assert 0.0 <= features.min() and features.max() <= 1.0


class _Lookup(tk.Module):
    """A 'model' that knows the answer for a fraction of the held-out digits: a table, no computation."""

    def __init__(self, right: float):
        super().__init__()
        features, labels = lesson10.validation_split()
        self.table = {features[i].tobytes(): labels[i] if i < right * len(labels) else (labels[i] + 1) % 10
                      for i in range(len(labels))}
        self.unused = tk.Variable(1.0)

    def __call__(self, x):
        predicted = [self.table[row.tobytes()] for row in np.asarray(x.numpy())]
        return tk.one_hot(predicted, 10)


class _Fixed(_Lookup):
    """The table, plus a small linear map of the digits: logits that come from the input and a variable,
    with the table's accuracy (a fixture of known accuracy; a cheat this elaborate still passes)."""

    def __init__(self, right: float):
        super().__init__(right)
        self.w = tk.Variable(np.random.default_rng(0).normal(size=(64, 10)).astype(np.float32) * 1e-3)

    def __call__(self, x):
        return 100.0 * super().__call__(x) + tk.matmul(x, self.w)


class _Linear(tk.Module):
    """An honest, untrained model: computed from the digits by its variables."""

    def __init__(self):
        super().__init__()
        self.w = tk.Variable(np.random.default_rng(1).normal(size=(64, 10)).astype(np.float32) * 0.1)
        self.b = tk.Variable(np.zeros(10, dtype=np.float32))

    def __call__(self, x):
        return tk.matmul(x, self.w) + self.b


def test_a_table_of_the_held_out_answers_is_refused():
    """Reading the labels from load_digits (the lesson leaves the split in scope) is not a model."""
    assert_verdict(lesson10.check_validation_accuracy(_Lookup(1.0), counting), "not_a_model")
    features, labels = lesson10.validation_split()
    answers = {row.tobytes(): label for row, label in zip(features, labels)}
    assert_verdict(lesson10.check_validation_accuracy(
        lambda x: tk.one_hot([answers[r.tobytes()] for r in x.numpy()], 10), counting), "not_a_model")


def test_an_untrained_model_is_measured_not_refused():
    assert_verdict(lesson10.check_validation_accuracy(_Linear(), counting), "too_low")


def test_the_held_out_check_asks_for_ninety_percent():
    assert_verdict(lesson10.check_validation_accuracy(_Fixed(0.95), counting), "correct")
    assert_verdict(lesson10.check_validation_accuracy(_Fixed(0.8), counting), "too_low")


def test_the_held_out_check_wants_the_students_accuracy_to_agree():
    assert_verdict(lesson10.check_validation_accuracy(_Fixed(0.95), mean_of_batches), "accuracy_differs")
    assert_verdict(lesson10.check_validation_accuracy(_Fixed(0.95), lambda m, d: 1.0), "accuracy_differs")


def test_an_unwritten_accuracy_is_not_done_yet():
    def stub(model, dataset):
        raise NotImplementedError("exercise not done yet")

    assert lesson10.check_validation_accuracy(_Fixed(0.95), stub).code == NOT_DONE


# ---- exercise 2: the confusion matrix -----------------------------------------------------------

def _by_one_hot(labels, predicted, classes):
    """A second correct answer: one_hot(labels)ᵀ · one_hot(predicted)."""
    counts = tk.matmul(tk.one_hot(labels, classes), tk.one_hot(predicted, classes), transpose_a=True)
    return tk.cast(counts, tk.int32)


CONFUSION_CASES = {
    "correct": lambda y, p, n: tk.math.confusion_matrix(y, p, num_classes=n),
    "correct ": _by_one_hot,
    "transposed": lambda y, p, n: tk.math.confusion_matrix(p, y, num_classes=n),
    "dtype": lambda y, p, n: tk.cast(tk.math.confusion_matrix(y, p, num_classes=n), tk.float32),
    "shape": lambda y, p, n: tk.math.confusion_matrix(y, p, num_classes=10),        # hard-coded 10 classes
    "values": lambda y, p, n: tk.eye(n, dtype=tk.int32),
    "not_numbers": lambda y, p, n: None,
    "raised": lambda y, p, n: tk.math.confusion_matrix(y, p, num_classes=n, no_such_argument=1),
    "not_callable": "confusion",
}


@pytest.mark.parametrize("case", CONFUSION_CASES)
def test_check_confusion(case):
    assert_verdict(lesson10.check_confusion(CONFUSION_CASES[case]), case.strip())


def test_the_confusion_hint_gets_closer_without_the_answer():
    wrong = lambda y, p, n: tk.eye(n, dtype=tk.int32)  # noqa: E731
    first, second = lesson10.check_confusion(wrong).message, lesson10.check_confusion(wrong).message
    assert "entry [i, j]" in first and "one_hot" not in first and "one_hot" in second
