import { test } from "node:test";
import assert from "node:assert/strict";
import { fittingSpeed, groupRange, itemFinder, markers, nextStop, stepStops } from "../src/structure.js";

// a loop of two iterations (groups g1, g2 inside loop g0), two ops each, then a Sum at the top level
const groups = new Map([["g0", { id: "g0", parent: null }], ["g1", { id: "g1", parent: "g0" }], ["g2", { id: "g2", parent: "g0" }]]);
const nodeList = [
  { id: "op0", kind: "op", type: "Mul", group: "g1" }, { id: "op1", kind: "op", type: "Sin", group: "g1" },
  { id: "op2", kind: "op", type: "Mul", group: "g2" }, { id: "op3", kind: "op", type: "Sin", group: "g2" },
  { id: "op4", kind: "op", type: "Sum", group: null },
  { id: "t0", kind: "tensor", shape: [], group: null }, { id: "t1", kind: "tensor", shape: [2], group: "g1" },
];
const nodes = new Map(nodeList.map((n) => [n.id, n]));
const f = (phase, focus, set = {}) => ({ phase, focus, set });
const frames = [f("forward", null), f("forward", "op0"), f("forward", "op1"), f("forward", "op2"), f("forward", "op3"),
  f("forward", "op4"), f("backward", "op4"), f("backward", "op3"), f("backward", "op2", { t0: { g: "acc" } }),
  f("backward", "op1"), f("backward", "op0", { t0: { g: "none" } }), f("backward", null)];

test("an item of a view is the node itself or the collapsed group around it", () => {
  const itemOf = itemFinder(new Set(["g0", "op4"]), nodes, groups);
  assert.equal(itemOf("op2"), "g0");
  assert.equal(itemOf("op4"), "op4");
  assert.equal(itemOf(null), null);
  assert.equal(itemFinder(new Set(["g1", "g2"]), nodes, groups)("op3"), "g2");
});

test("at the top level one step is one group", () => {
  const top = stepStops(frames, itemFinder(new Set(["g0", "op4"]), nodes, groups));
  // frame 0; the loop's forward ops end at 4; op4 and the phase end at 5; op4 backward 6; the loop 7-10; the end 11
  assert.deepEqual(top, [0, 4, 5, 6, 10, 11]);
  const inner = stepStops(frames, itemFinder(new Set(["g1", "g2", "op4"]), nodes, groups));
  assert.deepEqual(inner, [0, 2, 4, 5, 6, 8, 10, 11]);
  assert.equal(nextStop(top, 5, 1), 6);
  assert.equal(nextStop(top, 6, -1), 5);
  assert.equal(nextStop(top, 11, 1), 11);
});

test("a group's frames in the phase shown", () => {
  assert.deepEqual(groupRange(frames, "g2", "backward", nodes, groups), [7, 8]);
  assert.deepEqual(groupRange(frames, "g0", "forward", nodes, groups), [1, 4]);
});

test("markers: end of forward, each top-level group's backward, None, fan-in sums", () => {
  const graph = { nodes: nodeList, edges: [], groups: [...groups.values()] };
  const got = markers(frames, graph, itemFinder(new Set(["g0", "op4"]), nodes, groups));
  // op4 is an op at the top level, not a group: no group marker for it
  assert.deepEqual(got.map((m) => [m.frame, m.kind]), [[5, "forward_end"], [7, "group"], [8, "fan_in"], [10, "none"]]);
});

test("a broadcast sum: a smaller input of a broadcasting op gets its gradient", () => {
  const list = [{ id: "op0", kind: "op", type: "AddV2" }, { id: "x", kind: "tensor", shape: [4, 3] },
    { id: "b", kind: "tensor", shape: [3] }, { id: "y", kind: "tensor", shape: [4, 3] }];
  const graph = { nodes: list, edges: [{ from: "x", to: "op0", slot: 0 }, { from: "b", to: "op0", slot: 1 }, { from: "op0", to: "y", slot: 0 }] };
  const fr = [f("forward", "op0"), f("backward", "op0", { x: { g: "grad" }, b: { g: "grad" } })];
  const got = markers(fr, graph, () => null);
  assert.deepEqual(got.map((m) => [m.frame, m.kind, m.id]), [[0, "forward_end", null], [1, "broadcast", "b"]]);
});

test("the speed adapts so that a pass plays within a minute, never slower than asked", () => {
  assert.equal(fittingSpeed(60, 2), 2);
  assert.equal(fittingSpeed(3000, 2), 60);
  assert.equal(fittingSpeed(400, 2), 8);
  assert.equal(fittingSpeed(10, 30), 30);
});
