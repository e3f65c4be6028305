import { test } from "node:test";
import assert from "node:assert/strict";
import { READABLE_SCALE, badgeBox, fitScale, freeSpot, minimapSpot, nodeBox, overlap, pathNumbers, pathPoint,
  placeBadges } from "../src/geometry.js";

test("overlap is the shared area", () => {
  assert.equal(overlap({ x: 0, y: 0, w: 10, h: 10 }, { x: 5, y: 5, w: 10, h: 10 }), 25);
  assert.equal(overlap({ x: 0, y: 0, w: 10, h: 10 }, { x: 10, y: 0, w: 10, h: 10 }), 0);
});

test("a badge takes the first spot that covers nothing, or none", () => {
  const node = { x: 0, y: 0, w: 100, h: 40 };
  assert.deepEqual(freeSpot([[50, 20], [50, 100]], "∂ 1.0", [node]), badgeBox(50, 100, "∂ 1.0"));
  assert.equal(freeSpot([[50, 20]], "∂ 1.0", [node]), null);
  const b = badgeBox(50, 100, "∂ 1.0");
  assert.ok(b.w > 5 * 7 && b.h === 21);
  // moved inside the part on screen: a spot below the bottom edge comes up
  const moved = freeSpot([[50, 300]], "∂ 1.0", [node], { x: 0, y: 0, w: 400, h: 200 });
  assert.ok(moved.y + moved.h <= 198 && moved.y > 40);
});

test("points along a path", () => {
  const nums = pathNumbers("M0 0C10 0 20 0 30 0");
  assert.deepEqual(pathPoint(nums, 0), { x: 0, y: 0 });
  assert.deepEqual(pathPoint(nums, 1), { x: 30, y: 0 });
});

test("fit says when the whole level would be too small to read (text under 11 px)", () => {
  assert.ok(fitScale(400, 300, 800, 500, 24).readable);
  const far = fitScale(4000, 300, 800, 500, 24);
  assert.ok(!far.readable && far.fit < READABLE_SCALE);
  assert.ok(Math.abs(READABLE_SCALE - 11 / 12.5) < 1e-9);
});

test("the minimap goes where it covers no node, smaller, or nowhere", () => {
  const free = minimapSpot([], 800, 500, 150, 84);
  assert.deepEqual([free.x, free.y, free.w], [642, 408, 150]);
  const corner = minimapSpot([{ x: 600, y: 380, w: 200, h: 120 }], 800, 500, 150, 84);
  assert.equal(corner.x, 8);                           // bottom left
  const everywhere = [{ x: 0, y: 0, w: 800, h: 500 }];
  assert.equal(minimapSpot(everywhere, 800, 500, 150, 84), null);
});

test("badges: each in a free spot, none over another, left out where none is free", () => {
  const own = { x: 100, y: 100, w: 80, h: 40 };
  const fixed = [nodeBox(own)];
  const placed = placeBadges([{ text: "∂ 1.0", cls: "b-grad", own }, { text: "∂ 2.0", cls: "b-grad", own }], fixed,
    { x: 0, y: 0, w: 400, h: 400 });
  assert.equal(placed.length, 2);
  assert.equal(overlap(placed[0].box, placed[1].box), 0);
  // a badge never covers its own box's text (the inside of the box)
  const inner = { x: own.x - own.w / 2 + 9, y: own.y - own.h / 2 + 9, w: own.w - 18, h: own.h - 18 };
  for (const p of placed) assert.equal(overlap(p.box, inner), 0);
  const full = [{ x: -1000, y: -1000, w: 3000, h: 3000 }];
  assert.deepEqual(placeBadges([{ text: "∂ 1.0", cls: "b-grad", nums: pathNumbers("M0 0C10 0 20 0 30 0") }], full), []);
});
