// The tooltip and clicks on the drawing (DOM): hovering a node shows what it is and its state now
// (src/tooltip.js), a click pins it; a click on a collapsed group enters it, on a stub shows the
// tensor it stands for. ctx: the player (src/main.js).
import { h } from "./dom.js";
import { tipRows } from "./tooltip.js";

const drawIdFrom = (target) => {
  const g = target && target.closest ? target.closest("g.node") : null;
  return g ? g.getAttribute("data-id") : null;
};

export function tooltip(ctx) {
  const { svg, stage, tip } = ctx.dom;
  let tipFor = null, pinned = false;
  function fill(drawId) {
    const e = ctx.view.elems.get(drawId);
    if (!e) return;
    const id = e.ids[0];
    const values = ctx.painter.values();
    const st = (values && values.get(id)) || {};
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
    tip.style.left = x + "px"; tip.style.top = y + "px";
  }
  const hide = () => { tip.hidden = true; tipFor = null; };
  svg.addEventListener("mousemove", (ev) => {
    if (ctx.camera.dragging()) return;
    const id = drawIdFrom(ev.target);
    if (!id) { if (!pinned) hide(); return; }
    if (pinned) return;
    fill(id); place(ev);
  });
  svg.addEventListener("click", (ev) => {
    if (ctx.camera.dragging()) return;
    const id = drawIdFrom(ev.target);
    const e = id && ctx.view.elems.get(id);
    if (e && e.kind === "group") { hide(); pinned = false; ctx.viewer.enter(id); return; }
    if (e && e.kind === "stub") { ctx.setFollow(false); ctx.viewer.reveal(e.ids[0]); return; }
    pinned = !!id && !(pinned && tipFor === id);
    if (id) { fill(id); place(ev); } else hide();
  });
  // after a frame: the tooltip shown says the new state
  const refresh = () => { if (tipFor) fill(tipFor); };
  return { refresh };
}
