"""Where in the user's code an op ran: lines, expressions, assignment targets and loops.

A tape keeps, per recorded op, the user's code objects and instruction offsets
(``tape.user_site``). This module turns them into what a person reads, lazily and cached per
code object: the line (``cell:7`` in a notebook), the source text of the expression that ran
the op (``speed * hours``), the name it was assigned to (``distance``) and the loops around it.
Only source text and bytecode are read, never a frame's locals.
"""

from __future__ import annotations

import ast
import dis
import linecache
from functools import lru_cache

EXPR_CHARS = 32
_BACKWARD_JUMPS = {"JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT", "POP_JUMP_BACKWARD_IF_TRUE",
                   "POP_JUMP_BACKWARD_IF_FALSE", "POP_JUMP_BACKWARD_IF_NONE", "POP_JUMP_BACKWARD_IF_NOT_NONE"}


def short_file(path) -> str:
    """``cell`` for code run in a notebook or IPython (``ipykernel_<pid>/<hash>.py``), else the file name."""
    parts = str(path or "").rsplit("/", 2)
    name = parts[-1]
    in_kernel = len(parts) > 1 and parts[-2].startswith("ipykernel_")
    return "cell" if in_kernel or name.startswith(("ipykernel_", "<ipython")) else name


def location_text(file, line) -> str | None:
    """The one line form used by ``explain`` and the player: ``cell:7`` or ``train.py:12``."""
    if line is None:
        return None
    return f"{short_file(file)}:{line}"


class CodeInfo:
    """What one code object tells about its instructions (built once per code object)."""

    def __init__(self, code):
        self.code = code
        self.name = code.co_name
        self.file = code.co_filename
        self.positions = list(code.co_positions()) if hasattr(code, "co_positions") else None
        self.line_ranges = [(a, b, ln) for a, b, ln in code.co_lines() if ln is not None]
        self.loops = _loops(code)
        self._statements = None

    def line(self, offset: int):
        if self.positions is not None and 0 <= offset // 2 < len(self.positions):
            line = self.positions[offset // 2][0]
            if line is not None:
                return line
        for start, end, line in self.line_ranges:
            if start <= offset < end:
                return line
        return self.code.co_firstlineno

    def span(self, offset: int):
        """(line, end line, column, end column) of the instruction, or None (Python 3.10)."""
        if self.positions is None or not 0 <= offset // 2 < len(self.positions):
            return None
        pos = self.positions[offset // 2]
        return None if None in pos else pos

    def statements(self) -> dict:
        if self._statements is None:
            self._statements = _assignments(self.file)
        return self._statements

    def expressions(self) -> dict:
        return _expressions(self.file)


@lru_cache(maxsize=512)
def code_info(code) -> CodeInfo:
    return CodeInfo(code)


def _loops(code) -> list:
    """Loop bodies as (first, last) instruction offsets, from the backward jumps; outermost first."""
    bodies: dict = {}
    try:
        instructions = list(dis.get_instructions(code))
    except Exception:   # unusual code objects: no loops known
        return []
    for ins in instructions:
        target = ins.argval if isinstance(ins.argval, int) else None
        backward = ins.opname in _BACKWARD_JUMPS or (ins.opname == "JUMP_ABSOLUTE" and target is not None
                                                     and target < ins.offset)
        if backward and target is not None:
            bodies[target] = max(bodies.get(target, -1), ins.offset)
    return sorted(bodies.items(), key=lambda loop: (loop[0], -loop[1]))


@lru_cache(maxsize=256)
def _source_tree(file):
    lines = linecache.getlines(file)
    if not lines:
        return None, []
    try:
        return ast.parse("".join(lines)), lines
    except (SyntaxError, ValueError):
        return None, lines


def _assignments(file) -> dict:
    """{(line, col, end line, end col) of an assigned value: target text} for a source file."""
    tree, _ = _source_tree(file)
    found: dict = {}
    if tree is None:
        return found
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets = [_target_text(t) for t in node.targets]
            value = node.value
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            targets = [_target_text(node.target)]
            value = node.value
        elif isinstance(node, ast.NamedExpr):
            targets = [_target_text(node.target)]
            value = node.value
        else:
            continue
        targets = [t for t in targets if t]
        if targets:
            key = (value.lineno, value.col_offset, value.end_lineno, value.end_col_offset)
            found[key] = " = ".join(targets)
            found.setdefault(("line", value.end_lineno), " = ".join(targets))
    return found


@lru_cache(maxsize=256)
def _expressions(file) -> dict:
    """{(line, col, end line, end col): the names of its operands} for the calls and operators of a file."""
    tree, _ = _source_tree(file)
    found: dict = {}
    if tree is None:
        return found
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp):
            parts = [node.left, node.right]
        elif isinstance(node, ast.UnaryOp):
            parts = [node.operand]
        elif isinstance(node, ast.Call):
            parts = list(node.args)
        elif isinstance(node, ast.Compare) and len(node.comparators) == 1:
            parts = [node.left, node.comparators[0]]
        else:
            continue
        key = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
        found[key] = [p.id if isinstance(p, ast.Name) else None for p in parts]
    return found


def operand_names(info: CodeInfo, offset: int) -> list | None:
    """The plain names the instruction's expression operates on (``[speed, hours]`` for
    ``speed * hours``, ``[x]`` for ``layer(x)``; None for an operand that is not a name)."""
    span = info.span(offset)
    if span is None:
        return None
    line, end_line, col, end_col = span
    return info.expressions().get((line, col, end_line, end_col))


def _target_text(node) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Tuple | ast.List):
        parts = [_target_text(e) for e in node.elts]
        return ", ".join(parts) if all(parts) else None
    if isinstance(node, (ast.Attribute, ast.Subscript)):
        try:
            text = ast.unparse(node)
        except Exception:
            return None
        return text if len(text) <= EXPR_CHARS else None
    return None


def expression(info: CodeInfo, offset: int) -> str | None:
    """Source text of the instruction's expression (``speed * hours``), clipped; None if unknown."""
    span = info.span(offset)
    if span is None:
        return None
    line, end_line, col, end_col = span
    _, lines = _source_tree(info.file)
    if not lines or line > len(lines):
        return None
    if line == end_line:
        text = lines[line - 1][col:end_col]
    else:
        text = lines[line - 1][col:].rstrip() + " …"
    text = " ".join(text.split())
    if not text:
        return None
    return text if len(text) <= EXPR_CHARS else text[:EXPR_CHARS - 1] + "…"


def assigned_name(info: CodeInfo, offset: int) -> str | None:
    """The name the instruction's value is assigned to (``distance`` in ``distance = speed * hours``)."""
    span = info.span(offset)
    statements = info.statements()
    if span is not None:
        line, end_line, col, end_col = span
        return statements.get((line, col, end_line, end_col))
    return None
