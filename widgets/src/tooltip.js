// What the tooltip says about a node (pure): [[label, text], ...], or null for an unknown id.
// ctx: {nodes, groups (Maps by id), t (translator), words (the texts trait), causeLabel, gradText}.
import { shapeTuple } from "./text.js";

const known = (words, t, prefix, key) => (words[prefix + key] === undefined ? key : t(prefix + key));

function groupRows(g, t) {
  const rows = [[t("tip_group"), g.label], [t("tip_ops"), String(g.ops)]];
  if (g.where) rows.push([t("tip_line"), g.where]);
  rows.push(["", t("tip_open")]);
  return rows;
}

function opRows(n, st, { t, words, causeLabel }) {
  const rows = [[t("tip_op"), n.type + " (" + n.id + ")"]];
  if (n.expr) rows.push([t("tip_code"), n.expr]);
  if (n.where) rows.push([t("tip_line"), n.where]);
  if (n.cut) rows.push([t("tip_cut"), causeLabel(n.cut)]);
  if (st.g) rows.push([t("tip_backward"), known(words, t, "g_", st.g)]);
  return rows;
}

function tensorRows(n, st, { t, words, gradText }) {
  const rows = [[t("tip_name"), n.name ? n.label : t("tip_no_name", { label: n.label })],
    [t("tip_kind"), known(words, t, "role_", n.role)], [t("tip_shape"), shapeTuple(n.shape, t)]];
  if (n.dtype) rows.push([t("tip_dtype"), n.dtype]);
  rows.push([t("tip_value"), st.v || n.value || t("tip_not_kept")]);
  if (st.g) rows.push([t("tip_gradient"), st.g === "none" ? t("cell_none") : st.g === "wait" ? t("g_wait") : gradText(st)]);
  if (n.where) rows.push([t("tip_line"), n.where]);
  return rows;
}

// kind: the drawn element's kind ("group" for a collapsed group); st: the model id's state now
export function tipRows(kind, id, st, ctx) {
  let rows;
  if (kind === "group") rows = groupRows(ctx.groups.get(id), ctx.t);
  else {
    const n = ctx.nodes.get(id);
    if (!n) return null;
    rows = n.kind === "op" ? opRows(n, st, ctx) : tensorRows(n, st, ctx);
  }
  if (st.why) rows.push([ctx.t("tip_why"), st.why]);
  return rows;
}
