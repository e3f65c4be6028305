import { test } from "node:test";
import assert from "node:assert/strict";
import { Replay, applyFrame, edgeState, expandFrames } from "../src/replay.js";

// two frames in tapekit's compact form (tapekit/widgets/model.py compact_frames)
const compact = [
  ["f", "x is made", null, ["t0", 2, "s", "value", "v", "1.0"], ["t0"], "t0", null],
  ["b", "backward starts", null, ["t0", 1, "g", "grad"], [], "t0", { g: "wait" }],
];

test("compact frames expand to objects", () => {
  const [f0, f1] = expandFrames(compact);
  assert.equal(f0.phase, "forward");
  assert.deepEqual(f0.set, { t0: { s: "value", v: "1.0" } });
  assert.equal(f1.phase, "backward");
  assert.deepEqual(f1.all, { g: "wait" });
});

test("a frame's `all` applies before its `set`", () => {
  const state = new Map([["t0", { s: "value" }], ["e0", { s: "hidden" }]]);
  applyFrame(state, { all: { g: "wait" }, set: { t0: { g: "grad" } } });
  assert.deepEqual(state.get("t0"), { s: "value", g: "grad" });
  assert.deepEqual(state.get("e0"), { s: "hidden", g: "wait" });
});

test("stateAt replays from the nearest checkpoint and equals a replay from the start", () => {
  const frames = [];
  for (let i = 0; i < 200; i++) frames.push({ phase: "forward", set: { ["t" + (i % 7)]: { v: String(i) } } });
  const replay = new Replay(["t0", "t1", "t2", "t3", "t4", "t5", "t6"], frames);
  for (const i of [0, 1, 63, 64, 65, 130, 199]) {
    const full = new Map(replay.initial);
    for (let j = 0; j <= i; j++) applyFrame(full, frames[j]);
    assert.deepEqual(replay.stateAt(i), full, "frame " + i);
  }
});

test("an edge standing for several shows the strongest look", () => {
  const state = new Map([["a", { s: "value", g: "grad" }], ["b", { s: "value", g: "none" }], ["c", { s: "hidden" }]]);
  assert.equal(edgeState(state, ["a", "b", "c"]).g, "none");
  assert.equal(edgeState(state, ["c"]).s, "hidden");
});
