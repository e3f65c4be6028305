"""A bare page with the player's front end in Chromium (no Jupyter: a stand-in for anywidget's
model that keeps what the front end writes, e.g. ``answers``), and what the readability tests
measure: every visible text's box, its size on screen and the box it belongs to."""

from __future__ import annotations

import json

from tapekit.widgets.assets import read_asset


def player_data(player) -> dict:
    """The synced state a notebook would store (as JSON, so the page gets plain data)."""
    return json.loads(json.dumps({"graph": player.graph, "frames": player.frames, "frame": 0, "fps": player.fps,
                                  "title": player.title, "texts": player.texts, "answers": {}}))


def open_data(browser, data, width=1280, height=900, host_width=None):
    """A page with the player rendered into a host ``host_width`` px wide (default: the page's)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    style = f"width: {host_width}px;" if host_width else ""
    page.set_content(f"<html><body style='margin: 8px'><div id='host' style='{style}'></div></body></html>")
    page.add_style_tag(content=read_asset("player.css"))
    page.evaluate("""async ([js, data]) => {
        const mod = await import(URL.createObjectURL(new Blob([js], {type: 'text/javascript'})));
        window.tkpData = data;
        const model = { get: (k) => data[k], set: (k, v) => { data[k] = v; }, save_changes: () => {},
                        on: () => {}, off: () => {} };
        mod.default.render({model, el: document.getElementById('host')});
    }""", [read_asset("player.js"), data])
    page.wait_for_selector(".tkp-root[data-frame]")
    return page


def go_to(page, frame):
    page.evaluate("""(i) => { const s = document.querySelector('.tkp-slider'); s.value = String(i);
        s.dispatchEvent(new Event('input')); }""", frame)


def open_view(page, view_id, graph):
    """Open a view by clicking the collapsed groups on the way to it, from the top level."""
    chain = []
    vid = view_id
    while vid and vid != "root":
        chain.insert(0, vid)
        vid = graph["views"][vid]["parent"]
    page.evaluate("() => { const b = document.querySelector('.tkp-crumb:not(.tkp-crumb-here):not(.tkp-play-group)');"
                  " if (b) b.click(); }")
    for gid in chain:
        page.evaluate("""(gid) => { const g = document.querySelector(
            `.tkp-svg .tkp-view:not(.tkp-view-off) g.node.k-group[data-id="${gid}"]`);
            g.dispatchEvent(new MouseEvent('click', {bubbles: true})); }""", gid)
    assert page.get_attribute(".tkp-root", "data-view") == view_id


# every text drawn in the graph and visible in the drawing area: its box, its size on screen, its node's box
TEXTS_JS = """() => {
  const root = document.querySelector('.tkp-root');
  const scale = Number(root.dataset.scale);
  const stage = root.querySelector('.tkp-graph').getBoundingClientRect();
  const out = [];
  for (const el of root.querySelectorAll('.tkp-svg text')) {
    const style = getComputedStyle(el);
    if (!el.textContent || style.visibility === 'hidden' || !el.getClientRects().length) continue;
    if (el.closest('.tkp-view-off')) continue;     // a view kept in the drawing, not shown (src/viewcache.js)
    let hidden = style.display === 'none';
    for (let p = el.parentElement; p && p !== root; p = p.parentElement) {
      if (getComputedStyle(p).display === 'none') hidden = true;
    }
    if (hidden) continue;
    const b = el.getBoundingClientRect();
    if (b.right < stage.left || b.left > stage.right || b.bottom < stage.top || b.top > stage.bottom) continue;
    const g = el.closest('g.node');
    const shape = g && g.querySelector(':scope > rect:not(.stack), :scope > ellipse');
    const sb = shape && shape.getBoundingClientRect();
    out.push({ text: el.textContent, box: [b.left, b.top, b.right, b.bottom], px: parseFloat(style.fontSize) * scale,
               node: sb ? [sb.left, sb.top, sb.right, sb.bottom] : null, id: g ? g.dataset.id : null,
               condensed: el.hasAttribute('textLength') && !!g && !g.classList.contains('k-op') });
  }
  return { scale, view: root.dataset.view, frame: Number(root.dataset.frame), texts: out };
}"""


def readability(page) -> dict:
    """What is drawn now: overlapping text pairs, texts wider than their box, lines condensed to fit
    their box, the smallest text in px."""
    seen = page.evaluate(TEXTS_JS)
    texts = seen["texts"]
    overlaps, spills = [], []
    for k, a in enumerate(texts):
        for b in texts[k + 1:]:
            dx = min(a["box"][2], b["box"][2]) - max(a["box"][0], b["box"][0])
            dy = min(a["box"][3], b["box"][3]) - max(a["box"][1], b["box"][1])
            if dx > 1 and dy > 1:
                overlaps.append((a["text"], b["text"]))
        if a["node"] and (a["box"][0] < a["node"][0] - 1 or a["box"][2] > a["node"][2] + 1):
            spills.append(a["text"])
    # a tensor's or group's line the browser had to condense: the layout's width estimate was too small
    condensed = [t["text"] for t in texts if t["condensed"]]
    return {"view": seen["view"], "frame": seen["frame"], "scale": seen["scale"], "texts": len(texts),
            "overlaps": overlaps, "spills": spills, "condensed": condensed,
            "smallest": min((t["px"] for t in texts), default=None)}
