"""Exercises for lesson 06 (models and training)."""

import numpy as np

from ._check import Feedback, call_safely, correct, crashed, dtype_name, exercise, hint, kind_of, same_values, shape_of


@exercise
def check_affine(affine_class) -> Feedback:
    """Exercise 1: ``affine_class(in_features, out_features)`` is a Module with ``w`` (in, out) and ``b`` (out,)
    whose call computes ``x @ w + b``."""
    import tapekit as tk

    if not callable(affine_class):
        return hint("not_callable", "pass the class itself: check_affine(Affine).")
    model, exc = call_safely(affine_class, 3, 2)
    if exc is not None:
        return crashed(exc, "Affine(3, 2)")
    variables = getattr(model, "trainable_variables", None)
    if variables is None:
        return hint("not_module", "the object has no trainable_variables: subclass tk.Module.")
    variables = list(variables)
    if not variables:
        return hint("no_variables", "trainable_variables is empty: store w and b as tk.Variable attributes "
                                    "(tensors are not collected) and call super().__init__() first.")
    shapes = sorted(tuple(var.shape.as_list()) for var in variables)
    if (2, 3) in shapes:
        return hint("w_shape", "w has shape (out, in) = (2, 3); make it (in, out) = (3, 2) so x @ w works for "
                               "x of shape (batch, in).")
    if shapes == [(3, 2)]:
        return hint("missing_bias", "only w is a variable; add a bias Variable b of shape (out,).")
    if shapes != [(2,), (3, 2)]:
        return hint("variables", f"trainable_variables have shapes {shapes}; expected w (3, 2) and b (2,).")
    by_shape = {tuple(var.shape.as_list()): var for var in variables}
    w_value = np.arange(6, dtype=np.float32).reshape(3, 2) / 4.0
    b_value = np.array([1.0, -2.0], dtype=np.float32)
    old = [var.numpy() for var in (by_shape[(3, 2)], by_shape[(2,)])]
    by_shape[(3, 2)].assign(w_value)
    by_shape[(2,)].assign(b_value)
    x = np.array([[1.0, 0.0, -1.0], [2.0, 1.0, 0.5], [0.0, 0.0, 0.0], [-1.0, 3.0, 2.0]], dtype=np.float32)
    output, exc = call_safely(model, tk.constant(x))
    by_shape[(3, 2)].assign(old[0])
    by_shape[(2,)].assign(old[1])
    if exc is not None:
        return crashed(exc, "model(x) for x of shape (4, 3)")
    if shape_of(output) != (4, 2):
        return hint("shape", f"model(x) has shape {shape_of(output)} for x of shape (4, 3); expected (4, 2).")
    if same_values(output, x @ w_value):
        return hint("no_bias_in_call", "the output ignores b: return tk.matmul(x, self.w) + self.b.")
    if not same_values(output, x @ w_value + b_value):
        return hint("values", "model(x) should be tk.matmul(x, self.w) + self.b.")
    return correct("two trainable variables and the affine map x @ w + b.")


def _regression_batches():
    y_true = np.array([[1.0], [2.0], [-1.0], [0.5]], dtype=np.float32)
    y_pred = np.array([[1.5], [1.0], [-1.0], [2.5]], dtype=np.float32)
    return y_true, y_pred


@exercise
def check_mse(mse) -> Feedback:
    """Exercise 2: ``mse(y_true, y_pred)`` returns the mean squared error as a scalar tensor."""
    import tapekit as tk

    if not callable(mse):
        return hint("not_callable", "pass the function itself: check_mse(mse).")
    y_true, y_pred = _regression_batches()
    result, exc = call_safely(mse, tk.constant(y_true), tk.constant(y_pred))
    if exc is not None:
        return crashed(exc, "mse(y_true, y_pred)")
    if kind_of(result) != "Tensor":
        return hint("not_tensor", f"mse returned a {kind_of(result)}; build it from tapekit ops so a tape can "
                                  "differentiate it.")
    error = y_pred - y_true
    if shape_of(result) != ():
        return hint("not_reduced", f"the result has shape {shape_of(result)}: average over all elements with "
                                   "tk.reduce_mean to get one number.")
    if same_values(result, np.sum(error ** 2)):
        return hint("sum", "that is the sum of squared errors; divide by the number of elements (reduce_mean).")
    if same_values(result, np.mean(np.abs(error))):
        return hint("abs", "that is the mean absolute error; square the differences instead.")
    if same_values(result, np.sqrt(np.mean(error ** 2))):
        return hint("rmse", "that is the root of the mean squared error; leave out the square root.")
    if not same_values(result, np.mean(error ** 2)):
        return hint("values", f"expected {np.mean(error ** 2):g} for this batch.")
    return correct("the mean of the squared differences.")


@exercise
def check_accuracy(accuracy) -> Feedback:
    """Exercise 3: ``accuracy(labels, logits)`` returns the fraction (float32 scalar) of rows whose
    largest logit is at the label's index."""
    import tapekit as tk

    if not callable(accuracy):
        return hint("not_callable", "pass the function itself: check_accuracy(accuracy).")
    logits = np.array([[2.0, 0.1, -1.0], [0.0, 3.0, 0.5], [1.0, 0.2, 4.0], [0.3, 0.1, 0.0], [1.0, 2.0, 0.0]],
                      dtype=np.float32)
    labels = np.array([0, 1, 1, 2, 1], dtype=np.int32)
    hits = logits.argmax(axis=1) == labels
    result, exc = call_safely(accuracy, tk.constant(labels), tk.constant(logits))
    if exc is not None:
        return crashed(exc, "accuracy(labels, logits)")
    if shape_of(result) == (5,):
        return hint("not_reduced", "that is one value per example; average them into one number.")
    if shape_of(result) != ():
        return hint("shape", f"the result has shape {shape_of(result)}; return one number.")
    dtype = dtype_name(result)
    if dtype and dtype.startswith(("int", "uint")) or dtype == "bool":
        return hint("int_mean", "the mean of integers stays an integer (it truncates to 0 here): cast the "
                                "hits to tk.float32 before tk.reduce_mean.")
    if same_values(result, hits.sum()):
        return hint("count", "that is the number of correct rows; divide by the number of rows.")
    if same_values(result, 1.0 - hits.mean()):
        return hint("inverted", "that is the error rate: count rows where argmax equals the label.")
    if not same_values(result, hits.mean()):
        return hint("values", f"expected {hits.mean():g}: take tk.argmax(logits, axis=1), compare with the "
                              "labels, cast to float32 and average.")
    return correct(f"accuracy {hits.mean():g} on the test batch.")
