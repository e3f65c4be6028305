"""Export a notebook to one HTML page whose TapePlayers play offline.

    python -m tapekit.widgets.export lesson.ipynb              # writes lesson.html beside it
    python -m tapekit.widgets.export lesson.ipynb -o page.html

``jupyter nbconvert --to html`` plays saved widgets with ipywidgets' standard embedding, which
loads require.js, @jupyter-widgets/html-manager and each widget's module from CDNs when the page
opens. This page instead carries a small embedder (``widgets/embed.js``) that renders every
anywidget view (the TapePlayer among them) from the saved widget state, whose ``_esm``/``_css``
are the widget's own front end: nothing comes from the network. The notebook must have been
saved with its widget state (docs/PLAYER.md, "Saved widget state"). The same template works
with nbconvert itself: ``jupyter nbconvert --to html --template tapekit
--TemplateExporter.extra_template_basedirs=<TEMPLATES>`` (embed.js then comes from
``resources``, so prefer this module).

Math in the markdown cells (``$…$``, ``$$…$$``, ``\\(…\\)``, ``\\[…\\]``) is turned into MathML when the
page is made (``latex2mathml``, from PyPI, in the ``lessons`` extra), which browsers draw
themselves: no MathJax, no network. A formula it cannot convert stays TeX, and only then does the
page load MathJax (from its CDN, as nbconvert does).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from .._base.i18n import _, hint_line
from .assets import read_asset

TEMPLATES = Path(__file__).resolve().parent / "templates"
_CODE = re.compile(r"(```.*?```|`[^`\n]*`)", re.S)      # code is never math
_FORMULA = re.compile(r"\$\$(?P<block>.+?)\$\$|\\\[(?P<block2>.+?)\\\]|\\\((?P<inline2>.+?)\\\)"
                      r"|(?<![\\$\w])\$(?!\s)(?P<inline>[^$\n]+?)(?<!\s)\$(?![\w$])", re.S)


_TEX = re.compile(_FORMULA.pattern + r"|\\begin\{", re.S)


def mathml_markdown(text: str) -> str:
    """``text`` with its TeX formulas as MathML (a formula latex2mathml cannot read stays TeX)."""
    try:
        from latex2mathml.converter import convert
    except ImportError:        # without it the page falls back to MathJax from its CDN
        return text

    def formula(match):
        tex = next(v for v in match.groupdict().values() if v is not None)
        display = "block" if match.group("block") is not None or match.group("block2") is not None else "inline"
        try:
            return convert(tex.strip(), display=display)
        except Exception:      # latex2mathml raises many types for TeX it does not know
            return match.group(0)

    parts = _CODE.split(text)
    parts[::2] = [_FORMULA.sub(formula, part) for part in parts[::2]]
    return "".join(parts)


def with_mathml(nb):
    """A copy of ``nb`` whose markdown cells carry MathML instead of TeX."""
    import copy

    nb = copy.deepcopy(nb)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            cell["source"] = mathml_markdown("".join(cell.get("source", "")))
    return nb


def _has_math(nb) -> bool:
    """Whether a markdown cell still holds TeX (after ``with_mathml``: a formula it could not convert)."""
    return any(cell.get("cell_type") == "markdown" and _TEX.search("".join(_CODE.split(cell.get("source", ""))[::2]))
               for cell in nb.get("cells", []))


def export_html(notebook, output: str | Path | None = None) -> str:
    """HTML of ``notebook`` (a path or an nbformat node) with its widgets playing offline.

    Writes it to ``output`` when given. Raises ``ValueError`` when the notebook holds no saved
    widget state (its players would show their static picture only; see docs/PLAYER.md).
    """
    import nbformat
    from nbconvert import HTMLExporter

    path = Path(notebook) if isinstance(notebook, (str, Path)) else None
    nb = nbformat.read(path, as_version=4) if path is not None else notebook
    if not (nb.get("metadata", {}).get("widgets") or {}).get("application/vnd.jupyter.widget-state+json"):
        raise ValueError("The notebook has no saved widget state (metadata.widgets), so no widget can "
                         "play in the page."
                         + hint_line(_("execute it with nbclient's store_widget_state=True (see docs/PLAYER.md, "
                                       "'Saved widget state'), or in JupyterLab turn on Settings > Save Widget State "
                                       "Automatically and save.")))
    nb = with_mathml(nb)
    script = read_asset("embed.js")
    if "</script" in script.lower():
        raise RuntimeError("embed.js must not contain '</script'")
    exporter = HTMLExporter(template_name="tapekit", extra_template_basedirs=[str(TEMPLATES)])
    name = path.stem if path is not None else "notebook"
    resources = {"metadata": {"name": name, "path": str(path.parent) if path is not None else ""},
                 "tapekit_embed_js": script, "tapekit_has_math": _has_math(nb)}
    body, _resources = exporter.from_notebook_node(nb, resources=resources)
    if output is not None:
        Path(output).write_text(body, encoding="utf-8")
    return body


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tapekit.widgets.export", description=__doc__.splitlines()[0])
    parser.add_argument("notebook", help="a notebook saved with its widget state")
    parser.add_argument("-o", "--output", help="the HTML file to write (default: beside the notebook)")
    options = parser.parse_args(argv)
    output = Path(options.output) if options.output else Path(options.notebook).with_suffix(".html")
    try:
        export_html(options.notebook, output)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
