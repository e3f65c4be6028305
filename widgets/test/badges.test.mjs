import { test } from "node:test";
import assert from "node:assert/strict";
import { badgeText, obstaclesOf, wantedBadges } from "../src/badges.js";

const words = { sources: new Set(["w"]), t: (key, f) => (f ? key + ":" + Object.values(f).join(",") : key),
  gradText: (st) => st.gv || "", causeLabel: (c) => "cause " + c };
const edge = (id) => ({ kind: "edge", ids: [id] });
const tensor = (id) => ({ kind: "tensor", ids: [id], drawId: id });

test("a badge drops an array's shape tail and is cut to 30 characters", () => {
  assert.equal(badgeText("[1. 2.] shape=(2,)"), "[1. 2.]");
  assert.equal(badgeText("x".repeat(40)).length, 30);
});

test("while playing, only the hot edges and tensors with a gradient get a badge", () => {
  const values = new Map([["e1", { g: "grad", gv: "2.0" }], ["e2", { g: "wait" }], ["x", { g: "grad", gv: "3.0" }],
    ["y", { g: "grad", gv: "4.0" }]]);
  const hot = new Set(["e1", "e2", "x"]);
  const out = wantedBadges([edge("e1"), edge("e2"), tensor("x"), tensor("y")], values, hot, false, words);
  assert.deepEqual(out.map(([text, cls]) => [text, cls]), [["2.0", "b-grad"], ["∂ 3.0", "b-grad"]]);
  assert.equal(out[0][3], null);         // an edge's badge sits on its path
  assert.equal(out[1][3], "x");          // a tensor's hangs from its own box
});

test("at the end: every None edge, every source's gradient and every unasked tensor", () => {
  const values = new Map([["e1", { g: "none", cause: "int" }], ["w", { g: "grad", gv: "1.5" }], ["u", { g: "unasked" }],
    ["v", { g: "grad", gv: "9" }], ["n", { g: "none", cause: "cut" }]]);
  const out = wantedBadges([edge("e1"), tensor("w"), tensor("u"), tensor("v"), tensor("n")], values, new Set(), true,
    words);
  assert.deepEqual(out.map(([text]) => text), ["cell_none", "∂ 1.5", "badge_unasked"]);
});

test("a None tensor's badge says its cause", () => {
  const values = new Map([["x", { g: "none", cause: "int" }]]);
  const [[text, cls]] = wantedBadges([tensor("x")], values, new Set(["x"]), false, words);
  assert.equal(text, "badge_none:cause int");
  assert.equal(cls, "b-none");
});

test("what a badge may not cover: every node's box and every group label, computed once per view", () => {
  const view = { pos: new Map([["a", { x: 50, y: 20, w: 40, h: 20 }]]),
    elems: new Map([["g#cluster", { kind: "cluster", labelBox: { x: 0, y: 0, w: 30, h: 19 } }]]) };
  assert.deepEqual(obstaclesOf(view), [{ x: 30, y: 10, w: 40, h: 20 }, { x: 0, y: 0, w: 30, h: 19 }]);
  assert.equal(obstaclesOf(view), view.obstacles);
});
