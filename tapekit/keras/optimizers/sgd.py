"""``keras.optimizers.SGD``: gradient descent, with momentum and Nesterov momentum."""

from __future__ import annotations

from ...errors import InvalidArgumentError
from ..._base.i18n import _, hint_line
from ..._core.ops.math_ops import cast
from .base import Optimizer, broadcast_shape, cast_gradient, densify


class SGD(Optimizer):
    """``v -= lr * g``; with ``momentum``: ``m = momentum*m - lr*g; v += m`` (Nesterov: ``v += momentum*m - lr*g``)."""

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, weight_decay=None, clipnorm=None,
                 clipvalue=None, global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None, gradient_accumulation_steps=None, name=None,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor,
                         gradient_accumulation_steps=gradient_accumulation_steps, **kwargs)
        if not isinstance(momentum, float) or momentum < 0 or momentum > 1:
            hint = (hint_line(_("write momentum={momentum} (a float).").format(momentum=float(momentum)))
                    if isinstance(momentum, int) and not isinstance(momentum, bool) and 0 <= momentum <= 1 else "")
            raise ValueError("`momentum` must be a float between [0, 1]." + hint)
        self.momentum = momentum
        self.nesterov = nesterov
        self.momentums = []

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self.momentums = self.add_optimizer_variables(variables, "momentum") if self.momentum != 0 else []

    def _gradient_shape_error(self, grad_shape, variable_shape):
        if self.momentum == 0:  # assign_sub(g * lr): the shapes must be equal
            return None if grad_shape == variable_shape else InvalidArgumentError
        broadcast = broadcast_shape(grad_shape, variable_shape)
        if broadcast is None:
            return InvalidArgumentError
        return None if broadcast == variable_shape else ValueError  # the momentum's assign refuses the shape

    def update_step(self, gradient, variable, learning_rate):
        learning_rate = cast(learning_rate, variable.dtype)
        gradient = densify(cast_gradient(gradient, variable.dtype))
        if self.momentum == 0:
            variable.assign_sub(gradient * learning_rate)
            return
        m = self.momentums[self._get_variable_index(variable)].value
        momentum = cast(self.momentum, variable.dtype)
        m.assign(m * momentum - gradient * learning_rate)
        if self.nesterov:
            variable.assign_add(m * momentum - gradient * learning_rate)
        else:
            variable.assign_add(m.read_value())

    def get_config(self) -> dict:
        return {**super().get_config(), "momentum": self.momentum, "nesterov": self.nesterov}
