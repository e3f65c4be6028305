"""Build the lesson editions from their sources in notebooks/source/ (see notebooks/README.md).

    python tools/build_lessons.py                 # every lesson: student + teacher editions, executed
    python tools/build_lessons.py 03 05           # some lessons
    python tools/build_lessons.py --locale zh_CN  # only that locale's editions (needs its catalogues)
    python tools/build_lessons.py --check         # exit 1 if a committed edition is not what its source makes
    python tools/build_lessons.py --extract       # only write notebooks/locale/NN_topic.pot (the messages
                                                  # to translate; a build writes them too)

Editions: notebooks/NN_topic.ipynb (student: solutions replaced by stubs), notebooks/solutions/
(teacher), and for each locale with catalogues in notebooks/locale/<ll_CC>/LC_MESSAGES/, the same
under notebooks/<ll-CC>/. Each is executed in a fresh kernel (cwd = its folder, this checkout on
PYTHONPATH), keeping the widgets' saved state; running it twice on unchanged code changes nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbclient.exceptions import CellExecutionError

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lessonbuild.editions import KINDS, available_locales, differences, edition_for, edition_path  # noqa: E402
from lessonbuild.execute import PredictCellShowsOutput, execute, kernel_environment  # noqa: E402
from lessonbuild.i18n import lesson_catalog, write_pot  # noqa: E402
from lessonbuild.source import LOCALES, ROOT, SourceError, lessons, read_source  # noqa: E402


def stale(selection=None, locales=None) -> list[str]:
    """Differences between the committed editions and what their sources make (outputs aside)."""
    problems = []
    for lesson in lessons(selection):
        for locale in [None, *(available_locales() if locales is None else locales)]:
            for kind in KINDS:
                path = edition_path(lesson, kind, locale)
                if not path.exists():
                    problems.append(f"{path.relative_to(ROOT)}: missing")
                    continue
                found = differences(edition_for(lesson, kind, locale), nbformat.read(path, as_version=4))
                problems += [f"{path.relative_to(ROOT)}: {d}" for d in found]
        pot = LOCALES / f"{lesson.name}.pot"
        if not pot.exists() or _messages(read_po_file(pot)) != _messages(
                lesson_catalog(read_source(lesson.source), lesson.name)):
            problems.append(f"{pot.relative_to(ROOT)}: not the lesson's messages (run --extract)")
    return problems


def read_po_file(path: Path):
    from babel.messages.pofile import read_po

    with open(path, "rb") as handle:
        return read_po(handle)


def _messages(catalog) -> list:
    return [(m.id, m.locations, m.auto_comments) for m in catalog if m.id]


def extract(selection=None) -> list[Path]:
    written = []
    for lesson in lessons(selection):
        path = LOCALES / f"{lesson.name}.pot"
        write_pot(read_source(lesson.source), lesson.name, path)
        written.append(path)
    return written


def build(selection=None, locales=None, timeout: int = 120) -> float:
    extract(selection)
    kernel_environment()
    total = 0.0
    for lesson in lessons(selection):
        for locale in locales:
            for kind in KINDS:
                nb = edition_for(lesson, kind, locale)
                path = edition_path(lesson, kind, locale)
                path.parent.mkdir(parents=True, exist_ok=True)
                seconds = execute(nb, path.parent, f"{lesson.name}/{locale or 'en'}/{kind}", timeout)
                nbformat.write(nb, path)
                total += seconds
                print(f"{str(path.relative_to(ROOT)):55s} {seconds:6.1f} s", flush=True)
    print(f"{'total':55s} {total:6.1f} s")
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers or names (default: all)")
    parser.add_argument("--locale", action="append", help="build only this locale (ll_CC; 'en' for English)")
    parser.add_argument("--check", action="store_true", help="only check that the committed editions are current")
    parser.add_argument("--extract", action="store_true", help="only write the .pot catalogue templates")
    parser.add_argument("--timeout", type=int, default=120, help="seconds allowed per cell")
    options = parser.parse_args(argv)
    try:
        if options.extract:
            for path in extract(options.lessons):
                print(path.relative_to(ROOT))
            return 0
        if options.check:
            problems = stale(options.lessons)
            print("\n".join(problems) or "every edition is current")
            return 1 if problems else 0
        locales = [None, *available_locales()]
        if options.locale:
            locales = [None if loc == "en" else loc for loc in options.locale]
        build(options.lessons, locales, options.timeout)
    except (SourceError, FileNotFoundError, LookupError, CellExecutionError, PredictCellShowsOutput) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
