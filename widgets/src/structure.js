// Playback that follows the tape's structure: which item of a view (an op, a tensor, or a collapsed
// group) each frame is about, the steps of a view (one per item run: at the top level one step is
// one group), the frames of one group, the timeline's markers, and a speed that fits a pass in time.
import { BROADCASTING, FOLLOW_SECONDS, SPEEDS } from "./constants.js";

// the groups around a model id, innermost first
export function groupChain(id, nodes, groups) {
  const out = [];
  const n = nodes.get(id);
  let gid = n ? n.group : (groups.has(id) ? id : null);
  while (gid !== null && gid !== undefined && groups.has(gid)) {
    out.push(gid);
    gid = groups.get(gid).parent;
  }
  return out;
}

// itemOf(id): the item of a view (a Set of its node ids) that stands for model id `id`: the node
// itself, or the collapsed group around it; null when the view does not show it
export function itemFinder(viewItems, nodes, groups) {
  const cache = new Map();
  return (id) => {
    if (id === null || id === undefined) return null;
    if (cache.has(id)) return cache.get(id);
    let item = viewItems.has(id) ? id : null;
    if (item === null) item = groupChain(id, nodes, groups).find((g) => viewItems.has(g)) || null;
    cache.set(id, item);
    return item;
  };
}

// the frames a step stops at: the last frame of each run of frames about one item (frames about
// nothing in the view make runs of their own), the end of each phase, and the first and last frames
export function stepStops(frames, itemOf) {
  const key = (i) => { const item = itemOf(frames[i].focus); return item === null ? "" : item; };
  const stops = [];
  let here = frames.length ? key(0) : "";
  for (let i = 0; i < frames.length; i++) {
    const end = i === frames.length - 1;
    const next = end ? here : key(i + 1);
    if (i === 0 || end || next !== here || frames[i + 1].phase !== frames[i].phase) stops.push(i);
    here = next;
  }
  return stops;
}

// the next stop after frame i (or before it, dir = -1); i itself when there is none
export function nextStop(stops, i, dir) {
  if (dir > 0) { for (const k of stops) if (k > i) return k; return i; }
  for (let j = stops.length - 1; j >= 0; j--) if (stops[j] < i) return stops[j];
  return 0;
}

// [first, last] frame about group `gid` in `phase` (either phase when it has none in that one), or null
export function groupRange(frames, gid, phase, nodes, groups) {
  const inside = (id) => id === gid || groupChain(id, nodes, groups).includes(gid);
  for (const wanted of [phase, phase === "forward" ? "backward" : "forward"]) {
    let first = -1, last = -1;
    frames.forEach((f, i) => {
      if (f.phase === wanted && f.focus && inside(f.focus)) { if (first < 0) first = i; last = i; }
    });
    if (first >= 0) return [first, last];
  }
  return null;
}

function elements(shape) {
  return Array.isArray(shape) ? shape.reduce((a, d) => a * (d === null ? 1 : d), 1) : null;
}

// the events worth jumping to, in frame order: the end of the forward pass, the start of each
// top-level group's backward steps, every None, every broadcast sum, every fan-in sum
// ({frame, kind, id}: id the node or group it is about)
export function markers(frames, graph, topItemOf) {
  const nodes = new Map((graph.nodes || []).map((n) => [n.id, n]));
  const outShape = new Map();
  for (const e of graph.edges || []) {
    const from = nodes.get(e.from), to = nodes.get(e.to);
    if (from && from.kind === "op" && to && e.slot === 0) outShape.set(from.id, to.shape);
  }
  const groupIds = new Set((graph.groups || []).map((g) => g.id));
  const out = [];
  let lastForward = -1, item;
  frames.forEach((f, i) => { if (f.phase === "forward") lastForward = i; });
  if (lastForward >= 0 && lastForward < frames.length - 1) out.push({ frame: lastForward, kind: "forward_end", id: null });
  frames.forEach((f, i) => {
    if (f.phase !== "backward") return;
    const top = topItemOf(f.focus);
    if (top !== null && top !== item && groupIds.has(top)) {
      item = top;
      out.push({ frame: i, kind: "group", id: top });
    }
    const op = nodes.get(f.focus);
    const seen = new Set();
    for (const [id, ch] of Object.entries(f.set || {})) {
      const n = nodes.get(id);
      if (ch.g === "none" && !seen.has("none")) { seen.add("none"); out.push({ frame: i, kind: "none", id }); }
      if (!n || n.kind !== "tensor") continue;
      if (ch.g === "acc" && !seen.has("fan_in")) { seen.add("fan_in"); out.push({ frame: i, kind: "fan_in", id }); }
      if ((ch.g === "grad" || ch.g === "acc") && op && op.kind === "op" && BROADCASTING.has(op.type) &&
          !seen.has("broadcast")) {
        const big = elements(outShape.get(op.id)), small = elements(n.shape);
        if (big !== null && small !== null && small < big) { seen.add("broadcast"); out.push({ frame: i, kind: "broadcast", id }); }
      }
    }
  });
  return out;
}

// the slowest speed of the menu that plays `steps` steps within FOLLOW_SECONDS (never slower than `wanted`)
export function fittingSpeed(steps, wanted) {
  const need = steps / FOLLOW_SECONDS;
  if (wanted >= need) return wanted;
  return SPEEDS.find((v) => v >= need) || SPEEDS[SPEEDS.length - 1];
}
