// The question panel (docs/PLAYER.md "Questions"): the prompt, a text field (a number or a nested
// list) or checkboxes (choices), and Check, Show answer, Continue. Checking is local
// (src/questions.js); save(q, given, correct) records each check, next() goes on.
import { h } from "./dom.js";
import { answerText, checkChoices, checkValue, parseAnswer } from "./questions.js";

function verdictText(verdict, t) {
  if (verdict.correct) return t("ask_right");
  if (verdict.reason === "shape") return t("ask_shape", verdict);
  if (verdict.reason === "values") return t("ask_values", verdict);
  if (verdict.reason === "wrong_choices") return t("ask_wrong_choices", { names: verdict.wrong.join(", ") });
  return t("ask_missing");
}

// the input of a question: [element(s) to show, read() -> what the student gave]
function answerInput(q, t, onEnter) {
  if (q.kind === "none_sources") {
    const labels = (q.choices || []).map((label) => {
      const lab = h("label", "tkp-ask-choice");
      const box = h("input");
      box.type = "checkbox"; box.value = label;
      lab.append(box, document.createTextNode(" " + label));
      return lab;
    });
    const read = () => labels.map((l) => l.firstChild).filter((b) => b.checked).map((b) => b.value);
    return [labels, read];
  }
  const input = h("input", "tkp-ask-input");
  input.type = "text"; input.placeholder = t("ask_placeholder");
  input.setAttribute("aria-label", q.prompt);
  input.addEventListener("keydown", (ev) => { ev.stopPropagation(); if (ev.key === "Enter") onEnter(); });
  return [[input], () => input.value];
}

export function showQuestion(box, q, t, { save, next }) {
  box.replaceChildren();
  box.hidden = false;
  box.dataset.question = q.id;
  const form = h("div", "tkp-ask-form");
  const check = h("button", "tkp-ask-btn tkp-ask-check", t("ask_check"));
  const showBtn = h("button", "tkp-ask-btn tkp-ask-show", t("ask_show"));
  const go = h("button", "tkp-ask-btn tkp-ask-continue", t("ask_continue"));
  const result = h("div", "tkp-ask-result");
  const reveal = h("div", "tkp-ask-answer");
  reveal.hidden = true;
  const [inputs, read] = answerInput(q, t, () => check.onclick());
  form.append(...inputs, check, showBtn, go);
  box.append(h("div", "tkp-ask-prompt", q.prompt), form, result, reveal);
  check.onclick = () => {
    const given = read();
    let verdict;
    try {
      verdict = q.kind === "none_sources" ? checkChoices(given, q.answer) : checkValue(parseAnswer(given), q.answer);
    } catch (err) {               // not a number or a list: said, and not counted as a try
      result.className = "tkp-ask-result wrong"; result.textContent = t("ask_syntax"); return;
    }
    save(q, given, verdict.correct);
    result.className = "tkp-ask-result " + (verdict.correct ? "right" : "wrong");
    result.textContent = verdictText(verdict, t);
  };
  showBtn.onclick = () => { reveal.hidden = false; reveal.textContent = t("ask_answer", { answer: answerText(q.answer) }); };
  go.onclick = () => { box.hidden = true; next(); };
}
