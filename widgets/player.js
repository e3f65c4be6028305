// tapekit TapePlayer front end (anywidget ES module; no build step, no network).
// Graphviz lays the graph out once in the kernel; frames only toggle CSS classes.
// Every name, value and cause is inserted with textContent, never as markup.

const SVGNS = "http://www.w3.org/2000/svg";
const CHECKPOINT = 32;
const SPEEDS = [["0.5", 0.5], ["1", 1], ["2", 2], ["4", 4], ["8", 8], ["30", 30], ["60", 60], ["max", 0]];
const G_TEXT = {
  wait: "not reached yet", grad: "gradient", acc: "gradient (accumulated, fan-in)",
  none: "None", zero: "zeros (unconnected)", active: "being visited", done: "visited", stopped: "stopped here",
};

function h(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function shapeText(shape) {
  if (shape === null || shape === undefined) return "?";
  return "(" + shape.map((d) => (d === null ? "None" : String(d))).join(", ") + (shape.length === 1 ? ",)" : ")");
}

// Parse Graphviz SVG as XML (no scripts run) and drop anything active, just in case.
function parseSvg(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  if (!svg || svg.nodeName !== "svg") return document.createElementNS(SVGNS, "svg");
  svg.querySelectorAll("script, foreignObject, a, image").forEach((n) => n.replaceWith(...n.childNodes));
  svg.querySelectorAll("*").forEach((n) => {
    for (const attr of Array.from(n.attributes)) {
      if (/^on/i.test(attr.name) || /href$/i.test(attr.name)) n.removeAttribute(attr.name);
    }
  });
  return document.importNode(svg, true);
}

function classesOf(kind, st, hot) {
  let c = kind + " s-" + (st.s || "hidden");
  if (st.g) c += " g-" + st.g;
  if (hot) c += " hot";
  return c;
}

function render({ model, el }) {
  const graph = model.get("graph") || {};
  const frames = model.get("frames") || [];
  const nodes = new Map((graph.nodes || []).map((n) => [n.id, n]));
  const edges = new Map((graph.edges || []).map((e) => [e.id, e]));
  const last = Math.max(0, frames.length - 1);

  // ---------- replay with checkpoints ----------
  const initial = {};
  for (const id of nodes.keys()) initial[id] = { s: "hidden", g: null };
  for (const id of edges.keys()) initial[id] = { s: "hidden", g: null };
  const checkpoints = [];
  {
    let state = { ...initial };
    frames.forEach((f, i) => {
      for (const [k, ch] of Object.entries(f.set || {})) state[k] = { ...(state[k] || {}), ...ch };
      if (i % CHECKPOINT === 0) checkpoints.push({ ...state });
    });
  }
  function stateAt(i) {
    const base = Math.floor(i / CHECKPOINT);
    const state = { ...checkpoints[base] };
    for (let j = base * CHECKPOINT + 1; j <= i; j++) {
      for (const [k, ch] of Object.entries(frames[j].set || {})) state[k] = { ...(state[k] || {}), ...ch };
    }
    return state;
  }

  // ---------- DOM ----------
  el.classList.add("tkp");
  const root = h("div", "tkp tkp-root");
  root.tabIndex = 0;
  const head = h("div", "tkp-head");
  const title = h("span", "tkp-title", model.get("title") || "GradientTape");
  const phase = h("span", "tkp-phase", "forward");
  const counter = h("span", "tkp-counter");
  head.append(title, phase, counter);

  const body = h("div", "tkp-body");
  const stage = h("div", "tkp-graph");
  const svg = parseSvg(model.get("svg") || "");
  svg.setAttribute("class", "tkp-svg");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  const labels = document.createElementNS(SVGNS, "g");
  labels.setAttribute("class", "tkp-labels");
  (svg.querySelector("g.graph") || svg).appendChild(labels);
  const tip = h("div", "tkp-tip");
  tip.hidden = true;
  const zoom = h("div", "tkp-zoom");
  const zin = h("button", "", "+"), zout = h("button", "", "−"), zfit = h("button", "", "fit");
  zin.title = "zoom in"; zout.title = "zoom out"; zfit.title = "fit the whole graph";
  zoom.append(zin, zout, zfit);
  stage.append(svg, tip, zoom);

  const side = h("aside", "tkp-side");
  side.append(h("div", "tkp-side-title", "Watched & sources"));
  const table = h("table", "tkp-table");
  const thead = h("tr");
  for (const c of ["name", "shape · dtype", "value", "gradient"]) thead.append(h("th", "", c));
  table.append(thead);
  side.append(table);
  body.append(stage, side);

  const caption = h("div", "tkp-caption");
  const where = h("span", "tkp-where");
  const ctext = h("span", "tkp-text");
  caption.append(where, ctext);

  const controls = h("div", "tkp-controls");
  const ICONS = { first: "M5 4h2v16H5zM20 4v16L8 12z", back: "M18 4v16L6 12z", play: "M7 4v16l13-8z",
    pause: "M6 4h4v16H6zM14 4h4v16h-4z", forward: "M6 4v16l12-8z", last: "M17 4h2v16h-2zM4 4v16l12-8z" };
  const icon = (name) => {
    const s = document.createElementNS(SVGNS, "svg");
    s.setAttribute("viewBox", "0 0 24 24"); s.setAttribute("width", "14"); s.setAttribute("height", "14");
    const p = document.createElementNS(SVGNS, "path");
    p.setAttribute("d", ICONS[name]); p.setAttribute("fill", "currentColor");
    s.append(p);
    return s;
  };
  const btn = (act, text, tipText) => {
    const b = h("button", "tkp-btn");
    b.append(icon(act));
    b.dataset.act = act; b.title = tipText; b.setAttribute("aria-label", tipText);
    return b;
  };
  const bFirst = btn("first", "⏮", "first frame (Home)");
  const bBack = btn("back", "◀", "step back (←)");
  const bPlay = btn("play", "", "play / pause (space)");
  const bFwd = btn("forward", "▶|", "step forward (→)");
  const bLast = btn("last", "⏭", "last frame (End)");
  const slider = h("input", "tkp-slider");
  slider.type = "range"; slider.min = "0"; slider.max = String(last); slider.value = "0";
  slider.setAttribute("aria-label", "frame");
  const speed = h("select", "tkp-speed");
  speed.title = "frames per second";
  for (const [label, val] of SPEEDS) {
    const o = h("option", "", label + (val ? " fps" : ""));
    o.value = String(val);
    speed.append(o);
  }
  speed.value = String(model.get("fps") || 2);
  if (!speed.value) speed.value = "2";
  controls.append(bFirst, bBack, bPlay, bFwd, bLast, slider, speed);

  const legend = h("div", "tkp-legend");
  for (const [cls, text] of [["lg-var", "variable"], ["lg-const", "constant"], ["lg-value", "op output"],
    ["lg-grad", "gradient"], ["lg-acc", "accumulated"], ["lg-wait", "not reached"],
    ["lg-none", "None"], ["lg-zero", "zero"]]) {
    const item = h("span", "tkp-lg");
    item.append(h("i", cls), document.createTextNode(text));
    legend.append(item);
  }

  root.append(head, body, caption, controls, legend);
  el.append(root);

  // ---------- elements ----------
  // elems: every drawn group; primary: the first group per id (a value used by many ops may be drawn once per use)
  const elems = [];
  const primary = new Map();
  svg.querySelectorAll("g.node, g.edge").forEach((g) => {
    const raw = g.getAttribute("id") || "";
    const e = { id: raw.slice(2).split("~")[0], g, kind: raw[0] === "n" ? "node" : "edge", cls: null };
    elems.push(e);
    if (!primary.has(e.id)) primary.set(e.id, e);
  });
  const rows = new Map();
  const rowIds = [...(graph.watched || [])];
  for (const s of graph.sources || []) if (!rowIds.includes(s)) rowIds.push(s);
  for (const id of rowIds) {
    const n = nodes.get(id) || { id, name: null };
    const tr = h("tr", "tkp-row");
    tr.dataset.id = id;
    const name = h("td", "tkp-name");
    name.append(h("span", "", n.name || id));
    if (n.variable) name.append(h("span", "tkp-tag", n.trainable ? "Variable" : "Variable · frozen"));
    else if (n.watched) name.append(h("span", "tkp-tag", "watched"));
    else name.append(h("span", "tkp-tag tkp-tag-off", "not watched"));
    const meta = h("td", "tkp-meta", shapeText(n.shape) + " " + (n.dtype || ""));
    const value = h("td", "tkp-val");
    const grad = h("td", "tkp-grad");
    tr.append(name, meta, value, grad);
    table.append(tr);
    rows.set(id, { tr, value, grad });
  }

  // ---------- drawing ----------
  const mids = new Map();
  function midpoint(id) {
    if (!mids.has(id)) {
      const e = primary.get(id);
      const path = e && e.g.querySelector("path");
      let p = null;
      try { if (path) { const len = path.getTotalLength(); p = path.getPointAtLength(len / 2); } } catch (err) { p = null; }
      mids.set(id, p ? { x: p.x, y: p.y } : null);
    }
    return mids.get(id);
  }
  function nodeAnchor(id) {
    const e = primary.get(id);
    if (!e) return null;
    try { const b = e.g.getBBox(); return { x: b.x + b.width / 2, y: b.y + b.height + 11 }; } catch (err) { return null; }
  }
  function badge(p, text, cls) {
    if (!p || !text) return;
    const g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", "tkp-badge " + cls);
    const t = document.createElementNS(SVGNS, "text");
    t.setAttribute("x", p.x); t.setAttribute("y", p.y); t.setAttribute("text-anchor", "middle");
    t.textContent = text.length > 34 ? text.slice(0, 33) + "…" : text;
    const r = document.createElementNS(SVGNS, "rect");
    g.append(r, t);
    labels.append(g);
    try {
      const b = t.getBBox();
      r.setAttribute("x", b.x - 4); r.setAttribute("y", b.y - 1.5);
      r.setAttribute("width", b.width + 8); r.setAttribute("height", b.height + 3); r.setAttribute("rx", 4);
    } catch (err) { /* not laid out yet */ }
  }
  function gradText(st) {
    if (st.g === "none") return "None";
    if (st.g === "zero") return "0 · " + (st.gv || "zeros");
    if (st.gv) return (st.g === "acc" ? "Σ " : "") + st.gv;
    return "";
  }

  let current = -1;
  let rendered = 0;
  let curState = null;
  let prevHot = new Set();
  const byId = new Map();
  for (const e of elems) { if (!byId.has(e.id)) byId.set(e.id, []); byId.get(e.id).push(e); }
  const restyle = (id, state, hot) => {
    for (const e of byId.get(id) || []) {
      const cls = classesOf(e.kind, state[id] || {}, hot.has(id));
      if (cls !== e.cls) { e.g.setAttribute("class", cls); e.cls = cls; }
    }
  };
  function show(i) {
    i = Math.max(0, Math.min(last, i | 0));
    if (!frames.length) return;
    const f = frames[i];
    const hot = new Set(f.hot || []);
    let state;
    if (curState && i === current + 1) {  // playing: apply just this frame's delta
      state = curState;
      const touched = new Set([...prevHot, ...hot]);
      for (const [k, ch] of Object.entries(f.set || {})) { state[k] = { ...(state[k] || {}), ...ch }; touched.add(k); }
      for (const id of touched) restyle(id, state, hot);
    } else {
      state = stateAt(i);
      for (const id of byId.keys()) restyle(id, state, hot);
    }
    curState = state;
    prevHot = hot;
    labels.replaceChildren();
    const ended = i === last && f.phase === "backward";
    for (const id of ended ? primary.keys() : hot) {
      const e = primary.get(id);
      if (!e) continue;
      const st = state[id] || {};
      if (e.kind === "edge") {
        if (hot.has(id) && st.g && st.g !== "wait") badge(midpoint(id), gradText(st), "b-" + st.g);
        else if (st.g === "none" && (hot.has(id) || ended)) badge(midpoint(id), "None", "b-none");
      } else if (nodes.get(id) && nodes.get(id).kind === "tensor") {
        const isSource = (graph.sources || []).includes(id);
        if ((hot.has(id) || (ended && isSource)) && st.g && st.g !== "wait") {
          const txt = st.g === "none" ? "None: " + (st.cause || "").replace(/_/g, " ") : "∂ " + gradText(st);
          badge(nodeAnchor(id), txt, "b-" + st.g);
        }
      }
    }
    for (const [id, r] of rows) {
      const st = state[id] || {};
      r.tr.className = "tkp-row" + (st.s === "hidden" && !st.g ? " off" : "") + (hot.has(id) ? " hot" : "") +
        (st.g ? " g-" + st.g : "");
      r.value.textContent = st.v || (nodes.get(id) || {}).value || "";
      r.grad.textContent = st.g === "none" ? "None — " + (st.why || "") : st.g === "wait" ? "…" : gradText(st);
      r.grad.title = st.why || "";
    }
    phase.textContent = f.phase === "backward" ? "◀ backward" : "forward ▶";
    phase.className = "tkp-phase ph-" + f.phase;
    counter.textContent = "frame " + (i + 1) + " / " + frames.length;
    where.textContent = f.where ? f.where : "";
    where.hidden = !f.where;
    ctext.textContent = f.caption || "";
    slider.value = String(i);
    root.dataset.frame = String(i);
    root.dataset.phase = f.phase;
    current = i;
    rendered += 1;
    root.dataset.rendered = String(rendered);
    if (tipFor) fillTip(tipFor);
  }

  // ---------- tooltip ----------
  let tipFor = null;
  function fillTip(id) {
    const n = nodes.get(id);
    if (!n) return;
    const st = (curState || {})[id] || {};
    tip.replaceChildren();
    const rowsTip = [];
    if (n.kind === "op") {
      rowsTip.push(["op", n.type + " (" + n.id + ")"]);
      if (n.where) rowsTip.push(["line", n.where]);
      if (n.cut) rowsTip.push(["cut", n.cut.replace(/_/g, " ")]);
      if (st.g) rowsTip.push(["backward", G_TEXT[st.g] || st.g]);
    } else {
      rowsTip.push(["name", n.name || n.id]);
      rowsTip.push(["kind", n.variable ? "Variable" : n.role === "const" ? "constant" : n.watched ? "watched tensor" : "tensor"]);
      rowsTip.push(["shape", shapeText(n.shape)]);
      if (n.dtype) rowsTip.push(["dtype", n.dtype]);
      rowsTip.push(["value", st.v || n.value || "?"]);
      if (st.g) rowsTip.push(["gradient", st.g === "none" ? "None" : st.g === "wait" ? "not reached yet" : gradText(st)]);
      if (st.gs) rowsTip.push(["grad shape", shapeText(st.gs)]);
    }
    if (st.why) rowsTip.push(["why", st.why]);
    for (const [k, v] of rowsTip) {
      const line = h("div", "tkp-tip-row");
      line.append(h("b", "", k), h("span", "", v));
      tip.append(line);
    }
    tip.hidden = false;
  }
  function nodeIdFrom(target) {
    const g = target && target.closest ? target.closest("g.node") : null;
    return g ? (g.getAttribute("id") || "").slice(2).split("~")[0] : null;
  }
  svg.addEventListener("mousemove", (ev) => {
    const id = nodeIdFrom(ev.target);
    if (!id) { if (!pinned) { tip.hidden = true; tipFor = null; } return; }
    if (pinned) return;
    tipFor = id; fillTip(id);
    const r = stage.getBoundingClientRect();
    tip.style.left = Math.min(ev.clientX - r.left + 14, r.width - 240) + "px";
    tip.style.top = (ev.clientY - r.top + 14) + "px";
  });
  let pinned = false;
  svg.addEventListener("click", (ev) => {
    const id = nodeIdFrom(ev.target);
    pinned = !!id && !(pinned && tipFor === id);
    if (id) { tipFor = id; fillTip(id); } else { tip.hidden = true; tipFor = null; }
  });

  // ---------- zoom & pan ----------
  const vb0 = (svg.getAttribute("viewBox") || "0 0 100 100").split(/[ ,]+/).map(Number);
  let vb = vb0.slice();
  const setVb = () => svg.setAttribute("viewBox", vb.join(" "));
  function zoomBy(factor, cx, cy) {
    const [x, y, w, hgt] = vb;
    cx = cx === undefined ? x + w / 2 : cx; cy = cy === undefined ? y + hgt / 2 : cy;
    const nw = Math.min(vb0[2] * 4, Math.max(vb0[2] / 20, w * factor));
    const k = nw / w;
    vb = [cx - (cx - x) * k, cy - (cy - y) * k, w * k, hgt * k];
    setVb();
  }
  stage.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const r = svg.getBoundingClientRect();
    const px = vb[0] + ((ev.clientX - r.left) / r.width) * vb[2];
    const py = vb[1] + ((ev.clientY - r.top) / r.height) * vb[3];
    zoomBy(ev.deltaY > 0 ? 1.15 : 1 / 1.15, px, py);
  }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (ev) => {
    if (nodeIdFrom(ev.target)) return;
    drag = { x: ev.clientX, y: ev.clientY, vb: vb.slice() };
    svg.setPointerCapture(ev.pointerId);
    stage.classList.add("panning");
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const r = svg.getBoundingClientRect();
    const scale = Math.max(drag.vb[2] / r.width, drag.vb[3] / r.height);
    vb = [drag.vb[0] - (ev.clientX - drag.x) * scale, drag.vb[1] - (ev.clientY - drag.y) * scale, drag.vb[2], drag.vb[3]];
    setVb();
  });
  const endDrag = () => { drag = null; stage.classList.remove("panning"); };
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", endDrag);
  zin.onclick = () => zoomBy(1 / 1.3);
  zout.onclick = () => zoomBy(1.3);
  zfit.onclick = () => { vb = vb0.slice(); setVb(); };

  // ---------- playback (the browser owns the timer) ----------
  let playing = false;
  let raf = 0;
  let lastTick = 0;
  function sync() { model.set("frame", current); model.save_changes(); }
  function setPlaying(on) {
    playing = on && current < last;
    bPlay.replaceChildren(icon(playing ? "pause" : "play"));
    root.dataset.playing = playing ? "1" : "0";
    root.classList.toggle("is-playing", playing);
    cancelAnimationFrame(raf);
    if (playing) { lastTick = performance.now(); raf = requestAnimationFrame(tick); } else sync();
  }
  function tick(now) {
    if (!playing) return;
    const fps = Number(speed.value);
    if (fps === 0 || now - lastTick >= 1000 / fps - 4) {  // 4 ms slack: 60 fps on a 60 Hz display
      lastTick = now;
      show(current + 1);
      if (current >= last) { setPlaying(false); return; }
    }
    raf = requestAnimationFrame(tick);
  }
  const step = (i) => { setPlaying(false); show(i); sync(); };
  bFirst.onclick = () => step(0);
  bBack.onclick = () => step(current - 1);
  bFwd.onclick = () => step(current + 1);
  bLast.onclick = () => step(last);
  bPlay.onclick = () => { if (!playing && current >= last) show(0); setPlaying(!playing); };
  slider.oninput = () => { setPlaying(false); show(Number(slider.value)); };
  slider.onchange = () => sync();
  speed.onchange = () => { model.set("fps", Number(speed.value)); model.save_changes(); };
  root.addEventListener("keydown", (ev) => {
    const keys = { " ": () => bPlay.onclick(), ArrowRight: () => bFwd.onclick(), ArrowLeft: () => bBack.onclick(),
      Home: () => bFirst.onclick(), End: () => bLast.onclick() };
    if (keys[ev.key] && ev.target.tagName !== "SELECT") { ev.preventDefault(); ev.stopPropagation(); keys[ev.key](); }
  });
  root.addEventListener("pointerdown", () => root.focus({ preventScroll: true }));
  const onFrame = () => { const i = model.get("frame"); if (i !== current) show(i); };
  model.on("change:frame", onFrame);

  show(model.get("frame") || 0);
  setPlaying(false);
  return () => { playing = false; cancelAnimationFrame(raf); model.off("change:frame", onFrame); };
}

export default { render };
