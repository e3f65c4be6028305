"""``keras.optimizers.Adadelta``: steps scaled by running RMS of past steps over running RMS of gradients."""

from __future__ import annotations

from ..._core.ops import math_ops
from ..._core.ops.math_ops import cast
from .base import Optimizer, cast_gradient, densify


class Adadelta(Optimizer):
    """``delta = -sqrt(E[dx**2] + eps) / sqrt(E[g**2] + eps) * g``; ``var += lr * delta``."""

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.rho, self.epsilon = rho, epsilon

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._accumulated_grads, self._accumulated_delta_vars = self.add_optimizer_variables(
            var_list, ["accumulated_grad", "accumulated_delta_var"])

    def _rms(self, x):
        return math_ops.sqrt(x + self.epsilon)

    def update_step(self, gradient, variable, learning_rate):
        dtype = variable.dtype
        lr = cast(learning_rate, dtype)
        gradient = densify(cast_gradient(gradient, dtype))
        rho = self.rho
        index = self._get_variable_index(variable)
        grads, deltas = self._accumulated_grads[index].value, self._accumulated_delta_vars[index].value
        grads.assign(rho * grads + (1 - rho) * math_ops.square(gradient))
        delta = -(self._rms(deltas) * gradient) / self._rms(grads)
        deltas.assign(rho * deltas + (1 - rho) * math_ops.square(delta))
        variable.assign_add(lr * delta)

    def get_config(self) -> dict:
        return {**super().get_config(), "rho": self.rho, "epsilon": self.epsilon}
