// Sizes, speeds and colours shared with the Python layout: one place, widgets/constants.json
// (tapekit/widgets/views.py reads the same file).
import shared from "../constants.json" with { type: "json" };

export const LINE = shared.line;                       // px between lines in a node
export const LABEL_CHARS = shared.label_chars;
export const GROUP_LABEL_CHARS = shared.group_label_chars;
export const FONT = shared.font;                       // px at zoom 1, per kind of text
export const PX_PER_UNIT = shared.px_per_unit;       // the layout's width of one character cell
export const PAD = shared.pad;
export const ROUND_TO = shared.round_to;
export const MIN_FONT_PX = shared.min_font_px;         // no text is drawn smaller: else the overview
export const SMALLEST_FONT = shared.smallest_font;     // the smallest text at zoom 1
export const MIN_SCALE = shared.scale.min;             // px per layout unit at the default fit
export const MAX_SCALE = shared.scale.max;
export const STAGE_MIN = shared.stage.min;             // the drawing area's height follows the view within these
export const STAGE_MAX = shared.stage.max;
export const STAGE_PAD = shared.stage.pad;
export const CHECKPOINT = shared.checkpoint.every;     // frames between checkpoints at most
export const CHECKPOINT_ENTRIES = shared.checkpoint.entries;
export const SPEEDS = shared.speeds;                   // frames per second
export const FOLLOW_SECONDS = shared.follow_seconds;   // a pass at the top level, or a group, plays within this
export const BROADCASTING = new Set(shared.broadcasting);
export const MARKER_COLOURS = shared.markers;
// the backward looks, strongest first: what an edge standing for several model edges shows
export const G_RANK = { active: 6, none: 5, acc: 4, grad: 3, stopped: 2, done: 1, zero: 1, unasked: 0, wait: 0 };
export const FAMILIES = shared.families;               // as player.css draws the graph's text
