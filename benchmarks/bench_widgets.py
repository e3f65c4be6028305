"""Tape player benchmark: kernel-side build time for a 200-op tape, and browser frame rate while playing.

    python benchmarks/bench_widgets.py            # both (browser part needs playwright + /usr/bin/chromium)
    python benchmarks/bench_widgets.py --no-browser

Targets (issue 4): build <= 1 s, playback >= 30 fps. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import tapekit as tk  # noqa: E402
from tapekit.widgets import TapePlayer, build_frames  # noqa: E402
from tapekit.widgets.assets import read_asset  # noqa: E402


def tape_with_ops(n_ops=200):
    """A persistent tape with ``n_ops`` recorded (non-read) ops: a chain of Mul/AddV2 on two variables."""
    w = tk.Variable([0.5, -1.0, 2.0], name="w")
    b = tk.Variable([0.1, 0.2, 0.3], name="b")
    with tk.GradientTape(persistent=True) as tape:
        y = tk.constant([1.0, 2.0, 3.0])
        for _ in range(n_ops // 2):
            y = y * w + b
    return tape, y, [w, b]


def bench_build(repeats=5):
    times, player = [], None
    for _ in range(repeats):
        tape, y, sources = tape_with_ops()
        t0 = time.perf_counter()
        player = TapePlayer(tape, target=y, sources=sources)
        times.append(time.perf_counter() - t0)
    ops = sum(n["kind"] == "op" for n in player.model_data.nodes)
    tape, y, sources = tape_with_ops()
    tape.gradient(y, sources)
    t0 = time.perf_counter()
    build_frames(tape.events)
    model_s = time.perf_counter() - t0
    return {"ops": ops, "frames": player.n_frames, "layout": player.layout_engine,
            "build_s_median": statistics.median(times), "frame_model_s": model_s}, player


def bench_browser(player, seconds=3.0, chromium="/usr/bin/chromium"):
    from playwright.sync_api import sync_playwright

    data = {"svg": player.svg, "graph": player.graph, "frames": player.frames, "frame": 0, "fps": 2.0,
            "title": "bench"}
    fake_model = """
      const data = DATA; const handlers = {};
      const model = { get: (k) => data[k], set: (k, v) => { data[k] = v; },
        save_changes: () => {}, on: (e, f) => { handlers[e] = f; }, off: () => {} };
    """.replace("DATA", json.dumps(data))
    results = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_content("<html><body><div id='host'></div></body></html>")
        page.add_style_tag(content=read_asset("player.css"))
        page.evaluate("""async ([js, fake]) => {
            const url = URL.createObjectURL(new Blob([js], {type: 'text/javascript'}));
            const mod = await import(url);
            const model = new Function(fake + '; return model;')();
            mod.default.render({model, el: document.getElementById('host')});
        }""", [read_asset("player.js"), fake_model])
        for label, speed in (("max", "0"), ("60 fps setting", "60")):
            page.select_option(".tkp-speed", speed)
            page.click(".tkp-btn[data-act=first]")
            start = int(page.get_attribute(".tkp-root", "data-rendered"))
            page.click(".tkp-btn[data-act=play]")
            page.wait_for_timeout(seconds * 1000)
            end = int(page.get_attribute(".tkp-root", "data-rendered"))
            page.click(".tkp-btn[data-act=play]")
            results[label] = (end - start - 1) / seconds
        t0 = time.perf_counter()
        page.evaluate("() => { const s = document.querySelector('.tkp-slider');"
                      " for (let i = 0; i < 200; i++) { s.value = String((i * 37) % Number(s.max));"
                      " s.dispatchEvent(new Event('input')); } }")
        results["random seek ms/frame"] = (time.perf_counter() - t0) * 1000 / 200
        browser.close()
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    build, player = bench_build()
    print(f"player build (200-op tape): {build['build_s_median'] * 1000:.0f} ms median "
          f"({build['ops']} op nodes, {build['frames']} frames, layout by {build['layout']}; "
          f"frame model alone {build['frame_model_s'] * 1000:.1f} ms)  target <= 1000 ms")
    if not args.no_browser:
        for label, value in bench_browser(player).items():
            unit = "" if "ms" in label else " fps"
            print(f"browser playback [{label}]: {value:.1f}{unit}" + ("  target >= 30 fps" if unit else ""))


if __name__ == "__main__":
    main()
