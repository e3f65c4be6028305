"""``tk.train.load_checkpoint``: read a saved checkpoint's values by key, as ``tf.train.load_checkpoint``."""

from __future__ import annotations

import json

import numpy as np

from .. import errors
from .._base.dtypes import as_dtype, string
from .._base.i18n import _, hint_line
from .checkpoint import prefix_of, read_index_file, read_values

GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_ENUM_NAMES = {"float32": "FLOAT", "float64": "DOUBLE", "float16": "HALF"}  # TF's DataType names that differ


class CheckpointReader:
    """The saved values of one checkpoint: their shapes, dtypes and NumPy values by key."""

    def __init__(self, prefix: str):
        self._index = read_index_file(prefix)
        self._values = read_values(prefix)

    def get_variable_to_shape_map(self) -> dict:
        shapes = {key: list(entry["shape"]) for key, entry in self._index["variables"].items()}
        return {**shapes, GRAPH_KEY: []}

    def get_variable_to_dtype_map(self) -> dict:
        dtypes = {key: as_dtype(entry["dtype"]) for key, entry in self._index["variables"].items()}
        return {**dtypes, GRAPH_KEY: string}

    def has_tensor(self, key: str) -> bool:
        return key == GRAPH_KEY or key in self._values

    def get_tensor(self, key: str):
        """The saved value as a NumPy array (the object graph: tapekit's JSON text, as bytes)."""
        if key == GRAPH_KEY:
            return json.dumps(self._index.get("graph", [])).encode()
        if key not in self._values:
            raise errors.NotFoundError(f"Key {key} not found in checkpoint"
                                       + hint_line(_("reader.get_variable_to_shape_map() lists the keys it holds.")))
        return np.array(self._values[key])

    def debug_string(self) -> bytes:
        shapes, dtypes = self.get_variable_to_shape_map(), self.get_variable_to_dtype_map()
        lines = [f"{key} (DT_{_ENUM_NAMES.get(dtypes[key].name, dtypes[key].name.upper())}) "
                 f"[{','.join(map(str, shapes[key]))}]\n" for key in sorted(shapes)]
        return "".join(lines).encode()


def load_checkpoint(ckpt_dir_or_file: str) -> CheckpointReader:
    """``tf.train.load_checkpoint``: a reader of the checkpoint at a prefix, or the newest in a folder."""
    return CheckpointReader(prefix_of(ckpt_dir_or_file))
