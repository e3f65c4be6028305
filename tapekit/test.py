"""``tk.test``: gradient checking helpers (TF's ``tf.test.compute_gradient``)."""

from ._api.testing import check_gradients, compute_gradient, max_error  # noqa: F401
