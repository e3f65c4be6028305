"""``keras.optimizers.schedules``: learning rates that change with the step (``optimizer.iterations``).

Each computes in float32 with the same operations, in the same order, as Keras 3, so an
optimizer driven by one updates its variables exactly as in TF.
"""

from __future__ import annotations

import math

from ..._core.ops import math_ops
from ..._core.ops.math_ops import cast
from ..._core.values.tensor import convert_to_tensor


class LearningRateSchedule:
    """Base class: ``schedule(step)`` returns the learning rate (a Tensor) for ``step``."""

    def __call__(self, step):
        raise NotImplementedError(f"Learning rate schedule '{type(self).__name__}' must override "
                                  "`__call__(self, step)`.")

    def get_config(self):
        raise NotImplementedError(f"Learning rate schedule '{type(self).__name__}' must override `get_config()` "
                                  "in order to be serializable.")

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _check_decay_steps(value, name="decay_steps"):
    if value <= 0:
        raise ValueError(f"Argument `{name}` must be > 0. Received: {name}={value}")


class ExponentialDecay(LearningRateSchedule):
    """``initial_learning_rate * decay_rate ** (step / decay_steps)`` (the exponent floored if ``staircase``)."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="ExponentialDecay"):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name
        _check_decay_steps(decay_steps)

    def __call__(self, step):
        initial = convert_to_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        p = cast(step, dtype) / cast(self.decay_steps, dtype)
        if self.staircase:
            p = math_ops.floor(p)
        return initial * math_ops.pow(cast(self.decay_rate, dtype), p)

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "decay_rate": self.decay_rate, "staircase": self.staircase, "name": self.name}


class PiecewiseConstantDecay(LearningRateSchedule):
    """``values[0]`` up to ``boundaries[0]``, ``values[1]`` up to ``boundaries[1]``, ... (steps included)."""

    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        if len(boundaries) != len(values) - 1:
            raise ValueError("The length of boundaries should be 1 less than the length of values. Received: "
                             f"boundaries={boundaries} of length {len(boundaries)}, and values={values} of length "
                             f"{len(values)}.")
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        step = convert_to_tensor(step)
        boundaries = [convert_to_tensor(b) for b in self.boundaries]
        boundaries = [b if b.dtype is step.dtype else cast(b, step.dtype) for b in boundaries]
        values = [convert_to_tensor(v) for v in self.values]
        dtype = values[0].dtype
        result = convert_to_tensor(0, dtype=dtype)
        result = result + cast(math_ops.less_equal(step, boundaries[0]), dtype) * values[0]
        result = result + cast(math_ops.greater(step, boundaries[-1]), dtype) * values[-1]
        for low, high, value in zip(boundaries[:-1], boundaries[1:], values[1:-1]):
            inside = math_ops.logical_and(math_ops.greater(step, low), math_ops.less_equal(step, high))
            result = result + cast(inside, dtype) * value
        return result

    def get_config(self) -> dict:
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class PolynomialDecay(LearningRateSchedule):
    """From ``initial_learning_rate`` to ``end_learning_rate`` over ``decay_steps``, as ``(1 - t) ** power``."""

    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False,
                 name="PolynomialDecay"):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name
        _check_decay_steps(decay_steps)

    def __call__(self, step):
        initial = convert_to_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        end = cast(self.end_learning_rate, dtype)
        power = cast(self.power, dtype)
        step = cast(step, dtype)
        decay_steps = cast(self.decay_steps, dtype)
        if self.cycle:
            multiplier = convert_to_tensor(1.0) if float(step) == 0 else math_ops.ceil(step / self.decay_steps)
            decay_steps = decay_steps * multiplier
        else:
            step = math_ops.minimum(step, decay_steps)
        p = step / decay_steps
        return (initial - end) * math_ops.pow(1 - p, power) + end

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "end_learning_rate": self.end_learning_rate, "power": self.power, "cycle": self.cycle,
                "name": self.name}


class InverseTimeDecay(LearningRateSchedule):
    """``initial_learning_rate / (1 + decay_rate * step / decay_steps)``."""

    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="InverseTimeDecay"):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name
        _check_decay_steps(decay_steps)

    def __call__(self, step):
        initial = convert_to_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        p = cast(step, dtype) / cast(self.decay_steps, dtype)
        if self.staircase:
            p = math_ops.floor(p)
        return initial / (cast(1, dtype) + cast(self.decay_rate, dtype) * p)

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "decay_rate": self.decay_rate, "staircase": self.staircase, "name": self.name}


class CosineDecay(LearningRateSchedule):
    """Half a cosine from the rate to ``alpha`` times it over ``decay_steps`` (after an optional linear warmup)."""

    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name="CosineDecay", warmup_target=None,
                 warmup_steps=0):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_steps = warmup_steps
        self.warmup_target = warmup_target
        _check_decay_steps(decay_steps)

    def _decay(self, step, decay_steps, decay_from, dtype):
        fraction = step / decay_steps
        cosine = 0.5 * (1.0 + math_ops.cos(convert_to_tensor(math.pi, dtype=dtype) * fraction))
        return decay_from * ((1 - self.alpha) * cosine + self.alpha)

    def __call__(self, step):
        initial = convert_to_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        decay_steps = cast(self.decay_steps, dtype)
        step = cast(step, dtype)
        if self.warmup_target is None:
            return self._decay(math_ops.minimum(step, decay_steps), decay_steps, initial, dtype)
        target = cast(self.warmup_target, dtype)
        warmup_steps = cast(self.warmup_steps, dtype)
        step = math_ops.minimum(step, decay_steps + warmup_steps)
        if bool(step < warmup_steps):
            return (target - initial) * (step / warmup_steps) + initial
        return self._decay(step - warmup_steps, decay_steps, target, dtype)

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate, "decay_steps": self.decay_steps,
                "alpha": self.alpha, "name": self.name, "warmup_target": self.warmup_target,
                "warmup_steps": self.warmup_steps}


class CosineDecayRestarts(LearningRateSchedule):
    """Cosine decay that restarts (SGDR): period ``i`` lasts ``first_decay_steps * t_mul**i`` steps and
    starts from ``m_mul**i`` times the initial rate."""

    def __init__(self, initial_learning_rate, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0, name="SGDRDecay"):
        if first_decay_steps <= 0:
            raise ValueError("Argument `first_decay_steps` must be > 0. "
                             f"Received: first_decay_steps={first_decay_steps}")
        self.initial_learning_rate = initial_learning_rate
        self.first_decay_steps = first_decay_steps
        self._t_mul, self._m_mul = t_mul, m_mul
        self.alpha = alpha
        self.name = name

    @staticmethod
    def _restart_and_fraction(fraction, t_mul, dtype):
        """Which period ``fraction`` (steps / first_decay_steps) falls in, and how far into it."""
        if bool(math_ops.equal(t_mul, 1.0)):
            restart = math_ops.floor(fraction)
            return restart, fraction - restart
        restart = math_ops.floor(math_ops.log(cast(1.0 - fraction * (1.0 - t_mul), dtype)) / math_ops.log(t_mul))
        done = (1.0 - math_ops.pow(t_mul, restart)) / (1.0 - t_mul)
        return restart, (fraction - done) / math_ops.pow(t_mul, restart)

    def __call__(self, step):
        initial = convert_to_tensor(self.initial_learning_rate)
        dtype = initial.dtype
        alpha = cast(self.alpha, dtype)
        t_mul, m_mul = cast(self._t_mul, dtype), cast(self._m_mul, dtype)
        fraction = cast(step, dtype) / cast(self.first_decay_steps, dtype)
        restart, fraction = self._restart_and_fraction(fraction, t_mul, dtype)
        cosine = 0.5 * math_ops.pow(m_mul, restart) * (1.0 + math_ops.cos(math.pi * fraction))
        return initial * ((1 - alpha) * cosine + alpha)

    def get_config(self) -> dict:
        return {"initial_learning_rate": self.initial_learning_rate, "first_decay_steps": self.first_decay_steps,
                "t_mul": self._t_mul, "m_mul": self._m_mul, "alpha": self.alpha, "name": self.name}


_CLASSES = (LearningRateSchedule, ExponentialDecay, PiecewiseConstantDecay, PolynomialDecay, InverseTimeDecay,
            CosineDecay, CosineDecayRestarts)


def serialize(schedule) -> dict:
    return {"module": "keras.optimizers.schedules", "class_name": type(schedule).__name__,
            "config": schedule.get_config(), "registered_name": None}


def deserialize(config):
    classes = {cls.__name__: cls for cls in _CLASSES}
    cls = classes.get(config.get("class_name"))
    if cls is None:
        raise ValueError(f"Could not interpret learning rate schedule: {config}")
    return cls.from_config(dict(config.get("config") or {}))
