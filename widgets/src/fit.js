// Text that fits its box at every zoom: each line is measured (a canvas, so no page layout is read)
// in the font player.css gives it, and a line wider than its box is drawn condensed to the box's
// width (SVG textLength), so nothing spills out whatever fonts the browser has. The layout's
// widths (views.py node_size) are upper bounds for the usual fonts, so this is rare.
import { FAMILIES, FONT, PAD } from "./constants.js";

let context = null;
const widths = new Map();

// the CSS font of line j of a node of this kind (player.css: g.node text rules)
export function lineFont(kind, j) {
  if (kind === "op") return `700 ${FONT.op}px ${FAMILIES.sans}`;
  if (kind === "stub") return `${FONT.stub}px ${FAMILIES.sans}`;
  if (j === 0) return `600 ${FONT.title}px ${FAMILIES.sans}`;
  if (kind === "tensor" && j <= 2) return `${FONT.mono}px ${FAMILIES.mono}`;
  return `${FONT.text}px ${FAMILIES.sans}`;
}

export function measure(text, font) {
  const key = font + "\u0000" + text;
  let w = widths.get(key);
  if (w === undefined) {
    if (!context) context = document.createElement("canvas").getContext("2d");
    context.font = font;
    w = context.measureText(text).width;
    if (widths.size > 20000) widths.clear();
    widths.set(key, w);
  }
  return w;
}

// the room a line has in a box of width w (an ellipse's widest line is narrower)
export const room = (kind, w) => w - (kind === "op" ? PAD.op / 2 : PAD.text);

// condense `el` (an SVG <text>) to `width` px if its text is wider; undo it if not
export function fitLine(el, text, font, width) {
  if (text && measure(text, font) > width) {
    el.setAttribute("textLength", String(Math.max(1, Math.floor(width))));
    el.setAttribute("lengthAdjust", "spacingAndGlyphs");
  } else if (el.hasAttribute("textLength")) {
    el.removeAttribute("textLength");
    el.removeAttribute("lengthAdjust");
  }
}
