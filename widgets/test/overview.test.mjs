import { test } from "node:test";
import assert from "node:assert/strict";
import { overviewLabels } from "../src/overview.js";

const widthAt13 = (text) => 8 * text.length;   // 8 CSS px a character at 13 px

test("each group's label at 13 px on screen, the widest block first", () => {
  const labels = overviewLabels([{ x: 0, y: 0, w: 50, label: "inner" }, { x: 0, y: 100, w: 400, label: "outer" }],
    0.5, widthAt13);
  assert.deepEqual(labels.map((l) => l.label), ["outer", "inner"]);
  assert.equal(labels[0].size, 26);                      // 13 px on screen at scale 0.5
});

test("a label cut to its block, or left out where it would overlap another", () => {
  const long = "iterations 1-10 of the training loop";
  const [cut] = overviewLabels([{ x: 0, y: 0, w: 200, label: long }], 1, widthAt13);
  assert.ok(cut.label.endsWith("…") && cut.label.length === 25, cut.label);
  const both = overviewLabels([{ x: 0, y: 0, w: 300, label: "a" }, { x: 0, y: 5, w: 200, label: "b" }], 1, widthAt13);
  assert.deepEqual(both.map((l) => l.label), ["a"]);
  assert.deepEqual(overviewLabels([{ x: 0, y: 0, w: 100, label: null }], 1, widthAt13), []);
});
