"""A ``tk.function``'s trace: one run of its Python body, recorded as steps and replayed on later calls.

TF runs the Python body once per input signature (tracing it into a graph) and then runs the graph.
tapekit runs the body eagerly on the first call while a ``Trace`` listens (``context.state.tracers``):
each op ``execute`` runs, each variable read, each constant made from Python values, and each call of
a method that changes state (``context.recorded_effect``: ``Variable.assign*``, ``tk.print``, a random
op, a gradient tape's ``with`` block and ``gradient``) becomes a step. A later call with the same
signature replays the steps on its own arguments without running Python, so a ``print`` or a Python
counter in the body runs once per trace, as in TF, and ``tk.print``, the assigns and the random draws
on every call.

A replay must compute what the body would. So the trace gives up (``unreplayable``) as soon as it
sees something a replay could not repeat: a value that depends on an argument or a variable read in
Python (``if x > 0``, ``x.numpy()``, an axis given as such a tensor), a tensor made outside the
recorded ops, a variable assigned another way, a dataset iterator's next element. Such a signature's
calls then run the body every time, as after ``tf.config.run_functions_eagerly(True)``. Replaying
costs what the ops cost; what it saves is the Python in between.
"""

from __future__ import annotations

from .. import nest
from .._base.source_location import replay_at, user_site
from .._core.record.registry import execute, execute_binary, execute_multi, execute_unary
from .._core.values.tensor import EagerTensor, Tensor, is_variable, new_id

# TF's names of the graph nodes that Python operators and some functions make (``x + y`` is "add",
# ``tk.stack`` "stack"); the other ops are named by their type ("MatMul", "Sum")
_NODE_NAMES = {"AddV2": "add", "Sub": "sub", "Mul": "mul", "RealDiv": "truediv", "FloorDiv": "floordiv",
               "FloorMod": "mod", "Pow": "pow", "Pack": "stack", "ConcatV2": "concat", "StridedSlice": "strided_slice",
               "ZerosLike": "zeros_like", "OnesLike": "ones_like"}


class Ref:
    """Where a replay finds a value: ``kind`` is "made" (``what``: the id of a tensor a step made or an
    argument), "variable_arg" (the index of a variable argument), or "constant" / "variable" /
    "literal" (``what`` is the value itself). A class, not a tuple, so that ``nest`` sees a leaf."""

    __slots__ = ("kind", "what")

    def __init__(self, kind: str, what):
        self.kind = kind
        self.what = what


class Trace:
    """The steps of one run of a body, and how to replay them on other arguments of the same signature."""

    def __init__(self, placeholders: list, names: list, variable_args: list):
        self.placeholders = [t.id for t in placeholders]   # the argument tensors' ids, in order
        self.variable_args = {id(v): i for i, v in enumerate(variable_args)}
        self.start_id = new_id()          # tensors with a smaller id existed before: captured constants
        self.steps: list = []
        self.outputs = None
        self.why_not: str | None = None   # set when the trace cannot be replayed
        self.created_variables = False
        self._made = set(self.placeholders)   # ids of tensors the steps make (or the arguments)
        self._depends = set(self.placeholders)  # ... of those that depend on an argument or a variable
        self._constants: dict = {}
        self._objects: dict = {}   # id of an object a step made -> (its key, the object)
        self._names = dict(zip(self.placeholders, (f"{n}:0" for n in names)))
        self._name_counts: dict = {}

    # ---------- recording (the TraceRecorder protocol of _core/values/context.py) ----------
    def op(self, op_type, forward, inputs, attrs, dtype, kind, outputs) -> None:
        refs = tuple(self._ref(t) for t in inputs)
        self._step("op", op_type, forward, refs, attrs, dtype, kind, tuple(t.id for t in outputs))
        depends = any(ref.kind == "made" and ref.what in self._depends or ref.kind.startswith("variable")
                      for ref in refs)
        for index, out in enumerate(outputs):
            self._made.add(out.id)
            if depends:
                self._depends.add(out.id)
            self._name(out, _NODE_NAMES.get(op_type, op_type), index)

    def variable_read(self, variable, read_tensor) -> None:
        self._step("read", self._variable_ref(variable), read_tensor.id)
        self._made.add(read_tensor.id)
        self._depends.add(read_tensor.id)
        self._name(read_tensor, "ReadVariableOp", 0)

    def effect(self, fn, args, kwargs, result) -> None:
        template = nest.map_structure(self._leaf_ref, (args, kwargs))
        self._step("effect", fn, template, self._results(result))

    def object_made(self, obj, cls, args) -> None:
        template = nest.map_structure(self._leaf_ref, args)
        self._step("make", cls, template, self._results(obj))

    def _step(self, kind: str, *details) -> None:
        """Keep a step with the user's line that made it, which a replay's ops are recorded at."""
        self.steps.append((kind, user_site(), *details))

    def _results(self, result) -> list:
        """Where each leaf of a step's result goes: a tensor's id, or an object's key (a tape, the
        IndexedSlices of a gradient); None for a Python value, which a replay does not look up."""
        places = []
        for leaf in nest.flatten(result):
            if isinstance(leaf, Tensor):
                self._made.add(leaf.id)
                self._depends.add(leaf.id)
                places.append(("made", leaf.id))
            elif leaf is None or isinstance(leaf, (bool, int, float, str)):
                places.append(None)
            else:
                key = len(self._objects)
                self._objects[id(leaf)] = (key, leaf)   # the object, kept so that its id stays its own
                places.append(("object", key))
        return places

    def constant(self, tensor) -> None:
        self._constants[tensor.id] = tensor   # named when printed: TF names an op's own constants after it

    def host_read(self, tensor) -> None:
        if tensor.id in self._depends:
            self.unreplayable("a value computed from the arguments or variables was read in Python")

    def unreplayable(self, reason: str) -> None:
        if self.why_not is None:
            self.why_not = reason

    def note_variable_created(self) -> None:
        """A creation guard: the body made a variable (so this trace is not kept; see ``Function``)."""
        self.created_variables = True

    def symbolic_name(self, tensor) -> str | None:
        if tensor.id in self._constants and tensor.id not in self._names:
            self._name(tensor, "Const", 0)
        return self._names.get(tensor.id)

    def finish(self, outputs) -> None:
        """Note what the body returned (tensors, None, or structures of them), and let go of what only
        recording needed (the objects the body made, such as a persistent tape, are not kept alive)."""
        self.outputs = nest.map_structure(self._leaf_ref, outputs)
        self._made, self._depends, self._constants, self._objects, self._names = set(), set(), {}, {}, {}

    # ---------- references to values ----------
    def _ref(self, t):
        if is_variable(t):
            return self._variable_ref(t)
        if t.id in self._made:
            return Ref("made", t.id)
        if t.id in self._constants or t.id < self.start_id:   # made from Python values, or captured
            return Ref("constant", t)
        self.unreplayable("a tensor was made outside the ops a trace records (a random draw, a gradient ...)")
        return Ref("constant", t)

    def _variable_ref(self, variable):
        index = self.variable_args.get(id(variable))
        return Ref("variable", variable) if index is None else Ref("variable_arg", index)

    def _leaf_ref(self, value):
        if isinstance(value, Tensor) or is_variable(value):
            return self._ref(value)
        if id(value) in self._objects:
            return Ref("object", self._objects[id(value)][0])
        if hasattr(value, "flat_values") or hasattr(value, "dense_shape"):
            self.unreplayable("a ragged or sparse tensor")
        return Ref("literal", value)

    def _name(self, tensor, base: str, index: int) -> None:
        count = self._name_counts.get(base.lower(), 0)   # TF's names are unique regardless of case
        self._name_counts[base.lower()] = count + 1
        self._names[tensor.id] = f"{base if count == 0 else f'{base}_{count}'}:{index}"

    # ---------- replaying ----------
    def replay(self, arguments: list, variables: list):
        """Run the steps on other argument tensors (and variables) of the same signature."""
        run = _Replay(dict(zip(self.placeholders, arguments)), variables)
        try:
            for kind, site, *details in self.steps:
                replay_at(site)   # the tapes record the step at the body's line, as when it was traced
                getattr(run, kind)(*details)
        finally:
            replay_at(())
        return nest.map_structure(run.resolve, self.outputs)


class _Replay:
    """One replay: the tensors and objects its steps have made so far. Each method runs one kind of step."""

    def __init__(self, values: dict, variables: list):
        self.values = values       # tensor id in the trace -> the tensor this replay made for it
        self.objects: dict = {}    # object key in the trace -> the object this replay made for it
        self.variables = variables

    def resolve(self, ref: Ref):
        if ref.kind == "made":
            return self.values[ref.what]
        if ref.kind == "object":
            return self.objects[ref.what]
        if ref.kind == "variable_arg":
            return self.variables[ref.what]
        return ref.what   # a constant, a variable, or a Python value

    def place(self, result, places: list) -> None:
        for leaf, where in zip(nest.flatten(result), places):
            if where is not None:
                (self.values if where[0] == "made" else self.objects)[where[1]] = leaf

    def op(self, op_type, forward, refs, attrs, dtype, how, out_ids) -> None:
        outs = _run_op(op_type, forward, [self.resolve(r) for r in refs], attrs, dtype, how)
        self.values.update(zip(out_ids, outs))

    def read(self, ref, out_id) -> None:
        self.values[out_id] = self.resolve(ref).read_value()

    def effect(self, fn, template, places) -> None:
        args, kwargs = nest.map_structure(self.resolve, template)
        self.place(fn(*args, **kwargs), places)

    def make(self, cls, template, places) -> None:
        self.place(cls(*nest.map_structure(self.resolve, template)), places)


def _run_op(op_type, forward, inputs, attrs, dtype, how) -> tuple:
    if how == "binary":
        return (execute_binary(op_type, forward, inputs[0], inputs[1], dtype),)
    if how == "unary":
        return (execute_unary(op_type, forward, inputs[0], dtype),)
    if how == "multi":
        return execute_multi(op_type, forward, tuple(inputs), attrs)
    return (execute(op_type, forward, tuple(inputs), attrs, dtype),)


def argument_alias(t: Tensor) -> Tensor:
    """A new tensor standing for argument ``t`` in a trace (TF's placeholder): an ``Identity`` op, so
    that a tape watching ``t`` follows it."""
    return execute("Identity", _same, (t,)) if type(t) is EagerTensor else t


def _same(a):
    return a
