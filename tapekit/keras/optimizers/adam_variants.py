"""``keras.optimizers.Adamax`` (Adam with an infinity-norm second moment) and ``Nadam`` (Adam with
Nesterov momentum), with Keras 3's update rules."""

from __future__ import annotations

from ..._core.ops import math_ops
from ..._core.ops.math_ops import cast
from ..variables import Variable
from .base import Optimizer, cast_gradient, densify


class Adamax(Optimizer):
    """``m``: running mean of ``g``; ``u = max(beta_2 * u, |g|)``; ``var -= lr * m / ((1 - beta_1**t) * (u + eps))``."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._m, self._u = self.add_optimizer_variables(var_list, ["momentum", "norm"])

    def update_step(self, gradient, variable, learning_rate):
        dtype = variable.dtype
        lr = cast(learning_rate, dtype)
        gradient = densify(cast_gradient(gradient, dtype))
        beta_1_power = math_ops.pow(cast(self.beta_1, dtype), cast(self.iterations + 1, dtype))
        index = self._get_variable_index(variable)
        m, u = self._m[index].value, self._u[index].value
        m.assign_add((gradient - m) * (1 - self.beta_1))
        u.assign(math_ops.maximum(self.beta_2 * u, math_ops.abs(gradient)))
        variable.assign_sub((lr * m) / ((1 - beta_1_power) * (u + self.epsilon)))

    def get_config(self) -> dict:
        return {**super().get_config(), "beta_1": self.beta_1, "beta_2": self.beta_2, "epsilon": self.epsilon}


class Nadam(Optimizer):
    """Adam whose momentum looks one step ahead, with the momentum schedule ``beta_1 * (1 - 0.5 * 0.96**t)``."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon

    def build(self, var_list):
        if self.built:
            return
        dtype = var_list[0].dtype if var_list else "float32"
        super().build(var_list)
        self._momentums, self._velocities = self.add_optimizer_variables(var_list, ["momentum", "velocity"])
        self._u_product = Variable(1.0, dtype=dtype, trainable=False)   # Keras makes it outside its scope
        self._variables.append(self._u_product)

    def _update_all(self, grads, trainable_variables):
        step = cast(self.iterations + 1, self._u_product.dtype)
        self._u_product.assign(self._u_product * self.beta_1 * (1.0 - 0.5 * math_ops.pow(0.96, step)))
        super()._update_all(grads, trainable_variables)

    def update_step(self, gradient, variable, learning_rate):
        dtype = variable.dtype
        lr = cast(learning_rate, dtype)
        gradient = densify(cast_gradient(gradient, dtype))
        local_step, next_step = cast(self.iterations + 1, dtype), cast(self.iterations + 2, dtype)
        decay, beta_1, beta_2 = cast(0.96, dtype), cast(self.beta_1, dtype), cast(self.beta_2, dtype)
        u_t = beta_1 * (1.0 - 0.5 * math_ops.pow(decay, local_step))
        u_t_1 = beta_1 * (1.0 - 0.5 * math_ops.pow(decay, next_step))
        u_product_t = cast(self._u_product, dtype)
        u_product_t_1 = u_product_t * u_t_1
        index = self._get_variable_index(variable)
        m, v = self._momentums[index].value, self._velocities[index].value
        m.assign_add((gradient - m) * (1 - beta_1))
        v.assign_add((math_ops.square(gradient) - v) * (1 - beta_2))
        m_hat = (u_t_1 * m) / (1 - u_product_t_1) + ((1 - u_t) * gradient) / (1 - u_product_t)
        v_hat = v / (1 - math_ops.pow(beta_2, local_step))
        variable.assign_sub((m_hat * lr) / (math_ops.sqrt(v_hat) + self.epsilon))

    def get_config(self) -> dict:
        return {**super().get_config(), "beta_1": self.beta_1, "beta_2": self.beta_2, "epsilon": self.epsilon}
