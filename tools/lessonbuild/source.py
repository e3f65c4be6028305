"""Lesson sources: where they live, the cell tags they use, and nbgrader's solution markers."""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SOURCES = NOTEBOOKS / "source"
LOCALES = NOTEBOOKS / "locale"

# Cell tags a source may carry.
RAISES = "raises-exception"        # demonstrates an error (nbval and nbclient expect it)
TAPEKIT_ONLY = "tapekit-only"      # uses what TensorFlow lacks: labelled in the lesson, skipped under TF
CHECK = "check"                    # calls an exercise check (tapekit-only)
PREDICT = "predict"                # code whose result the student predicts: it must print nothing
RANDOM = "random"                  # prints random numbers: runs under TF, its output is not compared
TENSORFLOW_ONLY = "tensorflow-only"  # TF code tapekit cannot run (tf.function): shown, not run; run under TF
KNOWN_TAGS = frozenset({RAISES, TAPEKIT_ONLY, CHECK, PREDICT, RANDOM, TENSORFLOW_ONLY})

# nbgrader's markers, inside code cells
BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
NOT_DONE = 'raise NotImplementedError("exercise not done yet")'

LESSON_NAME = re.compile(r"^(\d\d)_[a-z0-9_]+$")
IMPORT_TAPEKIT = re.compile(r"^import tapekit as tk\s*$", re.M)


class SourceError(ValueError):
    """A lesson source that breaks the format (see notebooks/README.md)."""


@dataclass(frozen=True)
class Lesson:
    """One lesson: ``notebooks/source/NN_topic.ipynb``."""

    source: Path

    @property
    def name(self) -> str:
        return self.source.stem

    @property
    def number(self) -> str:
        return self.name[:2]


def lessons(selection: list[str] | None = None, sources: Path = SOURCES) -> list[Lesson]:
    """Every lesson source in order, or those whose number or name is in ``selection``."""
    found = [Lesson(p) for p in sorted(sources.glob("*.ipynb")) if LESSON_NAME.match(p.stem)]
    if not selection:
        return found
    wanted = [Path(s).stem for s in selection]
    chosen = [lesson for lesson in found if lesson.number in wanted or lesson.name in wanted]
    unknown = [w for w in wanted if not any(w in (lesson.number, lesson.name) for lesson in found)]
    if unknown:
        raise SourceError(f"no lesson source for {unknown} in {sources}")
    return chosen


def tags_of(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def import_cell(nb) -> int | None:
    """The index of the first code cell with ``import tapekit as tk`` (None when there is none)."""
    return next((index for index, cell in enumerate(nb.cells)
                 if cell.cell_type == "code" and IMPORT_TAPEKIT.search(cell.source)), None)


def read_source(path: Path):
    """The source notebook, checked: no outputs, known tags, balanced markers, stub-able solutions."""
    nb = nbformat.read(path, as_version=4)
    for number, cell in enumerate(nb.cells, start=1):
        where = f"{path.name} cell {number}"
        unknown = set(tags_of(cell)) - KNOWN_TAGS
        if unknown:
            raise SourceError(f"{where}: unknown tags {sorted(unknown)}; known: {sorted(KNOWN_TAGS)}")
        if cell.cell_type != "code":
            continue
        if cell.outputs or cell.execution_count is not None:
            raise SourceError(f"{where}: a source stores no outputs (clear them)")
        segments = split_solutions(cell.source, where)
        if any(isinstance(s, Solution) for s in segments):
            for segment in segments:
                if isinstance(segment, Solution):
                    student_stub(segment, lambda text: text, where)  # raises when no stub can be made
    return nb


@dataclass(frozen=True)
class Solution:
    """The lines between ``### BEGIN SOLUTION`` and ``### END SOLUTION``, and the markers' indent."""

    indent: str
    lines: list[str]
    begin: str
    end: str


def split_solutions(code: str, where: str = "cell") -> list:
    """``code`` as a list of plain lines (str) and :class:`Solution` blocks."""
    segments: list = []
    current: list[str] | None = None
    begin = indent = ""
    for line in code.split("\n"):
        marker = line.strip()
        if marker == BEGIN_SOLUTION:
            if current is not None:
                raise SourceError(f"{where}: {BEGIN_SOLUTION} inside a solution")
            current, begin, indent = [], line, line[: len(line) - len(line.lstrip())]
        elif marker == END_SOLUTION:
            if current is None:
                raise SourceError(f"{where}: {END_SOLUTION} without {BEGIN_SOLUTION}")
            if not any(s.strip() for s in current):
                raise SourceError(f"{where}: an empty solution")
            segments.append(Solution(indent, current, begin, line))
            current = None
        elif current is not None:
            current.append(line)
        else:
            segments.append(line)
    if current is not None:
        raise SourceError(f"{where}: {BEGIN_SOLUTION} without {END_SOLUTION}")
    return segments


def student_stub(solution: Solution, gettext, where: str = "cell") -> list[str]:
    """What a student sees instead of ``solution``.

    Inside a function body: a line that raises NotImplementedError (nbgrader's stub), which the
    check reports as "not done yet". At the top level: ``name = ...`` for every name the solution
    assigns, so the check cell runs and says the same.
    """
    if solution.indent:
        return [f"{solution.indent}# {gettext(STUB_BODY)}", f"{solution.indent}{NOT_DONE}"]
    try:
        tree = ast.parse(textwrap.dedent("\n".join(solution.lines)))
    except SyntaxError as exc:
        raise SourceError(f"{where}: the solution does not parse: {exc}") from None
    names: list[str] = []
    for statement in tree.body:
        targets = statement.targets if isinstance(statement, ast.Assign) else (
            [statement.target] if isinstance(statement, ast.AnnAssign) else [])
        for target in targets:
            for node in ast.walk(target):
                if isinstance(node, ast.Name) and node.id not in names:
                    names.append(node.id)
    if not names:
        raise SourceError(f"{where}: a top-level solution must assign the name(s) its check reads "
                          "(answer = ...); put the markers inside the body of a function or class instead")
    return [f"{name} = ...  # {gettext(STUB_VALUE)}" for name in names]


# Text the generator adds; translated like the lesson's own prose.
TAPEKIT_ONLY_LABEL = "tapekit only: not in TensorFlow"
TENSORFLOW_ONLY_LABEL = ("**TensorFlow only.** tapekit runs eagerly, so this code is shown here, not run; "
                         "in TensorFlow it runs as written:")
STUB_VALUE = "YOUR ANSWER: replace ... with your code"
STUB_BODY = "YOUR ANSWER: replace this line with your code"
# The comment above the language switch that a locale's editions get after the import cell.
LANGUAGE_SWITCH_NOTE = ("From here on, tapekit's own messages (explain, the player, the checks' hints) "
                        "are in this language")
PLOT_FONT_NOTE = ("the plots' texts are in this language: draw them with a font that has its characters, if one "
                  "is installed")
GENERATED_MESSAGES = (TAPEKIT_ONLY_LABEL, TENSORFLOW_ONLY_LABEL, STUB_VALUE, STUB_BODY, LANGUAGE_SWITCH_NOTE)
