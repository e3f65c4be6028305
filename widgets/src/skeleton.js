// The player's parts (DOM), made once by render: the head, the notes, the breadcrumb bar, the
// drawing area (the SVG with its camera and layers, the tooltip, the zoom buttons, the minimap),
// the table, the caption, the legend and the question panel. main.js wires them; src/controls.js
// makes the buttons and the slider. Every word comes from `t` (the `texts` trait).
import { h, s } from "./dom.js";

function head(t, title) {
  const box = h("div", "tkp-head");
  const phase = h("span", "tkp-phase", t("phase_forward"));
  const counter = h("span", "tkp-counter");
  box.append(h("span", "tkp-title", title), phase, counter);
  return { head: box, phase, counter };
}

function notesBanner(notes) {
  const box = h("div", "tkp-notes-banner");
  for (const text of notes) box.append(h("div", "tkp-note", "⚠ " + text));
  box.hidden = !notes.length;
  return box;
}

function navBar(t) {
  const nav = h("div", "tkp-nav");
  const crumbs = h("span", "tkp-crumbs");
  const followLabel = h("label", "tkp-follow");
  const followBox = h("input");
  followBox.type = "checkbox"; followBox.checked = true;
  followLabel.append(followBox, document.createTextNode(" " + t("follow")));
  const bGroup = h("button", "tkp-crumb tkp-play-group", t("play_group"));
  bGroup.title = t("play_group_title");
  nav.append(crumbs, bGroup, followLabel);
  return { nav, crumbs, followBox, bGroup };
}

function button(cls, text, title) {
  const b = h("button", cls, text);
  b.title = title;
  return b;
}

// the drawing area: the views, the badges and the overview's labels move with the camera
function stageArea(t) {
  const stage = h("div", "tkp-graph");
  const svg = s("svg", { class: "tkp-svg", role: "img" });
  const layerViews = s("g", { class: "tkp-views" });       // one group per view kept (src/viewcache.js)
  const layerBadges = s("g", { class: "tkp-labels" });
  const layerOverview = s("g", { class: "tkp-overview-labels" });
  // the camera: a pan moves this group (one transform); only a zoom changes the viewBox. A new
  // viewBox makes the browser lay out every element of the drawing again (20-50 ms on a 300-op
  // view), a new transform on one group does not
  const camera = s("g", { class: "tkp-camera" });
  camera.append(layerViews, layerBadges, layerOverview);
  svg.append(camera);
  const tip = h("div", "tkp-tip");
  tip.hidden = true;
  const zoom = h("div", "tkp-zoom");
  const zin = button("", "+", t("zoom_in")), zout = button("", "−", t("zoom_out"));
  const zfit = button("", t("fit"), t("fit_title")), zmap = button("tkp-map", t("map"), t("map_title"));
  zoom.append(zin, zout, zfit, zmap);
  const mini = h("div", "tkp-minimap");
  const miniSvg = s("svg", { class: "tkp-mini-svg" });
  const miniView = s("rect", { class: "tkp-mini-view" });
  miniSvg.append(miniView);
  mini.append(miniSvg);
  mini.title = t("overview");
  stage.append(svg, tip, zoom, mini);
  return { stage, svg, camera, layerViews, layerBadges, layerOverview, tip, zin, zout, zfit, zmap, mini, miniSvg,
    miniView };
}

function sideTable(t) {
  const side = h("aside", "tkp-side");
  side.append(h("div", "tkp-side-title", t("side_title")));
  const table = h("table", "tkp-table");
  const thead = h("tr");
  for (const c of ["col_name", "col_value", "col_gradient"]) thead.append(h("th", "", t(c)));
  table.append(thead);
  side.append(table);
  return { side, table };
}

function legendBar(t) {
  const legend = h("div", "tkp-legend");
  for (const cls of ["lg-var", "lg-frozen", "lg-const", "lg-value", "lg-grad", "lg-acc", "lg-wait", "lg-none",
    "lg-group"]) {
    const item = h("span", "tkp-lg");
    item.append(h("i", cls), document.createTextNode(t("legend_" + cls.slice(3))));
    legend.append(item);
  }
  return legend;
}

// every part, by name; `root` is not filled yet (main.js appends the parts with the controls)
export function makeSkeleton(t, { title, language, notes }) {
  const root = h("div", "tkp tkp-root");
  if (language) root.lang = language;   // zh-CN: the CJK font stacks of player-cjk.css
  root.tabIndex = 0;
  const area = stageArea(t);
  const table = sideTable(t);
  const body = h("div", "tkp-body");
  body.append(area.stage, table.side);
  const caption = h("div", "tkp-caption");
  const where = h("span", "tkp-where");
  const ctext = h("span", "tkp-text");
  caption.append(where, ctext);
  const askBox = h("div", "tkp-ask");    // the question mode's panel, between the caption and the controls
  askBox.hidden = true;
  return { root, ...head(t, title), notes: notesBanner(notes), ...navBar(t), body, ...area, ...table, caption, where,
    ctext, legend: legendBar(t), askBox };
}
