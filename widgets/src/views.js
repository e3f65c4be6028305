// The views (levels of the group hierarchy) in the drawing: where the graph goes beside the table
// (src/camera.js placement), each view drawn once per layout (src/drawing.js) and kept in the
// drawing (src/viewcache.js), the breadcrumb bar, the view that shows a model id, and the next
// view a play enters built while the browser is idle. ctx: the player (src/main.js).
import { h } from "./dom.js";
import { placement as placeGraph } from "./camera.js";
import { drawView } from "./drawing.js";
import { enterView } from "./state.js";
import { itemFinder } from "./structure.js";

const rank = (basis) => (basis === "100%" ? Infinity : parseFloat(basis) || 0);

// where the graph goes: beside the table while it fits there at a readable size (src/camera.js
// placement), else with a wider drawing area, else with the table below
function graphPlacer(ctx) {
  const { layouts } = ctx;
  const { root, body, side, stage, legend } = ctx.dom;
  let bodyW = 0;
  const bodyWidth = () => { if (!bodyW) bodyW = body.getBoundingClientRect().width; return bodyW || 1000; };
  const placement = (v) => placeGraph(v.layouts || [v.layout], layouts, bodyWidth());
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
    if (!resized && ctx.state.follow && rank(p.basis) <= rank(stage.style.flexBasis)) return;
    stage.style.flexBasis = p.basis;
    side.style.flexBasis = p.side;
    ctx.camera.forgetSize();        // measured again: the drawing area changed width
  }
  // the output is `w` px wide now: false if that changes nothing
  function widthChanged(w) {
    if (!w || Math.abs(w - bodyW) <= 1) return false;
    bodyW = w;
    return true;
  }
  return { placement, place, widthChanged };
}

// the breadcrumb bar: the views from the top down to the one shown, each a button back up
function crumbBar(ctx, enter) {
  const { views, groups, t } = ctx;
  const { crumbs, nav, bGroup } = ctx.dom;
  return () => {
    crumbs.replaceChildren();
    const chain = [];
    for (let id = ctx.state.view; id; id = views[id] ? views[id].parent : null) chain.unshift(id);
    chain.forEach((id, k) => {
      const label = id === "root" ? t("whole_tape") : (groups.get(id) || {}).label || id;
      if (k === chain.length - 1) { crumbs.append(h("span", "tkp-crumb tkp-crumb-here", label)); return; }
      const b = h("button", "tkp-crumb", label);
      b.onclick = () => enter(id);
      crumbs.append(b, h("span", "tkp-crumb-sep", "›"));
    });
    nav.hidden = chain.length < 2 && Object.keys(views).length < 2;
    bGroup.hidden = !(views[ctx.state.view] && views[ctx.state.view].group);
  };
}

// build the view that playing will open next while the browser is idle, and put it in the drawing
// (hidden) styled as now: entering it then restyles only what changes until then, and the browser
// has laid it out while idle, so that entering it costs a step no more than any other
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
      idle(() => { prefetching = false; prepare(build(target)); });
      return;
    }
  };
}

// viewOf(id): the view that shows a model id as itself (an edge: the view of the op it enters, or leaves)
function viewFinder({ views, nodes, edgesById }) {
  const owner = new Map();
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

// itemInView(id): the item of the view shown that stands for a model id (itself, or its collapsed group)
function itemsInView(ctx) {
  const finders = new Map();
  return (id) => {
    const vid = ctx.state.view;
    if (!finders.has(vid)) finders.set(vid, itemFinder(new Set(ctx.view.v.nodes.map(([nid]) => nid)), ctx.nodes, ctx.groups));
    return finders.get(vid)(id);
  };
}

export function viewManager(ctx) {
  const { views, layouts, nodes, groups, t } = ctx;
  const built = new Map();          // "view id#layout index" -> the drawn view
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
    // e.cls and e.lastText still say what each element shows: restyleAll writes only the changes
    ctx.dom.root.dataset.view = id;
    drawCrumbs();
    ctx.camera.sizeStage();
    ctx.minimap.draw();
    if (!keepCamera) ctx.camera.fit(null);
    ctx.painter.restyleAll();
  }
  // the student opens a group (a click): the camera stops following
  function enter(id) {
    ctx.setFollow(false);
    open(id);
  }
  const drawCrumbs = crumbBar(ctx, enter);

  // show a model id (a table row, a stub): its view, centred on it
  function reveal(id) {
    const target = viewOf(id);
    if (target && target !== ctx.state.view) open(target, true);
    if (!ctx.view || !ctx.view.pos.get(id)) return;
    if (ctx.state.view !== target) ctx.camera.fit(id);
    else ctx.camera.centreOn(ctx.view.pos.get(id));
  }
  // the output got wider or narrower: place the graph again (another layout may fit better); true
  // when the camera should fit again
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
  const isReady = (id) => { const v = built.get(keyOf(id)); return !!(v && v.group.isConnected); };
  const prefetch = prefetcher(ctx, { viewOf, build, isReady });
  return { open, enter, viewOf, reveal, itemInView: itemsInView(ctx), bodyResized, prefetch };
}
