// Badges: the gradient values written on the graph. A badge's box comes from its text length
// (src/geometry.js), so that no layout is read back while playing. Each badge goes to the first of
// a few spots around its node or edge that covers no node, no group label and no badge placed
// before it; with no free spot it is left out (the table and the tooltip still say it): badges
// never overlap. wantedBadges is pure; badgeLayer draws them (ctx: the player, src/main.js).
import { s } from "./dom.js";
import { nodeBox, pathNumbers, placeBadges } from "./geometry.js";
import { edgeState } from "./replay.js";
import { clip } from "./text.js";

// an array's preview without its " shape=(…)" tail: the box it belongs to shows the shape
export const badgeText = (text) => clip(String(text).replace(/ shape=\([^)]*\)/, ""), 30);

function edgeBadge(e, values, hot, ended, { t, gradText }) {
  const st = edgeState(values, e.ids);
  const isHot = e.ids.some((id) => hot.has(id));
  if (!(isHot && st.g && st.g !== "wait") && !(st.g === "none" && ended)) return null;
  const text = badgeText(st.g === "none" ? t("cell_none") : gradText(st));
  return text ? [text, "b-" + st.g, e, null] : null;
}

function tensorBadge(e, values, hot, ended, { sources, t, gradText, causeLabel }) {
  const id = e.ids[0];
  const st = values.get(id) || {};
  const show = (hot.has(id) && st.g && st.g !== "wait") || (ended && (sources.has(id) || st.g === "unasked"));
  if (!show || !st.g || st.g === "wait") return null;
  const text = badgeText(st.g === "none" ? t("badge_none", { cause: causeLabel(st.cause) })
    : st.g === "unasked" ? t("badge_unasked") : "∂ " + gradText(st));
  return [text, "b-" + st.g, e, e.drawId];
}

// The badges wanted on the drawn elements `candidates` for replay state `values` (Map id -> state)
// with `hot` (the ids the frame is about); `ended`: the last frame of the backward pass, where
// every None edge and every source's or unasked tensor's gradient is shown. Returns
// [[text, class, element, own node's draw id or null (an edge's)]]
export function wantedBadges(candidates, values, hot, ended, words) {
  const out = [];
  for (const e of candidates) {
    const badge = e.kind === "edge" ? edgeBadge(e, values, hot, ended, words)
      : e.kind === "tensor" ? tensorBadge(e, values, hot, ended, words) : null;
    if (badge) out.push(badge);
  }
  return out;
}

// what neither a badge nor the minimap may cover: every node's box and every group's label, in this view
export function obstaclesOf(view) {
  if (!view.obstacles) {
    view.obstacles = [...view.pos.values()].map(nodeBox);
    for (const e of view.elems.values()) if (e.kind === "cluster" && e.labelBox) view.obstacles.push(e.labelBox);
  }
  return view.obstacles;
}

const edgeNums = (e) => {
  if (e.nums === undefined) e.nums = pathNumbers(e.path.getAttribute("d"));
  return e.nums;
};

function badgeElement(b, text, cls) {      // b: the badge's box (geometry.js badgeBox)
  const g = s("g", { class: "tkp-badge " + cls });
  g.append(s("rect", { rx: 5, x: b.x, y: b.y, width: b.w, height: b.h }),
    s("text", { x: b.x + b.w / 2, y: b.y + 15, "text-anchor": "middle" }, text));
  return g;
}

export function badgeLayer(ctx) {
  const { root, layerBadges } = ctx.dom;
  const { frames, last } = ctx;
  let drawnKey = null;
  // the elements that may carry a badge: the hot ones; at the end, every edge and tensor
  function candidates(ended, hot) {
    if (ended) return ctx.view.elems.values();
    const out = new Set();
    for (const id of hot) for (const e of ctx.view.byModel.get(id) || []) out.add(e);
    return out;
  }
  function draw() {
    const values = ctx.painter.values(), frame = ctx.state.frame;
    if (!ctx.view || !values || frame < 0 || root.classList.contains("tkp-overview")) {
      layerBadges.replaceChildren(); drawnKey = null; return;
    }
    const hot = ctx.painter.hot();
    const ended = frame === last && frames[frame].phase === "backward";
    const wanted = wantedBadges(candidates(ended, hot), values, hot, ended, ctx);
    const vb = ctx.state.camera;
    const key = vb.join(",") + "|" + wanted.map(([text, cls, e]) => text + cls + (e.drawId || e.ids[0])).join("|");
    if (key === drawnKey) return;
    drawnKey = key;
    layerBadges.replaceChildren();
    const area = { x: vb[0], y: vb[1], w: vb[2], h: vb[3] };      // badges stay on screen, uncut
    const placed = placeBadges(wanted.map(([text, cls, e, own]) => (own ? { text, cls, own: ctx.view.pos.get(own) }
      : { text, cls, nums: edgeNums(e) })), obstaclesOf(ctx.view), area);
    for (const { box, text, cls } of placed) layerBadges.append(badgeElement(box, text, cls));
    root.dataset.badges = String(placed.length);
  }
  return { draw };
}
