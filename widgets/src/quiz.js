// The question mode's wiring (docs/PLAYER.md "Questions"): a move forward stops before a question's
// frame (src/questions.js), the panel asks (src/ask.js), each check is written to the `answers`
// trait, and Continue plays on. ctx: the player (src/main.js).
import { showQuestion } from "./ask.js";
import { questionOnTheWay } from "./questions.js";
import { askQuestion, passQuestion } from "./state.js";

export function quiz(ctx) {
  const { model, t } = ctx;
  const { root, askBox } = ctx.dom;
  const questions = (ctx.graph.questions || []).filter((q) => q && q.id && Number.isInteger(q.frame));
  function save(q, given, correct) {
    const answers = { ...(model.get("answers") || {}) };
    const before = answers[q.id] || { tries: 0 };
    answers[q.id] = { given, correct, tries: (before.tries || 0) + 1 };
    model.set("answers", answers);
    model.save_changes();
  }
  function ask(q) {
    ctx.state = askQuestion(ctx.state, q.id);
    root.dataset.asking = q.id;
    showQuestion(askBox, q, t, {
      save,
      next: () => {
        ctx.state = passQuestion(ctx.state, q.id);
        delete root.dataset.asking;
        ctx.playback.step(q.frame);
        ctx.playback.setPlaying(true);
      },
    });
    const item = q.node && ctx.view ? ctx.viewer.itemInView(q.node) : null;    // show where the answer will arrive
    if (item) ctx.camera.lookAt(item);
  }
  // the frame to show for a move forward to frame i: the one before a question on the way (asked)
  function gate(i) {
    const current = ctx.state.frame;
    if (!questions.length || i <= current) return i;
    const q = questionOnTheWay(questions, current, i, ctx.state.passed);
    if (!q) return i;
    ask(q);
    return Math.max(current, q.frame - 1);
  }
  return { questions, gate };
}
