import { test } from "node:test";
import assert from "node:assert/strict";
import { answerText, checkChoices, checkValue, parseAnswer, questionOnTheWay, shapeOf } from "../src/questions.js";

test("answers parse as numbers or nested lists, NumPy's spaces too", () => {
  assert.equal(parseAnswer(" 3 "), 3);
  assert.deepEqual(parseAnswer("[[1, 2]]"), [[1, 2]]);
  assert.deepEqual(parseAnswer("[1 2 -3.5]"), [1, 2, -3.5]);
  assert.throws(() => parseAnswer("[1, 2"), /syntax/);
  assert.throws(() => parseAnswer("abc"), /syntax/);
  assert.throws(() => parseAnswer("[[1], [2, 3]]"), /ragged/);
});

test("shape first, then values within the tolerance", () => {
  const answer = { value: [1, 2, 3], shape: [3], rtol: 1e-5, atol: 1e-6 };
  assert.deepEqual(checkValue([[1, 2, 3], [1, 2, 3], [1, 2, 3]], answer),
    { correct: false, reason: "shape", shape: "(3, 3)", expected: "(3,)" });
  assert.deepEqual(checkValue([1, 2, 3.0000001], answer), { correct: true });
  assert.deepEqual(checkValue([1, 2.5, 3], answer), { correct: false, reason: "values", off: 1, total: 3 });
  assert.deepEqual(checkValue(7.5, { value: 7.5, shape: [] }), { correct: true });
  assert.deepEqual(shapeOf(7.5), []);
});

test("choices: say which picks are wrong, never which are right", () => {
  const answer = { none: ["c", "d"] };
  assert.deepEqual(checkChoices(["c", "w"], answer), { correct: false, reason: "wrong_choices", wrong: ["w"] });
  assert.deepEqual(checkChoices(["c"], answer), { correct: false, reason: "missing" });
  assert.deepEqual(checkChoices(["d", "c"], answer), { correct: true });
  assert.equal(answerText(answer), "c, d");
  assert.equal(answerText({ value: [[1, 2]] }), "[[1, 2]]");
});

test("a move forward stops at the first question it passes, once", () => {
  const qs = [{ id: "q2", frame: 9 }, { id: "q1", frame: 5 }];
  assert.equal(questionOnTheWay(qs, 0, 20, new Set()).id, "q1");
  assert.equal(questionOnTheWay(qs, 0, 20, new Set(["q1"])).id, "q2");
  assert.equal(questionOnTheWay(qs, 5, 8, new Set()), null);     // at q1's frame already
  assert.equal(questionOnTheWay(qs, 0, 4, new Set()), null);
});
