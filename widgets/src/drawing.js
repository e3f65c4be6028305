// Drawing one view (DOM): its SVG elements, made once from the kernel's layout (docs/PLAYER.md,
// "The drawing"), and the records main.js restyles them through. Every name is set as text.
import { LINE } from "./constants.js";
import { s } from "./dom.js";
import { fitLine, lineFont, measure } from "./fit.js";
import { clip, groupLines, tensorLines } from "./text.js";

const append = (parent, items) => { parent.append(...items); return parent; };

// an open group: its box and its label, condensed to the box's width
function drawCluster(gid, [x, y, w, h], group) {
  const g = s("g", { class: "cluster k-" + group.kind, "data-id": gid });
  const label = clip(group.label, 40);
  const font = lineFont("cluster", 0);
  const text = s("text", { class: "cl-label", x: x + 10, y: y + 17 }, label);
  fitLine(text, label, font, w - 20);
  g.append(s("rect", { x, y, width: w, height: h, rx: 10 }), text);
  const labelW = Math.min(w - 20, measure(label, font));
  return { g, kind: "cluster", ids: [gid], cls: null, rectW: w - 16, labelBox: { x: x + 8, y: y + 3, w: labelW + 4, h: 19 } };
}

function drawEdge(drawId, ids, [d, arrow]) {
  const g = s("g", { class: "edge", "data-id": drawId, "data-edges": ids.join(" ") });
  g.append(s("path", { d }));
  if (arrow) g.append(s("path", { class: "arrow", d: arrow }));
  return { g, kind: "edge", ids, cls: null, path: g.firstChild };
}

function shapeOf(kind, w, h) {
  if (kind === "op") return [s("ellipse", { rx: w / 2, ry: h / 2 })];
  const box = (cls, dx, rx) => s("rect", { ...(cls ? { class: cls } : {}), x: -w / 2 + dx, y: -h / 2 + dx, width: w,
    height: h, rx });
  if (kind === "group") return [box("stack", 5, 9), box(null, 0, 9)];
  return [box(null, 0, kind === "stub" ? 13 : 8)];
}

// a node: its shape and empty text lines (main.js writes them for each state)
function drawNode(nid, kind, [x, y, w, h], { nodes, groups, t }) {
  const g = s("g", { class: "node k-" + kind, "data-id": nid, transform: `translate(${x},${y})` });
  g.append(...shapeOf(kind, w, h));
  const lineCount = kind === "op" || kind === "stub" ? 1 : kind === "group" ? groupLines(groups.get(nid), t).length
    : tensorLines(nodes.get(nid), nodes.get(nid).value, t).length;
  const top = -(lineCount - 1) * LINE / 2 + 5;
  const texts = [];
  for (let j = 0; j < lineCount; j++) texts.push(s("text", { class: "l" + j, y: top + LINE * j }));
  g.append(...texts);
  if (kind === "group") {
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", t("open_group", { label: (groups.get(nid) || {}).label }));
  }
  const modelId = kind === "stub" ? nid.slice(1).split("@")[0] : nid;
  return { g, kind, ids: [modelId], cls: null, texts, w, h, drawId: nid, lastText: null };
}

// view: graph.views[id]; geo: its layout; ctx: {nodes, groups, t}. Returns {elems (draw id ->
// record), byModel (model id -> records), pos (node draw id -> centre and size), group (the
// view's <g>), miniGroup (its boxes in the minimap)}
export function drawView(id, view, geo, ctx) {
  const elems = new Map(), byModel = new Map(), pos = new Map();
  const keep = (drawId, e) => {
    elems.set(drawId, e);
    for (const mid of e.ids) { if (!byModel.has(mid)) byModel.set(mid, []); byModel.get(mid).push(e); }
    return e.g;
  };
  const clusters = view.clusters.map((gid, k) => keep(gid + "#cluster",
    drawCluster(gid, geo.clusters[k] || [0, 0, 0, 0], ctx.groups.get(gid) || { kind: "group", label: gid })));
  const edges = view.edges.map(([drawId, ids], k) => keep(drawId, drawEdge(drawId, ids, geo.edges[k] || ["", null])));
  const drawn = view.nodes.map(([nid, kind], k) => {
    const [x, y, w, h] = geo.nodes[k] || [0, 0, 40, 40];
    pos.set(nid, { x, y, w, h });
    return keep(nid, drawNode(nid, kind, [x, y, w, h], ctx));
  });
  const group = append(s("g", { class: "tkp-view", "data-view": id }), [append(s("g", { class: "tkp-clusters" }), clusters),
    append(s("g", { class: "tkp-edges" }), edges), append(s("g", { class: "tkp-nodes" }), drawn)]);
  const miniGroup = append(s("g", { class: "tkp-view" }), [...pos].map(([nid, p]) => s("rect", {
    class: "mini-" + elems.get(nid).kind, x: p.x - p.w / 2, y: p.y - p.h / 2, width: p.w, height: p.h, rx: 6 })));
  return { elems, byModel, pos, group, miniGroup };
}
