// Playback (DOM; the browser owns the timer): what a step or a tick of play moves to, the buttons,
// the slider and its timeline, the speed and mode menus, "play this group" and the keys.
// A step is one item of the view shown ("by group", src/structure.js stepStops: at the top level
// one group) or one frame; "play this group" plays the frames of the group whose view is shown.
// Frame k of a play's sequence is due at start + k / fps (src/playback.js): a slow draw skips,
// never slows down. ctx: the player (src/main.js).
import { fillTimeline } from "./controls.js";
import { deliveredRate, dueFrame, duePosition, playSequence, positionOf, stepsLeftInPhase } from "./playback.js";
import { byGroup, clampFrame, pause, play, playEnd, playGroup, rateShown, restartClock, timelineJump, withMode,
  withSpeed } from "./state.js";
import { fittingSpeed, groupRange, itemFinder, markers, nextStop, stepStops } from "./structure.js";

// the timeline's markers (src/structure.js markers) and the questions', in frame order
function timelineMarks(ctx, questions) {
  const { frames, graph, views, nodes, groups } = ctx;
  const topItems = new Set(((views.root || { nodes: [] }).nodes).map(([nid]) => nid));
  return markers(frames, graph, itemFinder(topItems, nodes, groups))
    .concat(questions.map((q) => ({ frame: Math.max(0, q.frame - 1), kind: "question", id: q.node })))
    .sort((a, b) => a.frame - b.frame);
}

function describer({ nodes, groups, frames, t }) {
  return (m) => {
    const about = m.id && nodes.get(m.id) ? " · " + nodes.get(m.id).label
      : m.id && groups.get(m.id) ? " · " + groups.get(m.id).label : "";
    return t("marker_" + m.kind) + about + " (" + t("frame_counter", { n: m.frame + 1, total: frames.length }) + ")";
  };
}

// the stops of a step by group in the view shown (src/structure.js stepStops), once per view
function stopsOf(ctx) {
  const { frames, views, nodes, groups } = ctx;
  const cache = new Map();
  return () => {
    const vid = ctx.state.view;
    if (!cache.has(vid)) {
      const items = new Set((views[vid] || { nodes: [] }).nodes.map(([nid]) => nid));
      cache.set(vid, stepStops(frames, itemFinder(items, nodes, groups)));
    }
    return cache.get(vid);
  };
}

// quick steps, or playing faster than 4 fps, drop the 0.2 s fades and the moving dashes of the
// hot edges: at that pace they are not seen, and they would cost every frame a repaint
function pacer(ctx) {
  let lastStepAt = -1e9;
  return () => {
    const now = performance.now();
    const fast = ctx.state.playing ? ctx.state.fps > 4 : now - lastStepAt < 300;
    if (!ctx.state.playing) lastStepAt = now;
    ctx.shelf.setFast(fast);
  };
}

export function transport(ctx) {
  const { model, frames, last, t } = ctx;
  const { root, bPlay, speed, rate, icon, wantedFps } = ctx.dom;
  const stops = stopsOf(ctx), pace = pacer(ctx);
  let raf = 0;
  // the frames playing visits from here: a list of frame indices (null: every frame)
  const sequence = () => playSequence({ playRange: ctx.state.playRange, byGroup: byGroup(ctx.state), stops });
  const positionNow = (seq) => (seq ? positionOf(seq, ctx.state.frame) : ctx.state.frame);
  function sync() { model.set("frame", ctx.state.frame); model.save_changes(); }
  // the speed adapts unless chosen: this pass (or group) plays within FOLLOW_SECONDS
  function adaptSpeed() {
    if (ctx.state.speedTouched) return;
    speed.value = String(fittingSpeed(stepsLeftInPhase(frames, ctx.state.frame, sequence()), wantedFps));
    ctx.state = withSpeed(ctx.state, Number(speed.value));
  }
  function setPlaying(on) {
    on = on && ctx.state.frame < playEnd(ctx.state, last);
    if (on === ctx.state.playing) return;     // a step while paused changes nothing here (and sends nothing)
    if (on) { adaptSpeed(); ctx.state = play(ctx.state, performance.now(), positionNow(sequence())); }
    else ctx.state = pause(ctx.state);
    pace();
    bPlay.replaceChildren(icon(on ? "pause" : "play"));
    root.dataset.playing = on ? "1" : "0";
    root.classList.toggle("is-playing", on);
    cancelAnimationFrame(raf);
    if (on) raf = requestAnimationFrame(tick);
    else { rate.textContent = ""; root.dataset.range = ""; sync(); }
  }
  function tick(now) {
    const st = ctx.state;
    if (!st.playing) return;
    const seq = sequence();
    const pos = duePosition(st.clock.pos, now - st.clock.start, st.fps);
    const end = playEnd(st, last);
    const due = dueFrame(seq, pos, end);
    if (due > st.frame) {
      const asked = ctx.quiz.gate(due);
      ctx.painter.show(asked);
      if (asked < due || ctx.state.frame >= end) { setPlaying(false); return; }
    }
    if (now - ctx.state.clock.shownAt > 1000) {
      const delivered = deliveredRate(pos, st.clock.pos, now - st.clock.start);
      rate.textContent = delivered + 0.5 < st.fps ? t("rate", { n: delivered.toFixed(0) }) : "";
      ctx.state = rateShown(ctx.state, now);
    }
    raf = requestAnimationFrame(tick);
  }
  const step = (i) => {
    ctx.setFollow(true); setPlaying(false); pace();
    ctx.painter.show(ctx.quiz.gate(clampFrame(i, last))); sync();
  };
  const playback = { step, setPlaying, pace, sync, stops, sequence, positionNow,
    stop: () => { cancelAnimationFrame(raf); ctx.state = pause(ctx.state); } };
  playback.marks = wireTimeline(ctx, step);
  wireButtons(ctx, playback);
  return playback;
}

// the markers under the slider; a click on one steps to its frame
function wireTimeline(ctx, step) {
  const marks = timelineMarks(ctx, ctx.quiz.questions);
  fillTimeline(ctx.dom.timeline, ctx.dom.legend, marks, ctx.last, ctx.t, describer(ctx), (frame) => step(frame));
  ctx.dom.timeline.hidden = ctx.dom.bMark.hidden = !marks.length;
  return marks;
}

// the buttons, the slider, the menus, "play this group", "next marker", the keys, the kernel's frame
function wireButtons(ctx, pb) {
  const { model, frames, last, views, nodes, groups } = ctx;
  const d = ctx.dom;
  const stepBy = (dir) => pb.step(byGroup(ctx.state) ? nextStop(pb.stops(), ctx.state.frame, dir) : ctx.state.frame + dir);
  d.bFirst.onclick = () => pb.step(0);
  d.bBack.onclick = () => stepBy(-1);
  d.bFwd.onclick = () => stepBy(1);
  d.bLast.onclick = () => pb.step(last);
  d.bPlay.onclick = () => {
    const playing = ctx.state.playing;
    if (!playing) ctx.setFollow(true);
    if (!playing && ctx.state.frame >= last) ctx.painter.show(0);
    pb.setPlaying(!playing);
  };
  d.slider.oninput = () => { pb.setPlaying(false); pb.pace(); ctx.painter.show(ctx.quiz.gate(Number(d.slider.value))); };
  d.slider.onchange = () => pb.sync();
  d.speed.onchange = () => {
    ctx.state = withSpeed(ctx.state, Number(d.speed.value), true);
    model.set("fps", Number(d.speed.value)); model.save_changes();
    if (!ctx.state.playing) return;
    pb.pace();
    ctx.state = restartClock(ctx.state, performance.now(), pb.positionNow(pb.sequence()));
  };
  d.modeSel.onchange = () => {
    ctx.state = withMode(ctx.state, d.modeSel.value);
    d.root.dataset.mode = d.modeSel.value;
    if (ctx.state.playing) { pb.setPlaying(false); pb.setPlaying(true); }
  };
  // play the frames of the group whose view is shown (in this phase, else the other)
  d.bGroup.onclick = () => {
    const gid = views[ctx.state.view] && views[ctx.state.view].group;
    const r = gid && groupRange(frames, gid, frames[ctx.state.frame].phase, nodes, groups);
    if (!r) return;
    pb.setPlaying(false);
    ctx.state = playGroup(ctx.state, r);
    d.root.dataset.range = r.join("-");
    ctx.painter.show(ctx.quiz.gate(r[0]));
    if (ctx.state.frame === r[0]) pb.setPlaying(true);
  };
  d.bMark.onclick = () => {
    const next = timelineJump(pb.marks, ctx.state.frame);
    if (next !== null) pb.step(next);
  };
  d.followBox.onchange = () => {
    ctx.setFollow(d.followBox.checked);
    if (d.followBox.checked && ctx.state.frame >= 0) ctx.camera.follow(frames[ctx.state.frame].focus);
  };
  wireKeys(d);
  const onFrame = () => { const i = model.get("frame"); if (i !== ctx.state.frame) ctx.painter.show(i); };
  model.on("change:frame", onFrame);
  pb.detach = () => model.off("change:frame", onFrame);
}

// space plays or pauses, arrows step, Home and End go to the ends (not while typing or choosing)
function wireKeys(d) {
  d.root.addEventListener("keydown", (ev) => {
    const keys = { " ": d.bPlay, ArrowRight: d.bFwd, ArrowLeft: d.bBack, Home: d.bFirst, End: d.bLast };
    if (keys[ev.key] && ev.target.tagName !== "SELECT" && ev.target.tagName !== "INPUT") {
      ev.preventDefault(); ev.stopPropagation(); keys[ev.key].onclick();
    }
  });
  d.root.addEventListener("pointerdown", () => d.root.focus({ preventScroll: true }));
}
