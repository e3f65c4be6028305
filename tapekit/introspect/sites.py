"""Where in the user's code an op ran: lines, expressions, assignment targets and loops.

A tape keeps, per recorded op, the user's code objects and instruction offsets
(``tape.user_site``). This module turns them into what a person reads, lazily and cached per
code object: the line (``In [7] line 3`` in a notebook, ``train.py:12`` in a file), the source
text of the expression that ran the op (``speed * hours``), the name it was assigned to
(``distance``) and the loops around it. Only source text and bytecode are read, never a frame's
locals.

Code that IPython runs through ``exec`` under a name of its own (``%%time`` compiles the cell as
``<timed exec>``; other cell magics do the same) has no source in ``linecache``: its text is found
in IPython's input history, in the newest cell whose body uses the code's names, so that names
and places survive (``In [7] line 3``: the body starts on the cell's second line).
"""

from __future__ import annotations

import ast
import dis
import linecache
import re
import sys
from functools import lru_cache

from .._base.i18n import _

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
    """The one line form used by ``explain`` and the player: ``In [7] line 3`` for a notebook cell
    (its execution count, as Jupyter shows it), ``train.py:12`` for a file; ``cell:7`` for a cell
    whose number is not known (no IPython running)."""
    if line is None:
        return None
    number, offset = cell_place(file)
    if number is not None:
        return _("In [{number}] line {line}").format(number=number, line=line + offset)
    return f"{short_file(file)}:{line}"


def _shell():
    """The running IPython shell, or None (tapekit never imports IPython itself)."""
    get = getattr(sys.modules.get("IPython"), "get_ipython", None)
    return get() if get is not None else None


def cell_place(file) -> tuple:
    """``(execution count, lines before the code)`` of the notebook cell that ``file`` names, else
    ``(None, 0)``: IPython's own name of a cell's code (what its tracebacks print as ``In[7]``), or a
    cell magic's body found in the input history (:func:`recovered_source`)."""
    if file in _RECOVERED:
        return _RECOVERED[file]
    shell = _shell()
    named = getattr(getattr(shell, "compile", None), "format_code_name", None)
    found = named(file) if named is not None else None
    digits = re.search(r"\d+", found[1]) if found else None
    return (int(digits.group(0)), 0) if digits else (None, 0)


def execution_count() -> int | None:
    """The number of the notebook cell running now (``In [7]``), or None outside IPython."""
    return getattr(_shell(), "execution_count", None)


_RECOVERED: dict = {}    # a cell magic's code name -> (execution count, lines before the body), the newest


def recovered_source(code) -> str:
    """The source text of ``code`` run by a cell magic (``%%time``), from IPython's input history:
    the newest cell, among the last 50, that starts with a cell magic and whose body (as IPython
    transforms it) has the lines and the names the code uses. "" when there is none."""
    shell = _shell()
    history = getattr(getattr(shell, "history_manager", None), "input_hist_raw", None)
    if not history or not hasattr(shell, "transform_cell"):
        return ""
    wanted = set(code.co_names) | {c.co_name for c in code.co_consts
                                   if hasattr(c, "co_name") and not c.co_name.startswith("<")}
    last_line = max((line for _a, _b, line in code.co_lines() if line is not None), default=0)
    for number in range(len(history) - 1, max(0, len(history) - 51), -1):
        raw = history[number]
        if not raw.startswith("%%") or "\n" not in raw:
            continue
        body = shell.transform_cell(raw.split("\n", 1)[1])
        if body.count("\n") + 1 >= last_line and wanted <= set(re.findall(r"\w+", body)):
            _RECOVERED[code.co_filename] = (number, 1)
            return body
    return ""


def source_line(code, line: int) -> str:
    """The text of line ``line`` of ``code``'s source ("" when unknown), also for a cell magic's code."""
    lines = code_info(code).lines
    return lines[line - 1] if 0 < line <= len(lines) else ""


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
        text = "".join(linecache.getlines(self.file))
        if not text and self.file.startswith("<"):     # a cell magic's exec: its text is in the history
            text = recovered_source(code)
        self.text = text
        self.lines = text.splitlines(True)

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
            self._statements = _assignments(self.text)
        return self._statements

    def expressions(self) -> dict:
        return _expressions(self.text)


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
def _source_tree(text: str):
    if not text:
        return None
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def _assignments(text: str) -> dict:
    """{(line, col, end line, end col) of an assigned value: target text} for a source text."""
    tree = _source_tree(text)
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
def _expressions(text: str) -> dict:
    """{(line, col, end line, end col): the names of its operands} for the calls and operators of a source."""
    tree = _source_tree(text)
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
    lines = info.lines
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
