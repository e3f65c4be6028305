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
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ..i18n import _, hint_line
from .assets import read_asset

TEMPLATES = Path(__file__).resolve().parent / "templates"
_MATH = re.compile(r"\$|\\\(|\\\[|\\begin\{")


def _has_math(nb) -> bool:
    return any(cell.get("cell_type") == "markdown" and _MATH.search("".join(cell.get("source", "")))
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
