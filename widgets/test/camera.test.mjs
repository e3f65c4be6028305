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

test("zooming keeps the point under the pointer where it is, within the zoom's bounds", async () => {
  const { zoomViewBox } = await import("../src/camera.js");
  const view = { w: 1000, h: 600 };
  const vb = [100, 100, 400, 200];
  const closer = zoomViewBox(vb, 0.5, view, 800, 200, 150);
  assert.deepEqual(closer, [150, 125, 200, 100]);
  // the point (200, 150) sits at the same fraction of the box before and after
  assert.equal((200 - vb[0]) / vb[2], (200 - closer[0]) / closer[2]);
  // around the centre by default
  assert.deepEqual(zoomViewBox(vb, 2, view, 800), [-100, 0, 800, 400]);
  // never closer than a sixth of the stage's width, nor further than 3 × the largest side
  assert.equal(zoomViewBox(vb, 0.01, view, 800)[2], 800 / 6);
  assert.equal(zoomViewBox(vb, 100, view, 800)[2], 3000);
});

test("centring, panning, fitting and the points under the pointer", async () => {
  const { boxPoint, centreViewBox, panViewBox, viewPoint, wholeViewBox } = await import("../src/camera.js");
  assert.deepEqual(centreViewBox([0, 0, 200, 100], { x: 500, y: 300 }), [400, 250, 200, 100]);
  // a drag of 10 px right and 20 px down moves the view left and up, at 2 layout px per px
  assert.deepEqual(panViewBox([100, 100, 400, 200], 10, 20, 2), [80, 60, 400, 200]);
  // "fit": the whole view centred; at most 1.75 px per layout px
  const whole = wholeViewBox({ w: 200, h: 100 }, 700, 400);
  assert.equal(700 / whole[2], 1.75);
  assert.deepEqual([whole[0] + whole[2] / 2, whole[1] + whole[3] / 2], [100, 50]);
  // the minimap shows a 1000×500 view in a 150×84 box: scaled by 0.15, centred vertically
  assert.deepEqual(boxPoint({ w: 1000, h: 500 }, 150, 84, 75, 42), { x: 500, y: 250 });
  assert.deepEqual(viewPoint([100, 50, 400, 200], 800, 400, 400, 100), { x: 300, y: 100 });
});
