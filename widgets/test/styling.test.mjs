import { test } from "node:test";
import assert from "node:assert/strict";
import { elementClass, elementLines, elementState, gradientText } from "../src/styling.js";

const t = (key, args) => (args ? `${key}(${JSON.stringify(args)})` : key);
const nodes = new Map([
  ["op0", { id: "op0", kind: "op", type: "Mul", symbol: "×" }],
  ["t0", { id: "t0", kind: "tensor", label: "w", name: "w", shape: [], dtype: "float32", role: "source" }],
]);
const groups = new Map([["g0", { id: "g0", label: "iteration 1", ops: 3 }]]);

test("the gradient text says None, zeros, not asked, a sum so far, or nothing", () => {
  assert.equal(gradientText(undefined, t), "");
  assert.equal(gradientText({ g: "none" }, t), "cell_none");
  assert.equal(gradientText({ g: "zero" }, t), "0 · zeros");
  assert.equal(gradientText({ g: "zero", gv: "[0 0]" }, t), "0 · [0 0]");
  assert.equal(gradientText({ g: "unasked" }, t), "not_asked");
  assert.equal(gradientText({ g: "grad", gv: "2.0" }, t), "2.0");
  assert.equal(gradientText({ g: "acc", gv: "3.0", p: "1 of 2" }, t), 'Σ partial({"value":"3.0","part":"1 of 2"})');
  assert.equal(gradientText({ g: "wait" }, t), "");
});

test("a stub shows its tensor's gradient, and is hidden while the tensor is", () => {
  const state = new Map([["t0", { s: "hidden", g: "grad" }]]);
  assert.deepEqual(elementState({ kind: "stub", ids: ["t0"] }, state), { s: "hidden", g: "grad" });
  state.set("t0", { s: "value", g: "acc", v: "1.0" });
  assert.deepEqual(elementState({ kind: "stub", ids: ["t0"] }, state), { s: "value", g: "acc" });
  assert.deepEqual(elementState({ kind: "tensor", ids: ["t0"] }, state), { s: "value", g: "acc", v: "1.0" });
  assert.deepEqual(elementState({ kind: "tensor", ids: ["t9"] }, state), {});
});

test("an element's classes name its kind, state, heat and role", () => {
  const st = { s: "value", g: "grad" };
  assert.equal(elementClass({ kind: "tensor", ids: ["t0"] }, st, true, nodes), "node k-tensor s-value g-grad hot r-source");
  assert.equal(elementClass({ kind: "op", ids: ["op0"] }, st, false, nodes), "node k-op s-value g-grad");
  assert.equal(elementClass({ kind: "edge", ids: ["e0"] }, {}, false, nodes), "edge s-hidden");
  assert.equal(elementClass({ kind: "cluster", ids: ["g0"] }, { s: "value" }, false, nodes), "cluster s-value");
});

test("an element's lines: an op's symbol, a stub's name, a group's title and size", () => {
  assert.deepEqual(elementLines({ kind: "op", ids: ["op0"] }, {}, nodes, groups, t), ["×"]);
  assert.deepEqual(elementLines({ kind: "stub", ids: ["t0"] }, {}, nodes, groups, t), ["↪ w"]);
  assert.deepEqual(elementLines({ kind: "group", ids: ["g0"] }, {}, nodes, groups, t),
    ["iteration 1", 'group_ops_many({"n":3})']);
  assert.equal(elementLines({ kind: "tensor", ids: ["t0"] }, { v: "0.5" }, nodes, groups, t)[0], "w");
});
