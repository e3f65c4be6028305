// The player's state (pure): one object says what the player shows and does, and small functions
// make the next one from it (each returns a new object; main.js keeps the current one as
// `ctx.state` and the modules draw from it). The DOM and the replay's value maps are not in it.

// frame: the frame shown (-1 before the first); view: the view (graph level) shown; camera: the
// viewBox [x, y, w, h] on it in layout px; follow: the camera follows the active op; mode: a step
// is an item of the view ("groups") or a frame ("ops"); fps: the speed; speedTouched: the student
// chose it (else it adapts); playing, playRange (a "play this group" [first, last]) and clock
// (when the play started, at which position of its sequence, when the delivered rate was last
// shown); asking: the question shown; passed: the questions answered; minimap: wanted on
export function initialState({ mode = "ops", fps = 2 } = {}) {
  return { frame: -1, view: null, camera: [0, 0, 100, 100], follow: true, mode, fps, speedTouched: false,
    playing: false, playRange: null, clock: null, asking: null, passed: new Set(), minimap: true };
}

export const clampFrame = (i, last) => Math.max(0, Math.min(last, i | 0));

// show frame i (clamped to 0..last)
export const stepTo = (state, i, last) => ({ ...state, frame: clampFrame(i, last) });

// show another view (null: none yet, or drawn again); the camera follows the active op or not
export const enterView = (state, id) => ({ ...state, view: id });
export const following = (state, on) => ({ ...state, follow: !!on });

export const moveCamera = (state, camera) => ({ ...state, camera });

// the last frame a play may reach: its group's, else the tape's
export const playEnd = (state, last) => (state.playRange ? state.playRange[1] : last);

// whether a step moves by an item of the view (not while playing one group's frames)
export const byGroup = (state) => state.mode === "groups" && !state.playRange;

export const withMode = (state, mode) => ({ ...state, mode });
export const withSpeed = (state, fps, touched = state.speedTouched) => ({ ...state, fps, speedTouched: touched });

// start playing at `now` (ms) from position `pos` of the play's sequence; stop (and forget the group)
export const play = (state, now, pos) => ({ ...state, playing: true, clock: { start: now, pos, shownAt: now } });
export const pause = (state) => ({ ...state, playing: false, playRange: null, clock: null });
export const restartClock = (state, now, pos) => ({ ...state, clock: { start: now, pos, shownAt: state.clock.shownAt } });
export const rateShown = (state, now) => ({ ...state, clock: { ...state.clock, shownAt: now } });

// play the frames [first, last] of one group
export const playGroup = (state, range) => ({ ...state, playRange: range });

// a question stops the play before its frame; answered, it is passed and not asked again
export const askQuestion = (state, id) => ({ ...state, asking: id });
export const passQuestion = (state, id) => ({ ...state, asking: null, passed: new Set(state.passed).add(id) });

export const toggleMinimap = (state) => ({ ...state, minimap: !state.minimap });

// the frame of the first timeline marker after frame `frame` ({frame} sorted by frame), or null
export function timelineJump(marks, frame) {
  const next = marks.find((m) => m.frame > frame);
  return next ? next.frame : null;
}
