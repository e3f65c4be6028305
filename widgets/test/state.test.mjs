import { test } from "node:test";
import assert from "node:assert/strict";
import { askQuestion, byGroup, clampFrame, enterView, following, initialState, moveCamera, passQuestion, pause,
  play, playEnd, playGroup, rateShown, restartClock, stepTo, timelineJump, toggleMinimap, withMode, withSpeed }
  from "../src/state.js";

test("the player starts before the first frame, following, paused, with no view and no question", () => {
  const s = initialState({ mode: "groups", fps: 8 });
  assert.equal(s.frame, -1);
  assert.equal(s.view, null);
  assert.equal(s.follow, true);
  assert.equal(s.playing, false);
  assert.equal(s.fps, 8);
  assert.equal(s.mode, "groups");
  assert.equal(s.asking, null);
  assert.equal(s.passed.size, 0);
});

test("a transition returns a new state and leaves the old one as it was", () => {
  const s = initialState();
  const next = stepTo(s, 5, 10);
  assert.notEqual(next, s);
  assert.equal(s.frame, -1);
  assert.equal(next.frame, 5);
  assert.equal(enterView(s, "g3").view, "g3");
  assert.equal(s.view, null);
  assert.equal(following(s, false).follow, false);
  assert.deepEqual(moveCamera(s, [1, 2, 3, 4]).camera, [1, 2, 3, 4]);
  assert.deepEqual(s.camera, [0, 0, 100, 100]);
});

test("a step is clamped to the frames there are", () => {
  assert.equal(stepTo(initialState(), -3, 10).frame, 0);
  assert.equal(stepTo(initialState(), 12, 10).frame, 10);
  assert.equal(clampFrame(4.7, 10), 4);
});

test("play keeps its clock; pause forgets it and the group being played", () => {
  let s = playGroup(initialState({ mode: "groups" }), [4, 9]);
  assert.equal(playEnd(s, 20), 9);
  assert.equal(byGroup(s), false);           // a group's frames play one by one
  s = play(s, 1000, 2);
  assert.deepEqual([s.playing, s.clock.start, s.clock.pos, s.clock.shownAt], [true, 1000, 2, 1000]);
  s = rateShown(s, 2100);
  assert.equal(s.clock.shownAt, 2100);
  s = restartClock(s, 2500, 7);
  assert.deepEqual(s.clock, { start: 2500, pos: 7, shownAt: 2100 });
  s = pause(s);
  assert.deepEqual([s.playing, s.clock, s.playRange], [false, null, null]);
  assert.equal(playEnd(s, 20), 20);
  assert.equal(byGroup(s), true);
  assert.equal(byGroup(withMode(s, "ops")), false);
});

test("the speed the student chooses stays chosen", () => {
  const s = withSpeed(initialState({ fps: 2 }), 30);
  assert.deepEqual([s.fps, s.speedTouched], [30, false]);
  const chosen = withSpeed(s, 8, true);
  assert.deepEqual([chosen.fps, chosen.speedTouched], [8, true]);
  assert.equal(withSpeed(chosen, 60).speedTouched, true);
});

test("a question asked, then passed, is not asked again", () => {
  const s0 = initialState();
  const asked = askQuestion(s0, "q1");
  assert.equal(asked.asking, "q1");
  const passed = passQuestion(asked, "q1");
  assert.equal(passed.asking, null);
  assert.ok(passed.passed.has("q1"));
  assert.ok(!asked.passed.has("q1"));       // the earlier state's set is not changed
});

test("the minimap toggles", () => {
  const s = initialState();
  assert.equal(toggleMinimap(s).minimap, false);
  assert.equal(toggleMinimap(toggleMinimap(s)).minimap, true);
});

test("the timeline jumps to the first marker after the frame shown", () => {
  const marks = [{ frame: 3 }, { frame: 3 }, { frame: 10 }, { frame: 40 }];
  assert.equal(timelineJump(marks, -1), 3);
  assert.equal(timelineJump(marks, 3), 10);
  assert.equal(timelineJump(marks, 39), 40);
  assert.equal(timelineJump(marks, 40), null);
});
