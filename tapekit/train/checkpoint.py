"""``tk.train.Checkpoint``: save and restore variables by their object path, as ``tf.train.Checkpoint``.

A checkpoint names each variable by the attributes that lead to it from the checkpoint's own
arguments: ``Checkpoint(model=net)`` saves ``net.layer.w`` as ``model/layer/w``. Restoring walks
the same attributes in the program that restores, so a variable gets its value back as long as it
sits at the same path, whatever its ``name``. Paths are found breadth first (the shortest path to
an object names it, as in TF); lists and dicts add their index or key.

The files are tapekit's own (docs/DIFFERENCES.md): ``<prefix>.index`` (JSON: each path, shape
and dtype) and ``<prefix>.npz`` (the values), plus TF's text file ``checkpoint`` in the folder,
which ``latest_checkpoint`` reads.
"""

from __future__ import annotations

import collections
import json
import os
import weakref

import numpy as np

from .. import errors, nest
from .._api.module import Module
from .._base import deferred_restore
from .._base.i18n import _, hint_line
from .._core.ops.random_generator import Generator
from .._core.record.variable import Variable
from ..data.iterators import OwnedIterator
from ..keras.models import Functional, Sequential

_SUFFIX = "/.ATTRIBUTES/VARIABLE_VALUE"
_ITERATOR_SUFFIX = "/.ATTRIBUTES/ITERATOR_STATE"
_FORMAT = "tapekit-checkpoint-1"
STATE_FILE = "checkpoint"


# ----- the object graph -----
def _is_variable(obj) -> bool:
    """A tk.Variable or a Keras variable (which wraps one)."""
    return isinstance(obj, Variable) or (getattr(type(obj), "_keras_object", False) and hasattr(obj, "assign"))


def _is_leaf(obj) -> bool:
    """What holds a saved value: a variable, or a dataset iterator (its position)."""
    return _is_variable(obj) or isinstance(obj, OwnedIterator)


def _value_of(leaf):
    return np.asarray(leaf.position, np.int64) if isinstance(leaf, OwnedIterator) else np.asarray(leaf.numpy())


def _restore_leaf(leaf, value) -> None:
    if isinstance(leaf, OwnedIterator):
        leaf.restore_position(int(value))
    else:
        leaf.assign(value)


def _key_of(path: str, leaf) -> str:
    """TF's checkpoint key of the value at ``path``: ``net/w/.ATTRIBUTES/VARIABLE_VALUE``."""
    return path + (_SUFFIX if _is_variable(leaf) else _ITERATOR_SUFFIX)


def is_trackable(obj) -> bool:
    """What a checkpoint can hold: a variable, a Module, a random Generator (its state), a Keras layer or
    optimizer, a Checkpoint."""
    return (_is_leaf(obj) or isinstance(obj, (Module, Checkpoint, Generator, _Tracked))
            or getattr(type(obj), "_keras_object", False)
            or hasattr(obj, "apply_gradients"))


class _Tracked:
    """An object TF's tracking puts between a Keras model and its layers: a Sequential's ``_functional``
    model, whose ``_operations`` list holds the layers after the Input layer (``_operations/1`` is the first)."""

    def __init__(self, children: list):
        self.children = children


# what TF tracks of a Keras optimizer: its step count, learning rate, the model variables it updates and its own
# variables (slots are found as _variables/<i>, the i-th of optimizer.variables)
_OPTIMIZER_CHILDREN = ("_iterations", "_learning_rate", "_trainable_variables", "_variables")


def _children(obj) -> list:
    """(name, child) pairs of a trackable object: its attributes, sorted (a Keras optimizer's four that TF
    tracks), then a Keras model's layers as TF tracks them."""
    if isinstance(obj, Checkpoint):
        return sorted(obj.dependencies.items())
    if isinstance(obj, _Tracked):
        return obj.children
    if isinstance(obj, (list, tuple)):
        return [(str(i), v) for i, v in enumerate(obj)]
    if isinstance(obj, dict):
        return [(str(k), obj[k]) for k in sorted(obj, key=str)]
    if hasattr(obj, "apply_gradients") and not getattr(type(obj), "_keras_object", False):
        return [(k, vars(obj)[k]) for k in _OPTIMIZER_CHILDREN if _holds_trackable(vars(obj).get(k))]
    internal = getattr(type(obj), "_INTERNAL", frozenset()) | getattr(type(obj), "_TK_MODULE_IGNORED_PROPERTIES",
                                                                       frozenset())
    found = [(k, v) for k, v in sorted(vars(obj).items()) if k not in internal and _holds_trackable(v)]
    return found + _model_layers(obj)


def _model_layers(model) -> list:
    """A Sequential's layers at ``_functional/_operations/<i>``, a functional model's at ``_operations/<i>``
    (Input layers count, as in TF); a subclassed model's layers are its attributes."""
    if isinstance(model, Sequential):
        return [("_functional", _Tracked([("_operations", [None, *model.layers])]))] if model.built else []
    if isinstance(model, Functional):
        return [("_operations", list(model.layers))]
    return []


def _holds_trackable(value) -> bool:
    if isinstance(value, (list, tuple, dict)):
        return any(is_trackable(leaf) for leaf in nest.flatten(value))
    return is_trackable(value)


def object_paths(root) -> dict:
    """Each variable reachable from ``root``, by its shortest path (TF's breadth-first naming)."""
    paths, _ = object_graph(root)
    return paths


def object_graph(root) -> tuple:
    """(paths, graph): each variable by its shortest path, and every object reachable from ``root`` as
    a node ``{"children": {name: node number}}`` (node 0 is ``root``), a variable's node with its
    ``"key"``. An object reachable by two paths is one node with two edges, so a restoring program
    finds a variable by either path (as TF's object graph does)."""
    paths: dict = {}
    numbers = {id(root): 0}
    seen = [root]   # keeps every object of the walk alive, so no id is reused by a view made during it
    graph: list = [{"children": {}}]
    queue = collections.deque([("", root)])
    while queue:
        prefix, obj = queue.popleft()
        node = graph[numbers[id(obj)]]
        for name, child in _children(obj):
            if not (_holds_trackable(child) or isinstance(child, (list, tuple, dict))):
                continue
            if id(child) not in numbers:
                numbers[id(child)] = len(graph)
                seen.append(child)
                graph.append({"children": {}})
                path = f"{prefix}{name}"
                if _is_leaf(child):
                    paths[path] = child
                    graph[-1]["key"] = _key_of(path, child)
                else:
                    queue.append((path + "/", child))
            node["children"][name] = numbers[id(child)]
    return paths, graph


def _matched_by_graph(root, graph: list) -> dict:
    """Walk the program's objects from ``root`` along the saved graph's edges: {saved key: variable}."""
    found: dict = {}
    visited = set()
    seen = []   # keeps every object of the walk alive, so no id is reused by a view made during it
    queue = collections.deque([(root, 0)])
    while queue:
        obj, number = queue.popleft()
        if (id(obj), number) in visited:
            continue
        visited.add((id(obj), number))
        seen.append(obj)
        saved = graph[number]["children"]
        for name, child in _children(obj):
            if name not in saved:
                continue
            child_node = graph[saved[name]]
            if "key" in child_node:
                if _is_leaf(child):
                    found.setdefault(child_node["key"], child)
            elif not _is_leaf(child):
                queue.append((child, saved[name]))
    return found


# ----- files -----
def _write(prefix: str, root) -> None:
    folder = os.path.dirname(prefix)
    if folder:
        os.makedirs(folder, exist_ok=True)
    paths, graph = object_graph(root)
    arrays = {f"v{i}": _value_of(leaf) for i, leaf in enumerate(paths.values())}
    index = {_key_of(path, leaf): {"array": f"v{i}", "shape": list(np.shape(arrays[f"v{i}"])),
                                   "dtype": str(arrays[f"v{i}"].dtype), "name": _name_of(leaf)}
             for i, (path, leaf) in enumerate(paths.items())}
    with open(prefix + ".npz", "wb") as data:
        np.savez(data, **arrays)
    with open(prefix + ".index", "w") as file:
        json.dump({"format": _FORMAT, "variables": index, "graph": graph}, file, indent=1)


def _name_of(variable) -> str:
    return str(getattr(variable, "name", "Variable")).removesuffix(":0")


def read_index_file(prefix: str) -> dict:
    """The whole ``.index`` file: the variables and the object graph."""
    if not os.path.exists(prefix + ".index"):
        raise errors.NotFoundError(
            f"Unsuccessful TensorSliceReader constructor: Failed to find any matching files for {prefix}\n"
            "hint: pass the prefix that save() returned (e.g. './ckpts/ckpt-1'), or "
            "tk.train.latest_checkpoint(folder).")
    with open(prefix + ".index") as file:
        return json.load(file)


def _read_index(prefix: str) -> dict:
    """Each saved key and its entry (array, shape, dtype, name)."""
    return read_index_file(prefix)["variables"]


def read_values(prefix: str) -> dict:
    """Each saved path (with TF's ``/.ATTRIBUTES/VARIABLE_VALUE``) and its NumPy value."""
    index = _read_index(prefix)
    with np.load(prefix + ".npz") as data:
        return {key: data[entry["array"]] for key, entry in index.items()}


def list_variables(ckpt_dir_or_file: str) -> list:
    """``tf.train.list_variables``: (name, shape) of each saved value, sorted by name."""
    prefix = prefix_of(ckpt_dir_or_file)
    index = _read_index(prefix)
    return sorted([("_CHECKPOINTABLE_OBJECT_GRAPH", [])] + [(k, v["shape"]) for k, v in index.items()])


def load_variable(ckpt_dir_or_file: str, name: str):
    """``tf.train.load_variable``: one saved value as a NumPy array."""
    values = read_values(prefix_of(ckpt_dir_or_file))
    if name not in values:
        raise errors.NotFoundError(f"Key {name} not found in checkpoint\nhint: tk.train.list_variables(path) "
                                   "lists the names it holds.")
    return values[name]


def path_argument(value) -> str:
    """A path as TF takes it (a str, bytes or os.PathLike); TF's TypeError for anything else."""
    if isinstance(value, bytes):
        return value.decode()
    try:
        return os.fspath(value)
    except TypeError:
        raise TypeError(f"Expected binary or unicode string, got {value!r}"
                        + hint_line(_("pass the checkpoint's path as a string, e.g. './ckpts/ckpt-1'."))) from None


def prefix_of(ckpt_dir_or_file: str) -> str:
    ckpt_dir_or_file = path_argument(ckpt_dir_or_file)
    if os.path.isdir(ckpt_dir_or_file):
        latest = latest_checkpoint(ckpt_dir_or_file)
        if latest is None:
            raise ValueError(f"Couldn't find 'checkpoint' file or checkpoints in given directory {ckpt_dir_or_file}")
        return latest
    return ckpt_dir_or_file


def write_state(folder: str, paths: list) -> None:
    """TF's ``checkpoint`` text file: the latest prefix, then all kept ones (relative to ``folder``)."""
    names = [os.path.relpath(p, folder) for p in paths]
    lines = [f'model_checkpoint_path: "{names[-1]}"'] + [f'all_model_checkpoint_paths: "{n}"' for n in names]
    with open(os.path.join(folder, STATE_FILE), "w") as file:
        file.write("\n".join(lines) + "\n")


def checkpoint_paths(folder: str) -> list:
    """The prefixes the folder's ``checkpoint`` file lists, oldest first (joined to ``folder``)."""
    try:
        with open(os.path.join(folder, STATE_FILE)) as file:
            lines = file.read().splitlines()
    except FileNotFoundError:
        return []
    return [os.path.join(folder, line.split('"')[1]) for line in lines
            if line.startswith("all_model_checkpoint_paths:")]


def latest_checkpoint(checkpoint_dir: str, latest_filename=None):
    """``tf.train.latest_checkpoint``: the prefix of the newest checkpoint in the folder, or None."""
    try:
        with open(os.path.join(checkpoint_dir, latest_filename or STATE_FILE)) as file:
            lines = file.read().splitlines()
    except FileNotFoundError:
        return None
    latest = [line.split('"')[1] for line in lines if line.startswith("model_checkpoint_path:")]
    if not latest:
        return None
    prefix = os.path.join(checkpoint_dir, latest[0])
    return prefix if os.path.exists(prefix + ".index") else None


# ----- Checkpoint -----
class ListWrapper(list):
    """A list a Checkpoint holds (TF's ``ListWrapper``): a variable appended to it after a restore gets
    the value saved at its path (TF's deferred restoration)."""

    def append(self, item) -> None:
        super().append(item)
        deferred_restore.variables_created()

    def __repr__(self) -> str:
        return f"ListWrapper({list.__repr__(self)})"


class _Waiting:
    """The values a restore found no variable for: each goes to the variable that appears at its saved
    path later (a model built by its first call, an optimizer's slots, an attribute set afterwards),
    as TF's deferred restoration. It holds the checkpoint's objects weakly: it ends with them."""

    def __init__(self, checkpoint, graph: list, values: dict):
        self.checkpoint = weakref.ref(checkpoint)
        self.children = [(name, _weak(obj)) for name, obj in _children(checkpoint)]
        self.graph = graph
        self.values = values

    def restore_new_variables(self) -> bool:
        """Restore the values whose variable now exists; True while some still wait."""
        root = self.checkpoint()   # its attributes as they are now, while it lives; else those it had
        if root is None:
            root = _Tracked([(name, obj) for name, obj in ((name, ref()) for name, ref in self.children)
                             if obj is not None])
            if not root.children:
                return False
        found = _matched_by_graph(root, self.graph)
        for key in sorted(self.values.keys() & found.keys()):
            value = self.values.pop(key)   # taken even when its shape is wrong: that error is raised once
            _check_shape(found[key], value)
            _restore_leaf(found[key], value)
        return bool(self.values)


def _weak(obj):
    """A weak reference to ``obj``, or a strong one where Python allows none (a dict, a tuple)."""
    try:
        return weakref.ref(obj)
    except TypeError:
        return lambda: obj


_WAITING: list = []   # a _Waiting per restore whose values are not all taken


def _restore_waiting() -> None:
    if _WAITING:
        _WAITING[:] = [waiting for waiting in list(_WAITING) if waiting.restore_new_variables()]


deferred_restore.on_variables_created(_restore_waiting)


class Checkpoint:
    """``tk.train.Checkpoint(**objects)``: ``save``/``write`` their variables, ``restore``/``read`` them."""

    def __init__(self, root=None, **kwargs):
        object.__setattr__(self, "dependencies", {})
        object.__setattr__(self, "_save_counter", None)
        if root is not None:
            kwargs["root"] = root
        for name, value in sorted(kwargs.items()):
            setattr(self, name, value)

    def __setattr__(self, name, value):
        if not (_holds_trackable(value) or isinstance(value, (list, tuple, dict))):
            raise ValueError(f"`Checkpoint` was expecting {name} to be a trackable object (an object derived from "
                             f"`Trackable`), got {value}. If you believe this object should be trackable (i.e. it "
                             "is part of the TensorFlow Python API and manages state), please open an issue."
                             "\nhint: pass a tk.Variable, a tk.Module, a Keras model, layer or optimizer.")
        if type(value) is list:
            value = ListWrapper(value)
        self.dependencies[name] = value
        object.__setattr__(self, name, value)
        deferred_restore.variables_created()

    @property
    def save_counter(self):
        """How many times ``save`` ran (an int64 variable, saved with the checkpoint)."""
        if self._save_counter is None:
            object.__setattr__(self, "_save_counter", Variable(0, dtype="int64", trainable=False,
                                                               name="save_counter"))
            self.dependencies["save_counter"] = self._save_counter
        return self._save_counter

    def write(self, file_prefix: str) -> str:
        """Save the variables under ``file_prefix`` (no numbering, no ``checkpoint`` file); returns it."""
        file_prefix = path_argument(file_prefix)
        _write(file_prefix, self)
        return file_prefix

    def save(self, file_prefix: str, options=None) -> str:
        """Number and save: ``save('./ckpts/ckpt')`` writes ``./ckpts/ckpt-1``, then ``-2``, ...; returns it."""
        file_prefix = path_argument(file_prefix)   # checked before the counter moves
        self.save_counter.assign_add(1)
        prefix = f"{file_prefix}-{int(self.save_counter.numpy())}"
        self.write(prefix)
        folder = os.path.dirname(prefix) or "."
        kept = [p for p in checkpoint_paths(folder) if p != prefix]
        write_state(folder, kept + [prefix])
        return prefix

    def restore(self, save_path, options=None):
        """As ``read``; ``None`` restores nothing (the variables keep their initial values)."""
        try:
            return self.read(save_path)
        except errors.NotFoundError as error:
            first, _newline, hint = error.message.partition("\n")
            raise errors.NotFoundError(
                f"Error when restoring from checkpoint or SavedModel at {save_path}: {first}\nPlease "
                "double-check that the path is correct. You may be missing the checkpoint suffix (e.g. the '-1' "
                f"in 'path/to/ckpt-1').\n{hint}".rstrip()) from None

    def read(self, save_path, options=None):
        """Restore the values saved at ``save_path`` into the variables at the same paths."""
        if save_path is None:
            return InitializationOnlyStatus()
        prefix = path_argument(save_path)
        values = read_values(prefix)
        self.save_counter  # noqa: B018 - created before restoring, as TF does, so that it is restored
        paths = object_paths(self)
        graph = read_index_file(prefix).get("graph")
        targets = (_matched_by_graph(self, graph) if graph
                   else {path + _SUFFIX: var for path, var in paths.items()})
        for key in values.keys() & targets.keys():
            _check_shape(targets[key], values[key])
        for key in values.keys() & targets.keys():
            _restore_leaf(targets[key], values[key])
        waiting = _Waiting(self, graph, {k: values[k] for k in values.keys() - targets.keys()}) if graph else None
        _WAITING[:] = [w for w in _WAITING if w.checkpoint() is not self]   # a new restore replaces the last
        if waiting and waiting.values:
            _WAITING.append(waiting)
        matched = {id(var) for var in targets.values()}
        return CheckpointLoadStatus(_read_index(prefix), waiting.values if waiting else {},
                                    unmatched=[var for path, var in paths.items()
                                               if id(var) not in matched and path != "save_counter"])


def _check_shape(variable, value) -> None:
    if _is_variable(variable) and tuple(variable.shape) != tuple(np.shape(value)):
        raise ValueError(f"Received incompatible tensor with shape {tuple(np.shape(value))} when attempting to "
                         f"restore variable with shape {tuple(variable.shape)} and name {variable.name}."
                         "\nhint: the saved value at this path has another shape: build the model as it was "
                         "when it was saved.")


class CheckpointLoadStatus:
    """What ``restore`` matched: ``assert_consumed()`` checks that every value and variable was."""

    def __init__(self, entries: dict, waiting: dict, unmatched: list):
        self._entries = entries
        self._waiting = waiting   # the values no variable took yet (it shrinks as variables appear)
        self._unmatched = unmatched

    @property
    def _unused(self) -> list:
        return [(key, self._entries[key]) for key in sorted(self._waiting)]

    def assert_consumed(self):
        """Raise AssertionError unless every saved value found a variable and every variable a value."""
        if self._unused:
            key, entry = self._unused[0]
            path = "(root)." + key.removesuffix(_SUFFIX).replace("/", ".")
            raise AssertionError(
                f'Unresolved object in checkpoint {path}: attributes {{\n  name: "VARIABLE_VALUE"\n  full_name: '
                f'"{entry.get("name", "Variable")}"\n  checkpoint_key: "{key}"\n}}\nhas_checkpoint_values {{\n'
                "  value: true\n}\n"
                + hint_line(_("the saved values {keys} have no variable at that path here; call "
                              "expect_partial() if that is intended.").format(keys=[k for k, _e in self._unused])))
        return self.assert_existing_objects_matched()

    def assert_existing_objects_matched(self):
        """Raise AssertionError unless every variable here got a value."""
        if self._unmatched:
            raise AssertionError(f"Found {len(self._unmatched)} Python objects that were not bound to checkpointed "
                                 "values, likely due to changes in the Python program. Showing "
                                 f"{len(self._unmatched)} of {len(self._unmatched)} unmatched objects: "
                                 f"{self._unmatched}")
        return self

    def assert_nontrivial_match(self):
        return self

    def expect_partial(self):
        """Silence the warnings about values left unused (tapekit prints none)."""
        return self

    def run_restore_ops(self, session=None):
        return None


class InitializationOnlyStatus(CheckpointLoadStatus):
    """``restore(None)``: nothing was restored."""

    def __init__(self):
        super().__init__({}, {}, [])

    def assert_consumed(self):
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being restored.")

    assert_existing_objects_matched = assert_consumed
    assert_nontrivial_match = assert_consumed
