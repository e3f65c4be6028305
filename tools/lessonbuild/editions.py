"""A lesson source turned into an edition: student or teacher, English or a locale.

An edition has the source's cells one for one, in the same order:
- markdown: the prose (translated in a locale's edition); a ``tapekit-only`` cell gets the label line;
- code: the same code, ``#`` comments translated; ``tapekit-only`` and ``check`` cells start with the
  comment ``# tapekit only: not in TensorFlow``; solutions stay (teacher, with nbgrader's markers) or
  become stubs (student); a ``tensorflow-only`` cell becomes markdown showing the code.

A locale's edition has one cell more when tapekit speaks its language (``tapekit._base.i18n.LANGUAGES``):
right after the cell that imports tapekit, a ``tapekit-only`` cell with
``tk.config.set_language(...)``, so that explain, the player and the hints speak the lesson's language.
"""

from __future__ import annotations

import copy
from pathlib import Path

import nbformat

from tapekit._base.i18n import LANGUAGES

from .i18n import Identity, Translator, has_plot_texts, translate_comments, translate_markdown
from .source import (CHECK, LANGUAGE_SWITCH_NOTE, LOCALES, NOTEBOOKS, PLOT_FONT_NOTE, TAPEKIT_ONLY, TAPEKIT_ONLY_LABEL,
                     TENSORFLOW_ONLY, TENSORFLOW_ONLY_LABEL, Lesson, Solution, import_cell, split_solutions,
                     student_stub, tags_of)

STUDENT, TEACHER = "student", "teacher"
KINDS = (STUDENT, TEACHER)
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}
LANGUAGE_INFO = {"name": "python", "pygments_lexer": "ipython3",
                 "codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py"}


def locale_folder(locale: str | None) -> str:
    """The folder of a locale's editions: ``zh_CN`` (gettext's spelling) -> ``zh-CN`` (BCP 47)."""
    return "" if locale is None else locale.replace("_", "-")


def edition_path(lesson: Lesson, kind: str, locale: str | None = None, root: Path = NOTEBOOKS) -> Path:
    folder = root / locale_folder(locale) if locale else root
    if kind == TEACHER:
        folder = folder / "solutions"
    return folder / f"{lesson.name}.ipynb"


def tapekit_language(locale: str) -> str | None:
    """The language tapekit's messages take in a locale's edition, or None where tapekit lacks it or it is English."""
    language = locale_folder(locale)
    return language if language in LANGUAGES and language != "en" else None


# the fonts with Chinese characters on Linux (fonts-noto-cjk), Windows and macOS, best first
PLOT_FONTS = {"zh-CN": ("Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", "SimHei")}


def language_switch(language: str, gettext, plots: bool = False):
    """The ``tapekit-only`` cell that a locale's edition runs right after importing tapekit; with ``plots``, it
    also puts the first installed font of the language first in matplotlib's list (none installed: no change)."""
    fonts = ""
    if plots and language in PLOT_FONTS:
        fonts = (f"# {gettext(PLOT_FONT_NOTE)}\nimport matplotlib.pyplot as plt\n"
                 "from matplotlib import font_manager\n\n"
                 "installed = {font.name for font in font_manager.fontManager.ttflist}\n"
                 f"fonts = [name for name in {PLOT_FONTS[language]!r} if name in installed]\n"
                 'plt.rcParams["font.sans-serif"] = fonts[:1] + plt.rcParams["font.sans-serif"]\n\n')
    code = (f"# {gettext(TAPEKIT_ONLY_LABEL)}\n{fonts}# {gettext(LANGUAGE_SWITCH_NOTE)}\n"
            f'tk.config.set_language("{language}")')
    cell = nbformat.v4.new_code_cell(code)
    cell.metadata["tags"] = [TAPEKIT_ONLY]
    return cell


def catalogue_path(lesson: Lesson, locale: str, locales: Path = LOCALES) -> Path:
    return locales / locale / "LC_MESSAGES" / f"{lesson.name}.po"


def available_locales(locales: Path = LOCALES) -> list[str]:
    """Every locale with a catalogue folder, e.g. ``['zh_CN']``."""
    if not locales.is_dir():
        return []
    return sorted(p.name for p in locales.iterdir() if (p / "LC_MESSAGES").is_dir())


def translator_for(lesson: Lesson, locale: str | None, locales: Path = LOCALES):
    if locale is None:
        return Identity()
    path = catalogue_path(lesson, locale, locales)
    if not path.exists():
        raise FileNotFoundError(f"{lesson.name}: no catalogue {path} for locale {locale}; copy the lesson's .pot "
                                f"there (`pybabel init -l {locale}`) and translate it")
    return Translator.from_po(path, locale)


def _code(cell, kind: str, gettext, where: str) -> str:
    lines: list[str] = []
    for segment in split_solutions(translate_comments(cell.source, gettext), where):
        if not isinstance(segment, Solution):
            lines.append(segment)
        elif kind == TEACHER:
            lines += [segment.begin, *segment.lines, segment.end]
        else:
            lines += student_stub(segment, gettext, where)
    code = "\n".join(lines)
    tags = tags_of(cell)
    if TAPEKIT_ONLY in tags or CHECK in tags:
        code = f"# {gettext(TAPEKIT_ONLY_LABEL)}\n{code}"
    return code


def build_edition(source_nb, kind: str, translator=None, *, source_name: str = "", language: str = "en"):
    """The edition of ``source_nb`` (not executed: no outputs)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    translator = translator or Identity()
    gettext = translator.gettext
    nb = nbformat.v4.new_notebook()
    nb.metadata = {
        "kernelspec": dict(KERNELSPEC),
        "language_info": copy.deepcopy(LANGUAGE_INFO),
        "tapekit": {"generated_from": f"notebooks/source/{source_name}.ipynb", "edition": kind,
                    "language": getattr(translator, "language", language),
                    "note": "generated by tools/build_lessons.py: edit the source, not this file"},
    }
    language = tapekit_language(getattr(translator, "language", language))
    switch_after = import_cell(source_nb) if language else None
    for number, cell in enumerate(source_nb.cells, start=1):
        where = f"{source_name} cell {number}"
        tags = tags_of(cell)
        if cell.cell_type == "markdown":
            text = translate_markdown(cell.source, gettext)
            if TAPEKIT_ONLY in tags:
                text = f"*{gettext(TAPEKIT_ONLY_LABEL)}*\n\n{text}"
            new = nbformat.v4.new_markdown_cell(text)
        elif cell.cell_type == "code" and TENSORFLOW_ONLY in tags:
            code = translate_comments(cell.source, gettext)
            new = nbformat.v4.new_markdown_cell(f"{gettext(TENSORFLOW_ONLY_LABEL)}\n\n```python\n{code}\n```")
        elif cell.cell_type == "code":
            new = nbformat.v4.new_code_cell(_code(cell, kind, gettext, where))
            if CHECK in tags and TAPEKIT_ONLY not in tags:
                tags = [*tags, TAPEKIT_ONLY]
        else:
            new = nbformat.v4.new_raw_cell(cell.source)
        if tags:
            new.metadata["tags"] = tags
        new["id"] = f"cell-{number:02d}"
        nb.cells.append(new)
        if number - 1 == switch_after:
            switch = language_switch(language, gettext, plots=has_plot_texts(source_nb))
            switch["id"] = f"cell-{number:02d}-language"  # the other cells keep the English edition's ids
            nb.cells.append(switch)
    translator.finish(f"{source_name} ({getattr(translator, 'language', language)}, {kind})")
    nbformat.validate(nb)
    return nb


def edition_for(lesson: Lesson, kind: str, locale: str | None = None, locales: Path = LOCALES):
    """Read the lesson's source and build one edition of it."""
    from .source import read_source

    source_nb = read_source(lesson.source)
    translator = translator_for(lesson, locale, locales)
    return build_edition(source_nb, kind, translator, source_name=lesson.name)


def without_outputs(nb):
    """``nb`` as the stale check compares it: no outputs, execution counts or saved widget state."""
    nb = copy.deepcopy(nb)
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        cell.metadata.pop("execution", None)
    return nb


def differences(expected, committed) -> list[str]:
    """What differs between two editions, outputs aside (empty when none)."""
    expected, committed = without_outputs(expected), without_outputs(committed)
    found = []
    if expected.metadata != committed.metadata:
        found.append(f"notebook metadata: {committed.metadata} != {expected.metadata}")
    if len(expected.cells) != len(committed.cells):
        found.append(f"{len(committed.cells)} cells, expected {len(expected.cells)}")
    for number, (want, have) in enumerate(zip(expected.cells, committed.cells), start=1):
        for key in ("cell_type", "id", "source", "metadata"):
            if want.get(key) != have.get(key):
                found.append(f"cell {number} {key}: {str(have.get(key))[:120]!r} != {str(want.get(key))[:120]!r}")
    return found
