import { test } from "node:test";
import assert from "node:assert/strict";
import { tipRows } from "../src/tooltip.js";

const t = (key, fields) => key + (fields ? JSON.stringify(fields) : "");
const ctx = {
  nodes: new Map([["op1", { id: "op1", kind: "op", type: "Mul", expr: "x * w", where: "In [7] line 3", cut: null }],
    ["t1", { id: "t1", kind: "tensor", name: null, label: "t1", role: "output", shape: [2, 3], dtype: "float32",
      value: "[[1 2 3] [4 5 6]]" }]]),
  groups: new Map([["g0", { id: "g0", label: "iterations 1–10", ops: 30, where: null }]]),
  t, words: { g_grad: "gradient" }, causeLabel: (c) => c, gradText: (st) => st.gv,
};

test("an op says its type, code, line and backward state", () => {
  assert.deepEqual(tipRows("op", "op1", { g: "grad" }, ctx), [["tip_op", "Mul (op1)"], ["tip_code", "x * w"],
    ["tip_line", "In [7] line 3"], ["tip_backward", "g_grad"]]);
});

test("a tensor without a name, its value and gradient; a group; an unknown id", () => {
  const rows = tipRows("tensor", "t1", { g: "grad", gv: "[1 1]", why: "because" }, ctx);
  assert.deepEqual(rows[0], ["tip_name", 'tip_no_name{"label":"t1"}']);
  assert.deepEqual(rows.find(([k]) => k === "tip_gradient"), ["tip_gradient", "[1 1]"]);
  assert.deepEqual(rows.at(-1), ["tip_why", "because"]);
  assert.deepEqual(tipRows("group", "g0", {}, ctx)[1], ["tip_ops", "30"]);
  assert.equal(tipRows("tensor", "nope", {}, ctx), null);
});
