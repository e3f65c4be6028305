// The table of watched values and sources beside (or below) the graph: built once, then each
// frame rewrites only the cells that change (no needless page layout).
import { h } from "./dom.js";
import { shapeTuple } from "./text.js";

// the rows, by node id: {tr, value, grad, why, whyRow}; onRow(id) when a row is clicked
export function fillTable(table, graph, nodes, t, causeLabel, onRow) {
  const sources = new Set(graph.sources || []);
  const rows = new Map();
  const rowIds = [...(graph.watched || [])];
  for (const id of graph.sources || []) if (!rowIds.includes(id)) rowIds.push(id);
  for (const n of graph.nodes || []) if (n.role === "frozen" && !rowIds.includes(n.id)) rowIds.push(n.id);
  for (const id of rowIds) {
    const n = nodes.get(id) || { id, label: id, name: null };
    const tr = h("tr", "tkp-row");
    tr.dataset.id = id;
    const name = h("td", "tkp-name");
    name.append(h("span", "tkp-name-text", n.label || id));
    if (n.role === "frozen") name.append(h("span", "tkp-tag tkp-tag-off", t("not_watched")));
    else if (n.variable) name.append(h("span", "tkp-tag", t("tag_variable")));
    else if (n.watched) name.append(h("span", "tkp-tag", t("tag_watched")));
    else name.append(h("span", "tkp-tag tkp-tag-off", t("not_watched")));
    if (sources.has(id)) name.append(h("span", "tkp-tag tkp-tag-src", t("tag_source")));
    name.append(h("div", "tkp-meta", t("meta_shape", { shape: shapeTuple(n.shape, t) }) + (n.dtype ? " · " + n.dtype : "")));
    const value = h("td", "tkp-val");
    const grad = h("td", "tkp-grad");
    tr.append(name, value, grad);
    const whyRow = h("tr", "tkp-why-row");
    const why = h("td", "tkp-why");
    why.colSpan = 3;
    whyRow.append(why);
    whyRow.hidden = true;
    table.append(tr, whyRow);
    rows.set(id, { tr, value, grad, why, whyRow });
    tr.addEventListener("click", () => onRow(id));
  }
  for (const r of graph.results || []) {   // sources with no node: the tape was too large to draw
    if (nodes.has(r.source)) continue;
    const tr = h("tr", "tkp-row" + (r.cause ? " g-none" : " g-grad"));
    const name = h("td", "tkp-name");
    name.append(h("span", "tkp-name-text", r.name || r.source), h("span", "tkp-tag tkp-tag-src", t("tag_source")));
    name.append(h("div", "tkp-meta", t("meta_shape", { shape: shapeTuple(r.shape, t) }) + (r.dtype ? " · " + r.dtype : "")));
    const grad = r.cause ? t("cell_none_cause", { cause: causeLabel(r.cause) }) : r.value;
    tr.append(name, h("td", "tkp-val", "—"), h("td", "tkp-grad", grad));
    table.append(tr);
    if (r.cause && r.message) {
      const whyRow = h("tr", "tkp-why-row");
      const why = h("td", "tkp-why", r.message);
      why.colSpan = 3;
      whyRow.append(why);
      table.append(whyRow);
    }
  }
  return rows;
}

// the rows in a state (Map id -> {s, g, v, gv, p, why, cause}); hot: the ids this frame is about
export function updateRows(rows, state, hot, nodes, t, gradText, causeLabel) {
  for (const [id, r] of rows) {
    const st = state.get(id) || {};
    const n = nodes.get(id) || {};
    const explain = (st.g === "none" || st.g === "unasked" || st.g === "zero") && st.why;
    const look = ["tkp-row" + (st.s === "hidden" && !st.g ? " off" : "") + (hot.has(id) ? " hot" : "") +
      (st.g ? " g-" + st.g : "") + (st.p ? " partial" : ""), st.v || n.value || "",
    st.g === "none" ? (st.cause ? t("cell_none_cause", { cause: causeLabel(st.cause) }) : t("cell_none"))
      : st.g === "wait" ? t("cell_not_yet") : gradText(st), explain ? st.why : ""];
    const was = r.look || [];
    if (was[0] !== look[0]) r.tr.className = look[0];
    if (was[1] !== look[1]) r.value.textContent = look[1];
    if (was[2] !== look[2]) r.grad.textContent = look[2];
    if (was[3] !== look[3]) { r.whyRow.hidden = !explain; r.why.textContent = look[3]; }
    r.look = look;
  }
}
