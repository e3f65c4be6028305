// Every word the player shows comes from the kernel's catalogue (tapekit/widgets/texts.py), synced as `texts`.

// translator(texts) -> t(key, {field: value}): the text of `key`, its {field}s filled
export function translator(texts) {
  return (key, fields) => {
    let text = texts[key] === undefined ? key : String(texts[key]);
    for (const [k, v] of Object.entries(fields || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  };
}

// a cause's few words, in the player's language, from tapekit/introspect/cause_texts.py's table (sent with the graph)
export function causeLabeler(graph, texts) {
  return (c) => ((graph.causes || {})[c] || {}).label || ((texts.causes || {})[c]) || String(c || "").replace(/_/g, " ");
}
