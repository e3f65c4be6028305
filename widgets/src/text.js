// The lines of text in a node's box, and the width the layout gives them: the same rules as
// tapekit/widgets/views.py (tensor_lines, group_lines, node_size), with the sizes of constants.json.
import { GROUP_LABEL_CHARS, LABEL_CHARS, PAD, PX_PER_UNIT, ROUND_TO } from "./constants.js";

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

// the width of a text in character cells: a CJK character (or full-width sign) takes two
export function textUnits(text) {
  let units = 0;
  for (const ch of String(text)) units += WIDE.test(ch) ? 2 : 1;
  return units;
}

export function clip(text, n) {
  text = String(text);
  return text.length <= n ? text : text.slice(0, n - 1) + "…";
}

export function shapeText(shape, t) {
  if (shape === null || shape === undefined) return "?";
  if (!shape.length) return t("scalar");
  return shape.map((d) => (d === null ? "?" : String(d))).join("×");
}

export function shapeTuple(shape, t) {
  if (shape === null || shape === undefined) return t("unknown");
  return "(" + shape.map((d) => (d === null ? "None" : String(d))).join(", ") + (shape.length === 1 ? ",)" : ")");
}

// the lines of a tensor's box (views.py tensor_lines)
export function tensorLines(n, value, t) {
  const scalar = Array.isArray(n.shape) && n.shape.length === 0;
  const meta = scalar ? (n.dtype || "") : shapeText(n.shape, t) + (n.dtype ? " · " + n.dtype : "");
  const has = value !== null && value !== undefined;
  if (n.name === null && has && (n.role === "const" || n.role === "output")) {
    if (n.role === "const") return [clip(value, LABEL_CHARS), meta];
    return [clip(n.label, LABEL_CHARS), meta, clip(value, LABEL_CHARS)];
  }
  const lines = [clip(n.label, LABEL_CHARS), meta];
  if (has) lines.push(clip(value, LABEL_CHARS));
  if (n.role === "frozen") lines.push(t("not_watched"));
  return lines;
}

export function groupLines(g, t) {
  const lines = [clip(g.label, GROUP_LABEL_CHARS), t(g.ops === 1 ? "group_ops_one" : "group_ops_many", { n: g.ops })];
  if (g.where) lines.push(g.where);
  return lines;
}

// an op's label: its symbol (×, sin), else its type, whole up to 16 characters (ReadVariableOp); the
// layout sizes the ellipse for 10 of them (views.py), and src/fit.js condenses a longer label to fit it
export function opLine(n) {
  return n.symbol && String(n.symbol).length <= 10 ? n.symbol : clip(n.type || "op", 16);
}

// the box width views.py node_size gives these lines (tensor and group boxes), rounded up
export function boxWidth(kind, lines) {
  const widest = Math.max(PX_PER_UNIT.title * textUnits(lines[0]), ...lines.slice(1).map((l) => PX_PER_UNIT.text * textUnits(l)));
  const pad = kind === "group" ? PAD.group : PAD.tensor;
  return Math.ceil(Math.trunc(widest + pad) / ROUND_TO) * ROUND_TO;
}
