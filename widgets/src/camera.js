// The camera: which part of a view's layout (w×h layout px) the drawing area (CSS px) shows, as an
// SVG viewBox [x, y, width, height] in layout px. Pure functions; src/main.js applies them.
import { MAX_SCALE, MIN_SCALE, STAGE_MAX, STAGE_MIN, STAGE_PAD } from "./constants.js";

// never pan past the drawing's edges (a margin of `pad`); centre an axis that fits
export function clampViewBox(vb, w, h, pad = STAGE_PAD) {
  const axis = (start, size, extent) => (size >= extent + 2 * pad ? extent / 2 - size / 2
    : Math.min(Math.max(start, -pad), extent + pad - size));
  return [axis(vb[0], vb[2], w), axis(vb[1], vb[3], h), vb[2], vb[3]];
}

// the drawing area's height for a w×h view in an area `stageW` wide: as high as the view needs at its
// fitting scale, within bounds
export function stageHeight(w, h, stageW) {
  const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, (stageW - 2 * STAGE_PAD) / w));
  return Math.round(Math.min(STAGE_MAX, Math.max(STAGE_MIN, h * scale + 2 * STAGE_PAD)));
}

// the default camera on a w×h view in a stageW×stageH area: the whole view at a scale between
// MIN_SCALE and MAX_SCALE; a view that does not fit at MIN_SCALE is shown at it around `centre`
// ({x, y} or null: the view's centre)
export function fitViewBox(w, h, stageW, stageH, centre) {
  const fit = Math.min(stageW / (w + 2 * STAGE_PAD), stageH / (h + 2 * STAGE_PAD));
  const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, fit));
  const vw = stageW / scale, vh = stageH / scale;
  const c = scale > fit && centre ? centre : { x: w / 2, y: h / 2 };
  return [c.x - vw / 2, c.y - vh / 2, vw, vh];
}

// whether a node (centre and size) is inside the viewBox with a margin
export function inViewBox(p, vb, margin = 12) {
  return p.x - p.w / 2 > vb[0] + margin && p.x + p.w / 2 < vb[0] + vb[2] - margin &&
    p.y - p.h / 2 > vb[1] + margin && p.y + p.h / 2 < vb[1] + vb[3] - margin;
}
