"""``keras.optimizers.Optimizer``: Keras 3's optimizer on TF, step for step.

``apply_gradients(zip(grads, vars))`` builds the optimizer on its first call (that fixes the
variables it may update), drops ``None`` gradients (warning; all ``None`` raises), unscales,
clips (``clipnorm``, ``clipvalue`` or ``global_clipnorm``), applies ``weight_decay``, runs each
variable's ``update_step``, applies constraints, updates the EMA, then adds one to
``iterations``. Keras 3 has no ``minimize``; neither has tapekit.
"""

from __future__ import annotations

import re
import warnings

import numpy as np

from ...errors import InvalidArgumentError
from ..._base import deferred_restore
from ..._base.i18n import _, hint_line
from ..._core.ops import math_ops, reduction
from ..._core.ops.array_ops import reshape, scatter_nd, stack
from ..._core.ops.creation import ones_like, zeros_like
from ..._core.ops.math_ops import cast, to_tensor
from ..._core.values.tensor import Tensor
from ..._core.record.variable import Variable as _TkVariable
from .. import initializers, naming
from ..variables import Variable
from . import schedules


def is_indexed_slices(g) -> bool:
    """A ``tk.IndexedSlices`` gradient (rows ``values`` at ``indices`` of a tensor of ``dense_shape``)."""
    return type(g).__name__ == "IndexedSlices" and hasattr(g, "indices") and hasattr(g, "values")


def densify(g):
    """The dense tensor of an IndexedSlices (repeated rows add up); anything else as a tensor."""
    if not is_indexed_slices(g):
        return to_tensor(g)
    shape = [int(d) for d in to_tensor(g.dense_shape).numpy()]
    return scatter_nd(reshape(to_tensor(g.indices), [-1, 1]), to_tensor(g.values), shape)


def _with_values(g, values):
    return type(g)(values, g.indices, g.dense_shape)


def cast_gradient(g, dtype):
    """Keras's ``ops.cast(gradient, dtype)``: an IndexedSlices stays sparse (its values are cast)."""
    if is_indexed_slices(g):
        return _with_values(g, cast(to_tensor(g.values), dtype))
    return cast(to_tensor(g), dtype)


def square_gradient(g):
    """Keras's ``ops.square(gradient)`` made dense: an IndexedSlices squares each row it holds, so rows
    that repeat add their squares (not the square of their sum), as Keras does on TF."""
    if is_indexed_slices(g):
        return densify(_with_values(g, math_ops.square(to_tensor(g.values))))
    return math_ops.square(to_tensor(g))


def _clip_by_norm(t, clip_norm):
    """TF's ``clip_by_norm``: ``t * clip_norm / max(norm(t), clip_norm)`` (an IndexedSlices clips its values)."""
    values = to_tensor(t.values) if is_indexed_slices(t) else to_tensor(t)
    l2sum = reduction.reduce_sum(values * values, keepdims=True)
    positive = math_ops.greater(l2sum, 0.0)
    l2sum_safe = math_ops.where(positive, l2sum, ones_like(l2sum))
    l2norm = math_ops.where(positive, math_ops.sqrt(l2sum_safe), l2sum)
    clipped = values * clip_norm / math_ops.maximum(l2norm, clip_norm)
    return _with_values(t, clipped) if is_indexed_slices(t) else clipped


def _clip_by_global_norm(grads, clip_norm):
    """Keras's global-norm clipping: every gradient times ``clip_norm / max(global_norm, clip_norm)``."""
    squares = [reduction.reduce_sum(square_gradient(g)) for g in grads if g is not None]
    norm = math_ops.sqrt(reduction.reduce_sum(stack(squares)))
    scale = clip_norm * math_ops.minimum(1.0 / norm, 1.0 / clip_norm)
    scale = scale + (norm - norm)  # NaN for an infinite or NaN norm, as Keras
    # the norm squares an IndexedSlices row by row; `g * scale` then makes it dense (TF's operator)
    return [None if g is None else densify(g) * scale for g in grads]


def _tk_variable(variable):
    """The ``tk.Variable`` an optimizer updates (a Keras variable's ``.value``)."""
    return variable.value if isinstance(variable, Variable) else variable


class Optimizer:
    """Base class of Keras optimizers. Subclasses define ``build(variables)`` and ``update_step``."""

    def __init__(self, learning_rate, weight_decay=None, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        if kwargs.pop("decay", None) is not None:
            warnings.warn("Argument `decay` is no longer supported and will be ignored.", UserWarning, stacklevel=3)
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}" + _unknown_argument_hint(type(self), kwargs))
        self.name = name if name is not None else naming.auto_name(type(self).__name__)
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.global_clipnorm = global_clipnorm
        self.clipvalue = clipvalue
        self.use_ema = use_ema
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps
        if gradient_accumulation_steps and not gradient_accumulation_steps >= 2:
            raise ValueError("`gradient_accumulation_steps` must be an integer >= 2. Received: "
                             f"gradient_accumulation_steps={gradient_accumulation_steps}")
        if use_ema:
            if ema_momentum > 1 or ema_momentum < 0:
                raise ValueError(f"`ema_momentum` must be in the range [0, 1]. Received: ema_momentum={ema_momentum}")
            if ema_overwrite_frequency and (not isinstance(ema_overwrite_frequency, int)
                                            or ema_overwrite_frequency < 1):
                raise ValueError("`ema_overwrite_frequency` must be an integer >= 1 or None. Received: "
                                 f"ema_overwrite_frequency={ema_overwrite_frequency}")
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        if sum(a is not None for a in (clipnorm, clipvalue, global_clipnorm)) > 1:
            raise ValueError("Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set. Received: "
                             f"clipnorm={clipnorm}, clipvalue={clipvalue}, global_clipnorm={global_clipnorm}")
        self.built = False
        self._variables: list = []
        self._trainable_variables: list = []
        self._index: dict = {}  # id(tk.Variable) -> its position in the built list
        with naming.name_scope(self.name, caller=self):
            self._iterations = Variable(0, name="iteration", dtype="int", trainable=False,
                                        aggregation="only_first_replica")
        self._variables.append(self._iterations)
        if isinstance(learning_rate, schedules.LearningRateSchedule) or callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if not isinstance(learning_rate, float):
                raise ValueError("Argument `learning_rate` should be float, or an instance of LearningRateSchedule, "
                                 "or a callable (that takes in the current iteration value and returns the "
                                 f"corresponding learning rate value). Received instead: learning_rate={learning_rate}"
                                 + (hint_line(_("write learning_rate={learning_rate} (a float).").format(
                                     learning_rate=float(learning_rate)))
                                    if isinstance(learning_rate, int) and not isinstance(learning_rate, bool) else ""))
            with naming.name_scope(self.name, caller=self):
                self._learning_rate = Variable(learning_rate, name="learning_rate", dtype="float32", trainable=False,
                                               aggregation="only_first_replica")
            self._variables.append(self._learning_rate)

    # ----- state -----
    @property
    def iterations(self):
        """How many times ``apply_gradients`` ran (an int64 Keras variable)."""
        if self.gradient_accumulation_steps:
            return math_ops.floordiv(self._iterations, self.gradient_accumulation_steps)
        return self._iterations

    @property
    def learning_rate(self):
        """The learning rate: a Keras variable, or a Tensor for a schedule or a callable."""
        if isinstance(self._learning_rate, schedules.LearningRateSchedule):
            return self._learning_rate(self._iterations)
        if isinstance(self._learning_rate, Variable):
            return self._learning_rate
        if callable(self._learning_rate):
            return self._learning_rate()
        return self._learning_rate

    @learning_rate.setter
    def learning_rate(self, learning_rate):
        previous = self._learning_rate if isinstance(self._learning_rate, Variable) else None
        if isinstance(learning_rate, schedules.LearningRateSchedule) or callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if isinstance(self._learning_rate, schedules.LearningRateSchedule):
                raise TypeError("This optimizer was created with a `LearningRateSchedule` object as its "
                                "`learning_rate` constructor argument, hence its learning rate is not settable. If "
                                "you need the learning rate to be settable, you should instantiate the optimizer "
                                "with a float `learning_rate` argument.")
            self._learning_rate.assign(learning_rate)
        if previous is not None and not isinstance(self._learning_rate, Variable):
            self._variables = [v for v in self._variables if v is not previous]

    @property
    def variables(self) -> list:
        """The optimizer's own variables: iterations, learning rate, then per-variable state (momenta ...)."""
        return self._variables[:]

    # ----- building -----
    def build(self, variables):
        """Remember ``variables`` (the only ones it may update) and create their state."""
        if self.use_ema:
            self._model_variables_moving_average = self.add_optimizer_variables(variables, "average")
        if self.gradient_accumulation_steps:
            self._accumulated_gradients = []
        for i, variable in enumerate(variables):
            self._index[id(_tk_variable(variable))] = i
            if self.gradient_accumulation_steps:
                self._accumulated_gradients.append(
                    self.add_variable_from_reference(variable, name="gradient_accumulator"))
        self._trainable_variables = list(variables)
        self.built = True

    def add_variable(self, shape, initializer="zeros", dtype=None, aggregation="none", layout=None, name=None):
        """A non-trainable optimizer variable, named ``<optimizer>/<name>``."""
        initializer = initializers.get(initializer)
        with naming.name_scope(self.name, caller=self):
            variable = Variable(initializer, shape=shape, dtype=dtype, trainable=False, aggregation=aggregation,
                                name=name)
        self._variables.append(variable)
        deferred_restore.variables_created()  # a slot may have a value a restore kept
        return variable

    def add_variable_from_reference(self, reference_variable, name=None, initializer="zeros"):
        """A zero variable shaped like ``reference_variable`` (name ``<its path with _>_<name>``)."""
        name = name or "var"
        if hasattr(reference_variable, "path"):
            name = f"{reference_variable.path.replace('/', '_')}_{name}"
        else:
            name = f"{str(reference_variable.name).replace('/', '_').replace(':', '_')}_{name}"
        return self.add_variable(shape=tuple(reference_variable.shape), initializer=initializer,
                                 dtype=str(reference_variable.dtype.name if hasattr(reference_variable.dtype, "name")
                                           else reference_variable.dtype), name=name)

    def add_optimizer_variables(self, trainable_variables, name, initializer="zeros"):
        """One variable per model variable for each of ``name`` (a string, or a list: interleaved per variable)."""
        names = [name] if isinstance(name, str) else list(name)
        inits = [initializer] * len(names) if isinstance(initializer, (str, initializers.Initializer)) \
            or not isinstance(initializer, (list, tuple)) else list(initializer)
        if len(names) != len(inits):
            raise ValueError(f"The number of provided names must match the number of provided initializers.  "
                             f"Received name='{name}', initializer='{initializer}'")
        made = tuple([] for _ in names)
        for variable in trainable_variables:
            for i, (var_name, var_init) in enumerate(zip(names, inits)):
                if getattr(variable, "overwrite_with_gradient", False):
                    made[i].append(None)
                else:
                    made[i].append(self.add_variable_from_reference(variable, name=var_name, initializer=var_init))
        return made[0] if isinstance(name, str) else made

    def _get_variable_index(self, variable) -> int:
        return self._index[id(_tk_variable(variable))]

    def _check_variables_are_known(self, variables):
        for v in variables:
            if id(_tk_variable(v)) not in self._index:
                raise ValueError(f"Unknown variable: {v}. This optimizer can only be called for the variables it was "
                                 "originally built with. When working with a new set of variables, you should "
                                 "recreate a new optimizer instance."
                                 + hint_line(_("make one optimizer per model and pass it the same "
                                               "variables (model.trainable_variables) every step.")))

    # ----- updating -----
    def apply_gradients(self, grads_and_vars):
        """Update each variable from its gradient: ``apply_gradients(zip(grads, variables))``.

        Returns ``iterations``.
        """
        pairs = list(grads_and_vars)
        if not pairs:
            raise ValueError("not enough values to unpack (expected 2, got 0)"
                             + hint_line(_("apply_gradients got no (gradient, variable) pairs: the list of "
                                           "variables is empty. A tk.Module holding Keras layers has no "
                                           "trainable_variables (TF 2.16+); subclass tk.keras.Model "
                                           "instead.")))
        grads, trainable_variables = zip(*pairs)
        self.apply(grads, trainable_variables)
        return self._iterations

    def apply(self, grads, trainable_variables=None):
        """Update the variables from ``grads`` (one per variable, in the order of the first call)."""
        if len(grads) == 0:
            return
        if trainable_variables is None:
            if not self.built:
                raise ValueError("When passing `grads` without `variables`, the optimizer must already be built on "
                                 "a list of variables. Call `optimizer.build(trainable_variables)` first. ")
            if len(grads) != len(self._index):
                raise ValueError("When passing `grads` as a list of gradient tensors, the gradients must match "
                                 f"`optimizer.variables` one-to-on. Received a list of {len(grads)} gradients, but "
                                 f"the optimizer is tracking {len(self._trainable_variables)} trainable variables.")
            trainable_variables = self._trainable_variables
        else:
            trainable_variables = list(trainable_variables)
            _check_variable_types(trainable_variables)
            if not self.built:
                with naming.name_scope(self.name, caller=self):
                    self.build(trainable_variables)
                self.built = True
            self._check_variables_are_known(trainable_variables)
        with naming.name_scope(self.name, caller=self):
            grads, trainable_variables = self._filter_empty_gradients(list(grads), trainable_variables)
            self._check_gradient_shapes(grads, trainable_variables)
            grads, trainable_variables = self._overwrite_variables_with_gradients(grads, trainable_variables)
            if grads:
                if self.loss_scale_factor is not None:
                    grads = [g if g is None else _unscale(g, self.loss_scale_factor) for g in grads]
                self._backend_apply_gradients(grads, trainable_variables)
                for variable in trainable_variables:
                    constraint = getattr(variable, "constraint", None)
                    if constraint is not None:
                        variable.assign(constraint(variable))
        self._iterations.assign_add(1)

    def _backend_apply_gradients(self, grads, trainable_variables):
        if self.gradient_accumulation_steps:
            steps = self.gradient_accumulation_steps
            accumulators = [self._accumulated_gradients[self._get_variable_index(v)] for v in trainable_variables]
            grads = [densify(g) for g in grads]
            if (int(self._iterations.numpy()) + 1) % steps == 0:
                grads = [(g + a) / steps for g, a in zip(grads, accumulators)]
                grads = self._clip_gradients(grads)
                self._apply_weight_decay(trainable_variables)
                self._update_all(grads, trainable_variables)
                for a in accumulators:
                    a.value.assign(zeros_like(a.value))
            else:
                for g, a in zip(grads, accumulators):
                    a.value.assign(g + a)
        else:
            grads = self._clip_gradients(grads)
            self._apply_weight_decay(trainable_variables)
            self._update_all(grads, trainable_variables)
        if self.use_ema:
            self._update_model_variables_moving_average(self._trainable_variables)
            if self.ema_overwrite_frequency and \
                    (int(to_tensor(self.iterations).numpy()) + 1) % self.ema_overwrite_frequency == 0:
                self._overwrite_model_variables_with_average_value(self._trainable_variables)

    def _update_all(self, grads, trainable_variables):
        learning_rate = self.learning_rate
        for grad, variable in zip(grads, trainable_variables):
            self.update_step(grad, _tk_variable(variable), learning_rate)

    def update_step(self, gradient, variable, learning_rate):
        """Update ``variable`` (a ``tk.Variable``) from ``gradient`` (a Tensor, or a ``tk.IndexedSlices``
        for rows of an embedding); each optimizer defines its rule."""
        raise NotImplementedError(f"{type(self).__name__} does not implement update_step().")

    def _filter_empty_gradients(self, grads, variables):
        kept_grads, kept_vars, missing = [], [], []
        for g, v in zip(grads, variables):
            if g is None:
                missing.append(getattr(v, "path", None) or v.name)
            else:
                kept_grads.append(g)
                kept_vars.append(v)
        if not kept_grads:
            raise ValueError("No gradients provided for any variable."
                             + hint_line(_("every gradient is None: was the loss computed inside the "
                                           "GradientTape's `with` block, from these variables, with tk "
                                           "operations only (no .numpy())? tape.explain(loss, variable) "
                                           "says why.")))
        if missing:
            warnings.warn(f"Gradients do not exist for variables {missing} when minimizing the loss. If using "
                          "`model.compile()`, did you forget to provide a `loss` argument?", UserWarning,
                          stacklevel=4)
        return kept_grads, kept_vars

    def _gradient_shape_error(self, grad_shape: tuple, variable_shape: tuple):
        """The error TF's update raises for a gradient of this shape, or None (the rule broadcasts it
        against the optimizer's state; the result must have the variable's shape)."""
        return None if broadcast_shape(grad_shape, variable_shape) == variable_shape else InvalidArgumentError

    def _check_gradient_shapes(self, grads, variables):
        """Refuse a gradient the update cannot apply before anything changes (TF would fail midway)."""
        for g, v in zip(grads, variables):
            shape = tuple(int(d) for d in to_tensor(g.dense_shape).numpy()) if is_indexed_slices(g) \
                else tuple(to_tensor(g).shape)
            error = self._gradient_shape_error(shape, tuple(v.shape))
            if error is not None:
                name = getattr(v, "path", None) or v.name
                message = (f"Cannot update variable with shape {list(v.shape)} using a Tensor with shape "
                           f"{list(shape)}, shapes must be equal."
                           + hint_line(_("the gradient for {name} has shape {shape}; pass each variable "
                                         "with its own gradient, in the same order: "
                                         "zip(tape.gradient(loss, variables), variables). Nothing was "
                                         "updated.").format(name=name, shape=shape)))
                raise (InvalidArgumentError(message, op="AssignSubVariableOp") if error is InvalidArgumentError
                       else error(message))

    def _overwrite_variables_with_gradients(self, grads, variables):
        kept_grads, kept_vars = [], []
        for g, v in zip(grads, variables):
            if getattr(v, "overwrite_with_gradient", False):
                v.assign(densify(g))
            else:
                kept_grads.append(g)
                kept_vars.append(v)
        return kept_grads, kept_vars

    def _clip_gradients(self, grads):
        if self.clipnorm and self.clipnorm > 0:
            return [None if g is None else _clip_by_norm(g, self.clipnorm) for g in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            return _clip_by_global_norm(grads, self.global_clipnorm)
        if self.clipvalue and self.clipvalue > 0:
            return [None if g is None else math_ops.minimum(math_ops.maximum(densify(g), -self.clipvalue),
                                                            self.clipvalue) for g in grads]
        return grads

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        """Leave these variables (or those whose name contains one of ``var_names``) out of weight decay."""
        if self.built:
            raise ValueError("`exclude_from_weight_decay()` can only be configured before the optimizer is built.")
        self._excluded_ids = {id(_tk_variable(v)) for v in var_list or []}
        self._excluded_pattern = re.compile("|".join(set(var_names))) if var_names else None

    def _use_weight_decay(self, variable) -> bool:
        if id(_tk_variable(variable)) in getattr(self, "_excluded_ids", set()):
            return False
        pattern = getattr(self, "_excluded_pattern", None)
        return pattern is None or re.search(pattern, variable.name) is None

    def _apply_weight_decay(self, variables):
        if self.weight_decay is None:
            return
        for variable in variables:
            if self._use_weight_decay(variable):
                target = _tk_variable(variable)
                lr = cast(self.learning_rate, target.dtype)
                wd = cast(self.weight_decay, target.dtype)
                target.assign_sub(target * wd * lr)

    def _update_model_variables_moving_average(self, variables):
        for variable, average in zip(variables, self._model_variables_moving_average):
            if average is None:
                continue
            value = _tk_variable(variable)
            not_first_step = math_ops.not_equal(to_tensor(self.iterations), 0)
            momentum = cast(not_first_step, value.dtype) * self.ema_momentum
            average.value.assign(momentum * average + (1 - momentum) * value)

    def _overwrite_model_variables_with_average_value(self, variables):
        if len(variables) != len(self._model_variables_moving_average):
            raise ValueError(f"The length of model variables ({len(variables)}) to override does not match the "
                             "length of model variables stored in the optimizer "
                             f"({len(self._model_variables_moving_average)}). Please check if the optimizer was "
                             "called on your model.")
        for variable, average in zip(variables, self._model_variables_moving_average):
            if average is not None:
                _tk_variable(variable).assign(average.value.read_value())

    def finalize_variable_values(self, var_list):
        """With ``use_ema=True``: copy the moving averages into the model's variables."""
        if self.use_ema:
            self._overwrite_model_variables_with_average_value(var_list)

    def scale_loss(self, loss):
        """``loss * loss_scale_factor`` (unchanged without one)."""
        return loss * self.loss_scale_factor if self.loss_scale_factor is not None else loss

    def set_weights(self, weights):
        if not self.built:
            raise ValueError("You are calling `set_weights()` on an optimizer that has not yet been built. Please "
                             "call `optimizer.build(trainable_variables)` to create the optimizer weights before "
                             "calling `set_weights()`.")
        for variable, weight in zip(self._variables, weights):
            if tuple(variable.shape) != tuple(getattr(weight, "shape", ())):
                raise ValueError(f"Optimizer variable {variable.path} has shape {variable.shape} not compatible with "
                                 f"provided weight shape {tuple(weight.shape)}.")
            variable.assign(weight)

    # ----- config -----
    def get_config(self) -> dict:
        if isinstance(self._learning_rate, schedules.LearningRateSchedule):
            learning_rate = schedules.serialize(self._learning_rate)
        elif isinstance(self._learning_rate, Variable):
            learning_rate = float(self._learning_rate.numpy())
        elif isinstance(self._learning_rate, Tensor):
            learning_rate = float(self._learning_rate)
        elif callable(self._learning_rate):
            learning_rate = self._learning_rate
        else:
            learning_rate = 0.5
        return {"name": self.name, "learning_rate": learning_rate, "weight_decay": self.weight_decay,
                "clipnorm": self.clipnorm, "global_clipnorm": self.global_clipnorm, "clipvalue": self.clipvalue,
                "use_ema": self.use_ema, "ema_momentum": self.ema_momentum,
                "ema_overwrite_frequency": self.ema_overwrite_frequency,
                "loss_scale_factor": self.loss_scale_factor,
                "gradient_accumulation_steps": self.gradient_accumulation_steps}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        if isinstance(config.get("learning_rate"), dict):
            config["learning_rate"] = schedules.deserialize(config["learning_rate"])
        return cls(**config)

    def __getattr__(self, name):
        hints = {"minimize": _("Keras 3 optimizers (TF 2.16+) have no minimize(). Compute the gradients with a "
                               "tk.GradientTape, then call optimizer.apply_gradients(zip(grads, variables))."),
                 "lr": _("Keras 3 calls it learning_rate: optimizer.learning_rate.")}
        message = f"'{type(self).__name__}' object has no attribute '{name}'"
        raise AttributeError(message + (hint_line(hints[name]) if name in hints else ""))


def _unscale(g, scale):
    if is_indexed_slices(g):
        return _with_values(g, to_tensor(g.values) / scale)
    return to_tensor(g) / scale


def broadcast_shape(a: tuple, b: tuple):
    """The shape ``a`` and ``b`` broadcast to, or None when they do not broadcast."""
    try:
        return np.broadcast_shapes(a, b)
    except ValueError:
        return None


def _check_variable_types(variables):
    for v in variables:
        if not isinstance(v, (Variable, _TkVariable)):
            raise TypeError(f"apply_gradients expects (gradient, variable) pairs, got a {type(v).__name__} in place "
                            "of a variable."
                            + hint_line(_("pass model.trainable_variables; `v = v - lr * g` turns a "
                                          "Variable into a Tensor, use v.assign_sub(lr * g) instead.")))


def _unknown_argument_hint(cls, kwargs) -> str:
    if "lr" in kwargs:
        return hint_line(_("Keras 3 calls it learning_rate, e.g. SGD(learning_rate=0.1)."))
    import inspect

    names = [p for p in inspect.signature(cls.__init__).parameters if p not in ("self", "kwargs")]
    return hint_line(_("check the spelling; {cls} takes {names}.").format(cls=cls.__name__, names=", ".join(names)))

