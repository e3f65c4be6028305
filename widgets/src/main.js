// tapekit TapePlayer front end (anywidget ES module). Sources: widgets/src/*.js, bundled by esbuild
// into widgets/player.js (`npm run build` in widgets/; .ci/run checks the bundle is up to date).
// The kernel lays out each view once (docs/PLAYER.md); this module draws views from coordinates,
// replays frames (src/replay.js), moves a camera, navigates the group hierarchy, plays by the
// tape's structure (src/structure.js) and asks questions (src/questions.js).
// Every name, value and cause is inserted with textContent, never as markup.
import { MIN_SCALE } from "./constants.js";
import { h, s } from "./dom.js";
import LIVE_CSS from "../player-live.css";
import { causeLabeler, translator } from "./i18n.js";
import { Replay, applyFrame as apply, edgeState as stateOfEdge, expandFrames } from "./replay.js";
import { clip } from "./text.js";
import { fittingSpeed, groupRange, itemFinder, markers, nextStop, stepStops } from "./structure.js";
import { frameTexts } from "./caption.js";
import { elementClass, elementLines, elementState, gradientText } from "./styling.js";
import { deliveredRate, dueFrame, duePosition, playSequence, positionOf, stepsLeftInPhase } from "./playback.js";
import { questionOnTheWay } from "./questions.js";
import { showQuestion } from "./ask.js";
import { fillTable, updateRows } from "./table.js";
import { fillTimeline, makeControls } from "./controls.js";
import { fitScale, minimapSpot, nodeBox, pathNumbers, placeBadges, READABLE_SCALE } from "./geometry.js";
import { fitLine, lineFont, measure, room } from "./fit.js";
import { clampViewBox, fitViewBox, inViewBox, placement as placeGraph, stageHeight } from "./camera.js";
import { ViewShelf } from "./viewcache.js";
import { drawView } from "./drawing.js";
import { overviewLabels } from "./overview.js";
import { tipRows } from "./tooltip.js";
import { makeSkeleton } from "./skeleton.js";

// graph and frames come as gzipped JSON in base64 (tapekit/widgets/saved_state.py json_string);
// a plain object (a hand-made state) passes as it is
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

function draw({ model, el }, graph, frameData) {
  const words = model.get("texts") || {};
  const t = translator(words);
  const causeLabel = causeLabeler(graph, words);
  const frames = expandFrames(frameData);
  const nodes = new Map((graph.nodes || []).map((n) => [n.id, n]));
  const groups = new Map((graph.groups || []).map((g) => [g.id, g]));
  const views = graph.views || {};
  const layouts = graph.layouts || [];
  const edgesById = new Map((graph.edges || []).map((e) => [e.id, e]));
  const last = Math.max(0, frames.length - 1);
  const sources = new Set(graph.sources || []);

  // ---------- replay: a checkpoint every few frames, deltas in between ----------
  const replay = new Replay([...nodes.keys(), ...edgesById.keys(), ...groups.keys()], frames);
  const stateAt = (i) => replay.stateAt(i);

  // ---------- DOM (src/skeleton.js) ----------
  el.classList.add("tkp");
  el.append(h("style", "", LIVE_CSS));      // the live player's own rules (player-live.css)
  const { root, head, phase, counter, notes, nav, crumbs, followBox, bGroup, body, stage, svg, camera, layerViews,
    layerBadges, layerOverview, tip, zin, zout, zfit, zmap, mini, miniSvg, miniView, side, table, caption, where,
    ctext, legend, askBox } = makeSkeleton(t, { title: model.get("title") || "GradientTape", language: words.language,
    notes: graph.notes || [] });
  const shelf = new ViewShelf(layerViews, miniSvg);
  const { controls, icon, bFirst, bBack, bPlay, bFwd, bLast, slider, speed, rate, modeSel, bMark, timeline, wantedFps } =
    makeControls(t, { last, fps: Number(model.get("fps")), grouped: Object.keys(views).length > 1 });
  root.dataset.mode = modeSel.value;

  root.append(head, notes, nav, body, caption, askBox, controls, legend);
  el.append(root);
  // a tape too large to draw (tapekit/widgets/limits.py): the note says why and what to do, the
  // table shows the gradients the kernel computed; nothing to draw or play
  const drawn = Object.keys(views).length > 0;
  if (!drawn) {
    for (const part of [stage, nav, caption, controls, legend, phase, counter]) part.hidden = true;
    root.classList.add("tkp-undrawn");
  }

  // ---------- table (src/table.js) ----------
  const rows = fillTable(table, graph, nodes, t, causeLabel, (id) => reveal(id));

  // ---------- views: drawn on demand from the layout ----------
  let viewId = null;
  let view = null;          // { id, w, h, elems: Map(draw id -> {g, kind, ids}), byModel: Map(model id -> [elem]) }
  const viewCache = new Map();
  const edgeOwner = new Map();    // model edge id -> view id that draws it as itself (for the camera)

  // ---------- where the graph goes: beside the table while it fits there at a readable size ----------
  // (src/camera.js placement)
  let bodyW = 0;
  function bodyWidth() {
    if (!bodyW) bodyW = body.getBoundingClientRect().width;
    return bodyW || 1000;
  }
  const placement = (v) => placeGraph(v.layouts || [v.layout], layouts, bodyWidth());
  const rank = (basis) => (basis === "100%" ? Infinity : parseFloat(basis) || 0);
  // a table that does not fit beside the graph goes below the controls: the graph, the caption and
  // the buttons stay together on screen (a notebook with its side panel open)
  function tableBelow(on) {
    if (on === (side.parentNode === root)) return;
    if (on) root.insertBefore(side, legend.nextSibling);
    else body.append(side);
    root.classList.toggle("tkp-table-below", on);
  }
  function place(p, resized) {
    tableBelow(!!p.below);
    if (stage.style.flexBasis === p.basis && side.style.flexBasis === p.side) return;
    // while following the active op the drawing area only grows: the table does not jump about
    if (!resized && followBox.checked && rank(p.basis) <= rank(stage.style.flexBasis)) return;
    stage.style.flexBasis = p.basis;
    side.style.flexBasis = p.side;
    stageBox = null;            // measured again: the drawing area changed width
  }
  function buildView(id) {
    const v = views[id];
    const layoutIndex = placement(v).k;
    const key = id + "#" + layoutIndex;
    if (viewCache.has(key)) return viewCache.get(key);
    const geo = layouts[layoutIndex];
    const built = { id, key, w: geo.w, h: geo.h, v, ...drawView(id, v, geo, { nodes, groups, t }) };
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
    shelf.show(view);
    // e.cls and e.lastText still say what each element shows: restyleAll writes only the changes
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
        b.onclick = () => { followBox.checked = false; openView(id); };
        crumbs.append(b, h("span", "tkp-crumb-sep", "›"));
      } else crumbs.append(h("span", "tkp-crumb tkp-crumb-here", label));
    });
    nav.hidden = chain.length < 2 && Object.keys(views).length < 2;
    bGroup.hidden = !(views[viewId] && views[viewId].group);
  }

  // ---------- camera ----------
  let vb = [0, 0, 100, 100];
  // the drawing area's size, kept by a ResizeObserver: reading layout on every frame would force
  // the whole notebook page to be laid out again
  let stageBox = null;
  function stageSize() {
    if (!stageBox || !stageBox.w) { const r = stage.getBoundingClientRect(); stageBox = { w: r.width, h: r.height }; }
    return { w: stageBox.w || 800, h: stageBox.h || 440 };
  }
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver((entries) => {
      const r = entries[entries.length - 1].contentRect;
      const changed = !stageBox || Math.abs(r.width - stageBox.w) > 1;
      stageBox = { w: r.width, h: r.height };
      if (changed && view) { fitCamera(current >= 0 ? frames[current].focus : null); drawBadges(); }
    }).observe(stage);
    new ResizeObserver((entries) => {   // the output got wider or narrower: place the graph again
      const w = entries[entries.length - 1].contentRect.width;
      if (!w || Math.abs(w - bodyW) <= 1) return;
      bodyW = w;
      if (!view) return;
      const p = placement(view.v);
      place(p, true);
      if (view.key !== viewId + "#" + p.k) { const id = viewId; viewId = null; openView(id, true); }
      fitCamera(current >= 0 ? frames[current].focus : null);
      drawBadges();
    }).observe(body);
  }
  function clampVb() { vb = clampViewBox(vb, view.w, view.h); }
  function setVb() {
    clampVb();
    const [x, y, w, hh] = vb.map((v) => Math.round(v * 10) / 10);
    const size = `0 0 ${w} ${hh}`;
    if (svg.getAttribute("viewBox") !== size) svg.setAttribute("viewBox", size);
    camera.setAttribute("transform", `translate(${-x} ${-y})`);
    const scale = stageSize().w / vb[2];
    root.dataset.scale = String(scale);
    overview(scale);
    updateMini();
  }
  // ---------- the overview: below the readable scale, no text but the groups' labels ----------
  // Drawn smaller than READABLE_SCALE, a node's text would be under 11 px: the drawing then hides
  // it (and the badges) and shows the groups as labelled blocks, each label at 13 px on screen,
  // left out where it would not fit its block or would overlap another.
  let overviewAt = null;
  function overview(scale) {
    const on = scale < READABLE_SCALE - 1e-6;
    root.classList.toggle("tkp-overview", on);
    root.dataset.overview = on ? "1" : "0";
    const key = on ? viewId + "@" + scale.toFixed(3) : null;
    if (key === overviewAt) return;
    overviewAt = key;
    layerOverview.replaceChildren();
    if (!on) return;
    const blocks = [];
    for (const e of view.elems.values()) {
      const g = groups.get(e.ids[0]);
      if (e.kind === "cluster") blocks.push({ x: e.labelBox.x, y: e.labelBox.y, w: e.rectW, label: g && g.label });
      else if (e.kind === "group") {
        const p = view.pos.get(e.drawId);
        blocks.push({ x: p.x - p.w / 2 + 4, y: p.y - p.h / 2 + 2, w: p.w - 8, label: g && g.label });
      }
    }
    const font = lineFont("cluster", 0);
    for (const { x, y, size, label } of overviewLabels(blocks, scale, (text) => measure(text, font))) {
      layerOverview.append(s("text", { class: "ov-label", x, y: y + size, "font-size": size.toFixed(2) }, label));
    }
  }
  // as high as the view needs at its fitting scale, within bounds; while following the active op
  // it only grows, so that entering a group does not move the caption and the buttons
  function sizeStage() {
    const { w, h: now } = stageSize();
    let want = stageHeight(view.w, view.h, w);
    if (followBox.checked && stage.style.height) want = Math.max(want, now);
    if (Math.abs(now - want) > 2) { stage.style.height = want + "px"; stageBox = { w, h: want }; }
  }
  function fitCamera(centerOn) {
    sizeStage();
    const { w, h: hh } = stageSize();
    // a level that does not fit at a readable size starts at the focus, or where the tape starts
    const first = view.v.nodes.find(([, kind]) => kind !== "stub");
    vb = fitViewBox(view.w, view.h, w, hh, view.pos.get(centerOn) || (first && view.pos.get(first[0])) || null);
    setVb();
  }
  const inView = (p) => inViewBox(p, vb);
  function lookAt(id) {
    const p = view.pos.get(id);
    if (!p || inView(p)) return;
    vb = [p.x - vb[2] / 2, p.y - vb[3] / 2, vb[2], vb[3]];
    setVb();
  }
  // the view that shows a model id as itself, and the path of views to it
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
      if (viewId !== target) fitCamera(id); else setVb();
    }
  }
  const finders = new Map();
  function itemInView(id) {
    if (!finders.has(viewId)) finders.set(viewId, itemFinder(new Set(view.v.nodes.map(([nid]) => nid)), nodes, groups));
    return finders.get(viewId)(id);
  }
  function follow(focus) {
    if (!followBox.checked || !focus) return;
    if (byGroup()) {        // by group: the camera stays at this level, on the item that stands for the focus
      const item = itemInView(focus);
      if (item) lookAt(item);
      return;
    }
    const target = viewOf(focus);
    if (target && target !== viewId) { openView(target, true); fitCamera(focus); return; }
    lookAt(focus);
  }

  // ---------- minimap ----------
  function drawMini() {
    miniSvg.setAttribute("viewBox", `0 0 ${view.w} ${view.h}`);
    const { w, h: hh } = stageSize();
    miniNeeded = !(view.w <= w * 1.05 / MIN_SCALE && view.h <= hh * 1.05 / MIN_SCALE);
    zmap.hidden = !miniNeeded;
  }
  // the minimap goes to a corner where it covers no node and no group label on screen, at full or reduced size; with
  // no such corner (or toggled off) it hides
  let miniNeeded = false, miniWanted = true;
  function placeMini() {
    const { w: sw, h: sh } = stageSize();
    const k = sw / vb[2];
    const boxes = fixedObstacles().map((b) => ({ x: (b.x - vb[0]) * k, y: (b.y - vb[1]) * k, w: b.w * k, h: b.h * k }));
    const spot = miniNeeded && miniWanted ? minimapSpot(boxes, sw, sh, 150, 84) : null;
    mini.hidden = !spot;
    zmap.classList.toggle("on", miniWanted);
    zmap.setAttribute("aria-pressed", miniWanted ? "true" : "false");
    if (!spot) return;
    Object.assign(mini.style, { left: spot.x + "px", top: spot.y + "px", width: spot.w + "px", height: spot.h + "px",
      right: "auto", bottom: "auto" });
  }
  function updateMini() {
    placeMini();
    miniView.setAttribute("x", vb[0]); miniView.setAttribute("y", vb[1]);
    miniView.setAttribute("width", vb[2]); miniView.setAttribute("height", vb[3]);
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

  // ---------- styling a frame ----------
  let current = -1, rendered = 0, curState = null, hotSet = new Set();
  const gradText = (st) => gradientText(st, t);
  const edgeState = (ids) => stateOfEdge(curState, ids);
  function styleElem(e) {
    const st = elementState(e, curState);
    const cls = elementClass(e, st, e.ids.some((id) => hotSet.has(id)), nodes);
    if (cls !== e.cls) { e.g.setAttribute("class", cls); e.cls = cls; }
    if (e.texts) writeTexts(e, st);
  }
  function writeTexts(e, st) {
    const lines = elementLines(e, st, nodes, groups, t);
    const key = lines.join("\n");
    if (key === e.lastText) return;
    e.lastText = key;
    e.texts.forEach((el2, j) => {
      const text = lines[j] !== undefined ? String(lines[j]) : "";
      el2.textContent = text;
      fitLine(el2, text, lineFont(e.kind, j), room(e.kind, e.w));
    });
  }
  function restyleAll() {
    if (!curState || !view) return;
    for (const e of view.elems.values()) styleElem(e);
    drawBadges();
  }
  function restyleIds(ids) {
    const seen = new Set();
    for (const id of ids) for (const e of view.byModel.get(id) || []) if (!seen.has(e)) { seen.add(e); styleElem(e); }
  }

  // ---------- badges (gradient values on the graph) ----------
  // A badge's box comes from its text length (src/geometry.js), so that no layout is read back
  // while playing. Each badge goes to the first of a few spots around its node or edge that covers
  // no node, no group label and no badge placed before it; with no free spot it is left out (the
  // table and the tooltip still say it): badges never overlap.
  function drawBadge(b, text, cls) {      // b: the badge's box (geometry.js badgeBox)
    const g = s("g", { class: "tkp-badge " + cls });
    const label = s("text", { x: b.x + b.w / 2, y: b.y + 15, "text-anchor": "middle" }, text);
    const r = s("rect", { rx: 5, x: b.x, y: b.y, width: b.w, height: b.h });
    g.append(r, label);
    layerBadges.append(g);
    return b;
  }
  const edgeNums = (e) => {
    if (e.nums === undefined) e.nums = pathNumbers(e.path.getAttribute("d"));
    return e.nums;
  };
  // what a badge must not cover: every node's box and every group's label, in this view
  function fixedObstacles() {
    if (!view.obstacles) {
      view.obstacles = [...view.pos.values()].map(nodeBox);
      for (const e of view.elems.values()) if (e.kind === "cluster" && e.labelBox) view.obstacles.push(e.labelBox);
    }
    return view.obstacles;
  }
  // an array's preview without its " shape=(…)" tail: the box it belongs to shows the shape
  const badgeText = (text) => clip(String(text).replace(/ shape=\([^)]*\)/, ""), 30);
  let badgeKey = null;
  function drawBadges() {
    if (!view || !curState || current < 0 || root.classList.contains("tkp-overview")) {
      layerBadges.replaceChildren(); badgeKey = null; return;
    }
    const f = frames[current];
    const ended = current === last && f.phase === "backward";
    // the elements that may carry a badge: the hot ones; at the end, every edge and tensor
    let candidates;
    if (ended) candidates = view.elems.values();
    else {
      candidates = new Set();
      for (const id of hotSet) for (const e of view.byModel.get(id) || []) candidates.add(e);
    }
    const wanted = [];
    for (const e of candidates) {
      if (e.kind === "edge") {
        const st = edgeState(e.ids);
        const hot = e.ids.some((id) => hotSet.has(id));
        if (!(hot && st.g && st.g !== "wait") && !(st.g === "none" && ended)) continue;
        const text = badgeText(st.g === "none" ? t("cell_none") : gradText(st));
        if (text) wanted.push([text, "b-" + st.g, e, null]);
      } else if (e.kind === "tensor") {
        const id = e.ids[0];
        const st = curState.get(id) || {};
        const show = (hotSet.has(id) && st.g && st.g !== "wait") || (ended && (sources.has(id) || st.g === "unasked"));
        if (!show || !st.g || st.g === "wait") continue;
        const text = badgeText(st.g === "none" ? t("badge_none", { cause: causeLabel(st.cause) })
          : st.g === "unasked" ? t("badge_unasked") : "∂ " + gradText(st));
        wanted.push([text, "b-" + st.g, e, e.drawId]);
      }
    }
    const key = vb.join(",") + "|" + wanted.map(([text, cls, e]) => text + cls + (e.drawId || e.ids[0])).join("|");
    if (key === badgeKey) return;
    badgeKey = key;
    layerBadges.replaceChildren();
    const area = { x: vb[0], y: vb[1], w: vb[2], h: vb[3] };      // badges stay on screen, uncut
    const placed = placeBadges(wanted.map(([text, cls, e, own]) => (own ? { text, cls, own: view.pos.get(own) }
      : { text, cls, nums: edgeNums(e) })), fixedObstacles(), area);
    for (const { box, text, cls } of placed) drawBadge(box, text, cls);
    root.dataset.badges = String(placed.length);
  }

  // ---------- showing a frame ----------
  function show(i) {
    i = Math.max(0, Math.min(last, i | 0));
    if (!frames.length) return;
    const f = frames[i];
    const prevHot = hotSet;
    hotSet = new Set(f.hot || []);
    if (curState && i === current + 1) {  // one step: apply this frame's delta, restyle what it touched
      apply(curState, f);
      current = i;
      follow(f.focus);
      if (f.all) restyleAll();
      else { restyleIds([...Object.keys(f.set || {}), ...prevHot, ...hotSet]); drawBadges(); }
    } else {
      curState = stateAt(i);
      current = i;
      follow(f.focus);
      restyleAll();
    }
    updateRows(rows, curState, hotSet, nodes, t, gradText, causeLabel);
    const texts = frameTexts(f, i, frames.length, nodes, t);
    phase.textContent = texts.phase;
    phase.className = texts.phaseClass;
    counter.textContent = texts.counter;
    where.textContent = texts.where; where.hidden = !texts.where;
    ctext.textContent = texts.caption;
    slider.value = String(i);
    root.dataset.frame = String(i);
    root.dataset.phase = f.phase;
    rendered += 1;
    root.dataset.rendered = String(rendered);
    if (tipFor) fillTip(tipFor);
    prefetch(i);
  }

  // build the view that playing will open next while the browser is idle, so that entering it
  // costs a step no more than any other
  let prefetching = false;
  function prefetch(i) {
    if (prefetching) return;
    for (let j = i + 1; j < Math.min(frames.length, i + 80); j++) {
      const target = frames[j].focus && viewOf(frames[j].focus);
      if (target && target !== viewId && views[target]) {
        const built = viewCache.get(target + "#" + placement(views[target]).k);
        if (built && built.group.isConnected) return;
        prefetching = true;
        const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 30));
        idle(() => { prefetching = false; prepare(buildView(target)); });
        return;
      }
    }
  }

  // a view about to be entered: in the drawing (hidden), styled as now, so that entering it restyles
  // only what changes until then and the browser has laid it out while idle
  function prepare(v) {
    shelf.attach(v);
    if (curState && v !== view) for (const e of v.elems.values()) styleElem(e);
  }

  // ---------- tooltip ----------
  let tipFor = null, pinned = false;
  function fillTip(drawId) {
    const e = view.elems.get(drawId);
    if (!e) return;
    const id = e.ids[0];
    const st = (curState && curState.get(id)) || {};
    const rowsTip = tipRows(e.kind, id, st, { nodes, groups, t, words, causeLabel, gradText });
    if (!rowsTip) return;
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
    tip.style.left = x + "px"; tip.style.top = y + "px";
  }
  function drawIdFrom(target) {
    const g = target && target.closest ? target.closest("g.node") : null;
    return g ? g.getAttribute("data-id") : null;
  }
  svg.addEventListener("mousemove", (ev) => {
    if (drag && drag.moved) return;
    const id = drawIdFrom(ev.target);
    if (!id) { if (!pinned) { tip.hidden = true; tipFor = null; } return; }
    if (pinned) return;
    fillTip(id); placeTip(ev);
  });
  svg.addEventListener("click", (ev) => {
    if (drag && drag.moved) return;
    const id = drawIdFrom(ev.target);
    const e = id && view.elems.get(id);
    if (e && e.kind === "group") { followBox.checked = false; tip.hidden = true; tipFor = null; pinned = false; openView(id); return; }
    if (e && e.kind === "stub") { followBox.checked = false; reveal(e.ids[0]); return; }
    pinned = !!id && !(pinned && tipFor === id);
    if (id) { fillTip(id); placeTip(ev); } else { tip.hidden = true; tipFor = null; }
  });

  // ---------- zoom & pan ----------
  function zoomBy(factor, cx, cy) {
    const [x, y, w, hh] = vb;
    cx = cx === undefined ? x + w / 2 : cx; cy = cy === undefined ? y + hh / 2 : cy;
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
    const px = vb[0] + ((ev.clientX - r.left) / r.width) * vb[2];
    const py = vb[1] + ((ev.clientY - r.top) / r.height) * vb[3];
    zoomBy(ev.deltaY > 0 ? 1.15 : 1 / 1.15, px, py);
  }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, vb: vb.slice(), moved: false, id: ev.pointerId };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    if (!drag.moved && Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) < 4) return;
    if (!drag.moved) { drag.moved = true; svg.setPointerCapture(drag.id); stage.classList.add("panning"); followBox.checked = false; }
    const r = svg.getBoundingClientRect();
    const scale = drag.vb[2] / r.width;
    vb = [drag.vb[0] - (ev.clientX - drag.x) * scale, drag.vb[1] - (ev.clientY - drag.y) * scale, drag.vb[2], drag.vb[3]];
    setVb();
  });
  const endDrag = () => {
    if (drag && drag.moved) { stage.classList.remove("panning"); drawBadges(); setTimeout(() => { drag = null; }, 0); }
    else drag = null;
  };
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", endDrag);
  zin.onclick = () => zoomBy(1 / 1.3);
  zout.onclick = () => zoomBy(1.3);
  zmap.onclick = () => { miniWanted = !miniWanted; placeMini(); };
  // the whole level: at a readable scale if it fits so, else as the overview (setVb)
  zfit.onclick = () => {
    const { w, h: hh } = stageSize();
    const k = fitScale(view.w, view.h, w, hh, 24).fit;
    const vw = w / k, vh = hh / k;
    vb = [view.w / 2 - vw / 2, view.h / 2 - vh / 2, vw, vh];
    setVb(); drawBadges();
  };

  // ---------- the timeline: markers under the slider (src/structure.js markers) ----------
  const topItems = new Set(((views.root || { nodes: [] }).nodes).map(([nid]) => nid));
  const questions = (graph.questions || []).filter((q) => q && q.id && Number.isInteger(q.frame));
  const marks = markers(frames, graph, itemFinder(topItems, nodes, groups))
    .concat(questions.map((q) => ({ frame: Math.max(0, q.frame - 1), kind: "question", id: q.node })))
    .sort((a, b) => a.frame - b.frame);
  function describe(m) {
    const about = m.id && nodes.get(m.id) ? " · " + nodes.get(m.id).label : m.id && groups.get(m.id) ? " · " + groups.get(m.id).label : "";
    return t("marker_" + m.kind) + about + " (" + t("frame_counter", { n: m.frame + 1, total: frames.length }) + ")";
  }
  fillTimeline(timeline, legend, marks, last, t, describe, (frame) => step(frame));
  timeline.hidden = bMark.hidden = !marks.length;

  // ---------- questions (src/questions.js): ask before a frame, check locally, write `answers` ----------
  const passed = new Set();
  function saveAnswer(q, given, correct) {
    const answers = { ...(model.get("answers") || {}) };
    const before = answers[q.id] || { tries: 0 };
    answers[q.id] = { given, correct, tries: (before.tries || 0) + 1 };
    model.set("answers", answers);
    model.save_changes();
  }
  function ask(q) {
    root.dataset.asking = q.id;
    showQuestion(askBox, q, t, {
      save: saveAnswer,
      next: () => {
        passed.add(q.id);
        delete root.dataset.asking;
        step(q.frame);
        setPlaying(true);
      },
    });
    const item = q.node && view ? itemInView(q.node) : null;    // show where the answer will arrive
    if (item) lookAt(item);
  }

  // ---------- playback (the browser owns the timer) ----------
  // What a step or a tick of play moves to: "by group" (src/structure.js stepStops: one item of the
  // view shown, an op or a collapsed group, per step; at the top level one step is one group), or
  // every frame; "play this group" plays the frames of the group whose view is shown. Frame k of
  // the sequence is due at start + k / fps: a slow draw skips, never slows down.
  let playing = false, raf = 0, startTime = 0, startPos = 0, shownAt = 0, playRange = null, speedTouched = false;
  const stopsCache = new Map();
  function stops() {
    if (!stopsCache.has(viewId)) {
      const items = new Set((views[viewId] || { nodes: [] }).nodes.map(([nid]) => nid));
      stopsCache.set(viewId, stepStops(frames, itemFinder(items, nodes, groups)));
    }
    return stopsCache.get(viewId);
  }
  const byGroup = () => modeSel.value === "groups" && !playRange;
  // the frames playing visits from here: a list of frame indices
  const sequence = () => playSequence({ playRange, byGroup: byGroup(), stops });
  function sync() { model.set("frame", current); model.save_changes(); }
  function setPlaying(on) {
    on = on && current < (playRange ? playRange[1] : last);
    if (on === playing) return;       // a step while paused changes nothing here (and sends nothing)
    playing = on;
    if (playing && !speedTouched) {   // the speed adapts: this pass (or group) plays within FOLLOW_SECONDS
      speed.value = String(fittingSpeed(stepsLeftInPhase(frames, current, sequence()), wantedFps));
    }
    pace();
    bPlay.replaceChildren(icon(playing ? "pause" : "play"));
    root.dataset.playing = playing ? "1" : "0";
    root.classList.toggle("is-playing", playing);
    cancelAnimationFrame(raf);
    if (playing) {
      const seq = sequence();
      startTime = performance.now(); startPos = seq ? positionOf(seq, current) : current; shownAt = startTime;
      raf = requestAnimationFrame(tick);
    } else { rate.textContent = ""; playRange = null; root.dataset.range = ""; sync(); }
  }
  function tick(now) {
    if (!playing) return;
    const fps = Number(speed.value);
    const seq = sequence();
    const pos = duePosition(startPos, now - startTime, fps);
    const end = playRange ? playRange[1] : last;
    const due = dueFrame(seq, pos, end);
    if (due > current) {
      const asked = gate(due);
      show(asked);
      if (asked < due) { setPlaying(false); return; }
      if (current >= end) { setPlaying(false); return; }
    }
    if (now - shownAt > 1000) {
      const delivered = deliveredRate(pos, startPos, now - startTime);
      rate.textContent = delivered + 0.5 < fps ? t("rate", { n: delivered.toFixed(0) }) : "";
      shownAt = now;
    }
    raf = requestAnimationFrame(tick);
  }
  // quick steps, or playing faster than 4 fps, drop the 0.2 s fades and the moving dashes of the
  // hot edges: at that pace they are not seen, and they would cost every frame a repaint. The class
  // goes on the view shown (src/viewcache.js), not the root: `.tkp-fast *` restyles all below it
  let lastStepAt = -1e9;
  function pace() {
    const now = performance.now();
    const fast = playing ? Number(speed.value) > 4 : now - lastStepAt < 300;
    lastStepAt = playing ? lastStepAt : now;
    shelf.setFast(fast);
  }
  // a move forward stops before a question's frame (src/questions.js): the frame to show instead
  function gate(i) {
    if (!questions.length || i <= current) return i;
    const q = questionOnTheWay(questions, current, i, passed);
    if (!q) return i;
    ask(q);
    return Math.max(current, q.frame - 1);
  }
  const step = (i) => {
    followBox.checked = true; setPlaying(false); pace();
    show(gate(Math.max(0, Math.min(last, i)))); sync();
  };
  bFirst.onclick = () => step(0);
  bBack.onclick = () => step(byGroup() ? nextStop(stops(), current, -1) : current - 1);
  bFwd.onclick = () => step(byGroup() ? nextStop(stops(), current, 1) : current + 1);
  bLast.onclick = () => step(last);
  bPlay.onclick = () => {
    if (!playing) followBox.checked = true;
    if (!playing && current >= last) show(0);
    setPlaying(!playing);
  };
  slider.oninput = () => { setPlaying(false); pace(); show(gate(Number(slider.value))); };
  slider.onchange = () => sync();
  speed.onchange = () => {
    speedTouched = true;
    model.set("fps", Number(speed.value)); model.save_changes();
    if (playing) pace();
    if (playing) { const seq = sequence(); startTime = performance.now(); startPos = seq ? positionOf(seq, current) : current; }
  };
  modeSel.onchange = () => { root.dataset.mode = modeSel.value; if (playing) { setPlaying(false); setPlaying(true); } };
  // play the frames of the group whose view is shown (in this phase, else the other)
  bGroup.onclick = () => {
    const gid = views[viewId] && views[viewId].group;
    const r = gid && groupRange(frames, gid, frames[current].phase, nodes, groups);
    if (!r) return;
    setPlaying(false);
    playRange = r;
    root.dataset.range = r.join("-");
    show(gate(r[0])); 
    if (current === r[0]) setPlaying(true);
  };
  bMark.onclick = () => {
    const next = marks.find((m) => m.frame > current);
    if (next) step(next.frame);
  };
  followBox.onchange = () => { if (followBox.checked && current >= 0) follow(frames[current].focus); };
  root.addEventListener("keydown", (ev) => {
    const keys = { " ": () => bPlay.onclick(), ArrowRight: () => bFwd.onclick(), ArrowLeft: () => bBack.onclick(),
      Home: () => bFirst.onclick(), End: () => bLast.onclick() };
    if (keys[ev.key] && ev.target.tagName !== "SELECT" && ev.target.tagName !== "INPUT") {
      ev.preventDefault(); ev.stopPropagation(); keys[ev.key]();
    }
  });
  root.addEventListener("pointerdown", () => root.focus({ preventScroll: true }));
  const onFrame = () => { const i = model.get("frame"); if (i !== current) show(i); };
  model.on("change:frame", onFrame);

  openView(views.root ? "root" : Object.keys(views)[0]);
  requestAnimationFrame(() => { if (view) { fitCamera(null); drawBadges(); } });
  show(model.get("frame") || 0);
  root.dataset.playing = "0";
  return () => { playing = false; cancelAnimationFrame(raf); model.off("change:frame", onFrame); };
}

export default { render };
