"""Real-browser tests of the player's core in JupyterLab 4 (Playwright + Debian's Chromium).

tests/browser/player_core.ipynb is run in a JupyterLab on 127.0.0.1; the tests assert on the
DOM: what the picture says (the edge from a non-trainable variable, a constant's value, names
of intermediates), readability (text >= 12 px, nothing cut off, contrast >= 4.5:1), groups that
open on click, and they record step/slider timings (asserted in benchmarks/bench_widgets.py,
not here). Skipped when Chromium, Playwright or JupyterLab are missing, unless
TAPEKIT_BROWSER_TESTS=1 (set by .ci/run). Screenshots and timings go to test-artifacts/.
"""

import json
import shutil

import pytest
from kernelfree import ARTIFACTS, CHROMIUM, HERE, TOKEN

NOTEBOOK = "player_core.ipynb"
# the view shown: the player keeps the views it drew (and the next one) in the drawing, out of sight
SHOWN = ".tkp-view:not(.tkp-view-off)"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def lab(lab_server):
    """The session's JupyterLab (conftest.py), with this module's notebook in its root."""
    base, root = lab_server
    shutil.copy(HERE / NOTEBOOK, root / NOTEBOOK)
    return base, root


@pytest.fixture(scope="module")
def page(lab):
    from playwright.sync_api import sync_playwright

    base, _ = lab
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        pg = browser.new_page(viewport={"width": 1400, "height": 1000})
        errors = []
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.goto(f"{base}/lab/workspaces/core/tree/{NOTEBOOK}?reset&token={TOKEN}", timeout=90_000)
        pg.wait_for_function("window.jupyterapp && document.querySelector('.jp-Notebook')", timeout=90_000)
        pg.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                             " const k = w && w.sessionContext && w.sessionContext.session"
                             " && w.sessionContext.session.kernel; return k && k.status === 'idle'; }",
                             timeout=90_000)
        pg.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        try:
            pg.wait_for_function("document.querySelectorAll('.tkp-root').length >= 4", timeout=180_000)
        except Exception:
            ARTIFACTS.mkdir(exist_ok=True)
            pg.screenshot(path=str(ARTIFACTS / "player-failed.png"), full_page=True)
            text = pg.evaluate("Array.from(document.querySelectorAll('.jp-OutputArea-output'))"
                               ".map(o => o.innerText).join('\\n---\\n')")
            pytest.fail(f"the players did not render within 180 s. Outputs:\n{text}\nPage errors: {errors}")
        pg.errors = errors
        yield pg
        browser.close()


def player(pg, index):
    """The ``index``-th player's root, scrolled into view (JupyterLab renders cells lazily)."""
    loc = pg.locator(".tkp-root").nth(index)
    loc.scroll_into_view_if_needed()
    return loc


def _last(root):
    root.locator(".tkp-btn[data-act=last]").click()


def _shot(loc, name):
    ARTIFACTS.mkdir(exist_ok=True)
    loc.screenshot(path=str(ARTIFACTS / name))


# what a student reads: every text element's size, colour and backdrop, computed by the browser
READABILITY_JS = """(root) => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(',').map(Number); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 }; };
  const over = (top, under) => ({ r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a), a: 1 });
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = (c) => 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const htmlBackground = (el) => { const stack = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c.a > 0) stack.push(c);
      if (c && c.a === 1) break; }
    return stack.reverse().reduce((acc, c) => over(c, acc), { r: 255, g: 255, b: 255, a: 1 }); };
  const svgBackground = (t) => {
    const holder = t.closest('g.node, g.tkp-badge, g.cluster');
    let base = htmlBackground(t.closest('.tkp-graph'));
    const cluster = t.closest('g.cluster');
    if (cluster) { const c = parse(getComputedStyle(cluster.querySelector('rect')).fill); if (c) base = over(c, base); }
    if (holder && !cluster) {
      const shape = holder.querySelector(':scope > rect:not(.stack), :scope > ellipse, :scope > rect');
      const c = shape && parse(getComputedStyle(shape).fill); if (c) base = over(c, base); }
    return base; };
  const stage = root.querySelector('.tkp-graph').getBoundingClientRect();
  const out = [];
  for (const t of root.querySelectorAll('*')) {
    const own = Array.from(t.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const st = getComputedStyle(t);
    if (st.visibility === 'hidden' || st.display === 'none') continue;
    const box = t.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    let opacity = 1;
    for (let n = t; n && n !== root.parentElement; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
    if (opacity < 0.05) continue;
    const isSvg = t instanceof SVGElement;
    const outside = box.right < stage.left || box.left > stage.right
      || box.bottom < stage.top || box.top > stage.bottom;
    if (isSvg && outside) continue;
    const size = isSvg ? parseFloat(st.fontSize) * t.getScreenCTM().a : parseFloat(st.fontSize);
    const bg = isSvg ? svgBackground(t) : htmlBackground(t);
    let fg = parse(isSvg ? st.fill : st.color);
    if (!fg) continue;
    fg = over({ ...fg, a: fg.a * opacity }, bg);
    out.push({ text: t.textContent.trim().slice(0, 40), tag: t.tagName, size: Math.round(size * 10) / 10,
      contrast: Math.round(ratio(fg, bg) * 100) / 100, cls: (t.getAttribute('class') || '') + ' < ' +
      ((t.parentNode && t.parentNode.getAttribute && t.parentNode.getAttribute('class')) || '') });
  }
  return out;
}"""

CLIPPED_JS = """(root) => {
  const stage = root.querySelector('.tkp-graph').getBoundingClientRect();
  const cut = [];
  for (const g of root.querySelectorAll('.tkp-svg g.node, .tkp-svg g.tkp-badge, .tkp-svg g.cluster')) {
    if (getComputedStyle(g).visibility === 'hidden' || g.closest('.tkp-view-off')) continue;   // a view kept, not shown
    const b = g.getBoundingClientRect();
    if (!b.width) continue;
    if (b.left < stage.left - 1 || b.right > stage.right + 1 || b.top < stage.top - 1 || b.bottom > stage.bottom + 1)
      cut.push({ id: g.getAttribute('data-id') || g.textContent.slice(0, 30), left: b.left - stage.left,
        right: stage.right - b.right, top: b.top - stage.top, bottom: stage.bottom - b.bottom });
  }
  return cut;
}"""


def _node(root, name):
    """The drawn node whose first line is ``name``."""
    return root.locator("g.node", has=root.page.locator("text.l0", has_text=name)).first


def test_lesson_graph_edge_from_frozen_variable_constant_value_and_names(page):
    root = player(page, 0)
    _last(root)
    frozen = root.locator("g.node.r-frozen")
    assert frozen.count() == 1
    assert frozen.locator("text.l0").text_content() == "fuel_rate"
    assert "not watched" in frozen.text_content()
    texts = root.locator(".tkp-svg text").all_text_contents()
    assert "distance" in texts and "fuel" in texts, texts            # names of intermediates, from the code
    assert "2.5" in texts or "hours" in texts                        # the constant: its name and value
    hours = _node(root, "hours")
    assert "2.5" in hours.text_content()
    assert "10.0" in _node(root, "distance").text_content()          # every value shown
    row = root.locator(".tkp-row", has_text="fuel_rate")
    assert "not watched" in row.text_content() and "None" in row.text_content()
    _shot(root, "player-lesson-graph.png")


def test_the_frozen_variables_edge_is_drawn(page):
    root = player(page, 0)
    fid = root.locator("g.node.r-frozen").get_attribute("data-id")
    graph = page.evaluate("""(root) => { const out = {};
        for (const e of root.querySelectorAll('g.edge'))
          out[e.getAttribute('data-edges')] = e.querySelector('path').getAttribute('d');
        return out; }""", root.element_handle())
    edges = list(graph)
    assert graph
    # read the model's edge list from the page: the widget keeps it on the DOM as data-edges; the
    # one from fuel_rate goes into the second Mul, slot 1
    mul_inputs = [e for e in edges if e.endswith(":i1")]
    assert mul_inputs, edges
    box_frozen = root.locator(f"g.node[data-id='{fid}']").bounding_box()
    starts = []
    for ids in mul_inputs:
        d = graph[ids]
        x, y = (float(v) for v in d[1:].split("C")[0].split())
        starts.append((x, y))
    # the edge starts at the frozen variable's box (in layout units: compare through the SVG's CTM)
    near = page.evaluate("""([root, fid, starts]) => {
        const m = root.querySelector('.tkp-svg .tkp-camera').getScreenCTM();
        const b = root.querySelector(`g.node[data-id='${fid}']`).getBoundingClientRect();
        return starts.some(([x, y]) => { const px = x * m.a + m.e, py = y * m.d + m.f;
          return px >= b.left - 12 && px <= b.right + 12 && py >= b.top - 12 && py <= b.bottom + 12; }); }""",
                         [root.element_handle(), fid, starts])
    assert box_frozen and near, "an edge leaves the non-trainable variable's box"


def test_text_is_at_least_12_px_with_aa_contrast_and_nothing_is_clipped(page):
    root = player(page, 0)
    for frame_button in ("first", "forward", "forward", "forward", "last"):
        root.locator(f".tkp-btn[data-act={frame_button}]").click()
        items = page.evaluate(READABILITY_JS, root.element_handle())
        assert items, "no text found"
        small = [i for i in items if i["size"] < 12]
        assert not small, small[:5]
        low = [i for i in items if i["contrast"] < 4.5]
        assert not low, low[:5]
        cut = page.evaluate(CLIPPED_JS, root.element_handle())
        assert not cut, cut[:5]
    scale = float(root.get_attribute("data-scale"))
    assert scale >= 1.0, "a small tape is drawn at least at its natural size"
    fill = page.evaluate("""(root) => { const s = root.querySelector('.tkp-graph').getBoundingClientRect();
        const g = root.querySelector('.tkp-svg .tkp-view:not(.tkp-view-off) .tkp-nodes').getBoundingClientRect();
        return Math.max(g.width / s.width, g.height / s.height); }""", root.element_handle())
    assert fill > 0.6, f"the graph fills the drawing area ({fill:.2f} of it)"


def test_tooltip_near_the_bottom_stays_inside(page):
    root = player(page, 0)
    stage = root.locator(".tkp-graph").bounding_box()
    nodes = root.locator("g.node")
    lowest = max(range(nodes.count()), key=lambda k: (nodes.nth(k).bounding_box() or {"y": -1})["y"])
    box = nodes.nth(lowest).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 3)
    tip = root.locator(".tkp-tip")
    tip.wait_for(state="visible", timeout=5_000)
    tb = tip.bounding_box()
    assert tb["y"] + tb["height"] <= stage["y"] + stage["height"] + 1
    assert tb["x"] + tb["width"] <= stage["x"] + stage["width"] + 1
    page.mouse.move(0, 0)


def test_markup_names_stay_text_and_none_cause_is_shown(page):
    root = player(page, 1)
    _last(root)
    none_row = root.locator(".tkp-row.g-none")
    assert none_row.count() == 1
    assert "not watched" in none_row.text_content()
    assert "watch" in root.locator(".tkp-why-row:not([hidden]) .tkp-why").first.text_content().lower()
    assert "<img src=x onerror=alert(1)>" in root.locator(".tkp-row").first.text_content()
    # no injected <img>: the only images are the static pictures (an output of their own, hidden here)
    assert page.evaluate("document.querySelectorAll('.jp-OutputArea img:not(.tkp-picture), .tkp-root img')"
                         ".length") == 0
    assert root.locator(".tkp-badge.b-none").count() >= 1
    assert not page.errors, page.errors


def test_loop_is_grouped_opens_on_click_and_the_camera_follows(page):
    root = player(page, 2)
    assert root.get_attribute("data-view") == "root"
    groups = root.locator(f"{SHOWN} g.node.k-group")
    assert groups.count() == 10, "100 iterations: ten runs of ten"
    labels = root.locator(f"{SHOWN} g.node.k-group text.l0").all_text_contents()
    assert labels[0] == "iterations 1–10" and labels[-1] == "iterations 91–100"
    items = page.evaluate(READABILITY_JS, root.element_handle())
    assert not [i for i in items if i["size"] < 12], "readable at the default zoom, at the level of its groups"
    _shot(root, "player-loop-300-default.png")
    _last(root)                      # the end of the backward pass, then look inside a run
    _shot(root, "player-loop-300-default-end.png")
    groups.nth(3).click()
    assert root.get_attribute("data-view") != "root"
    assert "iterations 31–40" in root.locator(".tkp-crumbs").text_content()
    ops = root.locator(f"{SHOWN} g.node.k-op")
    assert ops.count() == 30, "one click shows the ops of ten iterations"
    clusters = root.locator(f"{SHOWN} g.cluster text").all_text_contents()
    assert clusters[:2] == ["iteration 31", "iteration 32"]
    _shot(root, "player-loop-300-open.png")
    root.locator(".tkp-crumb", has_text="whole tape").click()
    assert root.get_attribute("data-view") == "root"
    # by group (the default for a grouped tape), a step at the top level is one group and the camera stays
    assert root.get_attribute("data-mode") == "groups"
    root.locator(".tkp-btn[data-act=first]").click()
    steps = 0
    while root.get_attribute("data-phase") == "forward" and steps < 40:
        root.locator(".tkp-btn[data-act=forward]").click()
        steps += 1
    # the forward pass of 300 ops (~600 frames) in a few steps: the reads, ten runs of ten iterations, the end
    assert root.get_attribute("data-view") == "root" and steps <= 20, steps
    # by op: the camera enters the group of the active op
    root.locator(".tkp-mode").select_option("ops")
    root.locator(".tkp-btn[data-act=first]").click()
    for _ in range(6):
        root.locator(".tkp-btn[data-act=forward]").click()
    assert root.get_attribute("data-view") != "root", "stepping into the loop opens its group"
    active = page.evaluate("""(root) => { const f = root.querySelector('.tkp-view:not(.tkp-view-off) g.node.hot');
        if (!f) return null;
        const b = f.getBoundingClientRect(), s = root.querySelector('.tkp-graph').getBoundingClientRect();
        return b.left >= s.left && b.right <= s.right && b.top >= s.top && b.bottom <= s.bottom; }""",
                           root.element_handle())
    assert active, "the active op is in sight"
    assert root.locator(".tkp-minimap").is_visible() or root.locator(".tkp-crumbs").is_visible()


def test_step_and_slider_timings_are_recorded(page):
    root = player(page, 3)
    root.locator(".tkp-btn[data-act=first]").click()
    step = page.evaluate("""async (root) => {
        const fwd = root.querySelector('.tkp-btn[data-act=forward]'), t = [];
        for (let i = 0; i < 200; i++) {
          await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));   // a step a frame
          const t0 = performance.now(); fwd.click(); root.getBoundingClientRect();
          t.push(performance.now() - t0); }
        t.sort((a, b) => a - b); return { median: t[100], p95: t[190], max: t[199] }; }""", root.element_handle())
    jump = page.evaluate("""(root) => {
        const s = root.querySelector('.tkp-slider'), max = Number(s.max), t = [];
        for (let i = 0; i < 100; i++) { const t0 = performance.now(); s.value = String((i * 7919) % max);
          s.dispatchEvent(new Event('input')); root.getBoundingClientRect(); t.push(performance.now() - t0); }
        t.sort((a, b) => a - b); return { median: t[50], p95: t[95], max: t[99] }; }""", root.element_handle())
    frames = int(root.locator(".tkp-slider").get_attribute("max")) + 1
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "player-timings.json").write_text(json.dumps({"frames": frames, "step_ms": step, "jump_ms": jump},
                                                               indent=2))
    assert frames > 4000 and step["median"] > 0 and jump["median"] > 0
    assert not page.errors, page.errors
