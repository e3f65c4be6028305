// Replaying frames: each frame is a delta; the state at frame i is the initial state with frames
// 0..i applied. A checkpoint of the whole state every `every` frames keeps a jump short.
import { CHECKPOINT, CHECKPOINT_ENTRIES, G_RANK } from "./constants.js";

// the synced frames are compact lists (tapekit/widgets/model.py compact_frames): make them objects
export function expandFrames(raw) {
  if (!raw.length || !Array.isArray(raw[0])) return raw;
  return raw.map(([phase, caption, where, flat, hot, focus, all]) => {
    const set = {};
    for (let i = 0; i < flat.length;) {
      const id = flat[i], n = flat[i + 1], change = {};
      for (let j = 0; j < n; j++) change[flat[i + 2 + 2 * j]] = flat[i + 3 + 2 * j];
      set[id] = change;
      i += 2 + 2 * n;
    }
    return { phase: phase === "b" ? "backward" : "forward", caption, where, set, hot, focus, all };
  });
}

// apply one frame's delta to a state (Map id -> {s, g, ...}), in place
export function applyFrame(state, f) {
  if (f.all) for (const [k, v] of state) state.set(k, { ...v, ...f.all });
  for (const [k, ch] of Object.entries(f.set || {})) state.set(k, { ...(state.get(k) || {}), ...ch });
}

export class Replay {
  // ids: every node, edge and group id; frames: expanded frames
  constructor(ids, frames) {
    this.frames = frames;
    this.initial = new Map();
    for (const id of ids) this.initial.set(id, { s: "hidden", g: null });
    // at most about CHECKPOINT_ENTRIES state entries kept in all
    this.every = Math.max(CHECKPOINT, Math.ceil((frames.length * this.initial.size) / CHECKPOINT_ENTRIES));
    this.checkpoints = [];
    const state = new Map(this.initial);
    frames.forEach((f, i) => {
      applyFrame(state, f);
      if (i % this.every === 0) this.checkpoints.push(new Map(state));
    });
  }

  stateAt(i) {
    const base = Math.floor(i / this.every);
    const state = new Map(this.checkpoints[base]);
    for (let j = base * this.every + 1; j <= i; j++) applyFrame(state, this.frames[j]);
    return state;
  }
}

// the look of a drawn edge that stands for several model edges: the strongest of theirs
export function edgeState(state, ids) {
  if (ids.length === 1) return state.get(ids[0]) || {};
  let best = null;
  for (const id of ids) {
    const st = state.get(id) || {};
    if (!best || (st.s !== "hidden" && best.s === "hidden") || (G_RANK[st.g] || -1) > (G_RANK[best.g] || -1)) best = st;
  }
  return best || {};
}

export function classesOf(kind, st, hot) {
  let c = kind + " s-" + ((st && st.s) || "hidden");
  if (st && st.g) c += " g-" + st.g;
  if (st && st.p) c += " partial";
  if (hot) c += " hot";
  return c;
}
