// The minimap (DOM): the whole view small, with the camera's frame on it; a click moves the camera
// there. It goes to a corner where it covers no node and no group label on screen, at full or
// reduced size (src/geometry.js minimapSpot); with no such corner, or toggled off, it hides; a view
// that fits the drawing area needs none. ctx: the player (src/main.js).
import { MIN_SCALE } from "./constants.js";
import { setOnce } from "./dom.js";
import { boxPoint, centreViewBox } from "./camera.js";
import { minimapSpot } from "./geometry.js";
import { obstaclesOf } from "./badges.js";
import { toggleMinimap } from "./state.js";

const MAP_W = 150, MAP_H = 84;

export function minimap(ctx) {
  const { mini, miniSvg, miniView, zmap } = ctx.dom;
  let needed = false, placedAt = null;
  function draw() {
    const view = ctx.view;
    miniSvg.setAttribute("viewBox", `0 0 ${view.w} ${view.h}`);
    const { w, h } = ctx.camera.size();
    needed = !(view.w <= w * 1.05 / MIN_SCALE && view.h <= h * 1.05 / MIN_SCALE);
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
    Object.assign(mini.style, { left: spot.x + "px", top: spot.y + "px", width: spot.w + "px", height: spot.h + "px",
      right: "auto", bottom: "auto" });
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
  zmap.onclick = () => { ctx.state = toggleMinimap(ctx.state); place(); };
  return { draw, update };
}
