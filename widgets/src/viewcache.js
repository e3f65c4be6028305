// The views kept in the drawing. Entering a view used to attach its ~600-800 SVG elements anew,
// and their style and text layout were most of that step (15-40 ms of main-thread work on a 300-op
// view). Now the view about to be entered is attached while the browser is idle (main.js
// prefetch), and the views left stay attached: the ones not shown are moved far outside the
// drawing (class tkp-view-off, and a translate on their group), which keeps their style and
// layout, so showing one again changes one attribute. Hiding them with `visibility` (inherited)
// or `display` would restyle or lay out all their elements again; an empty viewBox or a 0-size
// nested <svg> did not keep them laid out. Moved away, they are still painted in every frame
// (Chromium records them), so few stay: at most `limit` views, the least recently shown go first.
export const OFF = "tkp-view-off";
const FAST = "tkp-fast";
const AWAY = "translate(-100000 -100000)";

function hide(group) {
  group.classList.add(OFF);
  group.setAttribute("transform", AWAY);
}

function reveal(group) {
  group.classList.remove(OFF);
  group.removeAttribute("transform");
}

export class ViewShelf {
  constructor(layer, miniLayer, limit = 2) {
    this.layer = layer;
    this.miniLayer = miniLayer;
    this.limit = limit;
    this.attached = [];   // built views, least recently used first
    this.shown = null;
    this.fast = false;
  }

  // quick steps drop the fades (player.css `.tkp-fast *`): the class is set on the view shown only,
  // since toggling it restyles every element below it, and is left as it is on the hidden ones
  setFast(on) {
    this.fast = on;
    if (this.shown) this.shown.group.classList.toggle(FAST, on);
  }

  // put a built view ({group, miniGroup}) in the drawing, hidden unless it is the one shown
  attach(view) {
    const k = this.attached.indexOf(view);
    if (k >= 0) this.attached.splice(k, 1);
    this.attached.push(view);
    if (!view.group.isConnected) {
      if (view !== this.shown) { hide(view.group); hide(view.miniGroup); }
      this.layer.append(view.group);
      this.miniLayer.insertBefore(view.miniGroup, this.miniLayer.lastChild);   // under the camera frame
    }
    while (this.attached.length > this.limit) {
      const old = this.attached.find((v) => v !== this.shown && v !== view);
      if (!old) break;
      this.attached.splice(this.attached.indexOf(old), 1);
      old.group.remove();
      old.miniGroup.remove();
    }
  }

  show(view) {
    const previous = this.shown;
    this.shown = view;
    this.attach(view);
    if (previous && previous !== view) {
      hide(previous.group);
      hide(previous.miniGroup);
    }
    view.group.classList.toggle(FAST, this.fast);
    reveal(view.group);
    reveal(view.miniGroup);
  }
}
