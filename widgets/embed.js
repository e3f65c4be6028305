// tapekit offline widget embedding, for pages made by `python -m tapekit.widgets.export`.
// Renders every anywidget view of the page (the TapePlayer among them) from the saved widget
// state, with the widget's own ES module and CSS from that state: no widget manager, no network.
// Views of other widget libraries are left to ipywidgets' standard embedder, which is loaded
// from its CDN only when such views exist (as `jupyter nbconvert --to html` does).

const STATE = "application/vnd.jupyter.widget-state+json";
const VIEW = "application/vnd.jupyter.widget-view+json";
const DONE = "application/vnd.tapekit.embedded-view+json";

// The part of anywidget's model interface a widget's render() uses, kept in the page.
function pageModel(state) {
  const values = { ...state };
  const listeners = new Map();
  const emit = (name, ...args) => (listeners.get(name) || []).slice().forEach((cb) => cb(...args));
  return {
    get: (key) => values[key],
    set(key, value) {
      if (values[key] === value) return;
      values[key] = value;
      emit("change:" + key, value);
      emit("change");
    },
    save_changes() {},
    send() {},
    on(name, callback) {
      for (const one of String(name).split(/\s+/)) listeners.set(one, [...(listeners.get(one) || []), callback]);
    },
    off(name, callback) {
      if (!name) return listeners.clear();
      for (const one of String(name).split(/\s+/)) {
        listeners.set(one, callback ? (listeners.get(one) || []).filter((cb) => cb !== callback) : []);
      }
    },
    widget_manager: {
      async get_model() { throw new Error("no widget manager in an exported page"); },
    },
  };
}

const modules = new Map();
function loadModule(esm) {
  if (!modules.has(esm)) {
    const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
    modules.set(esm, import(url).finally(() => URL.revokeObjectURL(url)));
  }
  return modules.get(esm);
}

const styles = new Set();
function addStyle(css) {
  if (!css || styles.has(css)) return;
  styles.add(css);
  const tag = document.createElement("style");
  tag.textContent = css;
  document.head.appendChild(tag);
}

async function renderView(tag, saved) {
  const el = document.createElement("div");
  el.className = "tkp-embedded-widget";
  tag.parentNode.insertBefore(el, tag);
  try {
    const state = saved.state || {};
    addStyle(state._css);
    const mod = await loadModule(state._esm || "");
    let widget = mod.default ?? mod;
    if (typeof widget === "function") widget = await widget();
    const model = pageModel(state);
    if (widget.initialize) await widget.initialize({ model });
    if (widget.render) await widget.render({ model, el });
  } catch (err) {
    // in the kernel's language when the saved state has the player's words (tapekit/widgets/texts.py)
    const words = (saved.state && saved.state.texts) || {};
    el.textContent = (words.embed_failed || "This widget could not be shown: {error}").split("{error}").join(String(err));
    console.error(err);
  }
}

function main() {
  const stateTag = document.querySelector(`script[type="${STATE}"]`);
  let models = {};
  try {
    models = stateTag ? JSON.parse(stateTag.textContent).state || {} : {};
  } catch (err) {
    console.error("tapekit: unreadable widget state", err);
  }
  let others = 0;
  for (const tag of Array.from(document.querySelectorAll(`script[type="${VIEW}"]`))) {
    let view = null;
    try { view = JSON.parse(tag.textContent); } catch (err) { continue; }
    const saved = view && models[view.model_id];
    if (saved && saved.model_module === "anywidget" && saved.state && saved.state._esm) {
      tag.type = DONE;  // ipywidgets' embedder, if it runs, leaves this view alone
      renderView(tag, saved);
    } else {
      others += 1;
    }
  }
  const config = document.getElementById("tapekit-embed-config");
  if (others && config) loadStandardEmbedder(JSON.parse(config.textContent));
}

function loadStandardEmbedder({ requirejs, embedder }) {
  const add = (src, next) => {
    const s = document.createElement("script");
    s.src = src;
    if (next) s.onload = next;
    document.body.appendChild(s);
  };
  add(requirejs, () => add(embedder));
}

main();
