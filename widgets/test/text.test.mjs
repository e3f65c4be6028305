import { test } from "node:test";
import assert from "node:assert/strict";
import { boxWidth, clip, groupLines, opLine, shapeTuple, tensorLines, textUnits } from "../src/text.js";

const t = (key, fields) => (key === "scalar" ? "scalar" : key === "group_ops_many" ? `${fields.n} ops · open ▸` : key);

test("a CJK character takes two cells", () => {
  assert.equal(textUnits("ab"), 2);
  assert.equal(textUnits("第 1 次"), 7);
});

test("labels are clipped with an ellipsis", () => {
  assert.equal(clip("sequential/hidden1/kernel", 24), "sequential/hidden1/kern…");
  assert.equal(clip("w", 24), "w");
});

test("shapes read as Python tuples", () => {
  assert.equal(shapeTuple([3], t), "(3,)");
  assert.equal(shapeTuple([2, 3], t), "(2, 3)");
});

test("a tensor's lines: name, shape · dtype, value (as views.py tensor_lines)", () => {
  const w = { label: "w", name: "w", shape: [1, 8], dtype: "float32", role: "variable" };
  assert.deepEqual(tensorLines(w, "[1 2]", t), ["w", "1×8 · float32", "[1 2]"]);
  const c = { label: "t3", name: null, shape: [], dtype: "float32", role: "const" };
  assert.deepEqual(tensorLines(c, "4.0", t), ["4.0", "float32"]);
});

test("box widths as views.py node_size (values from tests/test_widgets_frontend.py)", () => {
  // 8.4 px a title cell, 7.9 px another line's, +18 px, rounded up to 16 px
  assert.equal(boxWidth("tensor", ["w", "1×8 · float32", "[1 2]"]), 128);
  assert.equal(boxWidth("group", groupLines({ label: "iterations 1–10", ops: 36 }, t)), 160);
});

test("op labels are not cut: the type whole up to 16 characters", () => {
  assert.equal(opLine({ symbol: "×", type: "Mul" }), "×");
  assert.equal(opLine({ symbol: "ReadVariableOp", type: "ReadVariableOp" }), "ReadVariableOp");
  assert.equal(opLine({ symbol: null, type: "SparseSoftmaxCrossEntropyWithLogits" }), "SparseSoftmaxCr…");
});
