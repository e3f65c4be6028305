// Styling a drawn element for a frame (pure): its state, its CSS classes and its text lines.
// main.js applies them to the SVG (setAttribute, textContent) only where they changed.
import { classesOf, edgeState } from "./replay.js";
import { clip, groupLines, opLine, tensorLines } from "./text.js";

// the gradient column's text for a replay state ({g, gv, p}); t translates
export function gradientText(st, t) {
  if (!st) return "";
  if (st.g === "none") return t("cell_none");
  if (st.g === "zero") return "0 · " + (st.gv || t("zeros"));
  if (st.g === "unasked") return t("not_asked");
  if (st.gv) return (st.g === "acc" ? "Σ " : "") + (st.p ? t("partial", { value: st.gv, part: st.p }) : st.gv);
  return "";
}

// the state a drawn element shows: an edge's from its ids, a stub's from the tensor it stands for
export function elementState(e, state) {
  if (e.kind === "edge") return edgeState(state, e.ids);
  if (e.kind === "stub") {
    const src = state.get(e.ids[0]) || {};
    return { s: src.s === "hidden" ? "hidden" : "value", g: src.g };
  }
  return state.get(e.ids[0]) || {};
}

// the element's class attribute: kind, state, hot, and a node's role
export function elementClass(e, st, hot, nodes) {
  const base = e.kind === "edge" ? "edge" : e.kind === "cluster" ? "cluster" : "node k-" + e.kind;
  const cls = classesOf(base, st, hot);
  if (e.kind === "edge" || e.kind === "cluster") return cls;
  const n = nodes.get(e.ids[0]);
  return n && n.role ? cls + " r-" + n.role : cls;
}

// the element's text lines: an op's type, a stub's name, a group's title, a tensor's lines
export function elementLines(e, st, nodes, groups, t) {
  if (e.kind === "op") return [opLine(nodes.get(e.ids[0]))];
  if (e.kind === "stub") return ["↪ " + clip((nodes.get(e.ids[0]) || {}).label || e.ids[0], 16)];
  if (e.kind === "group") return groupLines(groups.get(e.ids[0]), t);
  const n = nodes.get(e.ids[0]);
  return tensorLines(n, st.v || n.value, t);
}
