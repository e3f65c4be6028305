// Showing a frame (DOM): the replay's state at that frame (src/replay.js: one step applies its
// delta, a jump starts from a checkpoint), each drawn element's class and text lines written only
// where they changed (src/styling.js), the table's cells, and the texts around the graph. A text
// written again unchanged would still make the browser lay out the page, so none is.
// ctx: the player (src/main.js).
import { applyFrame } from "./replay.js";
import { frameTexts } from "./caption.js";
import { fitLine, lineFont, room } from "./fit.js";
import { elementClass, elementLines, elementState } from "./styling.js";
import { updateRows } from "./table.js";
import { clampFrame, stepTo } from "./state.js";

// set a property (text, class, hidden, value) only when it changes: reading it lays out nothing
function write(el, prop, value) {
  if (el[prop] !== value) el[prop] = value;
}

// the table and the texts around the graph for frame f (index i) in replay state `values`
function aroundWriter(ctx) {
  const { frames, nodes, t } = ctx;
  const { root, phase, counter, where, ctext, slider } = ctx.dom;
  let rendered = 0;
  return (f, i, values, hot) => {
    updateRows(ctx.rows, values, hot, nodes, t, ctx.gradText, ctx.causeLabel);
    const texts = frameTexts(f, i, frames.length, nodes, t);
    write(phase, "textContent", texts.phase);
    write(phase, "className", texts.phaseClass);
    write(counter, "textContent", texts.counter);
    write(where, "textContent", texts.where);
    write(where, "hidden", !texts.where);
    write(ctext, "textContent", texts.caption);
    write(slider, "value", String(i));
    root.dataset.frame = String(i);
    root.dataset.phase = f.phase;
    rendered += 1;
    root.dataset.rendered = String(rendered);
  };
}

// styleElem(e): a drawn element's classes and text lines for the replay state `scene.values`
// (Map id -> state) with `scene.hot` (the ids the frame is about)
export function elementStyler(ctx, scene) {
  const { nodes, groups, t } = ctx;
  function writeTexts(e, st) {
    const lines = elementLines(e, st, nodes, groups, t);
    const key = lines.join("\n");
    if (key === e.lastText) return;
    e.lastText = key;
    e.texts.forEach((el, j) => {
      const text = lines[j] !== undefined ? String(lines[j]) : "";
      el.textContent = text;
      fitLine(el, text, lineFont(e.kind, j), room(e.kind, e.w));
    });
  }
  // an element's look depends only on its ids' state entries and whether one is hot; a frame
  // replaces the entries it changes (src/replay.js), so the same entries mean the same look
  function unchanged(e, isHot) {
    if (e.hot !== isHot || !e.entries) return false;
    for (let k = 0; k < e.ids.length; k++) if (scene.values.get(e.ids[k]) !== e.entries[k]) return false;
    return true;
  }
  function styleElem(e) {
    const isHot = e.ids.some((id) => scene.hot.has(id));
    if (unchanged(e, isHot)) return;
    e.hot = isHot;
    e.entries = e.ids.map((id) => scene.values.get(id));
    const st = elementState(e, scene.values);
    const cls = elementClass(e, st, isHot, nodes);
    if (cls !== e.cls) { e.g.setAttribute("class", cls); e.cls = cls; }
    if (e.texts) writeTexts(e, st);
  }
  return styleElem;
}

export function painter(ctx) {
  const { frames, last } = ctx;
  const writeAround = aroundWriter(ctx);
  const scene = { values: null, hot: new Set() };
  const styleElem = elementStyler(ctx, scene);

  function restyleAll() {
    if (!scene.values || !ctx.view) return;
    for (const e of ctx.view.elems.values()) styleElem(e);
    ctx.badges.draw();
  }
  function restyleIds(ids) {
    const seen = new Set();
    for (const id of ids) for (const e of ctx.view.byModel.get(id) || []) if (!seen.has(e)) { seen.add(e); styleElem(e); }
  }

  // show frame i: one step forward applies its delta and restyles what it touched, else the state
  // is replayed from a checkpoint and every element checked (the changed ones restyled)
  function show(i) {
    if (!frames.length) return;
    i = clampFrame(i, last);
    const f = frames[i];
    const hotBefore = scene.hot;
    scene.hot = new Set(f.hot || []);
    const oneStep = scene.values && i === ctx.state.frame + 1;
    if (oneStep) applyFrame(scene.values, f);
    else scene.values = ctx.replay.stateAt(i);
    ctx.state = stepTo(ctx.state, i, last);
    ctx.camera.follow(f.focus);
    if (!oneStep || f.all) restyleAll();
    else { restyleIds([...Object.keys(f.set || {}), ...hotBefore, ...scene.hot]); ctx.badges.draw(); }
    writeAround(f, i, scene.values, scene.hot);
    ctx.tooltip.refresh();
    ctx.viewer.prefetch(i);
  }

  return { show, styleElem, restyleAll, values: () => scene.values, hot: () => scene.hot };
}
