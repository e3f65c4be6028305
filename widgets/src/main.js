// tapekit TapePlayer front end (anywidget ES module). Sources: widgets/src/*.js, bundled by esbuild
// into widgets/player.js (`npm run build` in widgets/; .ci/run checks the bundle is up to date).
// The kernel lays out each view once (docs/PLAYER.md); the front end draws views from coordinates,
// replays frames, moves a camera, navigates the group hierarchy, plays by the tape's structure and
// asks questions. This module only assembles the player: one context `ctx` holds the tape's data,
// the DOM parts, the state (ctx.state, src/state.js: the frame, view, camera, play, speed and
// question state, changed by its pure functions) and the parts below, which call each other through it:
//   ctx.viewer    src/views.js      the views in the drawing, the breadcrumbs, where the graph goes
//   ctx.camera    src/stage.js      the drawing area's camera, the overview, zoom and pan
//   ctx.minimap   src/minimap.js    the minimap
//   ctx.painter   src/paint.js      showing a frame: the replay's state, the drawing's styles and texts
//   ctx.badges    src/badges.js     the gradient values on the graph
//   ctx.tooltip   src/tipbox.js     the tooltip and clicks on the drawing
//   ctx.quiz      src/quiz.js       the question mode
//   ctx.playback  src/transport.js  the timer, the buttons, the slider and its timeline, the keys
// Every name, value and cause is inserted with textContent, never as markup.
import { h } from "./dom.js";
import LIVE_CSS from "../player-live.css";
import { causeLabeler, translator } from "./i18n.js";
import { Replay, expandFrames } from "./replay.js";
import { gradientText } from "./styling.js";
import { fillTable } from "./table.js";
import { makeControls } from "./controls.js";
import { ViewShelf } from "./viewcache.js";
import { makeSkeleton } from "./skeleton.js";
import { following, initialState } from "./state.js";
import { viewManager } from "./views.js";
import { stageCamera } from "./stage.js";
import { minimap } from "./minimap.js";
import { painter } from "./paint.js";
import { badgeLayer } from "./badges.js";
import { tooltip } from "./tipbox.js";
import { quiz } from "./quiz.js";
import { transport } from "./transport.js";

// graph and frames come as gzipped JSON in base64 (tapekit/widgets/saved_state.py json_string);
// a plain object (a hand-made state) passes as it is
async function unzipped(value) {
  if (typeof value !== "string") return value;
  const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

async function render({ model, el }) {
  const [graphData, frameData] = await Promise.all([unzipped(model.get("graph")), unzipped(model.get("frames"))]);
  return draw({ model, el }, graphData || {}, frameData || []);
}

// the tape's data, indexed: what every part reads and none changes
function tapeData(graph, frameData, words) {
  const t = translator(words);
  const frames = expandFrames(frameData);
  const nodes = new Map((graph.nodes || []).map((n) => [n.id, n]));
  const groups = new Map((graph.groups || []).map((g) => [g.id, g]));
  const edgesById = new Map((graph.edges || []).map((e) => [e.id, e]));
  // replay: a checkpoint every few frames, deltas in between
  const replay = new Replay([...nodes.keys(), ...edgesById.keys(), ...groups.keys()], frames);
  return { graph, words, t, causeLabel: causeLabeler(graph, words), gradText: (st) => gradientText(st, t), frames,
    last: Math.max(0, frames.length - 1), nodes, groups, edgesById, views: graph.views || {},
    layouts: graph.layouts || [], sources: new Set(graph.sources || []), replay };
}

// the parts of the page (src/skeleton.js, src/controls.js), put together in `el`
function buildDom(model, el, data) {
  const { t, words, views, graph, last } = data;
  el.classList.add("tkp");
  el.append(h("style", "", LIVE_CSS));      // the live player's own rules (player-live.css)
  const dom = { ...makeSkeleton(t, { title: model.get("title") || "GradientTape", language: words.language,
    notes: graph.notes || [] }), ...makeControls(t, { last, fps: Number(model.get("fps")), grouped: Object.keys(views).length > 1 }) };
  const { root } = dom;
  root.dataset.mode = dom.modeSel.value;
  root.append(dom.head, dom.notes, dom.nav, dom.body, dom.caption, dom.askBox, dom.controls, dom.legend);
  el.append(root);
  // a tape too large to draw (tapekit/widgets/limits.py): the note says why and what to do, the
  // table shows the gradients the kernel computed; nothing to draw or play
  if (!Object.keys(views).length) {
    for (const part of [dom.stage, dom.nav, dom.caption, dom.controls, dom.legend, dom.phase, dom.counter]) part.hidden = true;
    root.classList.add("tkp-undrawn");
  }
  return dom;
}

function draw({ model, el }, graph, frameData) {
  const data = tapeData(graph, frameData, model.get("texts") || {});
  const dom = buildDom(model, el, data);
  const ctx = { model, ...data, dom, view: null,
    state: initialState({ mode: dom.modeSel.value, fps: Number(dom.speed.value) }),
    shelf: new ViewShelf(dom.layerViews, dom.miniSvg),
    setFollow: (on) => { ctx.state = following(ctx.state, on); dom.followBox.checked = !!on; },
    focusNow: () => (ctx.state.frame >= 0 ? ctx.frames[ctx.state.frame].focus : null) };
  ctx.rows = fillTable(dom.table, graph, ctx.nodes, ctx.t, ctx.causeLabel, (id) => ctx.viewer.reveal(id));
  ctx.viewer = viewManager(ctx);
  ctx.camera = stageCamera(ctx);
  ctx.minimap = minimap(ctx);
  ctx.painter = painter(ctx);
  ctx.badges = badgeLayer(ctx);
  ctx.tooltip = tooltip(ctx);
  ctx.quiz = quiz(ctx);
  ctx.playback = transport(ctx);

  ctx.viewer.open(data.views.root ? "root" : Object.keys(data.views)[0]);
  requestAnimationFrame(() => { if (ctx.view) { ctx.camera.fit(null); ctx.badges.draw(); } });
  ctx.painter.show(model.get("frame") || 0);
  dom.root.dataset.playing = "0";
  return () => { ctx.playback.stop(); ctx.playback.detach(); };
}

export default { render };
