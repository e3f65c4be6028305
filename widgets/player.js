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
    max: 560,
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
    question: "#c2410c"
  },
  px_per_unit: {
    title: 8.4,
    text: 7.9,
    op: 9,
    stub: 8,
    badge: 7.6
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

// src/replay.js
function expandFrames(raw) {
  if (!raw.length || !Array.isArray(raw[0])) return raw;
  return raw.map(([phase, caption, where, flat, hot, focus, all]) => {
    const set = {};
    for (let i = 0; i < flat.length; ) {
      const id = flat[i], n = flat[i + 1], change = {};
      for (let j = 0; j < n; j++) change[flat[i + 2 + 2 * j]] = flat[i + 3 + 2 * j];
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
  return n.symbol && String(n.symbol).length <= 10 ? n.symbol : (n.type || "op").slice(0, 10);
}

// src/main.js
function render({ model, el }) {
  const graph = model.get("graph") || {};
  const words = model.get("texts") || {};
  const t = translator(words);
  const causeLabel = causeLabeler(graph, words);
  const frames = expandFrames(model.get("frames") || []);
  const nodes = new Map((graph.nodes || []).map((n) => [n.id, n]));
  const groups = new Map((graph.groups || []).map((g) => [g.id, g]));
  const views = graph.views || {};
  const layouts = graph.layouts || [];
  const edgesById = new Map((graph.edges || []).map((e) => [e.id, e]));
  const last = Math.max(0, frames.length - 1);
  const sources = new Set(graph.sources || []);
  const replay = new Replay([...nodes.keys(), ...edgesById.keys(), ...groups.keys()], frames);
  const stateAt = (i) => replay.stateAt(i);
  el.classList.add("tkp");
  const root = h("div", "tkp tkp-root");
  if (words.language) root.lang = words.language;
  root.tabIndex = 0;
  const head = h("div", "tkp-head");
  const title = h("span", "tkp-title", model.get("title") || "GradientTape");
  const phase = h("span", "tkp-phase", t("phase_forward"));
  const counter = h("span", "tkp-counter");
  head.append(title, phase, counter);
  const notes = h("div", "tkp-notes-banner");
  for (const text of graph.notes || []) notes.append(h("div", "tkp-note", "\u26A0 " + text));
  notes.hidden = !(graph.notes || []).length;
  const nav = h("div", "tkp-nav");
  const crumbs = h("span", "tkp-crumbs");
  const followLabel = h("label", "tkp-follow");
  const followBox = h("input");
  followBox.type = "checkbox";
  followBox.checked = true;
  followLabel.append(followBox, document.createTextNode(" " + t("follow")));
  nav.append(crumbs, followLabel);
  const body = h("div", "tkp-body");
  const stage = h("div", "tkp-graph");
  const svg = s("svg", { class: "tkp-svg", role: "img" });
  const layerClusters = s("g", { class: "tkp-clusters" });
  const layerEdges = s("g", { class: "tkp-edges" });
  const layerNodes = s("g", { class: "tkp-nodes" });
  const layerBadges = s("g", { class: "tkp-labels" });
  svg.append(layerClusters, layerEdges, layerNodes, layerBadges);
  const tip = h("div", "tkp-tip");
  tip.hidden = true;
  const zoom = h("div", "tkp-zoom");
  const zin = h("button", "", "+"), zout = h("button", "", "\u2212"), zfit = h("button", "", t("fit"));
  zin.title = t("zoom_in");
  zout.title = t("zoom_out");
  zfit.title = t("fit_title");
  zoom.append(zin, zout, zfit);
  const mini = h("div", "tkp-minimap");
  const miniSvg = s("svg", { class: "tkp-mini-svg" });
  const miniView = s("rect", { class: "tkp-mini-view" });
  mini.append(miniSvg);
  mini.title = t("overview");
  stage.append(svg, tip, zoom, mini);
  const side = h("aside", "tkp-side");
  side.append(h("div", "tkp-side-title", t("side_title")));
  const table = h("table", "tkp-table");
  const thead = h("tr");
  for (const c of ["col_name", "col_value", "col_gradient"]) thead.append(h("th", "", t(c)));
  table.append(thead);
  side.append(table);
  body.append(stage, side);
  const caption = h("div", "tkp-caption");
  const where = h("span", "tkp-where");
  const ctext = h("span", "tkp-text");
  caption.append(where, ctext);
  const controls = h("div", "tkp-controls");
  const ICONS = {
    first: "M5 4h2v16H5zM20 4v16L8 12z",
    back: "M18 4v16L6 12z",
    play: "M7 4v16l13-8z",
    pause: "M6 4h4v16H6zM14 4h4v16h-4z",
    forward: "M6 4v16l12-8z",
    last: "M17 4h2v16h-2zM4 4v16l12-8z"
  };
  const icon = (name) => {
    const g = s("svg", { viewBox: "0 0 24 24", width: 14, height: 14, "aria-hidden": "true" });
    g.append(s("path", { d: ICONS[name], fill: "currentColor" }));
    return g;
  };
  const btn = (act, tipText) => {
    const b = h("button", "tkp-btn");
    b.append(icon(act));
    b.dataset.act = act;
    b.title = tipText;
    b.setAttribute("aria-label", tipText);
    return b;
  };
  const bFirst = btn("first", t("btn_first"));
  const bBack = btn("back", t("btn_back"));
  const bPlay = btn("play", t("btn_play"));
  const bFwd = btn("forward", t("btn_forward"));
  const bLast = btn("last", t("btn_last"));
  const slider = h("input", "tkp-slider");
  slider.type = "range";
  slider.min = "0";
  slider.max = String(last);
  slider.value = "0";
  slider.setAttribute("aria-label", t("slider"));
  const speed = h("select", "tkp-speed");
  speed.title = t("speed_title");
  speed.setAttribute("aria-label", t("speed"));
  for (const val of SPEEDS) {
    const o = h("option", "", t("fps", { n: val }));
    o.value = String(val);
    speed.append(o);
  }
  const wanted = Number(model.get("fps"));
  speed.value = String(SPEEDS.includes(wanted) ? wanted : 2);
  const rate = h("span", "tkp-rate");
  controls.append(bFirst, bBack, bPlay, bFwd, bLast, slider, speed, rate);
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
  root.append(head, notes, nav, body, caption, controls, legend);
  el.append(root);
  const drawn = Object.keys(views).length > 0;
  if (!drawn) {
    for (const part of [stage, nav, caption, controls, legend, phase, counter]) part.hidden = true;
    root.classList.add("tkp-undrawn");
  }
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
    tr.addEventListener("click", () => reveal(id));
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
  let viewId = null;
  let view = null;
  const viewCache = /* @__PURE__ */ new Map();
  const edgeOwner = /* @__PURE__ */ new Map();
  const GAP = 12, STAGE_BASIS = 700, SIDE_BASIS = 300, SIDE_MIN = 260;
  let bodyW = 0;
  function bodyWidth() {
    if (!bodyW) bodyW = body.getBoundingClientRect().width;
    return bodyW || 1e3;
  }
  function placement(v) {
    const options = v.layouts || [v.layout];
    const W = bodyWidth();
    const wrapped = W < STAGE_BASIS + GAP + SIDE_BASIS;
    const beside = wrapped ? W : W - GAP - SIDE_MIN;
    const scaleAt = (k2, width) => Math.min(MAX_SCALE, (width - 48) / layouts[k2].w, (STAGE_MAX - 48) / layouts[k2].h);
    const best = (width) => options.reduce((b, k2) => scaleAt(k2, width) > scaleAt(b, width) + 0.02 ? k2 : b, options[0]);
    const usual = wrapped ? W : STAGE_BASIS + (W - STAGE_BASIS - GAP - SIDE_BASIS) / 2;
    const k = best(usual);
    if (wrapped || scaleAt(k, usual) >= MIN_SCALE) return { k, basis: "", side: "" };
    const narrow = best(beside);
    if (scaleAt(narrow, beside) >= MIN_SCALE) {
      return { k: narrow, basis: Math.ceil(layouts[narrow].w + 48) + "px", side: SIDE_MIN + "px" };
    }
    const full = best(W);
    if (scaleAt(full, W) >= MIN_SCALE) return { k: full, basis: "100%", side: "" };
    return { k, basis: "", side: "" };
  }
  const rank = (basis) => basis === "100%" ? Infinity : parseFloat(basis) || 0;
  function place(p, resized) {
    if (stage.style.flexBasis === p.basis && side.style.flexBasis === p.side) return;
    if (!resized && followBox.checked && rank(p.basis) <= rank(stage.style.flexBasis)) return;
    stage.style.flexBasis = p.basis;
    side.style.flexBasis = p.side;
    stageBox = null;
  }
  function buildView(id) {
    const v = views[id];
    const layoutIndex = placement(v).k;
    const key = id + "#" + layoutIndex;
    if (viewCache.has(key)) return viewCache.get(key);
    const geo = layouts[layoutIndex];
    const elems = /* @__PURE__ */ new Map();
    const byModel = /* @__PURE__ */ new Map();
    const pos = /* @__PURE__ */ new Map();
    const bind = (modelId, e) => {
      if (!byModel.has(modelId)) byModel.set(modelId, []);
      byModel.get(modelId).push(e);
    };
    const frag = { clusters: [], edges: [], nodes: [] };
    v.clusters.forEach((gid, k) => {
      const [x, y, w, hh] = geo.clusters[k] || [0, 0, 0, 0];
      const g = groups.get(gid) || { kind: "group", label: gid };
      const el2 = s("g", { class: "cluster k-" + g.kind, "data-id": gid });
      el2.append(s("rect", { x, y, width: w, height: hh, rx: 10 }), s("text", { class: "cl-label", x: x + 10, y: y + 17 }, clip(g.label, 40)));
      frag.clusters.push(el2);
      const e = { g: el2, kind: "cluster", ids: [gid], cls: null };
      elems.set(gid + "#cluster", e);
      bind(gid, e);
    });
    v.edges.forEach(([drawId, ids], k) => {
      const [d, arrow] = geo.edges[k] || ["", null];
      const el2 = s("g", { class: "edge", "data-id": drawId, "data-edges": ids.join(" ") });
      el2.append(s("path", { d }));
      if (arrow) el2.append(s("path", { class: "arrow", d: arrow }));
      frag.edges.push(el2);
      const e = { g: el2, kind: "edge", ids, cls: null, path: el2.firstChild };
      elems.set(drawId, e);
      for (const mid of ids) bind(mid, e);
    });
    v.nodes.forEach(([nid, kind], k) => {
      const [x, y, w, hh] = geo.nodes[k] || [0, 0, 40, 40];
      pos.set(nid, { x, y, w, h: hh });
      const el2 = s("g", { class: "node k-" + kind, "data-id": nid, transform: `translate(${x},${y})` });
      if (kind === "op") {
        el2.append(s("ellipse", { rx: w / 2, ry: hh / 2 }));
      } else if (kind === "group") {
        el2.append(s("rect", { class: "stack", x: -w / 2 + 5, y: -hh / 2 + 5, width: w, height: hh, rx: 9 }));
        el2.append(s("rect", { x: -w / 2, y: -hh / 2, width: w, height: hh, rx: 9 }));
      } else {
        el2.append(s("rect", { x: -w / 2, y: -hh / 2, width: w, height: hh, rx: kind === "stub" ? 13 : 8 }));
      }
      const texts = [];
      const lineCount = kind === "op" ? 1 : kind === "stub" ? 1 : kind === "group" ? groupLines(groups.get(nid), t).length : tensorLines(nodes.get(nid), nodes.get(nid).value, t).length;
      const top = -(lineCount - 1) * LINE / 2 + 5;
      for (let j = 0; j < lineCount; j++) {
        const t2 = s("text", { class: "l" + j, y: top + LINE * j });
        el2.append(t2);
        texts.push(t2);
      }
      if (kind === "group") {
        el2.setAttribute("role", "button");
        el2.setAttribute("aria-label", t("open_group", { label: (groups.get(nid) || {}).label }));
      }
      frag.nodes.push(el2);
      const modelId = kind === "stub" ? nid.slice(1).split("@")[0] : nid;
      const e = { g: el2, kind, ids: [modelId], cls: null, texts, w, h: hh, drawId: nid, lastText: null };
      elems.set(nid, e);
      bind(modelId, e);
    });
    const built = { id, key, w: geo.w, h: geo.h, v, elems, byModel, pos, frag };
    viewCache.set(key, built);
    return built;
  }
  for (const [vid, v] of Object.entries(views)) {
    for (const [nid, kind] of v.nodes) if (kind === "op" || kind === "tensor") edgeOwner.set(nid, vid);
  }
  function openView(id, keepCamera) {
    if (!views[id]) return;
    if (viewId === id) return;
    viewId = id;
    place(placement(views[id]));
    view = buildView(id);
    layerClusters.replaceChildren(...view.frag.clusters);
    layerEdges.replaceChildren(...view.frag.edges);
    layerNodes.replaceChildren(...view.frag.nodes);
    root.dataset.view = id;
    drawCrumbs();
    sizeStage();
    drawMini();
    if (!keepCamera) fitCamera(null);
    restyleAll();
  }
  function drawCrumbs() {
    crumbs.replaceChildren();
    const chain = [];
    for (let id = viewId; id; id = views[id] ? views[id].parent : null) chain.unshift(id);
    chain.forEach((id, k) => {
      const label = id === "root" ? t("whole_tape") : (groups.get(id) || {}).label || id;
      if (k < chain.length - 1) {
        const b = h("button", "tkp-crumb", label);
        b.onclick = () => {
          followBox.checked = false;
          openView(id);
        };
        crumbs.append(b, h("span", "tkp-crumb-sep", "\u203A"));
      } else crumbs.append(h("span", "tkp-crumb tkp-crumb-here", label));
    });
    nav.hidden = chain.length < 2 && Object.keys(views).length < 2;
  }
  let vb = [0, 0, 100, 100];
  let stageBox = null;
  function stageSize() {
    if (!stageBox || !stageBox.w) {
      const r = stage.getBoundingClientRect();
      stageBox = { w: r.width, h: r.height };
    }
    return { w: stageBox.w || 800, h: stageBox.h || 440 };
  }
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver((entries) => {
      const r = entries[entries.length - 1].contentRect;
      const changed = !stageBox || Math.abs(r.width - stageBox.w) > 1;
      stageBox = { w: r.width, h: r.height };
      if (changed && view) {
        fitCamera(current >= 0 ? frames[current].focus : null);
        drawBadges();
      }
    }).observe(stage);
    new ResizeObserver((entries) => {
      const w = entries[entries.length - 1].contentRect.width;
      if (!w || Math.abs(w - bodyW) <= 1) return;
      bodyW = w;
      if (!view) return;
      const p = placement(view.v);
      place(p, true);
      if (view.key !== viewId + "#" + p.k) {
        const id = viewId;
        viewId = null;
        openView(id, true);
      }
      fitCamera(current >= 0 ? frames[current].focus : null);
      drawBadges();
    }).observe(body);
  }
  function clampVb() {
    const pad = 24;
    const axis = (start, size, extent) => size >= extent + 2 * pad ? extent / 2 - size / 2 : Math.min(Math.max(start, -pad), extent + pad - size);
    vb = [axis(vb[0], vb[2], view.w), axis(vb[1], vb[3], view.h), vb[2], vb[3]];
  }
  function setVb() {
    clampVb();
    svg.setAttribute("viewBox", vb.map((x) => Math.round(x * 10) / 10).join(" "));
    root.dataset.scale = String(stageSize().w / vb[2]);
    updateMini();
  }
  function sizeStage() {
    const { w, h: now } = stageSize();
    const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, (w - 48) / view.w));
    let want = Math.round(Math.min(STAGE_MAX, Math.max(STAGE_MIN, view.h * scale + 48)));
    if (followBox.checked && stage.style.height) want = Math.max(want, now);
    if (Math.abs(now - want) > 2) {
      stage.style.height = want + "px";
      stageBox = { w, h: want };
    }
  }
  function fitCamera(centerOn) {
    sizeStage();
    const { w, h: hh } = stageSize();
    const pad = 24;
    const fit = Math.min(w / (view.w + 2 * pad), hh / (view.h + 2 * pad));
    const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, fit));
    const vw = w / scale, vh = hh / scale;
    let cx = view.w / 2, cy = view.h / 2;
    if (scale > fit) {
      const first = view.v.nodes.find(([, kind]) => kind !== "stub");
      const p = view.pos.get(centerOn) || first && view.pos.get(first[0]);
      if (p) {
        cx = p.x;
        cy = p.y;
      }
    }
    vb = [cx - vw / 2, cy - vh / 2, vw, vh];
    setVb();
  }
  function inView(p) {
    const m = 12;
    return p.x - p.w / 2 > vb[0] + m && p.x + p.w / 2 < vb[0] + vb[2] - m && p.y - p.h / 2 > vb[1] + m && p.y + p.h / 2 < vb[1] + vb[3] - m;
  }
  function lookAt(id) {
    const p = view.pos.get(id);
    if (!p || inView(p)) return;
    vb = [p.x - vb[2] / 2, p.y - vb[3] / 2, vb[2], vb[3]];
    setVb();
  }
  function viewOf(id) {
    const n = nodes.get(id);
    if (n && n.view) return n.view;
    const e = edgesById.get(id);
    if (e) return viewOf(nodes.get(e.to) && nodes.get(e.to).kind === "op" ? e.to : e.from);
    return edgeOwner.get(id) || null;
  }
  function reveal(id) {
    const target = viewOf(id);
    if (target && target !== viewId) openView(target, true);
    if (view && view.pos.get(id)) {
      const p = view.pos.get(id);
      vb = [p.x - vb[2] / 2, p.y - vb[3] / 2, vb[2], vb[3]];
      if (viewId !== target) fitCamera(id);
      else setVb();
    }
  }
  function follow(focus) {
    if (!followBox.checked || !focus) return;
    const target = viewOf(focus);
    if (target && target !== viewId) {
      openView(target, true);
      fitCamera(focus);
      return;
    }
    lookAt(focus);
  }
  function drawMini() {
    if (!view.mini) {
      view.mini = [];
      for (const [nid, p] of view.pos) {
        const kind = view.elems.get(nid).kind;
        view.mini.push(s("rect", { class: "mini-" + kind, x: p.x - p.w / 2, y: p.y - p.h / 2, width: p.w, height: p.h, rx: 6 }));
      }
    }
    miniSvg.replaceChildren(...view.mini, miniView);
    miniSvg.setAttribute("viewBox", `0 0 ${view.w} ${view.h}`);
    const { w, h: hh } = stageSize();
    mini.hidden = view.w <= w * 1.05 / MIN_SCALE && view.h <= hh * 1.05 / MIN_SCALE;
  }
  function updateMini() {
    miniView.setAttribute("x", vb[0]);
    miniView.setAttribute("y", vb[1]);
    miniView.setAttribute("width", vb[2]);
    miniView.setAttribute("height", vb[3]);
  }
  miniSvg.addEventListener("pointerdown", (ev) => {
    const r = miniSvg.getBoundingClientRect();
    const k = Math.min(r.width / view.w, r.height / view.h);
    const ox = (r.width - view.w * k) / 2, oy = (r.height - view.h * k) / 2;
    const x = (ev.clientX - r.left - ox) / k, y = (ev.clientY - r.top - oy) / k;
    followBox.checked = false;
    vb = [x - vb[2] / 2, y - vb[3] / 2, vb[2], vb[3]];
    setVb();
    ev.stopPropagation();
  });
  let current = -1, rendered = 0, curState = null, hotSet = /* @__PURE__ */ new Set();
  function gradText(st) {
    if (!st) return "";
    if (st.g === "none") return t("cell_none");
    if (st.g === "zero") return "0 \xB7 " + (st.gv || t("zeros"));
    if (st.g === "unasked") return t("not_asked");
    if (st.gv) return (st.g === "acc" ? "\u03A3 " : "") + (st.p ? t("partial", { value: st.gv, part: st.p }) : st.gv);
    return "";
  }
  const edgeState2 = (ids) => edgeState(curState, ids);
  function styleElem(e) {
    let st;
    if (e.kind === "edge") st = edgeState2(e.ids);
    else if (e.kind === "stub") {
      const src = curState.get(e.ids[0]) || {};
      st = { s: src.s === "hidden" ? "hidden" : "value", g: src.g };
    } else st = curState.get(e.ids[0]) || {};
    const hot = e.ids.some((id) => hotSet.has(id));
    const base = e.kind === "edge" ? "edge" : e.kind === "cluster" ? "cluster" : "node k-" + e.kind;
    let cls = classesOf(base, st, hot);
    if (e.kind !== "edge" && e.kind !== "cluster") {
      const n = nodes.get(e.ids[0]);
      if (n && n.role) cls += " r-" + n.role;
    }
    if (cls !== e.cls) {
      e.g.setAttribute("class", cls);
      e.cls = cls;
    }
    if (e.texts) writeTexts(e, st);
  }
  function writeTexts(e, st) {
    let lines;
    if (e.kind === "op") lines = [opLine(nodes.get(e.ids[0]))];
    else if (e.kind === "stub") lines = ["\u21AA " + clip((nodes.get(e.ids[0]) || {}).label || e.ids[0], 16)];
    else if (e.kind === "group") lines = groupLines(groups.get(e.ids[0]), t);
    else {
      const n = nodes.get(e.ids[0]);
      lines = tensorLines(n, st.v || n.value, t);
    }
    const key = lines.join("\n");
    if (key === e.lastText) return;
    e.lastText = key;
    e.texts.forEach((t2, j) => {
      t2.textContent = lines[j] !== void 0 ? lines[j] : "";
    });
  }
  function restyleAll() {
    if (!curState || !view) return;
    for (const e of view.elems.values()) styleElem(e);
    drawBadges();
  }
  function restyleIds(ids) {
    const seen = /* @__PURE__ */ new Set();
    for (const id of ids) for (const e of view.byModel.get(id) || []) if (!seen.has(e)) {
      seen.add(e);
      styleElem(e);
    }
  }
  function badgeBox(x, y, text) {
    const width = textUnits(text) * 7.6;
    return { x: x - width / 2 - 6, y: y - 15, w: width + 12, h: 21 };
  }
  function overlap(a, b) {
    const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
    const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
    return dx > 0 && dy > 0 ? dx * dy : 0;
  }
  function drawBadge(x, y, text, cls) {
    const g = s("g", { class: "tkp-badge " + cls });
    const t2 = s("text", { x, y, "text-anchor": "middle" }, text);
    const r = s("rect", { rx: 5 });
    g.append(r, t2);
    layerBadges.append(g);
    const b = badgeBox(x, y, text);
    let dx = 0, dy = 0;
    const minX = vb[0] + 4, maxX = vb[0] + vb[2] - 4, maxY = vb[1] + vb[3] - 4, minY = vb[1] + 4;
    if (b.x < minX) dx = minX - b.x;
    if (b.x + b.w > maxX) dx = maxX - (b.x + b.w);
    if (b.y + b.h > maxY) dy = maxY - (b.y + b.h);
    if (b.y + dy < minY) dy = minY - b.y;
    if (dx || dy) t2.setAttribute("transform", `translate(${dx},${dy})`);
    r.setAttribute("x", b.x + dx);
    r.setAttribute("y", b.y + dy);
    r.setAttribute("width", b.w);
    r.setAttribute("height", b.h);
    return { x: b.x + dx, y: b.y + dy, w: b.w, h: b.h };
  }
  function pathPoint(e, t2) {
    if (e.nums === void 0) {
      const n = (e.path.getAttribute("d") || "").match(/-?\d+(\.\d+)?/g);
      e.nums = n && n.length >= 8 ? n.map(Number) : null;
    }
    const p = e.nums;
    if (!p) return null;
    const segments = Math.floor((p.length - 2) / 6);
    const k = Math.min(segments - 1, Math.floor(t2 * segments)), u = t2 * segments - k, v = 1 - u;
    const [x0, y0, x1, y1, x2, y2, x3, y3] = p.slice(6 * k, 6 * k + 8);
    const a = v * v * v, b = 3 * v * v * u, c = 3 * v * u * u, d = u * u * u;
    return { x: a * x0 + b * x1 + c * x2 + d * x3, y: a * y0 + b * y1 + c * y2 + d * y3 };
  }
  function edgeSpots(e) {
    const out = [];
    for (const t2 of [0.5, 0.3, 0.7, 0.15, 0.85]) {
      const p = pathPoint(e, t2);
      if (p) out.push([p.x, p.y - 6], [p.x, p.y + 17]);
    }
    const mid = pathPoint(e, 0.5);
    if (mid) {
      for (const [dx, dy] of [[0, -32], [0, 43], [36, -20], [36, 31], [-36, -20], [-36, 31]]) {
        out.push([mid.x + dx, mid.y + dy]);
      }
    }
    return out;
  }
  function tensorSpots(p, text) {
    const half = text.length * 7.6 / 2 + 6;
    const below = p.y + p.h / 2 + 10, above = p.y - p.h / 2 - 2;
    return [
      [p.x, below],
      // a tag hanging from the box
      [p.x, above],
      // on its top edge
      [p.x + p.w / 2 + half + 2, p.y + 5],
      [p.x - p.w / 2 - half - 2, p.y + 5],
      [p.x + p.w / 2, below],
      [p.x - p.w / 2, below],
      [p.x + p.w / 2, above],
      [p.x - p.w / 2, above]
    ];
  }
  const badgeText = (text) => clip(String(text).replace(/ shape=\([^)]*\)/, ""), 30);
  let badgeKey = null;
  function drawBadges() {
    if (!view || !curState || current < 0) {
      layerBadges.replaceChildren();
      badgeKey = null;
      return;
    }
    const f = frames[current];
    const ended = current === last && f.phase === "backward";
    let candidates;
    if (ended) candidates = view.elems.values();
    else {
      candidates = /* @__PURE__ */ new Set();
      for (const id of hotSet) for (const e of view.byModel.get(id) || []) candidates.add(e);
    }
    const wanted2 = [];
    for (const e of candidates) {
      if (e.kind === "edge") {
        const st = edgeState2(e.ids);
        const hot = e.ids.some((id) => hotSet.has(id));
        if (!(hot && st.g && st.g !== "wait") && !(st.g === "none" && ended)) continue;
        const text = badgeText(st.g === "none" ? t("cell_none") : gradText(st));
        if (text) wanted2.push([text, "b-" + st.g, e, null]);
      } else if (e.kind === "tensor") {
        const id = e.ids[0];
        const st = curState.get(id) || {};
        const show2 = hotSet.has(id) && st.g && st.g !== "wait" || ended && (sources.has(id) || st.g === "unasked");
        if (!show2 || !st.g || st.g === "wait") continue;
        const text = badgeText(st.g === "none" ? t("badge_none", { cause: causeLabel(st.cause) }) : st.g === "unasked" ? t("badge_unasked") : "\u2202 " + gradText(st));
        wanted2.push([text, "b-" + st.g, e, e.drawId]);
      }
    }
    const key = vb.join(",") + "|" + wanted2.map(([text, cls, e]) => text + cls + (e.drawId || e.ids[0])).join("|");
    if (key === badgeKey) return;
    badgeKey = key;
    layerBadges.replaceChildren();
    const placed = [];
    for (const [text, cls, e, own] of wanted2) {
      const spots = own ? tensorSpots(view.pos.get(own), text) : edgeSpots(e);
      let best = null, bestCost = Infinity;
      for (const [x, y] of spots) {
        const b = badgeBox(x, y, text), box = { x: b.x - 3, y: b.y - 3, w: b.w + 6, h: b.h + 6 };
        let cost = 0;
        for (const [nid, p] of view.pos) {
          if (nid !== own) cost += overlap(box, { x: p.x - p.w / 2, y: p.y - p.h / 2, w: p.w, h: p.h });
        }
        for (const q of placed) cost += 2 * overlap(box, q);
        if (cost < bestCost) {
          best = [x, y];
          bestCost = cost;
        }
        if (cost === 0) break;
      }
      if (best) placed.push(drawBadge(best[0], best[1], text, cls));
    }
  }
  function show(i) {
    i = Math.max(0, Math.min(last, i | 0));
    if (!frames.length) return;
    const f = frames[i];
    const prevHot = hotSet;
    hotSet = new Set(f.hot || []);
    if (curState && i === current + 1) {
      applyFrame(curState, f);
      current = i;
      follow(f.focus);
      if (f.all) restyleAll();
      else {
        restyleIds([...Object.keys(f.set || {}), ...prevHot, ...hotSet]);
        drawBadges();
      }
    } else {
      curState = stateAt(i);
      current = i;
      follow(f.focus);
      restyleAll();
    }
    for (const [id, r] of rows) {
      const st = curState.get(id) || {};
      const n = nodes.get(id) || {};
      const explain = (st.g === "none" || st.g === "unasked" || st.g === "zero") && st.why;
      const look = [
        "tkp-row" + (st.s === "hidden" && !st.g ? " off" : "") + (hotSet.has(id) ? " hot" : "") + (st.g ? " g-" + st.g : "") + (st.p ? " partial" : ""),
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
    phase.textContent = t(f.phase === "backward" ? "phase_backward_long" : "phase_forward_long");
    phase.className = "tkp-phase ph-" + f.phase;
    counter.textContent = t("frame_counter", { n: i + 1, total: frames.length });
    const focusNode = nodes.get(f.focus);
    const w = f.where || focusNode && focusNode.where || "";
    where.textContent = w;
    where.hidden = !w;
    ctext.textContent = f.caption || "";
    slider.value = String(i);
    root.dataset.frame = String(i);
    root.dataset.phase = f.phase;
    rendered += 1;
    root.dataset.rendered = String(rendered);
    if (tipFor) fillTip(tipFor);
    prefetch(i);
  }
  let prefetching = false;
  function prefetch(i) {
    if (prefetching) return;
    for (let j = i + 1; j < Math.min(frames.length, i + 80); j++) {
      const target = frames[j].focus && viewOf(frames[j].focus);
      if (target && target !== viewId && views[target]) {
        if (viewCache.has(target + "#" + placement(views[target]).k)) return;
        prefetching = true;
        const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 30));
        idle(() => {
          prefetching = false;
          buildView(target);
        });
        return;
      }
    }
  }
  let tipFor = null, pinned = false;
  function fillTip(drawId) {
    const e = view.elems.get(drawId);
    if (!e) return;
    const id = e.ids[0];
    const st = curState && curState.get(id) || {};
    const rowsTip = [];
    if (e.kind === "group") {
      const g = groups.get(id);
      rowsTip.push([t("tip_group"), g.label], [t("tip_ops"), String(g.ops)]);
      if (g.where) rowsTip.push([t("tip_line"), g.where]);
      rowsTip.push(["", t("tip_open")]);
    } else {
      const n = nodes.get(id);
      if (!n) return;
      if (n.kind === "op") {
        rowsTip.push([t("tip_op"), n.type + " (" + n.id + ")"]);
        if (n.expr) rowsTip.push([t("tip_code"), n.expr]);
        if (n.where) rowsTip.push([t("tip_line"), n.where]);
        if (n.cut) rowsTip.push([t("tip_cut"), causeLabel(n.cut)]);
        if (st.g) rowsTip.push([t("tip_backward"), words["g_" + st.g] === void 0 ? st.g : t("g_" + st.g)]);
      } else {
        rowsTip.push([t("tip_name"), n.name ? n.label : t("tip_no_name", { label: n.label })]);
        rowsTip.push([t("tip_kind"), words["role_" + n.role] === void 0 ? n.role : t("role_" + n.role)]);
        rowsTip.push([t("tip_shape"), shapeTuple(n.shape, t)]);
        if (n.dtype) rowsTip.push([t("tip_dtype"), n.dtype]);
        rowsTip.push([t("tip_value"), st.v || n.value || t("tip_not_kept")]);
        if (st.g) rowsTip.push([t("tip_gradient"), st.g === "none" ? t("cell_none") : st.g === "wait" ? t("g_wait") : gradText(st)]);
        if (n.where) rowsTip.push([t("tip_line"), n.where]);
      }
    }
    if (st.why) rowsTip.push([t("tip_why"), st.why]);
    tip.replaceChildren();
    for (const [k, v] of rowsTip) {
      const line = h("div", "tkp-tip-row");
      line.append(h("b", "", k), h("span", "", v));
      tip.append(line);
    }
    tip.hidden = false;
    tipFor = drawId;
  }
  function placeTip(ev) {
    const r = stage.getBoundingClientRect();
    const tw = tip.offsetWidth || 240, th = tip.offsetHeight || 120;
    let x = ev.clientX - r.left + 14, y = ev.clientY - r.top + 14;
    if (x + tw > r.width - 4) x = Math.max(4, ev.clientX - r.left - tw - 14);
    if (y + th > r.height - 4) y = Math.max(4, ev.clientY - r.top - th - 14);
    tip.style.left = x + "px";
    tip.style.top = y + "px";
  }
  function drawIdFrom(target) {
    const g = target && target.closest ? target.closest("g.node") : null;
    return g ? g.getAttribute("data-id") : null;
  }
  svg.addEventListener("mousemove", (ev) => {
    if (drag && drag.moved) return;
    const id = drawIdFrom(ev.target);
    if (!id) {
      if (!pinned) {
        tip.hidden = true;
        tipFor = null;
      }
      return;
    }
    if (pinned) return;
    fillTip(id);
    placeTip(ev);
  });
  svg.addEventListener("click", (ev) => {
    if (drag && drag.moved) return;
    const id = drawIdFrom(ev.target);
    const e = id && view.elems.get(id);
    if (e && e.kind === "group") {
      followBox.checked = false;
      tip.hidden = true;
      tipFor = null;
      pinned = false;
      openView(id);
      return;
    }
    if (e && e.kind === "stub") {
      followBox.checked = false;
      reveal(e.ids[0]);
      return;
    }
    pinned = !!id && !(pinned && tipFor === id);
    if (id) {
      fillTip(id);
      placeTip(ev);
    } else {
      tip.hidden = true;
      tipFor = null;
    }
  });
  function zoomBy(factor, cx, cy) {
    const [x, y, w, hh] = vb;
    cx = cx === void 0 ? x + w / 2 : cx;
    cy = cy === void 0 ? y + hh / 2 : cy;
    const { w: sw } = stageSize();
    const nw = Math.min(Math.max(view.w, view.h, sw) * 3, Math.max(sw / 6, w * factor));
    const k = nw / w;
    vb = [cx - (cx - x) * k, cy - (cy - y) * k, w * k, hh * k];
    setVb();
    drawBadges();
  }
  stage.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const r = svg.getBoundingClientRect();
    const px = vb[0] + (ev.clientX - r.left) / r.width * vb[2];
    const py = vb[1] + (ev.clientY - r.top) / r.height * vb[3];
    zoomBy(ev.deltaY > 0 ? 1.15 : 1 / 1.15, px, py);
  }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, vb: vb.slice(), moved: false, id: ev.pointerId };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    if (!drag.moved && Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) < 4) return;
    if (!drag.moved) {
      drag.moved = true;
      svg.setPointerCapture(drag.id);
      stage.classList.add("panning");
      followBox.checked = false;
    }
    const r = svg.getBoundingClientRect();
    const scale = drag.vb[2] / r.width;
    vb = [drag.vb[0] - (ev.clientX - drag.x) * scale, drag.vb[1] - (ev.clientY - drag.y) * scale, drag.vb[2], drag.vb[3]];
    setVb();
  });
  const endDrag = () => {
    if (drag && drag.moved) {
      stage.classList.remove("panning");
      drawBadges();
      setTimeout(() => {
        drag = null;
      }, 0);
    } else drag = null;
  };
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", endDrag);
  zin.onclick = () => zoomBy(1 / 1.3);
  zout.onclick = () => zoomBy(1.3);
  zfit.onclick = () => {
    const { w, h: hh } = stageSize();
    const k = Math.min(w / (view.w + 48), hh / (view.h + 48));
    const vw = w / k, vh = hh / k;
    vb = [view.w / 2 - vw / 2, view.h / 2 - vh / 2, vw, vh];
    setVb();
    drawBadges();
  };
  let playing = false, raf = 0, startTime = 0, startFrame = 0, shownSince = 0, shownAt = 0;
  function sync() {
    model.set("frame", current);
    model.save_changes();
  }
  function setPlaying(on) {
    on = on && current < last;
    if (on === playing) return;
    playing = on;
    pace();
    bPlay.replaceChildren(icon(playing ? "pause" : "play"));
    root.dataset.playing = playing ? "1" : "0";
    root.classList.toggle("is-playing", playing);
    cancelAnimationFrame(raf);
    if (playing) {
      startTime = performance.now();
      startFrame = current;
      shownSince = 0;
      shownAt = startTime;
      raf = requestAnimationFrame(tick);
    } else {
      rate.textContent = "";
      sync();
    }
  }
  function tick(now) {
    if (!playing) return;
    const fps = Number(speed.value);
    const due = Math.min(last, startFrame + Math.floor((now - startTime) / 1e3 * fps));
    if (due > current) {
      if (due === current + 1) show(due);
      else show(due);
      shownSince += 1;
      if (current >= last) {
        setPlaying(false);
        return;
      }
    }
    if (now - shownAt > 1e3) {
      const delivered = (current - startFrame) / ((now - startTime) / 1e3);
      rate.textContent = delivered + 0.5 < fps ? t("rate", { n: delivered.toFixed(0) }) : "";
      shownAt = now;
    }
    raf = requestAnimationFrame(tick);
  }
  let lastStepAt = -1e9;
  function pace() {
    const now = performance.now();
    const fast = playing ? Number(speed.value) > 4 : now - lastStepAt < 300;
    lastStepAt = playing ? lastStepAt : now;
    if (fast !== root.classList.contains("tkp-fast")) root.classList.toggle("tkp-fast", fast);
  }
  const step = (i) => {
    followBox.checked = true;
    setPlaying(false);
    pace();
    show(i);
    sync();
  };
  bFirst.onclick = () => step(0);
  bBack.onclick = () => step(current - 1);
  bFwd.onclick = () => step(current + 1);
  bLast.onclick = () => step(last);
  bPlay.onclick = () => {
    if (!playing) followBox.checked = true;
    if (!playing && current >= last) show(0);
    setPlaying(!playing);
  };
  slider.oninput = () => {
    setPlaying(false);
    pace();
    show(Number(slider.value));
  };
  slider.onchange = () => sync();
  speed.onchange = () => {
    model.set("fps", Number(speed.value));
    model.save_changes();
    if (playing) pace();
    if (playing) {
      startTime = performance.now();
      startFrame = current;
    }
  };
  followBox.onchange = () => {
    if (followBox.checked && current >= 0) follow(frames[current].focus);
  };
  root.addEventListener("keydown", (ev) => {
    const keys = {
      " ": () => bPlay.onclick(),
      ArrowRight: () => bFwd.onclick(),
      ArrowLeft: () => bBack.onclick(),
      Home: () => bFirst.onclick(),
      End: () => bLast.onclick()
    };
    if (keys[ev.key] && ev.target.tagName !== "SELECT" && ev.target.tagName !== "INPUT") {
      ev.preventDefault();
      ev.stopPropagation();
      keys[ev.key]();
    }
  });
  root.addEventListener("pointerdown", () => root.focus({ preventScroll: true }));
  const onFrame = () => {
    const i = model.get("frame");
    if (i !== current) show(i);
  };
  model.on("change:frame", onFrame);
  openView(views.root ? "root" : Object.keys(views)[0]);
  requestAnimationFrame(() => {
    if (view) {
      fitCamera(null);
      drawBadges();
    }
  });
  show(model.get("frame") || 0);
  root.dataset.playing = "0";
  return () => {
    playing = false;
    cancelAnimationFrame(raf);
    model.off("change:frame", onFrame);
  };
}
var main_default = { render };
export {
  main_default as default
};
