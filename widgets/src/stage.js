// The drawing area and its camera (DOM): its size (kept by ResizeObservers: reading layout on every
// frame would force the whole notebook page to be laid out again), the camera applied to the SVG
// (src/camera.js computes it, ctx.state.camera holds it), the overview below the readable scale,
// following the active op, and zoom and pan by wheel, drag and buttons. ctx: the player (src/main.js).
import { s, setOnce } from "./dom.js";
import { centreViewBox, clampViewBox, fitViewBox, inViewBox, panViewBox, stageHeight, viewPoint, wholeViewBox,
  zoomViewBox } from "./camera.js";
import { READABLE_SCALE } from "./geometry.js";
import { lineFont, measure } from "./fit.js";
import { overviewLabels } from "./overview.js";
import { byGroup, moveCamera } from "./state.js";

// The overview: drawn smaller than READABLE_SCALE, a node's text would be under 11 px: the drawing
// then hides it (and the badges) and shows the groups as labelled blocks, each label at 13 px on
// screen, left out where it would not fit its block or would overlap another.
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

// the drawing area's size in CSS px: measured once, then kept by ResizeObservers (watchSizes)
function stageSizer(stage) {
  let box = null;
  return {
    size() {
      if (!box || !box.w) { const r = stage.getBoundingClientRect(); box = { w: r.width, h: r.height }; }
      return { w: box.w || 800, h: box.h || 440 };
    },
    forget() { box = null; },
    // set by the stage's height (sizeStage) or by the observer; true when the width changed
    set(w, h) { const changed = !box || Math.abs(w - box.w) > 1; box = { w, h }; return changed; },
  };
}

// refit(): the camera fits again when the drawing area or the whole output changes width
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

export function stageCamera(ctx) {
  const { stage, svg, camera, root } = ctx.dom;
  const overview = overviewLayer(ctx);
  const sizer = stageSizer(stage);
  const size = () => sizer.size();

  // the state's camera, clamped to the view, on the SVG: a pan moves one group (a transform); only
  // a zoom changes the viewBox, which makes the browser lay out every element again
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
  const moveTo = (vb) => { ctx.state = moveCamera(ctx.state, vb); apply(); };

  // as high as the view needs at its fitting scale, within bounds; while following the active op
  // it only grows, so that entering a group does not move the caption and the buttons
  function sizeStage() {
    const { w, h: now } = size();
    let want = stageHeight(ctx.view.w, ctx.view.h, w);
    if (ctx.state.follow && stage.style.height) want = Math.max(want, now);
    if (Math.abs(now - want) > 2) { stage.style.height = want + "px"; sizer.set(w, want); }
  }
  // the default camera; a level that does not fit at a readable size starts at the model id
  // `centreOn`, or where the tape starts
  function fit(centreOn) {
    sizeStage();
    const { w, h: hh } = size();
    const view = ctx.view;
    const first = view.v.nodes.find(([, kind]) => kind !== "stub");
    moveTo(fitViewBox(view.w, view.h, w, hh, view.pos.get(centreOn) || (first && view.pos.get(first[0])) || null));
  }
  const centreOn = (p) => moveTo(centreViewBox(ctx.state.camera, p));
  function lookAt(id) {
    const p = ctx.view.pos.get(id);
    if (p && !inViewBox(p, ctx.state.camera)) centreOn(p);
  }
  function follow(focus) {
    if (!ctx.state.follow || !focus) return;
    if (byGroup(ctx.state)) {   // by group: the camera stays at this level, on the item that stands for the focus
      const item = ctx.viewer.itemInView(focus);
      if (item) lookAt(item);
      return;
    }
    const target = ctx.viewer.viewOf(focus);
    if (target && target !== ctx.state.view) { ctx.viewer.open(target, true); fit(focus); return; }
    lookAt(focus);
  }
  function zoomBy(factor, cx, cy) {
    moveTo(zoomViewBox(ctx.state.camera, factor, ctx.view, size().w, cx, cy));
    ctx.badges.draw();
  }
  watchSizes(ctx, sizer, () => { fit(ctx.focusNow()); ctx.badges.draw(); });
  const drag = dragToPan(ctx, moveTo);
  wireZoom(ctx, { zoomBy, size, moveTo });
  return { size, forgetSize: sizer.forget, apply, moveTo, sizeStage, fit, centreOn, lookAt, follow, dragging: drag.moved };
}

// a drag pans (and stops following); a click that moved no more than 4 px is a click
function dragToPan(ctx, moveTo) {
  const { svg, stage } = ctx.dom;
  let drag = null;
  svg.addEventListener("pointerdown", (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, vb: ctx.state.camera.slice(), moved: false, id: ev.pointerId };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    if (!drag.moved && Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) < 4) return;
    if (!drag.moved) { drag.moved = true; svg.setPointerCapture(drag.id); stage.classList.add("panning"); ctx.setFollow(false); }
    const r = svg.getBoundingClientRect();
    moveTo(panViewBox(drag.vb, ev.clientX - drag.x, ev.clientY - drag.y, drag.vb[2] / r.width));
  });
  const end = () => {
    if (drag && drag.moved) { stage.classList.remove("panning"); ctx.badges.draw(); setTimeout(() => { drag = null; }, 0); }
    else drag = null;
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  return { moved: () => !!(drag && drag.moved) };
}

// the wheel zooms around the pointer; +, − and "fit" (the whole level: at a readable scale if it
// fits so, else as the overview)
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
    const { w, h } = size();
    moveTo(wholeViewBox(ctx.view, w, h));
    ctx.badges.draw();
  };
}
