// The overview's labels (pure): drawn smaller than READABLE_SCALE, nodes show no text and each
// group (an open group's box or a collapsed group's node) shows its label at 13 px on screen.
import { overlap } from "./geometry.js";
import { clip } from "./text.js";

const LABEL_PX = 13;

// blocks: [{x, y, w, label}] in layout px (a block's top-left corner and width); scale: CSS px per
// layout px; widthAt13(text): the text's width in CSS px at 13 px. Returns [{x, y, size, label}]:
// the widest blocks (the outer groups) first, each label whole, else cut to its block's width
// (8 characters at least), else whole over its block's edge, and left out where it would overlap
// a label placed before it.
export function overviewLabels(blocks, scale, widthAt13) {
  const size = LABEL_PX / scale;
  const width = (text) => (widthAt13(text) / LABEL_PX) * size;
  const unit = width("m");
  const placed = [], out = [];
  for (const { x, y, w, label: whole } of [...blocks].sort((a, b) => b.w - a.w)) {
    if (whole === undefined || whole === null) continue;
    let label = clip(whole, 40);
    if (width(label) > w && Math.floor(w / unit) >= 8) label = clip(label, Math.floor(w / unit));
    const box = { x, y, w: width(label), h: size * 1.3 };
    if (placed.some((b) => overlap(b, box) > 0)) continue;
    placed.push(box);
    out.push({ x, y, size, label });
  }
  return out;
}
