"""``tk.keras.optimizers``: SGD (with momentum / Nesterov) and Adam, updating Variables in place."""

from __future__ import annotations

import warnings

from .. import dtypes
from ..ops import math_ops
from ..ops.creation import zeros
from ..ops.math_ops import cast, to_tensor
from ..tape import GradientTape
from ..tensor import Tensor
from ..variable import Variable as _TkVariable
from .layers import Variable, _naming, to_snake_case, unique_name


class Optimizer:
    """Base class. ``apply_gradients(zip(grads, vars))`` updates each variable with ``assign_*``.

    The first call fixes the set of variables (Keras 3's rule); ``iterations`` counts calls.
    """

    def __init__(self, learning_rate=0.001, name=None, **kwargs):
        self.name = name or unique_name(to_snake_case(type(self).__name__))
        self.built = False
        self._index: dict = {}          # id(variable) -> its position in the built list
        self._variables: list = []      # the model variables this optimizer was built with
        with _OwnScope(self):
            self._iterations = Variable(0, dtype=dtypes.int64, trainable=False, name="iteration")
            self._learning_rate = Variable(float(learning_rate), dtype=dtypes.float32, trainable=False,
                                           name="learning_rate")

    # ----- state -----
    @property
    def iterations(self) -> Variable:
        """How many times ``apply_gradients`` ran (an int64 Variable)."""
        return self._iterations

    @property
    def learning_rate(self) -> Variable:
        return self._learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        self._learning_rate.assign(float(value))

    @property
    def variables(self) -> list:
        """The optimizer's own variables: iterations, learning rate, then slots (momenta ...)."""
        return [self._iterations, self._learning_rate] + [s for slots in self._slot_lists() for s in slots]

    def _slot_lists(self) -> list:
        return []

    def build(self, var_list):
        """Remember ``var_list`` and create per-variable state (slots)."""
        self._variables = list(var_list)
        self._index = {id(v): i for i, v in enumerate(self._variables)}
        self.built = True

    def add_variable_from_reference(self, reference, name):
        """A zero slot shaped like ``reference`` (path ``<optimizer>/<var name>_<slot>``)."""
        short = getattr(reference, "path", reference.name.split(":")[0]).replace("/", "_")
        with _OwnScope(self):
            return Variable(zeros(tuple(reference.shape), dtype=reference.dtype), trainable=False,
                            name=f"{short}_{name}")

    # ----- updating -----
    def apply_gradients(self, grads_and_vars):
        """Apply one update per (gradient, variable) pair; returns ``iterations``.

        All gradients None raises ValueError; some None warns and skips those variables.
        """
        pairs = list(grads_and_vars)
        if not pairs:
            raise ValueError("No gradients provided for any variable.\n  Hint: apply_gradients got an empty "
                             "list; pass zip(grads, variables).")
        grads = [g for g, _ in pairs]
        var_list = [v for _, v in pairs]
        for v in var_list:
            if not isinstance(v, _TkVariable):
                raise TypeError(f"apply_gradients expects (gradient, tk.Variable) pairs, got a "
                                f"{type(v).__name__} in place of a variable.\n  Hint: a model's weights are "
                                "in model.trainable_variables; `v = v - lr * g` turns a Variable into a Tensor, "
                                "use v.assign_sub(lr * g) instead.")
        if not self.built:
            self.build(var_list)
        self._check_known(var_list)
        grads, var_list = self._filter_empty(grads, var_list)
        for grad, var in zip(grads, var_list):
            grad = to_tensor(grad)
            if grad.dtype is not var.dtype:
                grad = cast(grad, var.dtype)
            self.update_step(grad, var, cast(self._learning_rate, var.dtype))
        self._iterations.assign_add(1)
        return self._iterations

    def minimize(self, loss, var_list, tape=None):
        """Compute gradients of ``loss`` (a zero-argument callable, or a Tensor with ``tape``) and apply them.

        This is ``tf.keras`` 2's method; Keras 3 optimizers do not have it.
        """
        if callable(var_list):
            var_list = var_list()
        var_list = list(var_list)
        if callable(loss):
            with GradientTape() as tape:
                tape.watch(var_list)
                loss = loss()
        elif tape is None:
            raise ValueError(f"`tape` is required when a `Tensor` loss is passed. Received: loss={loss}, "
                             "tape=None.\n  Hint: pass the loss as a function, e.g. "
                             "opt.minimize(lambda: loss_fn(model(x), y), model.trainable_variables).")
        grads = tape.gradient(loss, var_list)
        return self.apply_gradients(zip(grads, var_list))

    def update_step(self, gradient: Tensor, variable, learning_rate: Tensor):
        raise NotImplementedError

    def _check_known(self, var_list):
        for v in var_list:
            if id(v) not in self._index:
                raise ValueError(f"Unknown variable: {v}. This optimizer can only be called for the variables it "
                                 "was originally built with. When working with a new set of variables, you "
                                 "should recreate a new optimizer instance.\n  Hint: make one optimizer per "
                                 "model and pass it the same variables every step.")

    def _filter_empty(self, grads, var_list):
        kept = [(g, v) for g, v in zip(grads, var_list) if g is not None]
        if not kept:
            raise ValueError("No gradients provided for any variable.\n  Hint: every gradient is None: was the "
                             "loss computed inside the GradientTape's `with` block, from these variables, "
                             "with tk operations only (no .numpy())?")
        missing = [getattr(v, "path", None) or v.name for g, v in zip(grads, var_list) if g is None]
        if missing:
            warnings.warn(f"Gradients do not exist for variables {missing} when minimizing the loss. If using "
                          "`model.compile()`, did you forget to provide a `loss` argument?", stacklevel=3)
        return [g for g, _ in kept], [v for _, v in kept]

    def _slot(self, slots: list, variable):
        return slots[self._index[id(variable)]]


class _OwnScope:
    """Creates variables under the optimizer's name (``sgd/iteration``), outside any layer's scope."""

    def __init__(self, owner):
        self.owner = owner

    def __enter__(self):
        self.saved = list(_naming.scope)
        _naming.scope[:] = [self.owner]

    def __exit__(self, *exc):
        _naming.scope[:] = self.saved


class SGD(Optimizer):
    """Gradient descent: ``v -= lr * g``; with momentum ``m = momentum*m - lr*g; v += m``.

    With ``nesterov=True`` the step is ``v += momentum*m - lr*g`` (after updating ``m``).
    """

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        if not isinstance(momentum, float) or momentum < 0 or momentum > 1:
            raise ValueError("`momentum` must be a float between [0, 1]." + (
                f"\n  Hint: write momentum={float(momentum)} (a float)." if isinstance(momentum, int) and
                0 <= momentum <= 1 else ""))
        self.momentum = momentum
        self.nesterov = bool(nesterov)
        self.momentums: list = []

    def build(self, var_list):
        super().build(var_list)
        self.momentums = ([self.add_variable_from_reference(v, "momentum") for v in self._variables]
                          if self.momentum != 0 else [])

    def _slot_lists(self):
        return [self.momentums]

    def update_step(self, gradient, variable, learning_rate):
        if self.momentum == 0:
            variable.assign_sub(gradient * learning_rate)
            return
        m = self._slot(self.momentums, variable)
        momentum = cast(self.momentum, variable.dtype)
        m.assign(m * momentum - gradient * learning_rate)
        if self.nesterov:
            variable.assign_add(m * momentum - gradient * learning_rate)
        else:
            variable.assign_add(m.read_value())


class Adam(Optimizer):
    """Adam: running means of ``g`` (m) and ``g**2`` (v), bias-corrected step size.

    ``alpha = lr * sqrt(1 - beta_2**t) / (1 - beta_1**t)``; ``var -= alpha * m / (sqrt(v) + epsilon)``.
    """

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, name=None,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon, self.amsgrad = beta_1, beta_2, epsilon, bool(amsgrad)
        self._momentums: list = []
        self._velocities: list = []
        self._velocity_hats: list = []

    def build(self, var_list):
        super().build(var_list)
        self._momentums = [self.add_variable_from_reference(v, "momentum") for v in self._variables]
        self._velocities = [self.add_variable_from_reference(v, "velocity") for v in self._variables]
        if self.amsgrad:
            self._velocity_hats = [self.add_variable_from_reference(v, "velocity_hat") for v in self._variables]

    def _slot_lists(self):
        return [self._momentums, self._velocities, self._velocity_hats]

    def update_step(self, gradient, variable, learning_rate):
        dtype = variable.dtype
        step = cast(self._iterations + 1, dtype)
        beta_1_power = math_ops.pow(cast(self.beta_1, dtype), step)
        beta_2_power = math_ops.pow(cast(self.beta_2, dtype), step)
        m = self._slot(self._momentums, variable)
        v = self._slot(self._velocities, variable)
        alpha = learning_rate * math_ops.sqrt(1 - beta_2_power) / (1 - beta_1_power)
        m.assign_add((gradient - m) * (1 - self.beta_1))
        v.assign_add((math_ops.square(gradient) - v) * (1 - self.beta_2))
        if self.amsgrad:
            v_hat = self._slot(self._velocity_hats, variable)
            v_hat.assign(math_ops.maximum(v_hat, v))
            v = v_hat
        variable.assign_sub((m * alpha) / (math_ops.sqrt(v) + self.epsilon))


def get(identifier):
    """An optimizer from a name (``"sgd"``, ``"adam"``) or an Optimizer instance."""
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, str) and identifier.lower() in ("sgd", "adam"):
        return {"sgd": SGD, "adam": Adam}[identifier.lower()]()
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
