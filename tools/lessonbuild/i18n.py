"""A lesson's prose as gettext messages: extract a ``.pot`` with Babel, translate from a ``.po``.

Messages are the paragraphs of markdown cells (fenced code blocks stay as written), the ``#``
comments of code cells, the texts a plot shows (a ``label=`` string, the string of ``set_title``,
``xlabel`` ...), and the lines the generator adds. Code itself is never a message: a translated
edition is built from the same source, with the same code and its plots' texts in the language.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from .source import (BEGIN_SOLUTION, CHECK, END_SOLUTION, GENERATED_MESSAGES, LANGUAGE_SWITCH_NOTE, PLOT_FONT_NOTE,
                     STUB_BODY, STUB_VALUE, TAPEKIT_ONLY, TAPEKIT_ONLY_LABEL, TENSORFLOW_ONLY, TENSORFLOW_ONLY_LABEL,
                     Solution, import_cell, split_solutions, tags_of)

# Fixed, so that a .pot changes only when the lesson's text does.
POT_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"`[^`\n]+`")


def markdown_blocks(text: str) -> list[tuple[str, bool]]:
    """``text`` split at blank lines into (block, translatable); fenced code blocks are not translatable."""
    blocks: list[tuple[str, bool]] = []
    current: list[str] = []
    in_fence = False
    for line in text.split("\n"):
        if FENCE.match(line):
            if not in_fence and current:
                blocks.append(("\n".join(current), True))
                current = []
            current.append(line)
            in_fence = not in_fence
            if not in_fence:
                blocks.append(("\n".join(current), False))
                current = []
        elif in_fence:
            current.append(line)
        elif line.strip():
            current.append(line)
        elif current:
            blocks.append(("\n".join(current), True))
            current = []
    if current:
        blocks.append(("\n".join(current), not in_fence))
    return blocks


def comments(code: str) -> list[tuple[int, int, int, str]]:
    """(line, start column, end column, text) of every ``#`` comment in ``code`` but nbgrader's markers."""
    found = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return found
    for token in tokens:
        if token.type == tokenize.COMMENT:
            text = token.string[1:].strip()
            if text and token.string.strip() not in (BEGIN_SOLUTION, END_SOLUTION):
                found.append((token.start[0], token.start[1], token.end[1], text))
    return found


# matplotlib calls whose first argument is a text the plot shows; and the keywords that hold one
PLOT_TEXT_CALLS = {"set_title", "set_xlabel", "set_ylabel", "title", "xlabel", "ylabel", "suptitle"}
PLOT_TEXT_KEYWORDS = {"label"}
WORDS = re.compile(r"[A-Za-z]{3}")  # a text with a word to translate ("x", "w", "f(x) = x² + 2x" are not)


def plot_texts(code: str) -> list[tuple[int, int, int, str, str]]:
    """(line, start, end, prefix + quote, text) of each one-line string literal a plot shows, with a word in it."""
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(code).readline)
                  if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT)]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return []
    found = []
    for before, opener, token in zip(tokens, tokens[1:], tokens[2:]):
        literal = re.fullmatch(r"([fF]?)(['\"])([^'\"\\]*)\2", token.string)
        if token.type != tokenize.STRING or literal is None or not WORDS.search(literal.group(3)):
            continue
        called = opener.string == "(" and before.string in PLOT_TEXT_CALLS
        keyword = opener.string == "=" and before.string in PLOT_TEXT_KEYWORDS
        if called or keyword:
            found.append((token.start[0], token.start[1], token.end[1], literal.group(1) + literal.group(2),
                          literal.group(3)))
    return found


def cell_messages(cell) -> list[tuple[str, str]]:
    """(message, kind) for one source cell, in order."""
    tags = tags_of(cell)
    found: list[tuple[str, str]] = []
    if cell.cell_type == "markdown":
        if TAPEKIT_ONLY in tags:
            found.append((TAPEKIT_ONLY_LABEL, "generated"))
        found += [(block, "markdown") for block, translatable in markdown_blocks(cell.source) if translatable]
        return found
    if cell.cell_type != "code":
        return found
    if TENSORFLOW_ONLY in tags:
        found.append((TENSORFLOW_ONLY_LABEL, "generated"))
    elif TAPEKIT_ONLY in tags or CHECK in tags:
        found.append((TAPEKIT_ONLY_LABEL, "generated"))
    found += [(text, "code comment") for *_, text in comments(cell.source)]
    found += [(text, "plot text") for *_, text in plot_texts(cell.source)]
    solutions = [s for s in split_solutions(cell.source) if isinstance(s, Solution)]
    for solution in solutions:
        found.append((STUB_BODY if solution.indent else STUB_VALUE, "generated"))
    return found


def lesson_catalog(nb, name: str) -> Catalog:
    """All messages of one lesson source, with the cells they come from."""
    catalog = Catalog(project="tapekit lessons", version="1", creation_date=POT_DATE, revision_date=POT_DATE,
                      msgid_bugs_address="", copyright_holder="tapekit", fuzzy=False)
    switch_after = import_cell(nb)  # a locale's editions switch tapekit's language after this cell
    for number, cell in enumerate(nb.cells, start=1):
        messages = cell_messages(cell)
        if number - 1 == switch_after:
            messages += [(TAPEKIT_ONLY_LABEL, "generated"), (LANGUAGE_SWITCH_NOTE, "generated")]
            if has_plot_texts(nb):
                messages.append((PLOT_FONT_NOTE, "generated"))
        for message, kind in messages:
            existing = catalog.get(message)
            if existing is not None:
                if (f"source/{name}.ipynb", number) not in existing.locations:
                    existing.locations.append((f"source/{name}.ipynb", number))
                continue
            catalog.add(message, locations=[(f"source/{name}.ipynb", number)], auto_comments=[kind])
    return catalog


def write_pot(nb, name: str, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, lesson_catalog(nb, name), width=100, sort_output=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


class MissingTranslations(LookupError):
    """A locale's catalogue lacks messages (or has fuzzy ones) that its edition needs."""

    def __init__(self, where: str, missing: list[str], broken: list[str]):
        self.missing, self.broken = missing, broken
        lines = [f"{where}: {len(missing)} message(s) untranslated or fuzzy, {len(broken)} with code changed"]
        lines += [f"  missing: {m[:90]!r}" for m in missing]
        lines += [f"  code spans differ: {m[:90]!r}" for m in broken]
        lines.append("  Run `python tools/build_lessons.py --extract`, then update the .po (msgmerge or "
                     "`pybabel update`) and translate.")
        super().__init__("\n".join(lines))


class Identity:
    """The English edition: every message as written."""

    language = "en"

    def gettext(self, message: str) -> str:
        return message

    def finish(self, where: str) -> None:
        pass


@dataclass
class Translator:
    """Looks messages up in one lesson's ``.po``; :meth:`finish` raises if any was missing."""

    catalog: Catalog
    language: str
    missing: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)

    @classmethod
    def from_po(cls, path: Path, language: str) -> Translator:
        with open(path, "rb") as handle:
            return cls(read_po(handle), language)

    def gettext(self, message: str) -> str:
        entry = self.catalog.get(message)
        if entry is None or not entry.string or entry.fuzzy:
            if message not in self.missing:
                self.missing.append(message)
            return message
        if sorted(CODE_SPAN.findall(message)) != sorted(CODE_SPAN.findall(entry.string)):
            self.broken.append(message)  # `code` in prose is code: a translation keeps it as it is
        return entry.string

    def finish(self, where: str) -> None:
        if self.missing or self.broken:
            raise MissingTranslations(where, self.missing, self.broken)


def translate_markdown(text: str, gettext) -> str:
    blocks = markdown_blocks(text)
    translated = [gettext(block) if translatable else block for block, translatable in blocks]
    if translated == [block for block, _ in blocks]:
        return text  # unchanged, blank lines included
    return "\n\n".join(translated)


def translate_comments(code: str, gettext) -> str:
    """``code`` with its comments, then its plots' texts, translated (comments end a line: the columns hold)."""
    lines = code.split("\n")
    for line_number, start, end, text in reversed(comments(code)):
        translated = gettext(text)
        if translated != text:
            line = lines[line_number - 1]
            lines[line_number - 1] = f"{line[:start]}# {translated}{line[end:]}"
    lines = "\n".join(lines).split("\n")
    for line_number, start, end, opening, text in reversed(plot_texts("\n".join(lines))):
        translated = gettext(text).replace(opening[-1], "\\" + opening[-1])
        if translated != text:
            line = lines[line_number - 1]
            lines[line_number - 1] = f"{line[:start]}{opening}{translated}{opening[-1]}{line[end:]}"
    return "\n".join(lines)


def has_plot_texts(nb) -> bool:
    """Whether a lesson's plots show texts to translate (its locale editions then pick a font that has them)."""
    return any(cell.cell_type == "code" and plot_texts(cell.source) for cell in nb.cells)


__all__ = ["GENERATED_MESSAGES", "Identity", "MissingTranslations", "Translator", "cell_messages", "comments",
           "has_plot_texts", "lesson_catalog", "markdown_blocks", "plot_texts", "translate_comments",
           "translate_markdown", "write_pot"]
