"""``tk.function``: TF's ``tf.function`` decorator: the Python body runs once per input signature.

TensorFlow traces a ``tf.function`` into a graph once per input signature and runs the graph on
every call. tapekit has no graphs: the first call with a signature runs the body eagerly while a
``Trace`` (``trace.py``) records its ops, variable reads and assigns, and later calls with that
signature replay them. So Python side effects (``print``, appending to a list, a counter) happen
once per trace, as in TF, and ``tk.print`` and the assigns on every call. A body whose ops cannot
be replayed (it reads a computed value in Python, draws random numbers, uses a gradient tape ...)
runs on every call, as TF's does after ``tf.config.run_functions_eagerly(True)``.

The signature, as TF's: a tensor's shape and dtype, a variable's, a Python value's type and value,
any other object's identity (or its ``__tf_tracing_type__``). ``input_signature`` converts and
checks the arguments; returned Python numbers, strings and Variables come back as tensors, and a
variable may be created on the first call only (TF: "only supports singleton tf.Variables").
"""

from __future__ import annotations

import functools
import inspect
import weakref

import numpy as np

from .. import nest
from .._base.i18n import _, hint_line
from .._core.ops.math_ops import to_tensor
from .._core.record.variable import Variable
from .._core.values.context import state
from .trace import Trace, argument_alias
from .._core.ops.random_ops import traced_call
from .._core.values.tensor import Tensor, convert_to_tensor, is_variable
from .tensor_spec import TensorSpec


class _Config:
    run_eagerly = False


def run_functions_eagerly(run_eagerly) -> None:
    """Whether ``tk.function``s skip their ``input_signature`` checks, as TF's eager functions do.

    tapekit always runs the Python function eagerly; this flag only mirrors what TF does with the
    signature (and what ``functions_run_eagerly()`` reports).
    """
    _Config.run_eagerly = bool(run_eagerly)


def functions_run_eagerly() -> bool:
    return _Config.run_eagerly


def executing_eagerly() -> bool:
    """False while a ``tk.function``'s body is being traced (its first call with a signature), as in TF."""
    return not state.tracers


def _trace_key(args, kwargs) -> tuple:
    """What TF retraces on: a tensor's shape and dtype, any other argument's value."""
    def key(value):
        if isinstance(value, Tensor) or is_variable(value):
            return (tuple(value.shape), value.dtype.name)
        try:
            hash(value)
            return value
        except TypeError:
            return repr(value)

    return tuple(key(v) for v in nest.flatten((args, sorted(kwargs.items()))))


class Function:
    """The callable ``tk.function`` returns: it calls ``python_function`` with the arguments."""

    def __init__(self, python_function, input_signature=None, options=None):
        self._python_function = python_function
        self._input_signature = input_signature
        self._options = dict(options or {})
        self._bound = weakref.WeakKeyDictionary()
        self._called = False  # after the first call, creating a variable raises (TF traces without them)
        self._traces: dict = {}   # signature -> its Trace, or _EAGER: run the body on every call
        self._kept: dict = {}     # signature -> the objects it names by identity (kept alive: ids stay unique)
        self._tracing_count = 0
        functools.update_wrapper(self, python_function)
        self.__doc__ = python_function.__doc__ or ""

    @property
    def python_function(self):
        return self._python_function

    @property
    def input_signature(self):
        return self._input_signature

    def __call__(self, *args, **kwargs):
        if _Config.run_eagerly:
            return self._python_function(*args, **kwargs)
        if self._input_signature is not None:
            args, kwargs = self._bind_signature(args, kwargs)
        signature = _Signature(args, kwargs)
        found = self._traces.get(signature.key)
        if isinstance(found, Trace):
            self._called = True
            with traced_call(self, _trace_key(args, kwargs)):   # a random op draws as TF's kernel in a graph
                return found.replay(signature.tensors, signature.variables)
        guards = state.creation_guards
        guarded = self._called  # read once: a recursive call may set it before this call returns
        if guarded:
            guards.append(_refuse_variable_creation)
        try:
            with traced_call(self, _trace_key(args, kwargs)):   # TF's seed rules for random ops in a graph
                if found is None and signature.key is not None:
                    return self._trace(signature, args, kwargs)
                return nest.map_structure(self._as_output, self._python_function(*args, **kwargs))
        finally:
            if guarded:
                guards.remove(_refuse_variable_creation)
            self._called = True

    def _trace(self, signature, args, kwargs):
        """Run the body on stand-ins for the argument tensors while a ``Trace`` records it."""
        aliases = [argument_alias(t) for t in signature.tensors]
        trace = Trace(aliases, signature.names(self._python_function, args, kwargs), signature.variables)
        args, kwargs = signature.substitute(args, kwargs, aliases)
        state.creation_guards.append(trace.note_variable_created)
        state.tracers.append(trace)
        try:
            outputs = nest.map_structure(self._as_output, self._python_function(*args, **kwargs))
            trace.finish(outputs)
        finally:
            state.tracers.remove(trace)
            state.creation_guards.remove(trace.note_variable_created)
        self._tracing_count += 1
        if trace.created_variables:   # trace again next time (creating variables then raises): TF's second trace
            pass
        elif trace.why_not is not None:
            self._traces[signature.key] = _EAGER
        else:
            self._traces[signature.key] = trace
            self._kept[signature.key] = signature.objects
        return outputs

    def _as_output(self, value):
        """A returned value as TF's graph returns it: Python numbers and Variables become tensors."""
        if value is None or isinstance(value, Tensor) or hasattr(value, "flat_values") \
                or hasattr(value, "dense_shape"):
            return value
        if is_variable(value):
            return to_tensor(value)
        try:
            return convert_to_tensor(value)
        except (TypeError, ValueError):
            raise TypeError(
                "To be compatible with tf.function, Python functions must return zero or more Tensors or "
                f"ExtensionTypes or None values; in compilation of {self._python_function!r}, found return value of "
                f"type {type(value)}, which is not a Tensor or ExtensionType."
                + hint_line(_("return tensors (or None) from a tk.function."))
            ) from None

    def __get__(self, instance, owner=None):
        """A method decorated with ``tk.function`` binds to its instance, like a plain method."""
        if instance is None:
            return self
        try:
            return self._bound[instance]
        except (KeyError, TypeError):
            pass
        bound = Function(self._python_function.__get__(instance, owner), self._input_signature,
                         self._options)
        try:
            self._bound[instance] = bound
        except TypeError:  # unhashable or not weak-referenceable: bind afresh each time
            pass
        return bound

    def experimental_get_tracing_count(self) -> int:
        """How many times the Python body was traced (run to record a new signature), as TF counts."""
        return self._tracing_count

    def get_concrete_function(self, *args, **kwargs):
        raise NotImplementedError(
            "tf.function(...).get_concrete_function is not available in tapekit: it returns a traced graph, and "
            "tapekit runs every function eagerly."
            + hint_line(_("call the function directly.")))

    def pretty_printed_concrete_signatures(self, verbose=True):
        raise NotImplementedError(
            "tf.function(...).pretty_printed_concrete_signatures is not available in tapekit: it lists the graphs "
            "TF traced, and tapekit traces none."
            + hint_line(_("print the arguments inside the function, or tk.TensorSpec.from_tensor(x) of each.")))

    # ----- input_signature, as TF checks it in graph mode -----
    def _bind_signature(self, args, kwargs):
        specs = self._input_signature
        try:
            params = list(inspect.signature(self._python_function).parameters.values())
            names = [p.name for p in params
                     if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)][:len(specs)]
            if len(args) > len(specs):
                raise TypeError("too many positional arguments")
            values = list(args)
            for name in names[len(args):]:
                if name not in kwargs:
                    raise TypeError(f"missing a required argument: '{name}'")
                values.append(kwargs[name])
            rest = {k: v for k, v in kwargs.items() if k not in names[len(args):]}
            if rest:
                raise TypeError(f"got an unexpected keyword argument '{next(iter(rest))}'")
            converted = [nest.map_structure(_conform, spec, value) if nest.is_nested(spec)
                         else _conform(spec, value) for spec, value in zip(specs, values)]
        except (TypeError, ValueError) as err:
            signature = ", ".join(f"{n}: {s!r}" for n, s in zip(names, specs))
            raise TypeError(
                f"Binding inputs to tf.function failed due to `{err}`. Received args: {args!r} and kwargs: {kwargs!r}"
                f" for signature: ({signature})."
                + hint_line(_("pass arguments whose dtype and shape match the input_signature."))) from None
        return tuple(converted), {}


_EAGER = "eager"   # a signature whose trace could not be replayed: its body runs on every call


class _Signature:
    """What TF retraces on, read off one call's arguments; ``key`` is None when tapekit cannot trace
    them (a ragged or sparse value): the body then runs eagerly."""

    def __init__(self, args, kwargs):
        self.tensors, self.variables, self.objects = [], [], []
        seen: dict = {}
        try:
            self.key = tuple(self._leaf_key(leaf, seen) for leaf in nest.flatten((args, kwargs)))
            hash(self.key)   # a __tf_tracing_type__ that cannot be hashed: run eagerly
        except (_Untraceable, TypeError):
            self.key = None

    def _leaf_key(self, leaf, seen: dict):
        shared = seen.setdefault(id(leaf), len(seen))   # f(x, x) and f(x, y) trace apart
        if isinstance(leaf, Tensor):
            if hasattr(leaf, "flat_values") or hasattr(leaf, "dense_shape"):
                raise _Untraceable
            self.tensors.append(leaf)
            return ("tensor", tuple(leaf.shape), leaf.dtype.name, shared)
        if is_variable(leaf):
            self.variables.append(_base_variable(leaf))
            return ("variable", tuple(leaf.shape), leaf.dtype.name, shared)
        if hasattr(leaf, "flat_values") or hasattr(leaf, "dense_shape") or isinstance(leaf, np.ndarray):
            raise _Untraceable
        tracing_type = getattr(leaf, "__tf_tracing_type__", None)
        if tracing_type is not None:
            return ("traced", tracing_type(None))
        if leaf is None or isinstance(leaf, (bool, int, float, complex, str, bytes)):
            return ("python", type(leaf), leaf)
        self.objects.append(leaf)
        return ("object", id(leaf))

    def names(self, function, args, kwargs) -> list:
        """TF's placeholder names: the parameter's name, then ``name_1``, ``name_2`` for more tensors in it."""
        try:
            bound = inspect.signature(function).bind(*args, **kwargs).arguments
        except (TypeError, ValueError):
            bound = {f"args_{i}": a for i, a in enumerate(args)} | kwargs
        names = []
        for name, value in bound.items():
            count = sum(isinstance(x, Tensor) for x in nest.flatten(value))
            names += [name if i == 0 else f"{name}_{i}" for i in range(count)]
        return names

    def substitute(self, args, kwargs, aliases: list):
        """The arguments with each tensor replaced by its stand-in."""
        replacing = iter(aliases)
        leaves = [next(replacing) if isinstance(x, Tensor) else x for x in nest.flatten((args, kwargs))]
        return nest.pack_sequence_as((args, kwargs), leaves)


class _Untraceable(Exception):
    pass


def _base_variable(variable) -> Variable:
    """The ``tk.Variable`` whose reads and assigns a trace records: a Keras variable's is its ``value``."""
    if isinstance(variable, Variable):
        return variable
    base = getattr(type(variable), "value", None)
    if isinstance(base, property) and isinstance(variable.value, Variable):
        return variable.value
    raise _Untraceable


def _is_composite_spec(spec) -> bool:
    """A spec of a composite value (``tk.RaggedTensorSpec``): it checks values itself."""
    return not isinstance(spec, TensorSpec) and hasattr(spec, "is_compatible_with") and hasattr(spec, "dtype")


def _refuse_variable_creation() -> None:
    """A variable created by a ``tk.function`` after its first call: TF refuses it when it traces.

    (TF refuses a function that creates a variable on every call already on its first call, which it
    traces twice; tapekit runs the function once per call, so it can tell only on the second.)
    """
    raise ValueError(
        "Creating variables on a non-first call to a function decorated with tf.function."
        + hint_line(_("create the variable outside the function, or on its first call only "
                      "(`if self.v is None: self.v = tk.Variable(...)`), and update it with assign or assign_sub.")))


def _conform(spec: TensorSpec, value):
    """``value`` as a tensor matching ``spec`` (TypeError when it cannot, as TF)."""
    if _is_composite_spec(spec):
        if not spec.is_compatible_with(value):
            raise TypeError(f"{value!r} is not compatible with {spec!r}")
        return value
    if is_variable(value):
        value = to_tensor(value)
    if value is None:
        raise TypeError(f"Attempt to convert a value (None) with an unsupported type "
                        f"({type(None)}) to a Tensor.")
    tensor = value if hasattr(value, "_dtype") else convert_to_tensor(value, dtype=spec.dtype)
    if not spec.is_compatible_with(tensor):
        raise TypeError(f"Can not cast {TensorSpec.from_tensor(tensor)!r} to {spec!r}")
    return tensor


def function(func=None, input_signature=None, autograph=True, jit_compile=None,
             reduce_retracing=False, experimental_implements=None,
             experimental_autograph_options=None, experimental_attributes=None,
             experimental_relax_shapes=None, experimental_compile=None,
             experimental_follow_type_hints=None):
    """Decorate a Python function as TF's ``tf.function`` does; tapekit runs it eagerly.

    Works with and without arguments (``@tk.function`` and ``@tk.function(jit_compile=True)``)
    and on methods. Graph-only options (``autograph``, ``jit_compile``, ``reduce_retracing``,
    ``experimental_*``) are accepted and have no effect. ``input_signature`` (a list of
    ``tk.TensorSpec``) converts and checks the arguments as TF does.
    """
    if input_signature is not None:
        input_signature = tuple(input_signature) if isinstance(input_signature, (list, tuple)) \
            else input_signature
        leaves = nest.flatten(input_signature)
        bad = [x for x in leaves if not (isinstance(x, TensorSpec) or _is_composite_spec(x))]
        if bad or not isinstance(input_signature, tuple):
            bad = bad or [input_signature]
            raise TypeError(
                f"input_signature must be a possibly nested sequence of TensorSpec objects, got invalid args {bad} "
                f"with types {[type(x) for x in bad]}."
                + hint_line(_("e.g. input_signature=[tk.TensorSpec(shape=[None], dtype=tk.float32)].")))
    options = {"autograph": autograph, "jit_compile": jit_compile,
               "reduce_retracing": reduce_retracing}

    def decorate(f):
        if not callable(f):
            raise TypeError(f"{f!r} is not a callable object")
        return Function(f, input_signature, options)

    return decorate if func is None else decorate(func)
