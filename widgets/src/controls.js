// The controls under the caption: first / back / play / forward / last, the slider with the
// timeline's markers under it, "next marker", what a step is (by group or by op) and the speed.
import { MARKER_COLOURS, SPEEDS } from "./constants.js";
import { h, s } from "./dom.js";

const ICONS = { first: "M5 4h2v16H5zM20 4v16L8 12z", back: "M18 4v16L6 12z", play: "M7 4v16l13-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z", forward: "M6 4v16l12-8z", last: "M17 4h2v16h-2zM4 4v16l12-8z" };

export function icon(name) {
  const g = s("svg", { viewBox: "0 0 24 24", width: 14, height: 14, "aria-hidden": "true" });
  g.append(s("path", { d: ICONS[name], fill: "currentColor" }));
  return g;
}

function button(act, tipText) {
  const b = h("button", "tkp-btn");
  b.append(icon(act));
  b.dataset.act = act; b.title = tipText; b.setAttribute("aria-label", tipText);
  return b;
}

function menu(cls, title, options) {
  const select = h("select", cls);
  select.title = title;
  select.setAttribute("aria-label", title);
  for (const [value, text] of options) {
    const o = h("option", "", text);
    o.value = String(value);
    select.append(o);
  }
  return select;
}

// last: the last frame's index; fps: the speed asked for; grouped: whether the tape has groups
export function makeControls(t, { last, fps, grouped }) {
  const controls = h("div", "tkp-controls");
  const bFirst = button("first", t("btn_first"));
  const bBack = button("back", t("btn_back"));
  const bPlay = button("play", t("btn_play"));
  const bFwd = button("forward", t("btn_forward"));
  const bLast = button("last", t("btn_last"));
  const slider = h("input", "tkp-slider");
  slider.type = "range"; slider.min = "0"; slider.max = String(last); slider.value = "0";
  slider.setAttribute("aria-label", t("slider"));
  const speed = menu("tkp-speed", t("speed_title"), SPEEDS.map((v) => [v, t("fps", { n: v })]));
  speed.setAttribute("aria-label", t("speed"));
  const wantedFps = fps || 2;
  speed.value = String(SPEEDS.includes(wantedFps) ? wantedFps : 2);
  const rate = h("span", "tkp-rate");
  // steps by group (one item of the view shown) or by frame; "by group" where there are groups
  const modeSel = menu("tkp-mode", t("mode_title"), ["groups", "ops"].map((m) => [m, t("mode_" + m)]));
  modeSel.value = grouped ? "groups" : "ops";
  modeSel.hidden = !grouped;
  const bMark = h("button", "tkp-btn tkp-next-mark", "⤼");
  bMark.title = t("next_marker"); bMark.setAttribute("aria-label", t("next_marker"));
  // the slider with the timeline's markers under it (same width: a marker sits under its frame)
  const track = h("div", "tkp-track");
  const timeline = h("div", "tkp-timeline");
  timeline.setAttribute("aria-label", t("timeline"));
  track.append(slider, timeline);
  controls.append(bFirst, bBack, bPlay, bFwd, bLast, track, bMark, modeSel, speed, rate);
  return { controls, icon, bFirst, bBack, bPlay, bFwd, bLast, slider, speed, rate, modeSel, bMark, timeline, wantedFps };
}

// a lane per kind: markers at one frame do not hide each other
const LANES = { forward_end: 0, question: 0, group: 1, none: 2, broadcast: 3, fan_in: 4 };

// the markers ({frame, kind, id}) as ticks under their frames (one per ~5 px of a lane), and their
// kinds in the legend; describe(m): a tick's tooltip; jump(frame) on a click
export function fillTimeline(timeline, legend, marks, last, t, describe, jump) {
  const lastAt = {};
  const kinds = new Set();
  for (const m of marks) {
    const at = last ? m.frame / last : 0;
    const lane = LANES[m.kind];
    if (lastAt[lane] !== undefined && at - lastAt[lane] < 0.006) continue;
    lastAt[lane] = at;
    kinds.add(m.kind);
    const tick = h("button", "tkp-mk mk-" + m.kind);
    tick.style.left = (at * 100).toFixed(3) + "%";
    tick.style.top = lane * 5 + "px";
    tick.style.background = MARKER_COLOURS[m.kind];
    tick.dataset.frame = String(m.frame);
    tick.title = describe(m);
    tick.setAttribute("aria-label", tick.title);
    tick.onclick = () => jump(m.frame);
    timeline.append(tick);
  }
  for (const kind of ["forward_end", "group", "none", "broadcast", "fan_in", "question"]) {
    if (!kinds.has(kind)) continue;
    const item = h("span", "tkp-lg tkp-lg-mark");
    const swatch = h("i", "tkp-mark-swatch");
    swatch.style.background = MARKER_COLOURS[kind];
    item.append(swatch, document.createTextNode(t("marker_" + kind)));
    legend.append(item);
  }
}
