// The camera: which part of a view's layout (w×h layout px) the drawing area (CSS px) shows, as an
// SVG viewBox [x, y, width, height] in layout px. Pure functions; src/main.js applies them.
import { MAX_SCALE, MIN_SCALE, STAGE_MAX, STAGE_MIN, STAGE_PAD } from "./constants.js";
import { fitScale } from "./geometry.js";

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

// the viewBox zoomed by `factor` (> 1: out) around the point (cx, cy) (default: its centre), in a
// w×h view drawn stageW px wide: never closer than 6 × the stage, nor further than 3 × the largest
// of the view and the stage
export function zoomViewBox(vb, factor, view, stageW, cx, cy) {
  const [x, y, w, h] = vb;
  cx = cx === undefined ? x + w / 2 : cx; cy = cy === undefined ? y + h / 2 : cy;
  const nw = Math.min(Math.max(view.w, view.h, stageW) * 3, Math.max(stageW / 6, w * factor));
  const k = nw / w;
  return [cx - (cx - x) * k, cy - (cy - y) * k, w * k, h * k];
}

// the viewBox moved to centre the point p ({x, y})
export const centreViewBox = (vb, p) => [p.x - vb[2] / 2, p.y - vb[3] / 2, vb[2], vb[3]];

// the viewBox a drag of (dx, dy) screen px moves from `start`, at `perPx` layout px per screen px
export const panViewBox = (start, dx, dy, perPx) => [start[0] - dx * perPx, start[1] - dy * perPx, start[2], start[3]];

// "fit": the whole w×h view centred, at the scale that fits it (the overview where that is unreadable)
export function wholeViewBox(view, stageW, stageH) {
  const k = fitScale(view.w, view.h, stageW, stageH, 24).fit;
  const vw = stageW / k, vh = stageH / k;
  return [view.w / 2 - vw / 2, view.h / 2 - vh / 2, vw, vh];
}

// the layout point under (px, py) screen px from the top-left of a box `boxW`×`boxH` px that shows
// the whole view (the minimap: the view scaled to fit and centred)
export function boxPoint(view, boxW, boxH, px, py) {
  const k = Math.min(boxW / view.w, boxH / view.h);
  const ox = (boxW - view.w * k) / 2, oy = (boxH - view.h * k) / 2;
  return { x: (px - ox) / k, y: (py - oy) / k };
}

// the layout point under (px, py) screen px from the top-left of a drawing `boxW`×`boxH` px that shows `vb`
export const viewPoint = (vb, boxW, boxH, px, py) => ({ x: vb[0] + (px / boxW) * vb[2], y: vb[1] + (py / boxH) * vb[3] });

// Where the graph goes in a player `bodyW` CSS px wide (pure). A view may come laid out several
// ways (`options`: indices into `layouts`, each {w, h}). Take the one drawn largest beside the
// table; if none fits there at MIN_SCALE, give the drawing area the width it needs (the table gets
// narrower, down to SIDE_MIN), or put the table below the graph if that makes one fit. A view too
// large for either keeps the default split (and is shown at MIN_SCALE around the active op).
// Returns {k: the layout, basis: the drawing area's flex-basis, side: the table's, below}.
const GAP = 12, STAGE_BASIS = 700, SIDE_BASIS = 300, SIDE_MIN = 260;

export function placement(options, layouts, bodyW) {
  const wrapped = bodyW < STAGE_BASIS + GAP + SIDE_BASIS;   // narrow: the CSS puts the table below anyway
  const beside = wrapped ? bodyW : bodyW - GAP - SIDE_MIN;
  const scaleAt = (k, width) => Math.min(MAX_SCALE, (width - 48) / layouts[k].w, (STAGE_MAX - 48) / layouts[k].h);
  const best = (width) => options.reduce((b, k) => (scaleAt(k, width) > scaleAt(b, width) + 0.02 ? k : b), options[0]);
  // the CSS default: both grow alike from their bases (700 px and 300 px)
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
