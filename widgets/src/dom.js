// Element makers. Every name, value and cause is inserted with textContent, never as markup.
const SVGNS = "http://www.w3.org/2000/svg";

export function h(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

export function s(tag, attrs, text) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// an attribute written only when it changes: each write makes the browser check what to restyle
export function setOnce(el, name, value) {
  if (el.getAttribute(name) !== String(value)) el.setAttribute(name, value);
}
