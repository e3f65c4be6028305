// Pure geometry of the drawing: box overlaps, badge boxes and the spots a badge may take,
// points along an edge, how large a layout can be drawn, and where the minimap may go.
import { MAX_SCALE, MIN_FONT_PX, PX_PER_UNIT, SMALLEST_FONT } from "./constants.js";
import { textUnits } from "./text.js";

// boxes are {x, y, w, h} (top-left corner); the area they share
export function overlap(a, b) {
  const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return dx > 0 && dy > 0 ? dx * dy : 0;
}

// a node's box from its centre and size
export const nodeBox = (p) => ({ x: p.x - p.w / 2, y: p.y - p.h / 2, w: p.w, h: p.h });

// a badge's box from its text (monospace 12.5 px: no layout is read back while playing)
export function badgeBox(x, y, text) {
  const width = textUnits(text) * PX_PER_UNIT.badge;
  return { x: x - width / 2 - 6, y: y - 15, w: width + 12, h: 21 };
}

// a point of an SVG path "M x y C ... C ..." (its numbers) at t in [0, 1] along its cubic segments
export function pathPoint(p, t) {
  if (!p || p.length < 8) return null;
  const segments = Math.floor((p.length - 2) / 6);
  const k = Math.min(segments - 1, Math.floor(t * segments)), u = t * segments - k, v = 1 - u;
  const [x0, y0, x1, y1, x2, y2, x3, y3] = p.slice(6 * k, 6 * k + 8);
  const a = v * v * v, b = 3 * v * v * u, c = 3 * v * u * u, d = u * u * u;
  return { x: a * x0 + b * x1 + c * x2 + d * x3, y: a * y0 + b * y1 + c * y2 + d * y3 };
}

export function pathNumbers(d) {
  const n = (d || "").match(/-?\d+(\.\d+)?/g);
  return n && n.length >= 8 ? n.map(Number) : null;
}

// the spots (badge anchor points) along an edge, best first
export function edgeSpots(nums) {
  const out = [];
  for (const t of [0.5, 0.3, 0.7, 0.15, 0.85]) {
    const p = pathPoint(nums, t);
    if (p) out.push([p.x, p.y - 6], [p.x, p.y + 17]);
  }
  const mid = pathPoint(nums, 0.5);     // a short edge between two boxes: above, below, aside
  if (mid) for (const [dx, dy] of [[0, -32], [0, 43], [36, -20], [36, 31], [-36, -20], [-36, 31]]) out.push([mid.x + dx, mid.y + dy]);
  return out;
}

// the spots around a tensor's box (p: centre and size), best first
export function tensorSpots(p, text) {
  const half = (textUnits(text) * PX_PER_UNIT.badge) / 2 + 6;
  const below = p.y + p.h / 2 + 10, above = p.y - p.h / 2 - 2;
  const left = p.x - p.w / 2 + half, right = p.x + p.w / 2 - half;   // aligned with the box's left or right edge
  return [[p.x, below], [p.x, above], [p.x + p.w / 2 + half + 2, p.y + 5], [p.x - p.w / 2 - half - 2, p.y + 5],
    [p.x + p.w / 2, below], [p.x - p.w / 2, below], [p.x + p.w / 2, above], [p.x - p.w / 2, above],
    // clear of the box's row: neighbours beside it leave no room for a wide badge hanging from it
    [p.x, below + 14], [left, below + 14], [right, below + 14], [p.x, above - 14], [left, above - 14], [right, above - 14]];
}

// a badge box moved inside `area` ({x, y, w, h}: the part of the drawing on screen), if it can be
export function inside(b, area) {
  const x = Math.min(Math.max(b.x, area.x + 2), area.x + area.w - 2 - b.w);
  const y = Math.min(Math.max(b.y, area.y + 2), area.y + area.h - 2 - b.h);
  return { x, y, w: b.w, h: b.h };
}

// the box of the first spot (moved inside `area`) that, 3 px clear around, covers no obstacle; null
// when every spot does
export function freeSpot(spots, text, obstacles, area) {
  for (const [x, y] of spots) {
    const b = area ? inside(badgeBox(x, y, text), area) : badgeBox(x, y, text);
    const box = { x: b.x - 3, y: b.y - 3, w: b.w + 6, h: b.h + 6 };
    if (!obstacles.some((o) => overlap(box, o) > 0)) return b;
  }
  return null;
}

// the smallest scale at which every text stays >= MIN_FONT_PX
export const READABLE_SCALE = MIN_FONT_PX / SMALLEST_FONT;

// the scale that fits a w×h layout into a stage, and whether it is readable
export function fitScale(layoutW, layoutH, stageW, stageH, pad) {
  const fit = Math.min(stageW / (layoutW + 2 * pad), stageH / (layoutH + 2 * pad));
  return { fit: Math.min(MAX_SCALE, fit), readable: fit >= READABLE_SCALE };
}

// where the minimap (mw×mh px, in a stage sw×sh px) covers no drawn node: the corners in turn, then
// a half-size map in the corners; null (hide it) when none is free. nodes: boxes in stage px
export function minimapSpot(nodes, sw, sh, mw, mh, margin = 8) {
  for (const k of [1, 0.6]) {
    const w = mw * k, h = mh * k;
    const corners = [[sw - w - margin, sh - h - margin], [margin, sh - h - margin], [sw - w - margin, 48], [margin, margin]];
    for (const [x, y] of corners) {
      const box = { x: x - 4, y: y - 4, w: w + 8, h: h + 8 };
      if (!nodes.some((n) => overlap(box, n) > 0)) return { x, y, w, h };
    }
  }
  return null;
}

// Where the badges go (pure): wanted is [{text, cls, nums}] for an edge's badge (nums: its path's
// numbers) or [{text, cls, own}] for a tensor's (own: its node's centre and size); fixed: the
// boxes no badge may cover (every node, every group label); area: the part on screen. Each badge
// takes the first free spot around its edge or box (a tensor's badge may hang from its own box's
// border, never cover its text), after the badges placed before it; with none it is left out.
// Returns [{box, text, cls}].
export function placeBadges(wanted, fixed, area) {
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
