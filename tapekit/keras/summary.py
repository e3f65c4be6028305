"""``model.summary()``: the box-drawing table Keras 3 prints (its rich table, drawn here without rich).

Column widths follow Keras (88 or 108 characters, at most the terminal's width minus 4, split
at ``positions``) and rich's layout of that table: one space of padding on each side, columns
shrunk evenly to fit, words wrapped, a word too long for its cell cut with "…".
"""

from __future__ import annotations

import math
import re
import shutil
import sys

from .._base.dtypes import as_dtype
from .layers.keras_tensor import keras_history
from .layers.layer import build_shapes, inbound_nodes
from .layers.structures import is_shape, map_structure

_BOX = {"top": "┏━┳┓", "head": "┃┃┃", "head_row": "┡━╇┩", "row": "│││", "sep": "├─┼┤", "bottom": "└─┴┘"}


# ---------- numbers ----------
def count_params(weights) -> int:
    return int(sum(math.prod(w.shape) for w in weights))


def weight_memory_size(weights) -> float:
    """Bytes the weights take (each weight counted once)."""
    unique = {id(w): w for w in weights}.values()
    bits = sum(math.prod(w.shape) * as_dtype(str(w.dtype)).size * 8 for w in unique)
    return bits / 8


def readable_memory_size(size: float) -> str:
    for unit in ("B", "KB", "MB", "GB", "TB", "PB"):
        if size / 1024 < 1:
            return f"{size:.2f} {unit}"
        size /= 1024
    return f"{size:.2f} PB"


# ---------- the table ----------
def _words(text: str):
    for match in re.finditer(r"\s*\S+\s*", text):
        yield match.start(), match.group()


def _wrap(text: str, width: int) -> list:
    """rich's word wrap: greedy lines; a word longer than the cell stays whole and is cut with "…"."""
    lines, breaks, offset = [], [], 0
    for position, word in _words(text):
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        else:
            if position:
                breaks.append(position)
            offset = len(word)
    bounds = [0] + breaks + [len(text)]
    for a, b in zip(bounds, bounds[1:]):
        line = text[a:b].rstrip()
        if len(line) > width:
            line = line[:max(width - 1, 0)] + "…"
        lines.append(line)
    return lines or [""]


def _justify(text: str, width: int, how: str) -> str:
    if how == "right":
        return text.rjust(width)
    if how == "center":
        return text.center(width)
    return text.ljust(width)


def _ratio_reduce(total: int, values: list) -> list:
    """Take ``total`` away from ``values`` in equal shares (rich's ``ratio_reduce`` with equal ratios)."""
    remaining, ratio_left, result = total, len(values), []
    for value in values:
        share = min(value, round(remaining / ratio_left))
        result.append(value - share)
        remaining -= share
        ratio_left -= 1
    return result


def render_table(header: list, rows: list, column_widths: list, alignment: list, table_width: int) -> list:
    """The lines of a rich HEAVY_HEAD table with a line between rows."""
    widths = [w + 2 for w in column_widths]
    available = table_width - (len(widths) + 1)
    if sum(widths) > available:
        widths = _ratio_reduce(sum(widths) - available, widths)

    def edge(chars):
        left, fill, cross, right = chars
        return left + cross.join(fill * w for w in widths) + right

    def row_lines(cells, chars):
        wrapped = [_wrap(cell, w - 2) for cell, w in zip(cells, widths)]
        height = max(len(c) for c in wrapped)
        out = []
        for i in range(height):
            parts = [" " + _justify(c[i] if i < len(c) else "", w - 2, how) + " "
                     for c, w, how in zip(wrapped, widths, alignment)]
            out.append(chars[0] + chars[1].join(parts) + chars[2])
        return out

    lines = [edge(_BOX["top"])] + row_lines(header, _BOX["head"]) + [edge(_BOX["head_row"])]
    for i, row in enumerate(rows):
        if i:
            lines.append(edge(_BOX["sep"]))
        lines += row_lines(row, _BOX["row"])
    lines.append(edge(_BOX["bottom"]))
    return lines


# ---------- one row per layer ----------
def _format_shape(shape) -> str:
    return f"({', '.join(str(d) for d in shape)})"


def _flat_shapes(value) -> list:
    if is_shape(value):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _flat_shapes(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _flat_shapes(v)]
    return []


def _shape_text(shapes) -> str:
    if is_shape(shapes):
        return _format_shape(shapes)
    if isinstance(shapes, dict):
        return "{" + ", ".join(f"{k}: {_shape_text(v)}" for k, v in shapes.items()) + "}"
    return "[" + ", ".join(_shape_text(s) for s in shapes) + "]"


def format_layer_shape(layer) -> str:
    """The output shape Keras shows: from the layer's last symbolic call, else from its build shape, else "?"."""
    if not inbound_nodes(layer) and build_shapes(layer) is None:
        return "?"
    if inbound_nodes(layer):
        shapes = map_structure(lambda t: t.shape, inbound_nodes(layer)[-1].outputs)
    else:
        try:
            shapes = layer.compute_output_shape(build_shapes(layer))
        except NotImplementedError:
            return "?"
    flat = _flat_shapes(shapes)
    return _format_shape(flat[0]) if len(flat) == 1 else _shape_text(shapes)


def _params(layer) -> str:
    if not layer.built:
        return "0 (unbuilt)"
    return f"{layer.count_params():,}"


def _connections(layer, relevant_nodes) -> str:
    found = []
    for node in inbound_nodes(layer):
        if relevant_nodes and not any(node is n for n in relevant_nodes):
            continue
        for tensor in node.input_tensors:
            inbound, node_index, tensor_index = keras_history(tensor)
            found.append(f"{inbound.name}[{node_index}][{tensor_index}]")
    return ", ".join(found) or "-"


def _is_sequential_like(model) -> bool:
    if not getattr(model, "_is_graph_network", False):   # Keras' flag of a Functional model
        return True
    nodes = model._nodes  # noqa: SLF001 - a Functional model's node list (models.py imports this module)
    if len(model.inputs) != 1 or len({id(n.layer) for n in nodes}) != len(nodes):
        return False
    consumed = {}
    for node in nodes:
        inputs = node.input_tensors
        if len(inputs) > 1:
            return False
        for tensor in inputs:
            consumed[id(tensor)] = consumed.get(id(tensor), 0) + 1
    return all(count == 1 for count in consumed.values())


def _layer_range(layers, layer_range):
    if layer_range is None:
        return 0, len(layers)
    if len(layer_range) != 2:
        raise ValueError(f"layer_range must be a list or tuple of length 2. Received: layer_range = {layer_range} "
                         f"of length {len(layer_range)}")
    starts = [i for i, layer in enumerate(layers) if re.match(layer_range[0], layer.name)]
    ends = [i for i, layer in enumerate(layers) if re.match(layer_range[1], layer.name)]
    if not starts or not ends:
        raise ValueError(f"Passed layer_names do not match the layer names in the model. Received: {layer_range}")
    return min(starts), max(ends) + 1


def _columns(sequential_like: bool, show_trainable: bool, positions, line_length) -> tuple:
    """The table's header, alignments, column widths and line length (Keras's defaults)."""
    if sequential_like:
        default_length, positions = 88, positions or [0.45, 0.80, 1.0]
        header, alignment = ["Layer (type)", "Output Shape", "Param #"], ["left", "left", "right"]
    else:
        default_length, positions = 108, positions or [0.3, 0.56, 0.74, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
        alignment = ["left", "left", "right", "left"]
    if show_trainable:
        default_length += 12
        positions = [p * 0.90 for p in positions] + [1.0]
        header.append("Trainable")
        alignment.append("center")
    default_length = min(default_length, shutil.get_terminal_size().columns - 4)
    line_length = line_length or default_length
    widths, current = [], 0
    for position in positions:
        width = int(position * line_length) - current
        if width < 4:
            raise ValueError("Insufficient console width to print summary.")
        widths.append(width)
        current += width
    return header, alignment, widths, line_length


def print_summary(model, line_length=None, positions=None, print_fn=None, expand_nested=False,
                  show_trainable=False, layer_range=None):
    """Print (or pass to ``print_fn``, as one string) the summary of ``model``."""
    sequential_like = _is_sequential_like(model)
    layers = model.layers
    relevant_nodes = getattr(model, "_nodes", [])
    header, alignment, widths, line_length = _columns(sequential_like, show_trainable, positions, line_length)

    def fields(layer, prefix=""):
        row = [f"{prefix}{layer.name} ({type(layer).__name__})", format_layer_shape(layer), _params(layer)]
        if not sequential_like:
            row.append(_connections(layer, relevant_nodes))
        if show_trainable:
            row.append(("Y" if layer.trainable else "N") if layer.weights else "-")
        return row

    def rows_for(layer, level=0):
        rows = [fields(layer, "   " * level + "└ " if level else "")]
        if expand_nested and hasattr(layer, "layers") and layer.layers:
            for sub in layer.layers:
                rows += rows_for(sub, level + 1)
        return rows

    start, stop = _layer_range(layers, layer_range)
    rows = [row for layer in layers[start:stop] for row in rows_for(layer)]
    trainable, non_trainable = model.trainable_weights, model.non_trainable_weights
    trainable_count, non_trainable_count = count_params(trainable), count_params(non_trainable)
    trainable_size, non_trainable_size = weight_memory_size(trainable), weight_memory_size(non_trainable)
    lines = [f'Model: "{model.name}"']
    console_width = shutil.get_terminal_size().columns  # rich crops what is wider than its console
    lines += [line[:console_width] for line in render_table(header, rows, widths, alignment, line_length)]
    lines += [f" Total params: {trainable_count + non_trainable_count:,} "
              f"({readable_memory_size(trainable_size + non_trainable_size)})",
              f" Trainable params: {trainable_count:,} ({readable_memory_size(trainable_size)})",
              f" Non-trainable params: {non_trainable_count:,} ({readable_memory_size(non_trainable_size)})"]
    text = "\n".join(lines) + "\n"
    if print_fn is None:
        sys.stdout.write(text)
    else:
        print_fn(text)
