// The question mode's checks (docs/PLAYER.md, "Questions"): parse what the student typed, compare
// it with the answer the kernel computed (shape first, then values within the tolerance; for
// choices, which picks are wrong), and find the question a move forward passes.

// "3", "-1.5e-3", "[1, 2]", "[[1, 2], [3, 4]]" -> a number or nested arrays of numbers; throws on anything else
export function parseAnswer(text) {
  const src = String(text).trim();
  if (!src) throw new Error("empty");
  let value;
  try { value = JSON.parse(src.replace(/\s+/g, " ").replace(/(\d)\s+(?=[-\d.])/g, "$1, ")); } catch (err) { throw new Error("syntax"); }
  const check = (v) => {
    if (typeof v === "number" && Number.isFinite(v)) return;
    if (Array.isArray(v)) { v.forEach(check); return; }
    throw new Error("syntax");
  };
  check(value);
  shapeOf(value);   // ragged lists throw
  return value;
}

// the shape of a number (scalar: []) or nested list; throws for a ragged list
export function shapeOf(value) {
  if (!Array.isArray(value)) return [];
  if (!value.length) return [0];
  const inner = value.map(shapeOf);
  const first = JSON.stringify(inner[0]);
  if (inner.some((s) => JSON.stringify(s) !== first)) throw new Error("ragged");
  return [value.length, ...inner[0]];
}

const flat = (v) => (Array.isArray(v) ? v.flatMap(flat) : [v]);

// Python's way of writing a shape: (3,), (2, 3), ()
export function shapeText(shape) {
  return "(" + shape.join(", ") + (shape.length === 1 ? ",)" : ")");
}

// {correct, reason, ...}: reason "shape" (with given and expected shapes), "values" (how many
// elements are off), "wrong_choices" (the picks that are wrong), "missing" (right picks, some left out)
export function checkValue(given, answer) {
  const shape = shapeOf(given);
  const expected = answer.shape || shapeOf(answer.value);
  if (JSON.stringify(shape) !== JSON.stringify(expected)) {
    return { correct: false, reason: "shape", shape: shapeText(shape), expected: shapeText(expected) };
  }
  const rtol = answer.rtol === undefined ? 1e-5 : answer.rtol, atol = answer.atol === undefined ? 1e-6 : answer.atol;
  const a = flat(given), b = flat(answer.value);
  const off = a.filter((x, k) => !(Math.abs(x - b[k]) <= atol + rtol * Math.abs(b[k]))).length;
  return off ? { correct: false, reason: "values", off, total: a.length } : { correct: true };
}

export function checkChoices(picked, answer) {
  const right = new Set(answer.none);
  const wrong = picked.filter((p) => !right.has(p));
  if (wrong.length) return { correct: false, reason: "wrong_choices", wrong };
  if (picked.length !== right.size) return { correct: false, reason: "missing" };
  return { correct: true };
}

// the first question whose frame a move from frame `from` to frame `to` (forward) would show,
// among those not yet passed; null if none
export function questionOnTheWay(questions, from, to, passed) {
  let found = null;
  for (const q of questions || []) {
    if (passed.has(q.id) || !(q.frame > from && q.frame <= to)) continue;
    if (!found || q.frame < found.frame) found = q;
  }
  return found;
}

// the answer, written as the student would write it (for "Show answer")
export function answerText(answer) {
  if (answer.none) return answer.none.join(", ");
  return JSON.stringify(answer.value).replace(/,/g, ", ");
}
