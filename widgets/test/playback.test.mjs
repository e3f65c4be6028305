import { test } from "node:test";
import assert from "node:assert/strict";
import { deliveredRate, dueFrame, duePosition, playSequence, positionOf, range, stepsLeftInPhase }
  from "../src/playback.js";

const f = (phase) => ({ phase });
const frames = [f("forward"), f("forward"), f("forward"), f("backward"), f("backward"), f("backward"), f("backward")];

test("a range lists the frames from a to b", () => {
  assert.deepEqual(range(2, 5), [2, 3, 4, 5]);
  assert.deepEqual(range(3, 3), [3]);
});

test("a frame's position in a sequence is the first stop at or after it, else the last", () => {
  assert.equal(positionOf([0, 4, 8], 0), 0);
  assert.equal(positionOf([0, 4, 8], 5), 2);
  assert.equal(positionOf([0, 4, 8], 9), 2);
});

test("play visits a group's range, else the stops by group, else every frame", () => {
  const stops = () => [0, 3, 6];
  assert.deepEqual(playSequence({ playRange: [3, 5], byGroup: true, stops }), [3, 4, 5]);
  assert.deepEqual(playSequence({ playRange: null, byGroup: true, stops }), [0, 3, 6]);
  assert.equal(playSequence({ playRange: null, byGroup: false, stops }), null);
});

test("the steps left count only this phase's frames", () => {
  assert.equal(stepsLeftInPhase(frames, 0, null), 2);       // frames 1, 2
  assert.equal(stepsLeftInPhase(frames, 3, null), 3);       // frames 4, 5, 6
  assert.equal(stepsLeftInPhase(frames, 3, [0, 3, 5, 6]), 2);
  assert.equal(stepsLeftInPhase(frames, 6, null), 0);
});

test("the frame due follows the clock, skips when late and stops at the end", () => {
  assert.equal(duePosition(2, 0, 4), 2);
  assert.equal(duePosition(2, 999, 4), 5);    // 3.996 steps: 3 due
  assert.equal(duePosition(2, 1000, 4), 6);
  assert.equal(dueFrame(null, 7, 10), 7);
  assert.equal(dueFrame(null, 12, 10), 10);
  assert.equal(dueFrame([0, 3, 6, 9], 2, 10), 6);
  assert.equal(dueFrame([0, 3, 6, 9], 8, 10), 9);   // past the sequence: its last frame
  assert.equal(dueFrame([0, 3, 6, 9], 8, 5), 5);    // never past a group's end
  assert.equal(deliveredRate(30, 0, 2000), 15);
});
