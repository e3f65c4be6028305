"""tapekit's message catalogues (gettext, through Babel).

    python tools/messages.py extract   # tapekit/**.py -> tapekit/locale/tapekit.pot (not committed)
    python tools/messages.py update    # merge the template into every language's .po
    python tools/messages.py compile   # .po -> .mo (the package ships the .mo files)
    python tools/messages.py check     # exit 1 on a missing, fuzzy or unbalanced translation, or a stale .mo

Messages are English literals wrapped in ``_()`` (see ``tapekit/_base/i18n.py``; ``N_()`` marks one that is
translated later, where it is used); placeholders are ``str.format`` names, ``{name}``, and must be the
same set in both languages.
"""

from __future__ import annotations

import datetime
import io
import pathlib
import string
import sys

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tapekit"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "tapekit.pot"
LANGUAGES = ("zh_CN",)
KEYWORDS = {"_": None, "N_": None}  # N_: marked where defined, translated by _() where used
METHOD_MAP = [("**/locale/**", "ignore"), ("**.py", "python")]


def po_path(language: str) -> pathlib.Path:
    return LOCALE / language / "LC_MESSAGES" / "tapekit.po"


def extract() -> Catalog:
    """Every ``_("...")`` literal in the package, with where it is used."""
    # A fixed date keeps the catalogues' headers (and so their merges) quiet.
    catalog = Catalog(project="tapekit", version="0.1.0", charset="utf-8",
                      creation_date=datetime.datetime(2026, 11, 1, tzinfo=datetime.timezone.utc))
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), METHOD_MAP, keywords=KEYWORDS, comment_tags=("i18n:",), strip_comment_tags=True,
            directory_filter=package_folder):
        catalog.add(message, None, [(f"tapekit/{filename}", lineno)], auto_comments=comments, context=context,
                    flags=("python-brace-format",) if placeholders(message) else ())
    return catalog


def package_folder(path: str) -> bool:
    """Babel's default skips folders named ``_*``: tapekit's private packages (_base, _core, _api) hold messages."""
    name = pathlib.Path(path).name
    return not name.startswith(".") and name != "__pycache__"


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a ``str.format`` string (``{{`` is a literal brace)."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def read(path: pathlib.Path) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f)


def write(catalog: Catalog, path: pathlib.Path, locations: bool = False) -> None:
    """Sorted by msgid, without source locations by default, so that concurrent edits merge cleanly."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, no_location=not locations)
    path.write_bytes(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def problems() -> list[str]:
    """What ``check`` complains about, one line each."""
    found = []
    wanted = extract()
    for language in LANGUAGES:
        path = po_path(language)
        catalog = read(path)
        for message in wanted:
            if not message.id:
                continue
            have = catalog.get(message.id, context=message.context)
            where = ", ".join(f"{f}:{n}" for f, n in message.locations)
            if have is None or not have.string:
                found.append(f"{language}: no translation of {message.id!r} ({where})")
            elif have.fuzzy:
                found.append(f"{language}: fuzzy translation of {message.id!r} ({where})")
            elif placeholders(message.id) != placeholders(have.string):
                found.append(f"{language}: placeholders differ for {message.id!r}: "
                             f"{sorted(placeholders(message.id))} vs {sorted(placeholders(have.string))}")
        mo = path.with_suffix(".mo")
        if not mo.exists():
            found.append(f"{language}: {mo.relative_to(ROOT)} missing (run tools/messages.py compile)")
        else:
            with open(mo, "rb") as f:
                shipped = {m.id: m.string for m in read_mo(f) if m.id}
            if shipped != {m.id: m.string for m in catalog if m.id and not m.fuzzy}:
                found.append(f"{language}: {mo.relative_to(ROOT)} is stale (run tools/messages.py compile)")
    return found


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "extract":
        write(extract(), TEMPLATE, locations=True)
    elif command == "update":
        template = extract()
        for language in LANGUAGES:
            catalog = read(po_path(language))
            catalog.update(template, no_fuzzy_matching=True)
            write(catalog, po_path(language))
    elif command == "compile":
        for language in LANGUAGES:
            catalog = read(po_path(language))
            po_path(language).with_suffix(".mo").write_bytes(compiled(catalog))
    elif command == "check":
        found = problems()
        print("\n".join(found) or "catalogues complete")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
