"""``keras.optimizers.RMSprop`` and ``Adagrad``: steps scaled by a running size of the gradients."""

from __future__ import annotations

from ...errors import InvalidArgumentError
from ..._core.ops import math_ops
from ..._core.ops.math_ops import cast
from .. import initializers
from .base import Optimizer, cast_gradient, densify, square_gradient


class RMSprop(Optimizer):
    """``velocity = rho*velocity + (1-rho)*g**2``; ``var -= lr * g / sqrt(velocity + epsilon)``.

    With ``momentum`` the steps accumulate; ``centered`` divides by the variance instead.
    """

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None, name=None,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor,
                         gradient_accumulation_steps=gradient_accumulation_steps, name=name, **kwargs)
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._velocities = self.add_optimizer_variables(var_list, "velocity")
        self._momentums = self.add_optimizer_variables(var_list, "momentum") if self.momentum > 0 else []
        self._average_gradients = self.add_optimizer_variables(var_list, "average_gradient") if self.centered \
            else []

    def update_step(self, gradient, variable, learning_rate):
        lr = cast(learning_rate, variable.dtype)
        sparse = cast_gradient(gradient, variable.dtype)
        gradient = densify(sparse)
        index = self._get_variable_index(variable)
        velocity = self._velocities[index].value
        rho = self.rho
        velocity.assign(rho * velocity + (1 - rho) * square_gradient(sparse))
        if self.centered:
            average_grad = self._average_gradients[index].value
            average_grad.assign(rho * average_grad + (1 - rho) * gradient)
            denominator = velocity - math_ops.square(average_grad) + self.epsilon
        else:
            denominator = velocity + self.epsilon
        increment = (lr * gradient) / math_ops.sqrt(denominator)
        if self.momentum > 0:
            momentum = self._momentums[index].value
            momentum.assign(self.momentum * momentum + increment)
            variable.assign_sub(momentum.read_value())
        else:
            variable.assign_sub(increment)

    def get_config(self) -> dict:
        return {**super().get_config(), "rho": self.rho, "momentum": self.momentum, "epsilon": self.epsilon,
                "centered": self.centered}


class Adagrad(Optimizer):
    """``accumulator += g**2``; ``var -= lr * g / sqrt(accumulator + epsilon)`` (accumulators start at 0.1)."""

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None, name=None,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor,
                         gradient_accumulation_steps=gradient_accumulation_steps, name=name, **kwargs)
        self.initial_accumulator_value = initial_accumulator_value
        self.epsilon = epsilon

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._accumulators = self.add_optimizer_variables(
            var_list, "accumulator", initializer=initializers.Constant(self.initial_accumulator_value))

    def _gradient_shape_error(self, grad_shape, variable_shape):
        # accumulator.assign_add(g**2): the shapes must be equal
        return None if grad_shape == variable_shape else InvalidArgumentError

    def update_step(self, gradient, variable, learning_rate):
        lr = cast(learning_rate, variable.dtype)
        sparse = cast_gradient(gradient, variable.dtype)
        gradient = densify(sparse)
        accumulator = self._accumulators[self._get_variable_index(variable)].value
        accumulator.assign_add(square_gradient(sparse))
        variable.assign_sub((lr * gradient) / math_ops.sqrt(accumulator + self.epsilon))

    def get_config(self) -> dict:
        return {**super().get_config(), "initial_accumulator_value": self.initial_accumulator_value,
                "epsilon": self.epsilon}
