import { test } from "node:test";
import assert from "node:assert/strict";
import { frameTexts } from "../src/caption.js";

const t = (key, args) => (args ? `${key} ${args.n}/${args.total}` : key);
const nodes = new Map([["op3", { id: "op3", where: "In [7] line 3" }], ["op4", { id: "op4" }]]);

test("a frame's texts: phase, counter, caption and the frame's own code place", () => {
  const texts = frameTexts({ phase: "backward", caption: "Mul passes back", where: "In [7] line 5", focus: "op3" },
    4, 10, nodes, t);
  assert.deepEqual(texts, { phase: "phase_backward_long", phaseClass: "tkp-phase ph-backward",
    counter: "frame_counter 5/10", where: "In [7] line 5", caption: "Mul passes back" });
});

test("without its own place a frame shows its focused op's, else none", () => {
  assert.equal(frameTexts({ phase: "forward", focus: "op3" }, 0, 2, nodes, t).where, "In [7] line 3");
  const bare = frameTexts({ phase: "forward", focus: "op4" }, 0, 2, nodes, t);
  assert.equal(bare.where, "");
  assert.equal(bare.caption, "");
  assert.equal(bare.phase, "phase_forward_long");
});
