import { test } from "node:test";
import assert from "node:assert/strict";
import { applyFrame } from "../src/replay.js";
import { elementStyler } from "../src/paint.js";

// a drawn edge without text lines: its class writes are counted
function fakeEdge(ids) {
  const writes = [];
  return { kind: "edge", ids, cls: null, texts: null, writes, g: { setAttribute: (k, v) => writes.push(v) } };
}

test("an element is restyled only when one of its state entries or its hot flag changed", () => {
  const scene = { values: new Map([["e1", { s: "hidden", g: null }], ["e2", { s: "hidden", g: null }]]), hot: new Set() };
  const styleElem = elementStyler({ nodes: new Map(), groups: new Map(), t: (k) => k }, scene);
  const e = fakeEdge(["e1"]);
  styleElem(e);
  assert.deepEqual(e.writes, ["edge s-hidden"]);
  styleElem(e);                                        // nothing changed: nothing checked again
  assert.equal(e.writes.length, 1);
  applyFrame(scene.values, { set: { e2: { s: "value" } } });
  styleElem(e);                                        // another id's entry changed
  assert.equal(e.writes.length, 1);
  applyFrame(scene.values, { set: { e1: { s: "value" } } });
  styleElem(e);
  assert.deepEqual(e.writes, ["edge s-hidden", "edge s-value"]);
  scene.hot = new Set(["e1"]);
  styleElem(e);
  assert.deepEqual(e.writes.at(-1), "edge s-value hot");
  applyFrame(scene.values, { all: { g: "wait" } });   // a frame that changes every entry
  styleElem(e);
  assert.deepEqual(e.writes.at(-1), "edge s-value g-wait hot");
});

test("a jump's replayed state restyles what differs from the state an element was styled with", () => {
  const start = new Map([["e1", { s: "hidden", g: null }]]);
  const scene = { values: new Map(start), hot: new Set() };
  const styleElem = elementStyler({ nodes: new Map(), groups: new Map(), t: (k) => k }, scene);
  const e = fakeEdge(["e1"]);
  styleElem(e);
  scene.values = new Map(start);                       // a copy of the same checkpoint: the same entries
  styleElem(e);
  assert.equal(e.writes.length, 1);
  scene.values = new Map([["e1", { s: "value", g: "grad" }]]);
  styleElem(e);
  assert.deepEqual(e.writes.at(-1), "edge s-value g-grad");
});
