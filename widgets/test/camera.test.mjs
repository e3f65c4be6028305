import { test } from "node:test";
import assert from "node:assert/strict";
import { clampViewBox, fitViewBox, inViewBox, placement, stageHeight } from "../src/camera.js";

test("the camera never pans past the drawing's edges and centres what fits", () => {
  assert.deepEqual(clampViewBox([-500, 0, 100, 100], 1000, 1000), [-24, 0, 100, 100]);
  assert.deepEqual(clampViewBox([0, 0, 400, 400], 100, 100), [-150, -150, 400, 400]);
});

test("a small view fits whole, at most 1.75 px per layout px", () => {
  const [x, y, w, h] = fitViewBox(200, 100, 700, 400, null);
  assert.equal(700 / w, 1.75);
  assert.ok(x < 0 && y < 0 && x + w > 200 && y + h > 100);
});

test("a large view is shown at scale 1 around the focus", () => {
  const vb = fitViewBox(3000, 2000, 700, 400, { x: 1500, y: 1000 });
  assert.deepEqual(vb, [1150, 800, 700, 400]);
  assert.ok(inViewBox({ x: 1500, y: 1000, w: 80, h: 40 }, vb));
  assert.ok(!inViewBox({ x: 100, y: 100, w: 80, h: 40 }, vb));
});

test("the drawing area is as high as its view needs, within bounds", () => {
  assert.equal(stageHeight(400, 100, 800), 260);     // 100 * 1.75 + 48 < 260
  assert.equal(stageHeight(400, 5000, 800), 620);
  assert.equal(stageHeight(752, 300, 800), 348);     // scale 1: 300 + 48
});

test("placement: the layout drawn largest beside the table, else a wider drawing area, else the table below", () => {
  const layouts = [{ w: 300, h: 500 }, { w: 600, h: 200 }, { w: 900, h: 200 }, { w: 1300, h: 200 }];
  // wide enough beside the table: the usual split, the layout drawn largest
  assert.deepEqual(placement([0, 1], layouts, 1400), { k: 1, basis: "", side: "", below: false });
  // too wide for the usual split at scale 1: the drawing area takes the width it needs
  const wider = placement([2], layouts, 1300);
  assert.equal(wider.basis, "948px");
  assert.equal(wider.side, "260px");
  // not even then: the table goes below
  assert.deepEqual(placement([3], layouts, 1400), { k: 3, basis: "100%", side: "", below: true });
  // a narrow player: the CSS puts the table below anyway
  assert.equal(placement([0], layouts, 800).below, true);
});
