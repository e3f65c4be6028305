// src/dom.js
var SVGNS = "http://www.w3.org/2000/svg";
function h(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== void 0 && text !== null) node.textContent = String(text);
  return node;
}
function s(tag, attrs, text) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== void 0 && text !== null) node.textContent = String(text);
  return node;
}
function setOnce(el, name, value) {
  if (el.getAttribute(name) !== String(value)) el.setAttribute(name, value);
}

// player-live.css
var player_live_default = `/* tapekit TapePlayer: the rules only the live player needs (the timeline, the question panel, the
   overview, the menus). Kept out of player.css, which the static picture embeds (lessons' saved
   outputs stay byte-identical): src/main.js adds these to the page itself (esbuild inlines this
   file as text). */
/* a long caption (the last frame's list of gradients) scrolls: the controls stay on screen */
.tkp-root .tkp-caption { max-height: 6.2em; overflow-y: auto; }
.tkp-table-below > .tkp-side { margin-top: 10px; max-height: 420px; }
.tkp-root .tkp-slider { flex: none; width: 100%; margin: 0; display: block; }
.tkp-track { flex: 1 1 auto; min-width: 120px; display: flex; flex-direction: column; gap: 2px; }
/* the timeline's markers: one tick per event worth jumping to, under its frame on the slider; the
   timeline is contained, so its ticks never re-lay out the page */
.tkp-timeline { position: relative; height: 24px; margin: 0 8px; contain: strict; }
.tkp-mk { position: absolute; top: 0; width: 4px; height: 4px; margin-left: -2px; padding: 0; border: 0; border-radius: 2px;
  cursor: pointer; opacity: .85; }
.tkp-mk:hover, .tkp-mk:focus-visible { opacity: 1; transform: scaleX(1.8); outline: 1px solid var(--tkp-ink); }
.tkp-lg i.tkp-mark-swatch { width: 4px; border: 0; height: 12px; border-radius: 2px; }
.tkp-mode { height: 30px; border: 1px solid #cbd5e1; border-radius: 7px; background: #fff; color: var(--tkp-ink); font-size: 13px; }
.tkp-next-mark { font-size: 16px; }
.tkp-play-group { color: var(--tkp-op-ink); font-weight: 600; }
.tkp-zoom button.tkp-map { font-size: 12px; padding: 0 6px; color: #334155; }
.tkp-zoom button.tkp-map.on { background: var(--tkp-op-bg); border-color: var(--tkp-op); color: var(--tkp-op-ink); }
/* the question mode: asks before a frame, checks the answer in the browser */
.tkp-ask { margin: 0 0 8px; padding: 8px 10px; border: 2px solid var(--tkp-active); border-radius: 10px; background: #fff7ed; }
.tkp-ask-prompt { font-weight: 600; margin-bottom: 6px; }
.tkp-ask-form { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.tkp-ask-input { flex: 1 1 220px; height: 28px; padding: 0 8px; border: 1px solid #94a3b8; border-radius: 6px;
  font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
.tkp-ask-choice { margin-right: 10px; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
.tkp-ask-btn { height: 30px; padding: 0 12px; border: 1px solid #cbd5e1; border-radius: 7px; background: #fff; cursor: pointer;
  font-size: 13px; color: var(--tkp-ink); }
.tkp-ask-check { background: var(--tkp-op); border-color: var(--tkp-op); color: #fff; }
.tkp-ask-result { margin-top: 6px; min-height: 18px; font-size: 13.5px; }
.tkp-ask-result.right { color: var(--tkp-grad-ink); font-weight: 600; }
.tkp-ask-result.right::before { content: "\u2713 "; }
.tkp-ask-result.wrong { color: var(--tkp-none-ink); font-weight: 600; }
.tkp-ask-result.wrong::before { content: "\u2717 "; }
.tkp-ask-answer { margin-top: 4px; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; color: #334155; }
/* the overview (src/main.js): drawn too small to read, nodes show no text, groups their labels */
.tkp-overview g.node text, .tkp-overview g.cluster text.cl-label, .tkp-overview .tkp-labels { display: none; }
.tkp .tkp-overview-labels text { fill: var(--tkp-op-ink); font-weight: 600; paint-order: stroke; stroke: #fff; stroke-width: 3px;
  stroke-linejoin: round; vector-effect: non-scaling-stroke; }
`;

// src/i18n.js
function translator(texts) {
  return (key, fields) => {
    let text = texts[key] === void 0 ? key : String(texts[key]);
    for (const [k, v] of Object.entries(fields || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  };
}
function causeLabeler(graph, texts) {
  return (c) => ((graph.causes || {})[c] || {}).label || (texts.causes || {})[c] || String(c || "").replace(/_/g, " ");
}

// constants.json
var constants_default = {
  _doc: "Sizes shared by the Python layout (tapekit/widgets/views.py) and the browser (src/constants.js): one place. `px_per_unit`: the width the layout gives one character cell of a node's title line and of its other lines (a CJK character is two cells); the browser measures each text and never lets one spill out of its box (src/fit.js).",
  line: 17,
  label_chars: 24,
  group_label_chars: 30,
  budget: 40,
  font: {
    title: 14,
    text: 13,
    mono: 12.5,
    op: 16,
    stub: 12.5,
    cluster: 13,
    badge: 12.5
  },
  pad: {
    tensor: 18,
    group: 34,
    stub: 20,
    op: 18,
    text: 8
  },
  round_to: 16,
  min_font_px: 11,
  smallest_font: 12.5,
  scale: {
    min: 1,
    max: 1.75
  },
  stage: {
    min: 260,
    max: 620,
    pad: 24
  },
  checkpoint: {
    every: 64,
    entries: 4e6
  },
  speeds: [
    0.5,
    1,
    2,
    4,
    8,
    15,
    30,
    60
  ],
  follow_seconds: 60,
  broadcasting: [
    "AddV2",
    "Add",
    "Sub",
    "Mul",
    "RealDiv",
    "Div",
    "DivNoNan",
    "MulNoNan",
    "Maximum",
    "Minimum",
    "Pow",
    "SquaredDifference",
    "FloorDiv",
    "FloorMod",
    "Atan2",
    "Xdivy",
    "Xlogy",
    "BiasAdd",
    "BroadcastTo",
    "SelectV2"
  ],
  markers: {
    forward_end: "#0369a1",
    group: "#6d28d9",
    none: "#b91c1c",
    broadcast: "#b45309",
    fan_in: "#0f766e",
    question: "#be185d"
  },
  px_per_unit: {
    title: 8.4,
    text: 7.9,
    op: 9,
    stub: 8,
    badge: 7.6
  },
  families: {
    sans: "Inter, Helvetica, Arial, sans-serif",
    mono: "ui-monospace, Menlo, Consolas, monospace"
  }
};

// src/constants.js
var LINE = constants_default.line;
var LABEL_CHARS = constants_default.label_chars;
var GROUP_LABEL_CHARS = constants_default.group_label_chars;
var FONT = constants_default.font;
var PX_PER_UNIT = constants_default.px_per_unit;
var PAD = constants_default.pad;
var ROUND_TO = constants_default.round_to;
var MIN_FONT_PX = constants_default.min_font_px;
var SMALLEST_FONT = constants_default.smallest_font;
var MIN_SCALE = constants_default.scale.min;
var MAX_SCALE = constants_default.scale.max;
var STAGE_MIN = constants_default.stage.min;
var STAGE_MAX = constants_default.stage.max;
var STAGE_PAD = constants_default.stage.pad;
var CHECKPOINT = constants_default.checkpoint.every;
var CHECKPOINT_ENTRIES = constants_default.checkpoint.entries;
var SPEEDS = constants_default.speeds;
var FOLLOW_SECONDS = constants_default.follow_seconds;
var BROADCASTING = new Set(constants_default.broadcasting);
var MARKER_COLOURS = constants_default.markers;
var G_RANK = { active: 6, none: 5, acc: 4, grad: 3, stopped: 2, done: 1, zero: 1, unasked: 0, wait: 0 };
var FAMILIES = constants_default.families;

// src/replay.js
function expandFrames(raw) {
  if (!raw.length || !Array.isArray(raw[0])) return raw;
  return raw.map(([phase, caption, where, flat2, hot, focus, all]) => {
    const set = {};
    for (let i = 0; i < flat2.length; ) {
      const id = flat2[i], n = flat2[i + 1], change = {};
      for (let j = 0; j < n; j++) change[flat2[i + 2 + 2 * j]] = flat2[i + 3 + 2 * j];
      set[id] = change;
      i += 2 + 2 * n;
    }
    return { phase: phase === "b" ? "backward" : "forward", caption, where, set, hot, focus, all };
  });
}
function applyFrame(state, f) {
  if (f.all) for (const [k, v] of state) state.set(k, { ...v, ...f.all });
  for (const [k, ch] of Object.entries(f.set || {})) state.set(k, { ...state.get(k) || {}, ...ch });
}
var Replay = class {
  // ids: every node, edge and group id; frames: expanded frames
  constructor(ids, frames) {
    this.frames = frames;
    this.initial = /* @__PURE__ */ new Map();
    for (const id of ids) this.initial.set(id, { s: "hidden", g: null });
    this.every = Math.max(CHECKPOINT, Math.ceil(frames.length * this.initial.size / CHECKPOINT_ENTRIES));
    this.checkpoints = [];
    const state = new Map(this.initial);
    frames.forEach((f, i) => {
      applyFrame(state, f);
      if (i % this.every === 0) this.checkpoints.push(new Map(state));
    });
  }
  stateAt(i) {
    const base = Math.floor(i / this.every);
    const state = new Map(this.checkpoints[base]);
    for (let j = base * this.every + 1; j <= i; j++) applyFrame(state, this.frames[j]);
    return state;
  }
};
function edgeState(state, ids) {
  if (ids.length === 1) return state.get(ids[0]) || {};
  let best = null;
  for (const id of ids) {
    const st = state.get(id) || {};
    if (!best || st.s !== "hidden" && best.s === "hidden" || (G_RANK[st.g] || -1) > (G_RANK[best.g] || -1)) best = st;
  }
  return best || {};
}
function classesOf(kind, st, hot) {
  let c = kind + " s-" + (st && st.s || "hidden");
  if (st && st.g) c += " g-" + st.g;
  if (st && st.p) c += " partial";
  if (hot) c += " hot";
  return c;
}

// src/text.js
var WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
function textUnits(text) {
  let units = 0;
  for (const ch of String(text)) units += WIDE.test(ch) ? 2 : 1;
  return units;
}
function clip(text, n) {
  text = String(text);
  return text.length <= n ? text : text.slice(0, n - 1) + "\u2026";
}
function shapeText(shape, t) {
  if (shape === null || shape === void 0) return "?";
  if (!shape.length) return t("scalar");
  return shape.map((d) => d === null ? "?" : String(d)).join("\xD7");
}
function shapeTuple(shape, t) {
  if (shape === null || shape === void 0) return t("unknown");
  return "(" + shape.map((d) => d === null ? "None" : String(d)).join(", ") + (shape.length === 1 ? ",)" : ")");
}
function tensorLines(n, value, t) {
  const scalar = Array.isArray(n.shape) && n.shape.length === 0;
  const meta = scalar ? n.dtype || "" : shapeText(n.shape, t) + (n.dtype ? " \xB7 " + n.dtype : "");
  const has = value !== null && value !== void 0;
  if (n.name === null && has && (n.role === "const" || n.role === "output")) {
    if (n.role === "const") return [clip(value, LABEL_CHARS), meta];
    return [clip(n.label, LABEL_CHARS), meta, clip(value, LABEL_CHARS)];
  }
  const lines = [clip(n.label, LABEL_CHARS), meta];
  if (has) lines.push(clip(value, LABEL_CHARS));
  if (n.role === "frozen") lines.push(t("not_watched"));
  return lines;
}
function groupLines(g, t) {
  const lines = [clip(g.label, GROUP_LABEL_CHARS), t(g.ops === 1 ? "group_ops_one" : "group_ops_many", { n: g.ops })];
  if (g.where) lines.push(g.where);
  return lines;
}
function opLine(n) {
  return n.symbol && String(n.symbol).length <= 10 ? n.symbol : clip(n.type || "op", 16);
}

// src/styling.js
function gradientText(st, t) {
  if (!st) return "";
  if (st.g === "none") return t("cell_none");
  if (st.g === "zero") return "0 \xB7 " + (st.gv || t("zeros"));
  if (st.g === "unasked") return t("not_asked");
  if (st.gv) return (st.g === "acc" ? "\u03A3 " : "") + (st.p ? t("partial", { value: st.gv, part: st.p }) : st.gv);
  return "";
}
function elementState(e, state) {
  if (e.kind === "edge") return edgeState(state, e.ids);
  if (e.kind === "stub") {
    const src = state.get(e.ids[0]) || {};
    return { s: src.s === "hidden" ? "hidden" : "value", g: src.g };
  }
  return state.get(e.ids[0]) || {};
}
function elementClass(e, st, hot, nodes) {
  const base = e.kind === "edge" ? "edge" : e.kind === "cluster" ? "cluster" : "node k-" + e.kind;
  const cls = classesOf(base, st, hot);
  if (e.kind === "edge" || e.kind === "cluster") return cls;
  const n = nodes.get(e.ids[0]);
  return n && n.role ? cls + " r-" + n.role : cls;
}
function elementLines(e, st, nodes, groups, t) {
  if (e.kind === "op") return [opLine(nodes.get(e.ids[0]))];
  if (e.kind === "stub") return ["\u21AA " + clip((nodes.get(e.ids[0]) || {}).label || e.ids[0], 16)];
  if (e.kind === "group") return groupLines(groups.get(e.ids[0]), t);
  const n = nodes.get(e.ids[0]);
  return tensorLines(n, st.v || n.value, t);
}

// src/table.js
function fillTable(table, graph, nodes, t, causeLabel, onRow) {
  const sources = new Set(graph.sources || []);
  const rows = /* @__PURE__ */ new Map();
  const rowIds = [...graph.watched || []];
  for (const id of graph.sources || []) if (!rowIds.includes(id)) rowIds.push(id);
  for (const n of graph.nodes || []) if (n.role === "frozen" && !rowIds.includes(n.id)) rowIds.push(n.id);
  for (const id of rowIds) {
    const n = nodes.get(id) || { id, label: id, name: null };
    const tr = h("tr", "tkp-row");
    tr.dataset.id = id;
    const name = h("td", "tkp-name");
    name.append(h("span", "tkp-name-text", n.label || id));
    if (n.role === "frozen") name.append(h("span", "tkp-tag tkp-tag-off", t("not_watched")));
    else if (n.variable) name.append(h("span", "tkp-tag", t("tag_variable")));
    else if (n.watched) name.append(h("span", "tkp-tag", t("tag_watched")));
    else name.append(h("span", "tkp-tag tkp-tag-off", t("not_watched")));
    if (sources.has(id)) name.append(h("span", "tkp-tag tkp-tag-src", t("tag_source")));
    name.append(h("div", "tkp-meta", t("meta_shape", { shape: shapeTuple(n.shape, t) }) + (n.dtype ? " \xB7 " + n.dtype : "")));
    const value = h("td", "tkp-val");
    const grad = h("td", "tkp-grad");
    tr.append(name, value, grad);
    const whyRow = h("tr", "tkp-why-row");
    const why = h("td", "tkp-why");
    why.colSpan = 3;
    whyRow.append(why);
    whyRow.hidden = true;
    table.append(tr, whyRow);
    rows.set(id, { tr, value, grad, why, whyRow });
    tr.addEventListener("click", () => onRow(id));
  }
  for (const r of graph.results || []) {
    if (nodes.has(r.source)) continue;
    const tr = h("tr", "tkp-row" + (r.cause ? " g-none" : " g-grad"));
    const name = h("td", "tkp-name");
    name.append(h("span", "tkp-name-text", r.name || r.source), h("span", "tkp-tag tkp-tag-src", t("tag_source")));
    name.append(h("div", "tkp-meta", t("meta_shape", { shape: shapeTuple(r.shape, t) }) + (r.dtype ? " \xB7 " + r.dtype : "")));
    const grad = r.cause ? t("cell_none_cause", { cause: causeLabel(r.cause) }) : r.value;
    tr.append(name, h("td", "tkp-val", "\u2014"), h("td", "tkp-grad", grad));
    table.append(tr);
    if (r.cause && r.message) {
      const whyRow = h("tr", "tkp-why-row");
      const why = h("td", "tkp-why", r.message);
      why.colSpan = 3;
      whyRow.append(why);
      table.append(whyRow);
    }
  }
  return rows;
}
function updateRows(rows, state, hot, nodes, t, gradText, causeLabel) {
  for (const [id, r] of rows) {
    const st = state.get(id) || {};
    const n = nodes.get(id) || {};
    const explain = (st.g === "none" || st.g === "unasked" || st.g === "zero") && st.why;
    const look = [
      "tkp-row" + (st.s === "hidden" && !st.g ? " off" : "") + (hot.has(id) ? " hot" : "") + (st.g ? " g-" + st.g : "") + (st.p ? " partial" : ""),
      st.v || n.value || "",
      st.g === "none" ? st.cause ? t("cell_none_cause", { cause: causeLabel(st.cause) }) : t("cell_none") : st.g === "wait" ? t("cell_not_yet") : gradText(st),
      explain ? st.why : ""
    ];
    const was = r.look || [];
    if (was[0] !== look[0]) r.tr.className = look[0];
    if (was[1] !== look[1]) r.value.textContent = look[1];
    if (was[2] !== look[2]) r.grad.textContent = look[2];
    if (was[3] !== look[3]) {
      r.whyRow.hidden = !explain;
      r.why.textContent = look[3];
    }
    r.look = look;
  }
}

// src/controls.js
var ICONS = {
  first: "M5 4h2v16H5zM20 4v16L8 12z",
  back: "M18 4v16L6 12z",
  play: "M7 4v16l13-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  forward: "M6 4v16l12-8z",
  last: "M17 4h2v16h-2zM4 4v16l12-8z"
};
function icon(name) {
  const g = s("svg", { viewBox: "0 0 24 24", width: 14, height: 14, "aria-hidden": "true" });
  g.append(s("path", { d: ICONS[name], fill: "currentColor" }));
  return g;
}
function button(act, tipText) {
  const b = h("button", "tkp-btn");
  b.append(icon(act));
  b.dataset.act = act;
  b.title = tipText;
  b.setAttribute("aria-label", tipText);
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
function makeControls(t, { last, fps, grouped }) {
  const controls = h("div", "tkp-controls");
  const bFirst = button("first", t("btn_first"));
  const bBack = button("back", t("btn_back"));
  const bPlay = button("play", t("btn_play"));
  const bFwd = button("forward", t("btn_forward"));
  const bLast = button("last", t("btn_last"));
  const slider = h("input", "tkp-slider");
  slider.type = "range";
  slider.min = "0";
  slider.max = String(last);
  slider.value = "0";
  slider.setAttribute("aria-label", t("slider"));
  const speed = menu("tkp-speed", t("speed_title"), SPEEDS.map((v) => [v, t("fps", { n: v })]));
  speed.setAttribute("aria-label", t("speed"));
  const wantedFps = fps || 2;
  speed.value = String(SPEEDS.includes(wantedFps) ? wantedFps : 2);
  const rate = h("span", "tkp-rate");
  const modeSel = menu("tkp-mode", t("mode_title"), ["groups", "ops"].map((m) => [m, t("mode_" + m)]));
  modeSel.value = grouped ? "groups" : "ops";
  modeSel.hidden = !grouped;
  const bMark = h("button", "tkp-btn tkp-next-mark", "\u293C");
  bMark.title = t("next_marker");
  bMark.setAttribute("aria-label", t("next_marker"));
  const track = h("div", "tkp-track");
  const timeline = h("div", "tkp-timeline");
  timeline.setAttribute("aria-label", t("timeline"));
  track.append(slider, timeline);
  controls.append(bFirst, bBack, bPlay, bFwd, bLast, track, bMark, modeSel, speed, rate);
  return { controls, icon, bFirst, bBack, bPlay, bFwd, bLast, slider, speed, rate, modeSel, bMark, timeline, wantedFps };
}
var LANES = { forward_end: 0, question: 0, group: 1, none: 2, broadcast: 3, fan_in: 4 };
function fillTimeline(timeline, legend, marks, last, t, describe, jump) {
  const lastAt = {};
  const kinds = /* @__PURE__ */ new Set();
  for (const m of marks) {
    const at = last ? m.frame / last : 0;
    const lane = LANES[m.kind];
    if (lastAt[lane] !== void 0 && at - lastAt[lane] < 6e-3) continue;
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

// src/viewcache.js
var OFF = "tkp-view-off";
var FAST = "tkp-fast";
var AWAY = "translate(-100000 -100000)";
function hide(group) {
  group.classList.add(OFF);
  group.setAttribute("transform", AWAY);
}
function reveal(group) {
  group.classList.remove(OFF);
  group.removeAttribute("transform");
}
var ViewShelf = class {
  constructor(layer, miniLayer, limit = 2) {
    this.layer = layer;
    this.miniLayer = miniLayer;
    this.limit = limit;
    this.attached = [];
    this.shown = null;
    this.fast = false;
  }
  // quick steps drop the fades (player.css `.tkp-fast *`): the class is set on the view shown only,
  // since toggling it restyles every element below it, and is left as it is on the hidden ones
  setFast(on) {
    this.fast = on;
    if (this.shown) this.shown.group.classList.toggle(FAST, on);
  }
  // put a built view ({group, miniGroup}) in the drawing, hidden unless it is the one shown
  attach(view) {
    const k = this.attached.indexOf(view);
    if (k >= 0) this.attached.splice(k, 1);
    this.attached.push(view);
    if (!view.group.isConnected) {
      if (view !== this.shown) {
        hide(view.group);
        hide(view.miniGroup);
      }
      this.layer.append(view.group);
      this.miniLayer.insertBefore(view.miniGroup, this.miniLayer.lastChild);
    }
    while (this.attached.length > this.limit) {
      const old = this.attached.find((v) => v !== this.shown && v !== view);
      if (!old) break;
      this.attached.splice(this.attached.indexOf(old), 1);
      old.group.remove();
      old.miniGroup.remove();
    }
  }
  show(view) {
    const previous = this.shown;
    this.shown = view;
    this.attach(view);
    if (previous && previous !== view) {
      hide(previous.group);
      hide(previous.miniGroup);
    }
    view.group.classList.toggle(FAST, this.fast);
    reveal(view.group);
    reveal(view.miniGroup);
  }
};

// src/skeleton.js
function head(t, title) {
  const box = h("div", "tkp-head");
  const phase = h("span", "tkp-phase", t("phase_forward"));
  const counter = h("span", "tkp-counter");
  box.append(h("span", "tkp-title", title), phase, counter);
  return { head: box, phase, counter };
}
function notesBanner(notes) {
  const box = h("div", "tkp-notes-banner");
  for (const text of notes) box.append(h("div", "tkp-note", "\u26A0 " + text));
  box.hidden = !notes.length;
  return box;
}
function navBar(t) {
  const nav = h("div", "tkp-nav");
  const crumbs = h("span", "tkp-crumbs");
  const followLabel = h("label", "tkp-follow");
  const followBox = h("input");
  followBox.type = "checkbox";
  followBox.checked = true;
  followLabel.append(followBox, document.createTextNode(" " + t("follow")));
  const bGroup = h("button", "tkp-crumb tkp-play-group", t("play_group"));
  bGroup.title = t("play_group_title");
  nav.append(crumbs, bGroup, followLabel);
  return { nav, crumbs, followBox, bGroup };
}
function button2(cls, text, title) {
  const b = h("button", cls, text);
  b.title = title;
  return b;
}
function stageArea(t) {
  const stage = h("div", "tkp-graph");
  const svg = s("svg", { class: "tkp-svg", role: "img" });
  const layerViews = s("g", { class: "tkp-views" });
  const layerBadges = s("g", { class: "tkp-labels" });
  const layerOverview = s("g", { class: "tkp-overview-labels" });
  const camera = s("g", { class: "tkp-camera" });
  camera.append(layerViews, layerBadges, layerOverview);
  svg.append(camera);
  const tip = h("div", "tkp-tip");
  tip.hidden = true;
  const zoom = h("div", "tkp-zoom");
  const zin = button2("", "+", t("zoom_in")), zout = button2("", "\u2212", t("zoom_out"));
  const zfit = button2("", t("fit"), t("fit_title")), zmap = button2("tkp-map", t("map"), t("map_title"));
  zoom.append(zin, zout, zfit, zmap);
  const mini = h("div", "tkp-minimap");
  const miniSvg = s("svg", { class: "tkp-mini-svg" });
  const miniView = s("rect", { class: "tkp-mini-view" });
  miniSvg.append(miniView);
  mini.append(miniSvg);
  mini.title = t("overview");
  stage.append(svg, tip, zoom, mini);
  return {
    stage,
    svg,
    camera,
    layerViews,
    layerBadges,
    layerOverview,
    tip,
    zin,
    zout,
    zfit,
    zmap,
    mini,
    miniSvg,
    miniView
  };
}
function sideTable(t) {
  const side = h("aside", "tkp-side");
  side.append(h("div", "tkp-side-title", t("side_title")));
  const table = h("table", "tkp-table");
  const thead = h("tr");
  for (const c of ["col_name", "col_value", "col_gradient"]) thead.append(h("th", "", t(c)));
  table.append(thead);
  side.append(table);
  return { side, table };
}
function legendBar(t) {
  const legend = h("div", "tkp-legend");
  for (const cls of [
    "lg-var",
    "lg-frozen",
    "lg-const",
    "lg-value",
    "lg-grad",
    "lg-acc",
    "lg-wait",
    "lg-none",
    "lg-group"
  ]) {
    const item = h("span", "tkp-lg");
    item.append(h("i", cls), document.createTextNode(t("legend_" + cls.slice(3))));
    legend.append(item);
  }
  return legend;
}
function makeSkeleton(t, { title, language, notes }) {
  const root = h("div", "tkp tkp-root");
  if (language) root.lang = language;
  root.tabIndex = 0;
  const area = stageArea(t);
  const table = sideTable(t);
  const body = h("div", "tkp-body");
  body.append(area.stage, table.side);
  const caption = h("div", "tkp-caption");
  const where = h("span", "tkp-where");
  const ctext = h("span", "tkp-text");
  caption.append(where, ctext);
  const askBox = h("div", "tkp-ask");
  askBox.hidden = true;
  return {
    root,
    ...head(t, title),
    notes: notesBanner(notes),
    ...navBar(t),
    body,
    ...area,
    ...table,
    caption,
    where,
    ctext,
    legend: legendBar(t),
    askBox
  };
}

// src/state.js
function initialState({ mode = "ops", fps = 2 } = {}) {
  return {
    frame: -1,
    view: null,
    camera: [0, 0, 100, 100],
    follow: true,
    mode,
    fps,
    speedTouched: false,
    playing: false,
    playRange: null,
    clock: null,
    asking: null,
    passed: /* @__PURE__ */ new Set(),
    minimap: true
  };
}
var clampFrame = (i, last) => Math.max(0, Math.min(last, i | 0));
var stepTo = (state, i, last) => ({ ...state, frame: clampFrame(i, last) });
var enterView = (state, id) => ({ ...state, view: id });
var following = (state, on) => ({ ...state, follow: !!on });
var moveCamera = (state, camera) => ({ ...state, camera });
var playEnd = (state, last) => state.playRange ? state.playRange[1] : last;
var byGroup = (state) => state.mode === "groups" && !state.playRange;
var withMode = (state, mode) => ({ ...state, mode });
var withSpeed = (state, fps, touched = state.speedTouched) => ({ ...state, fps, speedTouched: touched });
var play = (state, now, pos) => ({ ...state, playing: true, clock: { start: now, pos, shownAt: now } });
var pause = (state) => ({ ...state, playing: false, playRange: null, clock: null });
var restartClock = (state, now, pos) => ({ ...state, clock: { start: now, pos, shownAt: state.clock.shownAt } });
var rateShown = (state, now) => ({ ...state, clock: { ...state.clock, shownAt: now } });
var playGroup = (state, range2) => ({ ...state, playRange: range2 });
var askQuestion = (state, id) => ({ ...state, asking: id });
var passQuestion = (state, id) => ({ ...state, asking: null, passed: new Set(state.passed).add(id) });
var toggleMinimap = (state) => ({ ...state, minimap: !state.minimap });
function timelineJump(marks, frame) {
  const next = marks.find((m) => m.frame > frame);
  return next ? next.frame : null;
}

// src/geometry.js
function overlap(a, b) {
  const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return dx > 0 && dy > 0 ? dx * dy : 0;
}
var nodeBox = (p) => ({ x: p.x - p.w / 2, y: p.y - p.h / 2, w: p.w, h: p.h });
function badgeBox(x, y, text) {
  const width = textUnits(text) * PX_PER_UNIT.badge;
  return { x: x - width / 2 - 6, y: y - 15, w: width + 12, h: 21 };
}
function pathPoint(p, t) {
  if (!p || p.length < 8) return null;
  const segments = Math.floor((p.length - 2) / 6);
  const k = Math.min(segments - 1, Math.floor(t * segments)), u = t * segments - k, v = 1 - u;
  const [x0, y0, x1, y1, x2, y2, x3, y3] = p.slice(6 * k, 6 * k + 8);
  const a = v * v * v, b = 3 * v * v * u, c = 3 * v * u * u, d = u * u * u;
  return { x: a * x0 + b * x1 + c * x2 + d * x3, y: a * y0 + b * y1 + c * y2 + d * y3 };
}
function pathNumbers(d) {
  const n = (d || "").match(/-?\d+(\.\d+)?/g);
  return n && n.length >= 8 ? n.map(Number) : null;
}
function edgeSpots(nums) {
  const out = [];
  for (const t of [0.5, 0.3, 0.7, 0.15, 0.85]) {
    const p = pathPoint(nums, t);
    if (p) out.push([p.x, p.y - 6], [p.x, p.y + 17]);
  }
  const mid = pathPoint(nums, 0.5);
  if (mid) for (const [dx, dy] of [[0, -32], [0, 43], [36, -20], [36, 31], [-36, -20], [-36, 31]]) out.push([mid.x + dx, mid.y + dy]);
  return out;
}
function tensorSpots(p, text) {
  const half = textUnits(text) * PX_PER_UNIT.badge / 2 + 6;
  const below = p.y + p.h / 2 + 10, above = p.y - p.h / 2 - 2;
  const left = p.x - p.w / 2 + half, right = p.x + p.w / 2 - half;
  return [
    [p.x, below],
    [p.x, above],
    [p.x + p.w / 2 + half + 2, p.y + 5],
    [p.x - p.w / 2 - half - 2, p.y + 5],
    [p.x + p.w / 2, below],
    [p.x - p.w / 2, below],
    [p.x + p.w / 2, above],
    [p.x - p.w / 2, above],
    // clear of the box's row: neighbours beside it leave no room for a wide badge hanging from it
    [p.x, below + 14],
    [left, below + 14],
    [right, below + 14],
    [p.x, above - 14],
    [left, above - 14],
    [right, above - 14]
  ];
}
function inside(b, area) {
  const x = Math.min(Math.max(b.x, area.x + 2), area.x + area.w - 2 - b.w);
  const y = Math.min(Math.max(b.y, area.y + 2), area.y + area.h - 2 - b.h);
  return { x, y, w: b.w, h: b.h };
}
function freeSpot(spots, text, obstacles, area) {
  for (const [x, y] of spots) {
    const b = area ? inside(badgeBox(x, y, text), area) : badgeBox(x, y, text);
    const box = { x: b.x - 3, y: b.y - 3, w: b.w + 6, h: b.h + 6 };
    if (!obstacles.some((o) => overlap(box, o) > 0)) return b;
  }
  return null;
}
var READABLE_SCALE = MIN_FONT_PX / SMALLEST_FONT;
function fitScale(layoutW, layoutH, stageW, stageH, pad) {
  const fit = Math.min(stageW / (layoutW + 2 * pad), stageH / (layoutH + 2 * pad));
  return { fit: Math.min(MAX_SCALE, fit), readable: fit >= READABLE_SCALE };
}
function minimapSpot(nodes, sw, sh, mw, mh, margin = 8) {
  for (const k of [1, 0.6]) {
    const w = mw * k, h2 = mh * k;
    const corners = [[sw - w - margin, sh - h2 - margin], [margin, sh - h2 - margin], [sw - w - margin, 48], [margin, margin]];
    for (const [x, y] of corners) {
      const box = { x: x - 4, y: y - 4, w: w + 8, h: h2 + 8 };
      if (!nodes.some((n) => overlap(box, n) > 0)) return { x, y, w, h: h2 };
    }
  }
  return null;
}
function placeBadges(wanted, fixed, area) {
  const placed = [], out = [];
  for (const { text, cls, nums, own } of wanted) {
    let obstacles = fixed, spots;
    if (own) {
      const mine = nodeBox(own);
      obstacles = fixed.filter((b) => b.x !== mine.x || b.y !== mine.y || b.w !== mine.w);
      obstacles.push({ x: mine.x + 9, y: mine.y + 9, w: Math.max(0, mine.w - 18), h: Math.max(0, mine.h - 18) });
      spots = tensorSpots(own, text);
    } else spots = edgeSpots(nums);
    const box = freeSpot(spots, text, obstacles.concat(placed), area);
    if (!box) continue;
    placed.push(box);
    out.push({ box, text, cls });
  }
  return out;
}

// src/camera.js
function clampViewBox(vb, w, h2, pad = STAGE_PAD) {
  const axis = (start, size, extent) => size >= extent + 2 * pad ? extent / 2 - size / 2 : Math.min(Math.max(start, -pad), extent + pad - size);
  return [axis(vb[0], vb[2], w), axis(vb[1], vb[3], h2), vb[2], vb[3]];
}
function stageHeight(w, h2, stageW) {
  const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, (stageW - 2 * STAGE_PAD) / w));
  return Math.round(Math.min(STAGE_MAX, Math.max(STAGE_MIN, h2 * scale + 2 * STAGE_PAD)));
}
function fitViewBox(w, h2, stageW, stageH, centre) {
  const fit = Math.min(stageW / (w + 2 * STAGE_PAD), stageH / (h2 + 2 * STAGE_PAD));
  const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, fit));
  const vw = stageW / scale, vh = stageH / scale;
  const c = scale > fit && centre ? centre : { x: w / 2, y: h2 / 2 };
  return [c.x - vw / 2, c.y - vh / 2, vw, vh];
}
function inViewBox(p, vb, margin = 12) {
  return p.x - p.w / 2 > vb[0] + margin && p.x + p.w / 2 < vb[0] + vb[2] - margin && p.y - p.h / 2 > vb[1] + margin && p.y + p.h / 2 < vb[1] + vb[3] - margin;
}
function zoomViewBox(vb, factor, view, stageW, cx, cy) {
  const [x, y, w, h2] = vb;
  cx = cx === void 0 ? x + w / 2 : cx;
  cy = cy === void 0 ? y + h2 / 2 : cy;
  const nw = Math.min(Math.max(view.w, view.h, stageW) * 3, Math.max(stageW / 6, w * factor));
  const k = nw / w;
  return [cx - (cx - x) * k, cy - (cy - y) * k, w * k, h2 * k];
}
var centreViewBox = (vb, p) => [p.x - vb[2] / 2, p.y - vb[3] / 2, vb[2], vb[3]];
var panViewBox = (start, dx, dy, perPx) => [start[0] - dx * perPx, start[1] - dy * perPx, start[2], start[3]];
function wholeViewBox(view, stageW, stageH) {
  const k = fitScale(view.w, view.h, stageW, stageH, 24).fit;
  const vw = stageW / k, vh = stageH / k;
  return [view.w / 2 - vw / 2, view.h / 2 - vh / 2, vw, vh];
}
function boxPoint(view, boxW, boxH, px, py) {
  const k = Math.min(boxW / view.w, boxH / view.h);
  const ox = (boxW - view.w * k) / 2, oy = (boxH - view.h * k) / 2;
  return { x: (px - ox) / k, y: (py - oy) / k };
}
var viewPoint = (vb, boxW, boxH, px, py) => ({ x: vb[0] + px / boxW * vb[2], y: vb[1] + py / boxH * vb[3] });
var GAP = 12;
var STAGE_BASIS = 700;
var SIDE_BASIS = 300;
var SIDE_MIN = 260;
function placement(options, layouts, bodyW) {
  const wrapped = bodyW < STAGE_BASIS + GAP + SIDE_BASIS;
  const beside = wrapped ? bodyW : bodyW - GAP - SIDE_MIN;
  const scaleAt = (k2, width) => Math.min(MAX_SCALE, (width - 48) / layouts[k2].w, (STAGE_MAX - 48) / layouts[k2].h);
  const best = (width) => options.reduce((b, k2) => scaleAt(k2, width) > scaleAt(b, width) + 0.02 ? k2 : b, options[0]);
  const usual = wrapped ? bodyW : STAGE_BASIS + (bodyW - STAGE_BASIS - GAP - SIDE_BASIS) / 2;
  const k = best(usual);
  if (wrapped || scaleAt(k, usual) >= MIN_SCALE) return { k, basis: "", side: "", below: wrapped };
  const narrow = best(beside);
  if (scaleAt(narrow, beside) >= MIN_SCALE) {
    return { k: narrow, basis: Math.ceil(layouts[narrow].w + 48) + "px", side: SIDE_MIN + "px" };
  }
  const full = best(bodyW);
  if (scaleAt(full, bodyW) >= MIN_SCALE) return { k: full, basis: "100%", side: "", below: true };
  return { k, basis: "", side: "" };
}

// src/fit.js
var context = null;
var widths = /* @__PURE__ */ new Map();
function lineFont(kind, j) {
  if (kind === "op") return `700 ${FONT.op}px ${FAMILIES.sans}`;
  if (kind === "stub") return `${FONT.stub}px ${FAMILIES.sans}`;
  if (j === 0) return `600 ${FONT.title}px ${FAMILIES.sans}`;
  if (kind === "tensor" && j <= 2) return `${FONT.mono}px ${FAMILIES.mono}`;
  return `${FONT.text}px ${FAMILIES.sans}`;
}
function measure(text, font) {
  const key = font + "\0" + text;
  let w = widths.get(key);
  if (w === void 0) {
    if (!context) context = document.createElement("canvas").getContext("2d");
    context.font = font;
    w = context.measureText(text).width;
    if (widths.size > 2e4) widths.clear();
    widths.set(key, w);
  }
  return w;
}
var room = (kind, w) => w - (kind === "op" ? PAD.op / 2 : PAD.text);
function fitLine(el, text, font, width) {
  if (text && measure(text, font) > width) {
    el.setAttribute("textLength", String(Math.max(1, Math.floor(width))));
    el.setAttribute("lengthAdjust", "spacingAndGlyphs");
  } else if (el.hasAttribute("textLength")) {
    el.removeAttribute("textLength");
    el.removeAttribute("lengthAdjust");
  }
}

// src/drawing.js
var append = (parent, items) => {
  parent.append(...items);
  return parent;
};
function drawCluster(gid, [x, y, w, h2], group) {
  const g = s("g", { class: "cluster k-" + group.kind, "data-id": gid });
  const label = clip(group.label, 40);
  const font = lineFont("cluster", 0);
  const text = s("text", { class: "cl-label", x: x + 10, y: y + 17 }, label);
  fitLine(text, label, font, w - 20);
  g.append(s("rect", { x, y, width: w, height: h2, rx: 10 }), text);
  const labelW = Math.min(w - 20, measure(label, font));
  return { g, kind: "cluster", ids: [gid], cls: null, rectW: w - 16, labelBox: { x: x + 8, y: y + 3, w: labelW + 4, h: 19 } };
}
function drawEdge(drawId, ids, [d, arrow]) {
  const g = s("g", { class: "edge", "data-id": drawId, "data-edges": ids.join(" ") });
  g.append(s("path", { d }));
  if (arrow) g.append(s("path", { class: "arrow", d: arrow }));
  return { g, kind: "edge", ids, cls: null, path: g.firstChild };
}
function shapeOf(kind, w, h2) {
  if (kind === "op") return [s("ellipse", { rx: w / 2, ry: h2 / 2 })];
  const box = (cls, dx, rx) => s("rect", {
    ...cls ? { class: cls } : {},
    x: -w / 2 + dx,
    y: -h2 / 2 + dx,
    width: w,
    height: h2,
    rx
  });
  if (kind === "group") return [box("stack", 5, 9), box(null, 0, 9)];
  return [box(null, 0, kind === "stub" ? 13 : 8)];
}
function drawNode(nid, kind, [x, y, w, h2], { nodes, groups, t }) {
  const g = s("g", { class: "node k-" + kind, "data-id": nid, transform: `translate(${x},${y})` });
  g.append(...shapeOf(kind, w, h2));
  const lineCount = kind === "op" || kind === "stub" ? 1 : kind === "group" ? groupLines(groups.get(nid), t).length : tensorLines(nodes.get(nid), nodes.get(nid).value, t).length;
  const top = -(lineCount - 1) * LINE / 2 + 5;
  const texts = [];
  for (let j = 0; j < lineCount; j++) texts.push(s("text", { class: "l" + j, y: top + LINE * j }));
  g.append(...texts);
  if (kind === "group") {
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", t("open_group", { label: (groups.get(nid) || {}).label }));
  }
  const modelId = kind === "stub" ? nid.slice(1).split("@")[0] : nid;
  return { g, kind, ids: [modelId], cls: null, texts, w, h: h2, drawId: nid, lastText: null };
}
function drawView(id, view, geo, ctx) {
  const elems = /* @__PURE__ */ new Map(), byModel = /* @__PURE__ */ new Map(), pos = /* @__PURE__ */ new Map();
  const keep = (drawId, e) => {
    elems.set(drawId, e);
    for (const mid of e.ids) {
      if (!byModel.has(mid)) byModel.set(mid, []);
      byModel.get(mid).push(e);
    }
    return e.g;
  };
  const clusters = view.clusters.map((gid, k) => keep(
    gid + "#cluster",
    drawCluster(gid, geo.clusters[k] || [0, 0, 0, 0], ctx.groups.get(gid) || { kind: "group", label: gid })
  ));
  const edges = view.edges.map(([drawId, ids], k) => keep(drawId, drawEdge(drawId, ids, geo.edges[k] || ["", null])));
  const drawn = view.nodes.map(([nid, kind], k) => {
    const [x, y, w, h2] = geo.nodes[k] || [0, 0, 40, 40];
    pos.set(nid, { x, y, w, h: h2 });
    return keep(nid, drawNode(nid, kind, [x, y, w, h2], ctx));
  });
  const group = append(s("g", { class: "tkp-view", "data-view": id }), [
    append(s("g", { class: "tkp-clusters" }), clusters),
    append(s("g", { class: "tkp-edges" }), edges),
    append(s("g", { class: "tkp-nodes" }), drawn)
  ]);
  const miniGroup = append(s("g", { class: "tkp-view" }), [...pos].map(([nid, p]) => s("rect", {
    class: "mini-" + elems.get(nid).kind,
    x: p.x - p.w / 2,
    y: p.y - p.h / 2,
    width: p.w,
    height: p.h,
    rx: 6
  })));
  return { elems, byModel, pos, group, miniGroup };
}

// src/structure.js
function groupChain(id, nodes, groups) {
  const out = [];
  const n = nodes.get(id);
  let gid = n ? n.group : groups.has(id) ? id : null;
  while (gid !== null && gid !== void 0 && groups.has(gid)) {
    out.push(gid);
    gid = groups.get(gid).parent;
  }
  return out;
}
function itemFinder(viewItems, nodes, groups) {
  const cache = /* @__PURE__ */ new Map();
  return (id) => {
    if (id === null || id === void 0) return null;
    if (cache.has(id)) return cache.get(id);
    let item = viewItems.has(id) ? id : null;
    if (item === null) item = groupChain(id, nodes, groups).find((g) => viewItems.has(g)) || null;
    cache.set(id, item);
    return item;
  };
}
function stepStops(frames, itemOf) {
  const key = (i) => {
    const item = itemOf(frames[i].focus);
    return item === null ? "" : item;
  };
  const stops = [];
  let here = frames.length ? key(0) : "";
  for (let i = 0; i < frames.length; i++) {
    const end = i === frames.length - 1;
    const next = end ? here : key(i + 1);
    if (i === 0 || end || next !== here || frames[i + 1].phase !== frames[i].phase) stops.push(i);
    here = next;
  }
  return stops;
}
function nextStop(stops, i, dir) {
  if (dir > 0) {
    for (const k of stops) if (k > i) return k;
    return i;
  }
  for (let j = stops.length - 1; j >= 0; j--) if (stops[j] < i) return stops[j];
  return 0;
}
function groupRange(frames, gid, phase, nodes, groups) {
  const inside2 = (id) => id === gid || groupChain(id, nodes, groups).includes(gid);
  for (const wanted of [phase, phase === "forward" ? "backward" : "forward"]) {
    let first = -1, last = -1;
    frames.forEach((f, i) => {
      if (f.phase === wanted && f.focus && inside2(f.focus)) {
        if (first < 0) first = i;
        last = i;
      }
    });
    if (first >= 0) return [first, last];
  }
  return null;
}
function elements(shape) {
  return Array.isArray(shape) ? shape.reduce((a, d) => a * (d === null ? 1 : d), 1) : null;
}
function markers(frames, graph, topItemOf) {
  const nodes = new Map((graph.nodes || []).map((n) => [n.id, n]));
  const outShape = /* @__PURE__ */ new Map();
  for (const e of graph.edges || []) {
    const from = nodes.get(e.from), to = nodes.get(e.to);
    if (from && from.kind === "op" && to && e.slot === 0) outShape.set(from.id, to.shape);
  }
  const groupIds = new Set((graph.groups || []).map((g) => g.id));
  const out = [];
  let lastForward = -1, item;
  frames.forEach((f, i) => {
    if (f.phase === "forward") lastForward = i;
  });
  if (lastForward >= 0 && lastForward < frames.length - 1) out.push({ frame: lastForward, kind: "forward_end", id: null });
  frames.forEach((f, i) => {
    if (f.phase !== "backward") return;
    const top = topItemOf(f.focus);
    if (top !== null && top !== item && groupIds.has(top)) {
      item = top;
      out.push({ frame: i, kind: "group", id: top });
    }
    const op = nodes.get(f.focus);
    const seen = /* @__PURE__ */ new Set();
    for (const [id, ch] of Object.entries(f.set || {})) {
      const n = nodes.get(id);
      if (ch.g === "none" && !seen.has("none")) {
        seen.add("none");
        out.push({ frame: i, kind: "none", id });
      }
      if (!n || n.kind !== "tensor") continue;
      if (ch.g === "acc" && !seen.has("fan_in")) {
        seen.add("fan_in");
        out.push({ frame: i, kind: "fan_in", id });
      }
      if ((ch.g === "grad" || ch.g === "acc") && op && op.kind === "op" && BROADCASTING.has(op.type) && !seen.has("broadcast")) {
        const big = elements(outShape.get(op.id)), small = elements(n.shape);
        if (big !== null && small !== null && small < big) {
          seen.add("broadcast");
          out.push({ frame: i, kind: "broadcast", id });
        }
      }
    }
  });
  return out;
}
function fittingSpeed(steps, wanted) {
  const need = steps / FOLLOW_SECONDS;
  if (wanted >= need) return wanted;
  return SPEEDS.find((v) => v >= need) || SPEEDS[SPEEDS.length - 1];
}

// src/views.js
var rank = (basis) => basis === "100%" ? Infinity : parseFloat(basis) || 0;
function graphPlacer(ctx) {
  const { layouts } = ctx;
  const { root, body, side, stage, legend } = ctx.dom;
  let bodyW = 0;
  const bodyWidth = () => {
    if (!bodyW) bodyW = body.getBoundingClientRect().width;
    return bodyW || 1e3;
  };
  const placement2 = (v) => placement(v.layouts || [v.layout], layouts, bodyWidth());
  function tableBelow(on) {
    if (on === (side.parentNode === root)) return;
    if (on) root.insertBefore(side, legend.nextSibling);
    else body.append(side);
    root.classList.toggle("tkp-table-below", on);
  }
  function place(p, resized) {
    tableBelow(!!p.below);
    if (stage.style.flexBasis === p.basis && side.style.flexBasis === p.side) return;
    if (!resized && ctx.state.follow && rank(p.basis) <= rank(stage.style.flexBasis)) return;
    stage.style.flexBasis = p.basis;
    side.style.flexBasis = p.side;
    ctx.camera.forgetSize();
  }
  function widthChanged(w) {
    if (!w || Math.abs(w - bodyW) <= 1) return false;
    bodyW = w;
    return true;
  }
  return { placement: placement2, place, widthChanged };
}
function crumbBar(ctx, enter) {
  const { views, groups, t } = ctx;
  const { crumbs, nav, bGroup } = ctx.dom;
  return () => {
    crumbs.replaceChildren();
    const chain = [];
    for (let id = ctx.state.view; id; id = views[id] ? views[id].parent : null) chain.unshift(id);
    chain.forEach((id, k) => {
      const label = id === "root" ? t("whole_tape") : (groups.get(id) || {}).label || id;
      if (k === chain.length - 1) {
        crumbs.append(h("span", "tkp-crumb tkp-crumb-here", label));
        return;
      }
      const b = h("button", "tkp-crumb", label);
      b.onclick = () => enter(id);
      crumbs.append(b, h("span", "tkp-crumb-sep", "\u203A"));
    });
    nav.hidden = chain.length < 2 && Object.keys(views).length < 2;
    bGroup.hidden = !(views[ctx.state.view] && views[ctx.state.view].group);
  };
}
function prefetcher(ctx, { viewOf, build, isReady }) {
  const { frames, views } = ctx;
  let prefetching = false;
  function prepare(v) {
    ctx.shelf.attach(v);
    if (ctx.painter.values() && v !== ctx.view) for (const e of v.elems.values()) ctx.painter.styleElem(e);
  }
  return (i) => {
    if (prefetching) return;
    for (let j = i + 1; j < Math.min(frames.length, i + 80); j++) {
      const target = frames[j].focus && viewOf(frames[j].focus);
      if (!target || target === ctx.state.view || !views[target]) continue;
      if (isReady(target)) return;
      prefetching = true;
      const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 30));
      idle(() => {
        prefetching = false;
        prepare(build(target));
      });
      return;
    }
  };
}
function viewFinder({ views, nodes, edgesById }) {
  const owner = /* @__PURE__ */ new Map();
  for (const [vid, v] of Object.entries(views)) {
    for (const [nid, kind] of v.nodes) if (kind === "op" || kind === "tensor") owner.set(nid, vid);
  }
  const viewOf = (id) => {
    const n = nodes.get(id);
    if (n && n.view) return n.view;
    const e = edgesById.get(id);
    if (e) return viewOf(nodes.get(e.to) && nodes.get(e.to).kind === "op" ? e.to : e.from);
    return owner.get(id) || null;
  };
  return viewOf;
}
function itemsInView(ctx) {
  const finders = /* @__PURE__ */ new Map();
  return (id) => {
    const vid = ctx.state.view;
    if (!finders.has(vid)) finders.set(vid, itemFinder(new Set(ctx.view.v.nodes.map(([nid]) => nid)), ctx.nodes, ctx.groups));
    return finders.get(vid)(id);
  };
}
function viewManager(ctx) {
  const { views, layouts, nodes, groups, t } = ctx;
  const built = /* @__PURE__ */ new Map();
  const viewOf = viewFinder(ctx);
  const placer = graphPlacer(ctx);
  const keyOf = (id) => id + "#" + placer.placement(views[id]).k;
  function build(id) {
    const key = keyOf(id);
    if (!built.has(key)) {
      const geo = layouts[placer.placement(views[id]).k];
      built.set(key, { id, key, w: geo.w, h: geo.h, v: views[id], ...drawView(id, views[id], geo, { nodes, groups, t }) });
    }
    return built.get(key);
  }
  function open(id, keepCamera) {
    if (!views[id] || ctx.state.view === id) return;
    ctx.state = enterView(ctx.state, id);
    placer.place(placer.placement(views[id]));
    ctx.view = build(id);
    ctx.shelf.show(ctx.view);
    ctx.dom.root.dataset.view = id;
    drawCrumbs();
    ctx.camera.sizeStage();
    ctx.minimap.draw();
    if (!keepCamera) ctx.camera.fit(null);
    ctx.painter.restyleAll();
  }
  function enter(id) {
    ctx.setFollow(false);
    open(id);
  }
  const drawCrumbs = crumbBar(ctx, enter);
  function reveal2(id) {
    const target = viewOf(id);
    if (target && target !== ctx.state.view) open(target, true);
    if (!ctx.view || !ctx.view.pos.get(id)) return;
    if (ctx.state.view !== target) ctx.camera.fit(id);
    else ctx.camera.centreOn(ctx.view.pos.get(id));
  }
  function bodyResized(w) {
    if (!placer.widthChanged(w) || !ctx.view) return false;
    const p = placer.placement(ctx.view.v);
    placer.place(p, true);
    if (ctx.view.key !== ctx.state.view + "#" + p.k) {
      const id = ctx.state.view;
      ctx.state = enterView(ctx.state, null);
      open(id, true);
    }
    return true;
  }
  const isReady = (id) => {
    const v = built.get(keyOf(id));
    return !!(v && v.group.isConnected);
  };
  const prefetch = prefetcher(ctx, { viewOf, build, isReady });
  return { open, enter, viewOf, reveal: reveal2, itemInView: itemsInView(ctx), bodyResized, prefetch };
}

// src/overview.js
var LABEL_PX = 13;
function overviewLabels(blocks, scale, widthAt13) {
  const size = LABEL_PX / scale;
  const width = (text) => widthAt13(text) / LABEL_PX * size;
  const unit = width("m");
  const placed = [], out = [];
  for (const { x, y, w, label: whole } of [...blocks].sort((a, b) => b.w - a.w)) {
    if (whole === void 0 || whole === null) continue;
    let label = clip(whole, 40);
    if (width(label) > w && Math.floor(w / unit) >= 8) label = clip(label, Math.floor(w / unit));
    const box = { x, y, w: width(label), h: size * 1.3 };
    if (placed.some((b) => overlap(b, box) > 0)) continue;
    placed.push(box);
    out.push({ x, y, size, label });
  }
  return out;
}

// src/stage.js
function overviewLayer(ctx) {
  const { root, layerOverview } = ctx.dom;
  let drawnAt = null;
  return (scale) => {
    const on = scale < READABLE_SCALE - 1e-6;
    if (root.dataset.overview !== (on ? "1" : "0")) {
      root.classList.toggle("tkp-overview", on);
      root.dataset.overview = on ? "1" : "0";
    }
    const key = on ? ctx.state.view + "@" + scale.toFixed(3) : null;
    if (key === drawnAt) return;
    drawnAt = key;
    layerOverview.replaceChildren();
    if (!on) return;
    const blocks = [];
    for (const e of ctx.view.elems.values()) {
      const g = ctx.groups.get(e.ids[0]);
      if (e.kind === "cluster") blocks.push({ x: e.labelBox.x, y: e.labelBox.y, w: e.rectW, label: g && g.label });
      else if (e.kind === "group") {
        const p = ctx.view.pos.get(e.drawId);
        blocks.push({ x: p.x - p.w / 2 + 4, y: p.y - p.h / 2 + 2, w: p.w - 8, label: g && g.label });
      }
    }
    const font = lineFont("cluster", 0);
    for (const { x, y, size, label } of overviewLabels(blocks, scale, (text) => measure(text, font))) {
      layerOverview.append(s("text", { class: "ov-label", x, y: y + size, "font-size": size.toFixed(2) }, label));
    }
  };
}
function stageSizer(stage) {
  let box = null;
  return {
    size() {
      if (!box || !box.w) {
        const r = stage.getBoundingClientRect();
        box = { w: r.width, h: r.height };
      }
      return { w: box.w || 800, h: box.h || 440 };
    },
    forget() {
      box = null;
    },
    // set by the stage's height (sizeStage) or by the observer; true when the width changed
    set(w, h2) {
      const changed = !box || Math.abs(w - box.w) > 1;
      box = { w, h: h2 };
      return changed;
    }
  };
}
function watchSizes(ctx, sizer, refit) {
  if (typeof ResizeObserver === "undefined") return;
  new ResizeObserver((entries) => {
    const r = entries[entries.length - 1].contentRect;
    if (sizer.set(r.width, r.height) && ctx.view) refit();
  }).observe(ctx.dom.stage);
  new ResizeObserver((entries) => {
    if (ctx.viewer.bodyResized(entries[entries.length - 1].contentRect.width)) refit();
  }).observe(ctx.dom.body);
}
function stageCamera(ctx) {
  const { stage, svg, camera, root } = ctx.dom;
  const overview = overviewLayer(ctx);
  const sizer = stageSizer(stage);
  const size = () => sizer.size();
  function apply() {
    const vb = clampViewBox(ctx.state.camera, ctx.view.w, ctx.view.h);
    ctx.state = moveCamera(ctx.state, vb);
    const [x, y, w, hh] = vb.map((v) => Math.round(v * 10) / 10);
    setOnce(svg, "viewBox", `0 0 ${w} ${hh}`);
    setOnce(camera, "transform", `translate(${-x} ${-y})`);
    const scale = size().w / vb[2];
    if (root.dataset.scale !== String(scale)) root.dataset.scale = String(scale);
    overview(scale);
    ctx.minimap.update();
  }
  const moveTo = (vb) => {
    ctx.state = moveCamera(ctx.state, vb);
    apply();
  };
  function sizeStage() {
    const { w, h: now } = size();
    let want = stageHeight(ctx.view.w, ctx.view.h, w);
    if (ctx.state.follow && stage.style.height) want = Math.max(want, now);
    if (Math.abs(now - want) > 2) {
      stage.style.height = want + "px";
      sizer.set(w, want);
    }
  }
  function fit(centreOn2) {
    sizeStage();
    const { w, h: hh } = size();
    const view = ctx.view;
    const first = view.v.nodes.find(([, kind]) => kind !== "stub");
    moveTo(fitViewBox(view.w, view.h, w, hh, view.pos.get(centreOn2) || first && view.pos.get(first[0]) || null));
  }
  const centreOn = (p) => moveTo(centreViewBox(ctx.state.camera, p));
  function lookAt(id) {
    const p = ctx.view.pos.get(id);
    if (p && !inViewBox(p, ctx.state.camera)) centreOn(p);
  }
  function follow(focus) {
    if (!ctx.state.follow || !focus) return;
    if (byGroup(ctx.state)) {
      const item = ctx.viewer.itemInView(focus);
      if (item) lookAt(item);
      return;
    }
    const target = ctx.viewer.viewOf(focus);
    if (target && target !== ctx.state.view) {
      ctx.viewer.open(target, true);
      fit(focus);
      return;
    }
    lookAt(focus);
  }
  function zoomBy(factor, cx, cy) {
    moveTo(zoomViewBox(ctx.state.camera, factor, ctx.view, size().w, cx, cy));
    ctx.badges.draw();
  }
  watchSizes(ctx, sizer, () => {
    fit(ctx.focusNow());
    ctx.badges.draw();
  });
  const drag = dragToPan(ctx, moveTo);
  wireZoom(ctx, { zoomBy, size, moveTo });
  return { size, forgetSize: sizer.forget, apply, moveTo, sizeStage, fit, centreOn, lookAt, follow, dragging: drag.moved };
}
function dragToPan(ctx, moveTo) {
  const { svg, stage } = ctx.dom;
  let drag = null;
  svg.addEventListener("pointerdown", (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, vb: ctx.state.camera.slice(), moved: false, id: ev.pointerId };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    if (!drag.moved && Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) < 4) return;
    if (!drag.moved) {
      drag.moved = true;
      svg.setPointerCapture(drag.id);
      stage.classList.add("panning");
      ctx.setFollow(false);
    }
    const r = svg.getBoundingClientRect();
    moveTo(panViewBox(drag.vb, ev.clientX - drag.x, ev.clientY - drag.y, drag.vb[2] / r.width));
  });
  const end = () => {
    if (drag && drag.moved) {
      stage.classList.remove("panning");
      ctx.badges.draw();
      setTimeout(() => {
        drag = null;
      }, 0);
    } else drag = null;
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  return { moved: () => !!(drag && drag.moved) };
}
function wireZoom(ctx, { zoomBy, size, moveTo }) {
  const { stage, svg, zin, zout, zfit } = ctx.dom;
  stage.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const r = svg.getBoundingClientRect();
    const p = viewPoint(ctx.state.camera, r.width, r.height, ev.clientX - r.left, ev.clientY - r.top);
    zoomBy(ev.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
  }, { passive: false });
  zin.onclick = () => zoomBy(1 / 1.3);
  zout.onclick = () => zoomBy(1.3);
  zfit.onclick = () => {
    const { w, h: h2 } = size();
    moveTo(wholeViewBox(ctx.view, w, h2));
    ctx.badges.draw();
  };
}

// src/badges.js
var badgeText = (text) => clip(String(text).replace(/ shape=\([^)]*\)/, ""), 30);
function edgeBadge(e, values, hot, ended, { t, gradText }) {
  const st = edgeState(values, e.ids);
  const isHot = e.ids.some((id) => hot.has(id));
  if (!(isHot && st.g && st.g !== "wait") && !(st.g === "none" && ended)) return null;
  const text = badgeText(st.g === "none" ? t("cell_none") : gradText(st));
  return text ? [text, "b-" + st.g, e, null] : null;
}
function tensorBadge(e, values, hot, ended, { sources, t, gradText, causeLabel }) {
  const id = e.ids[0];
  const st = values.get(id) || {};
  const show = hot.has(id) && st.g && st.g !== "wait" || ended && (sources.has(id) || st.g === "unasked");
  if (!show || !st.g || st.g === "wait") return null;
  const text = badgeText(st.g === "none" ? t("badge_none", { cause: causeLabel(st.cause) }) : st.g === "unasked" ? t("badge_unasked") : "\u2202 " + gradText(st));
  return [text, "b-" + st.g, e, e.drawId];
}
function wantedBadges(candidates, values, hot, ended, words) {
  const out = [];
  for (const e of candidates) {
    const badge = e.kind === "edge" ? edgeBadge(e, values, hot, ended, words) : e.kind === "tensor" ? tensorBadge(e, values, hot, ended, words) : null;
    if (badge) out.push(badge);
  }
  return out;
}
function obstaclesOf(view) {
  if (!view.obstacles) {
    view.obstacles = [...view.pos.values()].map(nodeBox);
    for (const e of view.elems.values()) if (e.kind === "cluster" && e.labelBox) view.obstacles.push(e.labelBox);
  }
  return view.obstacles;
}
var edgeNums = (e) => {
  if (e.nums === void 0) e.nums = pathNumbers(e.path.getAttribute("d"));
  return e.nums;
};
function badgeElement(b, text, cls) {
  const g = s("g", { class: "tkp-badge " + cls });
  g.append(
    s("rect", { rx: 5, x: b.x, y: b.y, width: b.w, height: b.h }),
    s("text", { x: b.x + b.w / 2, y: b.y + 15, "text-anchor": "middle" }, text)
  );
  return g;
}
function badgeLayer(ctx) {
  const { root, layerBadges } = ctx.dom;
  const { frames, last } = ctx;
  let drawnKey = null;
  function candidates(ended, hot) {
    if (ended) return ctx.view.elems.values();
    const out = /* @__PURE__ */ new Set();
    for (const id of hot) for (const e of ctx.view.byModel.get(id) || []) out.add(e);
    return out;
  }
  function draw2() {
    const values = ctx.painter.values(), frame = ctx.state.frame;
    if (!ctx.view || !values || frame < 0 || root.classList.contains("tkp-overview")) {
      layerBadges.replaceChildren();
      drawnKey = null;
      return;
    }
    const hot = ctx.painter.hot();
    const ended = frame === last && frames[frame].phase === "backward";
    const wanted = wantedBadges(candidates(ended, hot), values, hot, ended, ctx);
    const vb = ctx.state.camera;
    const key = vb.join(",") + "|" + wanted.map(([text, cls, e]) => text + cls + (e.drawId || e.ids[0])).join("|");
    if (key === drawnKey) return;
    drawnKey = key;
    layerBadges.replaceChildren();
    const area = { x: vb[0], y: vb[1], w: vb[2], h: vb[3] };
    const placed = placeBadges(wanted.map(([text, cls, e, own]) => own ? { text, cls, own: ctx.view.pos.get(own) } : { text, cls, nums: edgeNums(e) }), obstaclesOf(ctx.view), area);
    for (const { box, text, cls } of placed) layerBadges.append(badgeElement(box, text, cls));
    root.dataset.badges = String(placed.length);
  }
  return { draw: draw2 };
}

// src/minimap.js
var MAP_W = 150;
var MAP_H = 84;
function minimap(ctx) {
  const { mini, miniSvg, miniView, zmap } = ctx.dom;
  let needed = false, placedAt = null;
  function draw2() {
    const view = ctx.view;
    miniSvg.setAttribute("viewBox", `0 0 ${view.w} ${view.h}`);
    const { w, h: h2 } = ctx.camera.size();
    needed = !(view.w <= w * 1.05 / MIN_SCALE && view.h <= h2 * 1.05 / MIN_SCALE);
    zmap.hidden = !needed;
  }
  function place() {
    const { w: sw, h: sh } = ctx.camera.size();
    const vb = ctx.state.camera;
    const k = sw / vb[2];
    const boxes = obstaclesOf(ctx.view).map((b) => ({ x: (b.x - vb[0]) * k, y: (b.y - vb[1]) * k, w: b.w * k, h: b.h * k }));
    const wanted = ctx.state.minimap;
    const spot = needed && wanted ? minimapSpot(boxes, sw, sh, MAP_W, MAP_H) : null;
    if (mini.hidden !== !spot) mini.hidden = !spot;
    zmap.classList.toggle("on", wanted);
    setOnce(zmap, "aria-pressed", wanted ? "true" : "false");
    const where = spot && [spot.x, spot.y, spot.w, spot.h].join(" ");
    if (!spot || where === placedAt) return;
    placedAt = where;
    Object.assign(mini.style, {
      left: spot.x + "px",
      top: spot.y + "px",
      width: spot.w + "px",
      height: spot.h + "px",
      right: "auto",
      bottom: "auto"
    });
  }
  function update() {
    place();
    const [x, y, width, height] = ctx.state.camera;
    for (const [name, value] of Object.entries({ x, y, width, height })) setOnce(miniView, name, value);
  }
  miniSvg.addEventListener("pointerdown", (ev) => {
    const r = miniSvg.getBoundingClientRect();
    const p = boxPoint(ctx.view, r.width, r.height, ev.clientX - r.left, ev.clientY - r.top);
    ctx.setFollow(false);
    ctx.camera.moveTo(centreViewBox(ctx.state.camera, p));
    ev.stopPropagation();
  });
  zmap.onclick = () => {
    ctx.state = toggleMinimap(ctx.state);
    place();
  };
  return { draw: draw2, update };
}

// src/caption.js
function frameTexts(f, i, total, nodes, t) {
  const focusNode = nodes.get(f.focus);
  return {
    phase: t(f.phase === "backward" ? "phase_backward_long" : "phase_forward_long"),
    phaseClass: "tkp-phase ph-" + f.phase,
    counter: t("frame_counter", { n: i + 1, total }),
    where: f.where || focusNode && focusNode.where || "",
    caption: f.caption || ""
  };
}

// src/paint.js
function write(el, prop, value) {
  if (el[prop] !== value) el[prop] = value;
}
function aroundWriter(ctx) {
  const { frames, nodes, t } = ctx;
  const { root, phase, counter, where, ctext, slider } = ctx.dom;
  let rendered = 0;
  return (f, i, values, hot) => {
    updateRows(ctx.rows, values, hot, nodes, t, ctx.gradText, ctx.causeLabel);
    const texts = frameTexts(f, i, frames.length, nodes, t);
    write(phase, "textContent", texts.phase);
    write(phase, "className", texts.phaseClass);
    write(counter, "textContent", texts.counter);
    write(where, "textContent", texts.where);
    write(where, "hidden", !texts.where);
    write(ctext, "textContent", texts.caption);
    write(slider, "value", String(i));
    root.dataset.frame = String(i);
    root.dataset.phase = f.phase;
    rendered += 1;
    root.dataset.rendered = String(rendered);
  };
}
function elementStyler(ctx, scene) {
  const { nodes, groups, t } = ctx;
  function writeTexts(e, st) {
    const lines = elementLines(e, st, nodes, groups, t);
    const key = lines.join("\n");
    if (key === e.lastText) return;
    e.lastText = key;
    e.texts.forEach((el, j) => {
      const text = lines[j] !== void 0 ? String(lines[j]) : "";
      el.textContent = text;
      fitLine(el, text, lineFont(e.kind, j), room(e.kind, e.w));
    });
  }
  function unchanged(e, isHot) {
    if (e.hot !== isHot || !e.entries) return false;
    for (let k = 0; k < e.ids.length; k++) if (scene.values.get(e.ids[k]) !== e.entries[k]) return false;
    return true;
  }
  function styleElem(e) {
    const isHot = e.ids.some((id) => scene.hot.has(id));
    if (unchanged(e, isHot)) return;
    e.hot = isHot;
    e.entries = e.ids.map((id) => scene.values.get(id));
    const st = elementState(e, scene.values);
    const cls = elementClass(e, st, isHot, nodes);
    if (cls !== e.cls) {
      e.g.setAttribute("class", cls);
      e.cls = cls;
    }
    if (e.texts) writeTexts(e, st);
  }
  return styleElem;
}
function painter(ctx) {
  const { frames, last } = ctx;
  const writeAround = aroundWriter(ctx);
  const scene = { values: null, hot: /* @__PURE__ */ new Set() };
  const styleElem = elementStyler(ctx, scene);
  function restyleAll() {
    if (!scene.values || !ctx.view) return;
    for (const e of ctx.view.elems.values()) styleElem(e);
    ctx.badges.draw();
  }
  function restyleIds(ids) {
    const seen = /* @__PURE__ */ new Set();
    for (const id of ids) for (const e of ctx.view.byModel.get(id) || []) if (!seen.has(e)) {
      seen.add(e);
      styleElem(e);
    }
  }
  function show(i) {
    if (!frames.length) return;
    i = clampFrame(i, last);
    const f = frames[i];
    const hotBefore = scene.hot;
    scene.hot = new Set(f.hot || []);
    const oneStep = scene.values && i === ctx.state.frame + 1;
    if (oneStep) applyFrame(scene.values, f);
    else scene.values = ctx.replay.stateAt(i);
    ctx.state = stepTo(ctx.state, i, last);
    ctx.camera.follow(f.focus);
    if (!oneStep || f.all) restyleAll();
    else {
      restyleIds([...Object.keys(f.set || {}), ...hotBefore, ...scene.hot]);
      ctx.badges.draw();
    }
    writeAround(f, i, scene.values, scene.hot);
    ctx.tooltip.refresh();
    ctx.viewer.prefetch(i);
  }
  return { show, styleElem, restyleAll, values: () => scene.values, hot: () => scene.hot };
}

// src/tooltip.js
var known = (words, t, prefix, key) => words[prefix + key] === void 0 ? key : t(prefix + key);
function groupRows(g, t) {
  const rows = [[t("tip_group"), g.label], [t("tip_ops"), String(g.ops)]];
  if (g.where) rows.push([t("tip_line"), g.where]);
  rows.push(["", t("tip_open")]);
  return rows;
}
function opRows(n, st, { t, words, causeLabel }) {
  const rows = [[t("tip_op"), n.type + " (" + n.id + ")"]];
  if (n.expr) rows.push([t("tip_code"), n.expr]);
  if (n.where) rows.push([t("tip_line"), n.where]);
  if (n.cut) rows.push([t("tip_cut"), causeLabel(n.cut)]);
  if (st.g) rows.push([t("tip_backward"), known(words, t, "g_", st.g)]);
  return rows;
}
function tensorRows(n, st, { t, words, gradText }) {
  const rows = [
    [t("tip_name"), n.name ? n.label : t("tip_no_name", { label: n.label })],
    [t("tip_kind"), known(words, t, "role_", n.role)],
    [t("tip_shape"), shapeTuple(n.shape, t)]
  ];
  if (n.dtype) rows.push([t("tip_dtype"), n.dtype]);
  rows.push([t("tip_value"), st.v || n.value || t("tip_not_kept")]);
  if (st.g) rows.push([t("tip_gradient"), st.g === "none" ? t("cell_none") : st.g === "wait" ? t("g_wait") : gradText(st)]);
  if (n.where) rows.push([t("tip_line"), n.where]);
  return rows;
}
function tipRows(kind, id, st, ctx) {
  let rows;
  if (kind === "group") rows = groupRows(ctx.groups.get(id), ctx.t);
  else {
    const n = ctx.nodes.get(id);
    if (!n) return null;
    rows = n.kind === "op" ? opRows(n, st, ctx) : tensorRows(n, st, ctx);
  }
  if (st.why) rows.push([ctx.t("tip_why"), st.why]);
  return rows;
}

// src/tipbox.js
var drawIdFrom = (target) => {
  const g = target && target.closest ? target.closest("g.node") : null;
  return g ? g.getAttribute("data-id") : null;
};
function tooltip(ctx) {
  const { svg, stage, tip } = ctx.dom;
  let tipFor = null, pinned = false;
  function fill(drawId) {
    const e = ctx.view.elems.get(drawId);
    if (!e) return;
    const id = e.ids[0];
    const values = ctx.painter.values();
    const st = values && values.get(id) || {};
    const rows = tipRows(e.kind, id, st, ctx);
    if (!rows) return;
    tip.replaceChildren();
    for (const [k, v] of rows) {
      const line = h("div", "tkp-tip-row");
      line.append(h("b", "", k), h("span", "", v));
      tip.append(line);
    }
    tip.hidden = false;
    tipFor = drawId;
  }
  function place(ev) {
    const r = stage.getBoundingClientRect();
    const tw = tip.offsetWidth || 240, th = tip.offsetHeight || 120;
    let x = ev.clientX - r.left + 14, y = ev.clientY - r.top + 14;
    if (x + tw > r.width - 4) x = Math.max(4, ev.clientX - r.left - tw - 14);
    if (y + th > r.height - 4) y = Math.max(4, ev.clientY - r.top - th - 14);
    tip.style.left = x + "px";
    tip.style.top = y + "px";
  }
  const hide2 = () => {
    tip.hidden = true;
    tipFor = null;
  };
  svg.addEventListener("mousemove", (ev) => {
    if (ctx.camera.dragging()) return;
    const id = drawIdFrom(ev.target);
    if (!id) {
      if (!pinned) hide2();
      return;
    }
    if (pinned) return;
    fill(id);
    place(ev);
  });
  svg.addEventListener("click", (ev) => {
    if (ctx.camera.dragging()) return;
    const id = drawIdFrom(ev.target);
    const e = id && ctx.view.elems.get(id);
    if (e && e.kind === "group") {
      hide2();
      pinned = false;
      ctx.viewer.enter(id);
      return;
    }
    if (e && e.kind === "stub") {
      ctx.setFollow(false);
      ctx.viewer.reveal(e.ids[0]);
      return;
    }
    pinned = !!id && !(pinned && tipFor === id);
    if (id) {
      fill(id);
      place(ev);
    } else hide2();
  });
  const refresh = () => {
    if (tipFor) fill(tipFor);
  };
  return { refresh };
}

// src/questions.js
function parseAnswer(text) {
  const src = String(text).trim();
  if (!src) throw new Error("empty");
  let value;
  try {
    value = JSON.parse(src.replace(/\s+/g, " ").replace(/(\d)\s+(?=[-\d.])/g, "$1, "));
  } catch (err) {
    throw new Error("syntax");
  }
  const check = (v) => {
    if (typeof v === "number" && Number.isFinite(v)) return;
    if (Array.isArray(v)) {
      v.forEach(check);
      return;
    }
    throw new Error("syntax");
  };
  check(value);
  shapeOf2(value);
  return value;
}
function shapeOf2(value) {
  if (!Array.isArray(value)) return [];
  if (!value.length) return [0];
  const inner = value.map(shapeOf2);
  const first = JSON.stringify(inner[0]);
  if (inner.some((s2) => JSON.stringify(s2) !== first)) throw new Error("ragged");
  return [value.length, ...inner[0]];
}
var flat = (v) => Array.isArray(v) ? v.flatMap(flat) : [v];
function shapeText2(shape) {
  return "(" + shape.join(", ") + (shape.length === 1 ? ",)" : ")");
}
function checkValue(given, answer) {
  const shape = shapeOf2(given);
  const expected = answer.shape || shapeOf2(answer.value);
  if (JSON.stringify(shape) !== JSON.stringify(expected)) {
    return { correct: false, reason: "shape", shape: shapeText2(shape), expected: shapeText2(expected) };
  }
  const rtol = answer.rtol === void 0 ? 1e-5 : answer.rtol, atol = answer.atol === void 0 ? 1e-6 : answer.atol;
  const a = flat(given), b = flat(answer.value);
  const off = a.filter((x, k) => !(Math.abs(x - b[k]) <= atol + rtol * Math.abs(b[k]))).length;
  return off ? { correct: false, reason: "values", off, total: a.length } : { correct: true };
}
function checkChoices(picked, answer) {
  const right = new Set(answer.none);
  const wrong = picked.filter((p) => !right.has(p));
  if (wrong.length) return { correct: false, reason: "wrong_choices", wrong };
  if (picked.length !== right.size) return { correct: false, reason: "missing" };
  return { correct: true };
}
function questionOnTheWay(questions, from, to, passed) {
  let found = null;
  for (const q of questions || []) {
    if (passed.has(q.id) || !(q.frame > from && q.frame <= to)) continue;
    if (!found || q.frame < found.frame) found = q;
  }
  return found;
}
function answerText(answer) {
  if (answer.none) return answer.none.join(", ");
  return JSON.stringify(answer.value).replace(/,/g, ", ");
}

// src/ask.js
function verdictText(verdict, t) {
  if (verdict.correct) return t("ask_right");
  if (verdict.reason === "shape") return t("ask_shape", verdict);
  if (verdict.reason === "values") return t("ask_values", verdict);
  if (verdict.reason === "wrong_choices") return t("ask_wrong_choices", { names: verdict.wrong.join(", ") });
  return t("ask_missing");
}
function answerInput(q, t, onEnter) {
  if (q.kind === "none_sources") {
    const labels = (q.choices || []).map((label) => {
      const lab = h("label", "tkp-ask-choice");
      const box = h("input");
      box.type = "checkbox";
      box.value = label;
      lab.append(box, document.createTextNode(" " + label));
      return lab;
    });
    const read = () => labels.map((l) => l.firstChild).filter((b) => b.checked).map((b) => b.value);
    return [labels, read];
  }
  const input = h("input", "tkp-ask-input");
  input.type = "text";
  input.placeholder = t("ask_placeholder");
  input.setAttribute("aria-label", q.prompt);
  input.addEventListener("keydown", (ev) => {
    ev.stopPropagation();
    if (ev.key === "Enter") onEnter();
  });
  return [[input], () => input.value];
}
function showQuestion(box, q, t, { save, next }) {
  box.replaceChildren();
  box.hidden = false;
  box.dataset.question = q.id;
  const form = h("div", "tkp-ask-form");
  const check = h("button", "tkp-ask-btn tkp-ask-check", t("ask_check"));
  const showBtn = h("button", "tkp-ask-btn tkp-ask-show", t("ask_show"));
  const go = h("button", "tkp-ask-btn tkp-ask-continue", t("ask_continue"));
  const result = h("div", "tkp-ask-result");
  const reveal2 = h("div", "tkp-ask-answer");
  reveal2.hidden = true;
  const [inputs, read] = answerInput(q, t, () => check.onclick());
  form.append(...inputs, check, showBtn, go);
  box.append(h("div", "tkp-ask-prompt", q.prompt), form, result, reveal2);
  check.onclick = () => {
    const given = read();
    let verdict;
    try {
      verdict = q.kind === "none_sources" ? checkChoices(given, q.answer) : checkValue(parseAnswer(given), q.answer);
    } catch (err) {
      result.className = "tkp-ask-result wrong";
      result.textContent = t("ask_syntax");
      return;
    }
    save(q, given, verdict.correct);
    result.className = "tkp-ask-result " + (verdict.correct ? "right" : "wrong");
    result.textContent = verdictText(verdict, t);
  };
  showBtn.onclick = () => {
    reveal2.hidden = false;
    reveal2.textContent = t("ask_answer", { answer: answerText(q.answer) });
  };
  go.onclick = () => {
    box.hidden = true;
    next();
  };
}

// src/quiz.js
function quiz(ctx) {
  const { model, t } = ctx;
  const { root, askBox } = ctx.dom;
  const questions = (ctx.graph.questions || []).filter((q) => q && q.id && Number.isInteger(q.frame));
  function save(q, given, correct) {
    const answers = { ...model.get("answers") || {} };
    const before = answers[q.id] || { tries: 0 };
    answers[q.id] = { given, correct, tries: (before.tries || 0) + 1 };
    model.set("answers", answers);
    model.save_changes();
  }
  function ask(q) {
    ctx.state = askQuestion(ctx.state, q.id);
    root.dataset.asking = q.id;
    showQuestion(askBox, q, t, {
      save,
      next: () => {
        ctx.state = passQuestion(ctx.state, q.id);
        delete root.dataset.asking;
        ctx.playback.step(q.frame);
        ctx.playback.setPlaying(true);
      }
    });
    const item = q.node && ctx.view ? ctx.viewer.itemInView(q.node) : null;
    if (item) ctx.camera.lookAt(item);
  }
  function gate(i) {
    const current = ctx.state.frame;
    if (!questions.length || i <= current) return i;
    const q = questionOnTheWay(questions, current, i, ctx.state.passed);
    if (!q) return i;
    ask(q);
    return Math.max(current, q.frame - 1);
  }
  return { questions, gate };
}

// src/playback.js
var range = (a, b) => Array.from({ length: b - a + 1 }, (_, k) => a + k);
function positionOf(seq, i) {
  const k = seq.findIndex((f) => f >= i);
  return k < 0 ? seq.length - 1 : k;
}
function playSequence({ playRange, byGroup: byGroup2, stops }) {
  if (playRange) return range(playRange[0], playRange[1]);
  if (byGroup2) return stops();
  return null;
}
function stepsLeftInPhase(frames, current, seq) {
  const phaseNow = frames[current].phase;
  let end = current;
  while (end < frames.length - 1 && frames[end + 1].phase === phaseNow) end++;
  return seq ? seq.filter((f) => f > current && f <= end).length : end - current;
}
var duePosition = (startPos, elapsedMs, fps) => startPos + Math.floor(elapsedMs / 1e3 * fps);
var dueFrame = (seq, pos, end) => Math.min(end, seq ? seq[Math.min(pos, seq.length - 1)] : pos);
var deliveredRate = (pos, startPos, elapsedMs) => (pos - startPos) / (elapsedMs / 1e3);

// src/transport.js
function timelineMarks(ctx, questions) {
  const { frames, graph, views, nodes, groups } = ctx;
  const topItems = new Set((views.root || { nodes: [] }).nodes.map(([nid]) => nid));
  return markers(frames, graph, itemFinder(topItems, nodes, groups)).concat(questions.map((q) => ({ frame: Math.max(0, q.frame - 1), kind: "question", id: q.node }))).sort((a, b) => a.frame - b.frame);
}
function describer({ nodes, groups, frames, t }) {
  return (m) => {
    const about = m.id && nodes.get(m.id) ? " \xB7 " + nodes.get(m.id).label : m.id && groups.get(m.id) ? " \xB7 " + groups.get(m.id).label : "";
    return t("marker_" + m.kind) + about + " (" + t("frame_counter", { n: m.frame + 1, total: frames.length }) + ")";
  };
}
function stopsOf(ctx) {
  const { frames, views, nodes, groups } = ctx;
  const cache = /* @__PURE__ */ new Map();
  return () => {
    const vid = ctx.state.view;
    if (!cache.has(vid)) {
      const items = new Set((views[vid] || { nodes: [] }).nodes.map(([nid]) => nid));
      cache.set(vid, stepStops(frames, itemFinder(items, nodes, groups)));
    }
    return cache.get(vid);
  };
}
function pacer(ctx) {
  let lastStepAt = -1e9;
  return () => {
    const now = performance.now();
    const fast = ctx.state.playing ? ctx.state.fps > 4 : now - lastStepAt < 300;
    if (!ctx.state.playing) lastStepAt = now;
    ctx.shelf.setFast(fast);
  };
}
function transport(ctx) {
  const { model, frames, last, t } = ctx;
  const { root, bPlay, speed, rate, icon: icon2, wantedFps } = ctx.dom;
  const stops = stopsOf(ctx), pace = pacer(ctx);
  let raf = 0;
  const sequence = () => playSequence({ playRange: ctx.state.playRange, byGroup: byGroup(ctx.state), stops });
  const positionNow = (seq) => seq ? positionOf(seq, ctx.state.frame) : ctx.state.frame;
  function sync() {
    model.set("frame", ctx.state.frame);
    model.save_changes();
  }
  function adaptSpeed() {
    if (ctx.state.speedTouched) return;
    speed.value = String(fittingSpeed(stepsLeftInPhase(frames, ctx.state.frame, sequence()), wantedFps));
    ctx.state = withSpeed(ctx.state, Number(speed.value));
  }
  function setPlaying(on) {
    on = on && ctx.state.frame < playEnd(ctx.state, last);
    if (on === ctx.state.playing) return;
    if (on) {
      adaptSpeed();
      ctx.state = play(ctx.state, performance.now(), positionNow(sequence()));
    } else ctx.state = pause(ctx.state);
    pace();
    bPlay.replaceChildren(icon2(on ? "pause" : "play"));
    root.dataset.playing = on ? "1" : "0";
    root.classList.toggle("is-playing", on);
    cancelAnimationFrame(raf);
    if (on) raf = requestAnimationFrame(tick);
    else {
      rate.textContent = "";
      root.dataset.range = "";
      sync();
    }
  }
  function tick(now) {
    const st = ctx.state;
    if (!st.playing) return;
    const seq = sequence();
    const pos = duePosition(st.clock.pos, now - st.clock.start, st.fps);
    const end = playEnd(st, last);
    const due = dueFrame(seq, pos, end);
    if (due > st.frame) {
      const asked = ctx.quiz.gate(due);
      ctx.painter.show(asked);
      if (asked < due || ctx.state.frame >= end) {
        setPlaying(false);
        return;
      }
    }
    if (now - ctx.state.clock.shownAt > 1e3) {
      const delivered = deliveredRate(pos, st.clock.pos, now - st.clock.start);
      rate.textContent = delivered + 0.5 < st.fps ? t("rate", { n: delivered.toFixed(0) }) : "";
      ctx.state = rateShown(ctx.state, now);
    }
    raf = requestAnimationFrame(tick);
  }
  const step = (i) => {
    ctx.setFollow(true);
    setPlaying(false);
    pace();
    ctx.painter.show(ctx.quiz.gate(clampFrame(i, last)));
    sync();
  };
  const playback = {
    step,
    setPlaying,
    pace,
    sync,
    stops,
    sequence,
    positionNow,
    stop: () => {
      cancelAnimationFrame(raf);
      ctx.state = pause(ctx.state);
    }
  };
  playback.marks = wireTimeline(ctx, step);
  wireButtons(ctx, playback);
  return playback;
}
function wireTimeline(ctx, step) {
  const marks = timelineMarks(ctx, ctx.quiz.questions);
  fillTimeline(ctx.dom.timeline, ctx.dom.legend, marks, ctx.last, ctx.t, describer(ctx), (frame) => step(frame));
  ctx.dom.timeline.hidden = ctx.dom.bMark.hidden = !marks.length;
  return marks;
}
function wireButtons(ctx, pb) {
  const { model, frames, last, views, nodes, groups } = ctx;
  const d = ctx.dom;
  const stepBy = (dir) => pb.step(byGroup(ctx.state) ? nextStop(pb.stops(), ctx.state.frame, dir) : ctx.state.frame + dir);
  d.bFirst.onclick = () => pb.step(0);
  d.bBack.onclick = () => stepBy(-1);
  d.bFwd.onclick = () => stepBy(1);
  d.bLast.onclick = () => pb.step(last);
  d.bPlay.onclick = () => {
    const playing = ctx.state.playing;
    if (!playing) ctx.setFollow(true);
    if (!playing && ctx.state.frame >= last) ctx.painter.show(0);
    pb.setPlaying(!playing);
  };
  d.slider.oninput = () => {
    pb.setPlaying(false);
    pb.pace();
    ctx.painter.show(ctx.quiz.gate(Number(d.slider.value)));
  };
  d.slider.onchange = () => pb.sync();
  d.speed.onchange = () => {
    ctx.state = withSpeed(ctx.state, Number(d.speed.value), true);
    model.set("fps", Number(d.speed.value));
    model.save_changes();
    if (!ctx.state.playing) return;
    pb.pace();
    ctx.state = restartClock(ctx.state, performance.now(), pb.positionNow(pb.sequence()));
  };
  d.modeSel.onchange = () => {
    ctx.state = withMode(ctx.state, d.modeSel.value);
    d.root.dataset.mode = d.modeSel.value;
    if (ctx.state.playing) {
      pb.setPlaying(false);
      pb.setPlaying(true);
    }
  };
  d.bGroup.onclick = () => {
    const gid = views[ctx.state.view] && views[ctx.state.view].group;
    const r = gid && groupRange(frames, gid, frames[ctx.state.frame].phase, nodes, groups);
    if (!r) return;
    pb.setPlaying(false);
    ctx.state = playGroup(ctx.state, r);
    d.root.dataset.range = r.join("-");
    ctx.painter.show(ctx.quiz.gate(r[0]));
    if (ctx.state.frame === r[0]) pb.setPlaying(true);
  };
  d.bMark.onclick = () => {
    const next = timelineJump(pb.marks, ctx.state.frame);
    if (next !== null) pb.step(next);
  };
  d.followBox.onchange = () => {
    ctx.setFollow(d.followBox.checked);
    if (d.followBox.checked && ctx.state.frame >= 0) ctx.camera.follow(frames[ctx.state.frame].focus);
  };
  wireKeys(d);
  const onFrame = () => {
    const i = model.get("frame");
    if (i !== ctx.state.frame) ctx.painter.show(i);
  };
  model.on("change:frame", onFrame);
  pb.detach = () => model.off("change:frame", onFrame);
}
function wireKeys(d) {
  d.root.addEventListener("keydown", (ev) => {
    const keys = { " ": d.bPlay, ArrowRight: d.bFwd, ArrowLeft: d.bBack, Home: d.bFirst, End: d.bLast };
    if (keys[ev.key] && ev.target.tagName !== "SELECT" && ev.target.tagName !== "INPUT") {
      ev.preventDefault();
      ev.stopPropagation();
      keys[ev.key].onclick();
    }
  });
  d.root.addEventListener("pointerdown", () => d.root.focus({ preventScroll: true }));
}

// src/main.js
async function unzipped(value) {
  if (typeof value !== "string") return value;
  const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}
async function render({ model, el }) {
  const [graphData, frameData] = await Promise.all([unzipped(model.get("graph")), unzipped(model.get("frames"))]);
  return draw({ model, el }, graphData || {}, frameData || []);
}
function tapeData(graph, frameData, words) {
  const t = translator(words);
  const frames = expandFrames(frameData);
  const nodes = new Map((graph.nodes || []).map((n) => [n.id, n]));
  const groups = new Map((graph.groups || []).map((g) => [g.id, g]));
  const edgesById = new Map((graph.edges || []).map((e) => [e.id, e]));
  const replay = new Replay([...nodes.keys(), ...edgesById.keys(), ...groups.keys()], frames);
  return {
    graph,
    words,
    t,
    causeLabel: causeLabeler(graph, words),
    gradText: (st) => gradientText(st, t),
    frames,
    last: Math.max(0, frames.length - 1),
    nodes,
    groups,
    edgesById,
    views: graph.views || {},
    layouts: graph.layouts || [],
    sources: new Set(graph.sources || []),
    replay
  };
}
function buildDom(model, el, data) {
  const { t, words, views, graph, last } = data;
  el.classList.add("tkp");
  el.append(h("style", "", player_live_default));
  const dom = { ...makeSkeleton(t, {
    title: model.get("title") || "GradientTape",
    language: words.language,
    notes: graph.notes || []
  }), ...makeControls(t, { last, fps: Number(model.get("fps")), grouped: Object.keys(views).length > 1 }) };
  const { root } = dom;
  root.dataset.mode = dom.modeSel.value;
  root.append(dom.head, dom.notes, dom.nav, dom.body, dom.caption, dom.askBox, dom.controls, dom.legend);
  el.append(root);
  if (!Object.keys(views).length) {
    for (const part of [dom.stage, dom.nav, dom.caption, dom.controls, dom.legend, dom.phase, dom.counter]) part.hidden = true;
    root.classList.add("tkp-undrawn");
  }
  return dom;
}
function draw({ model, el }, graph, frameData) {
  const data = tapeData(graph, frameData, model.get("texts") || {});
  const dom = buildDom(model, el, data);
  const ctx = {
    model,
    ...data,
    dom,
    view: null,
    state: initialState({ mode: dom.modeSel.value, fps: Number(dom.speed.value) }),
    shelf: new ViewShelf(dom.layerViews, dom.miniSvg),
    setFollow: (on) => {
      ctx.state = following(ctx.state, on);
      dom.followBox.checked = !!on;
    },
    focusNow: () => ctx.state.frame >= 0 ? ctx.frames[ctx.state.frame].focus : null
  };
  ctx.rows = fillTable(dom.table, graph, ctx.nodes, ctx.t, ctx.causeLabel, (id) => ctx.viewer.reveal(id));
  ctx.viewer = viewManager(ctx);
  ctx.camera = stageCamera(ctx);
  ctx.minimap = minimap(ctx);
  ctx.painter = painter(ctx);
  ctx.badges = badgeLayer(ctx);
  ctx.tooltip = tooltip(ctx);
  ctx.quiz = quiz(ctx);
  ctx.playback = transport(ctx);
  ctx.viewer.open(data.views.root ? "root" : Object.keys(data.views)[0]);
  requestAnimationFrame(() => {
    if (ctx.view) {
      ctx.camera.fit(null);
      ctx.badges.draw();
    }
  });
  ctx.painter.show(model.get("frame") || 0);
  dom.root.dataset.playing = "0";
  return () => {
    ctx.playback.stop();
    ctx.playback.detach();
  };
}
var main_default = { render };
export {
  main_default as default
};
