// The texts around the graph for a frame (pure): the phase badge, the frame counter, the code
// place and the caption. main.js writes them into the skeleton's elements.

// frame i of `total`; nodes: model id -> node (for the focused op's code place); t translates
export function frameTexts(f, i, total, nodes, t) {
  const focusNode = nodes.get(f.focus);
  return {
    phase: t(f.phase === "backward" ? "phase_backward_long" : "phase_forward_long"),
    phaseClass: "tkp-phase ph-" + f.phase,
    counter: t("frame_counter", { n: i + 1, total }),
    where: f.where || (focusNode && focusNode.where) || "",
    caption: f.caption || "",
  };
}
