"""The player's front end as built: the bundle anywidget loads is made from widgets/src/ and the
sizes the browser and the Python layout share come from one file (widgets/constants.json).
The front end's pure functions have Node tests of their own (widgets/test/, `npm test`)."""

from __future__ import annotations

import json
import re

from tapekit.widgets import model, views
from tapekit.widgets.assets import frontend_dir, read_asset


def test_the_layout_and_the_browser_read_one_table_of_sizes():
    shared = json.loads(read_asset("constants.json"))
    assert views.LINE == shared["line"] and views.BUDGET == shared["budget"]
    assert views.node_size("tensor", ["w", "1×8 · float32", "[1 2]"]) == (128, 61)   # as widgets/test/text.test.mjs
    assert views.node_size("group", views.group_lines({"label": "iterations 1–10", "ops": 36})) == (160, 44)
    # the ops whose gradient is summed over broadcast axes: the timeline's "broadcast sum" markers
    assert set(shared["broadcasting"]) == model.BROADCASTING


def test_the_bundle_is_built_from_the_modules_and_has_no_constants_of_its_own():
    js = read_asset("player.js")
    sources = sorted(p.name for p in (frontend_dir() / "src").glob("*.js"))
    for name in sources:
        assert f"// src/{name}" in js, f"{name} is not in the bundle: run `npm run build` in widgets/"
    assert '"line": 17' in js or "line: 17" in js           # constants.json, inlined by esbuild
    assert not re.search(r"const LINE = \d", js)
