"""The player's words, in the language in use (``tapekit/_base/i18n.py``): the frame model's tables and
everything the front end shows (``front_end_texts``, synced to ``player.js`` as the ``texts`` trait).

The tables are functions, not constants, because the language can change after import. The causes'
texts come from the one table, ``tapekit/introspect/cause_texts.py`` (which the front end also gets as JSON in
``graph["causes"]``).
"""

from __future__ import annotations

from ..introspect import cause_texts
from .._base.i18n import _, get_language


def _role_table(role: str) -> dict:
    """``{cause: text}`` for every cause with a ``role`` text, from the one table
    (``tapekit/introspect/cause_texts.py``)."""
    return {cause: texts[role] for cause, texts in cause_texts.table().items() if role in texts}


def cause_text() -> dict:
    """One sentence per cause: why a source's gradient is None (when explain gave none)."""
    return _role_table("result")


def cause_label() -> dict:
    """A cause in a few words, for badges and table cells (English: the cause's name, spaced)."""
    return _role_table("label")


def label_of_cause(cause: str) -> str:
    return cause_texts.label(cause)


def cut_text() -> dict:
    """Why gradients stop at an op (the forward caption's last clause)."""
    return _role_table("cut")


def reason_text() -> dict:
    """Why an op sends no gradient to one input."""
    return _role_table("send")


def unasked_text() -> str:
    return _("its gradient was not asked for (it is not in sources)")


def separator() -> str:
    """Between the clauses of one caption (``"; "``)."""
    return _("; ")


def front_end_texts() -> dict:
    """Every word ``player.js`` shows, by key; ``{name}`` fields are filled in the browser."""
    return {
        # graph boxes, tooltips and the table
        "scalar": _("scalar"), "unknown": _("unknown"), "not_watched": _("not watched"),
        "group_ops_one": _("{n} op · open ▸"), "group_ops_many": _("{n} ops · open ▸"),
        "phase_forward": _("forward"), "phase_backward": _("backward"),
        "phase_forward_long": _("forward pass ▶"), "phase_backward_long": _("◀ backward pass"),
        "frame_counter": _("frame {n} / {total}"),
        "follow": _("follow the active op"), "overview": _("overview: click to move there"),
        "fps": _("{n} fps"), "rate": _("≈ {n} fps (the browser's limit)"),
        "zoom_in": _("zoom in"), "zoom_out": _("zoom out"), "fit": _("fit"), "fit_title": _("show this whole level"),
        "side_title": _("Watched values and sources"),
        "col_name": _("name"), "col_value": _("value"), "col_gradient": _("gradient"),
        "btn_first": _("first frame (Home)"), "btn_back": _("step back (←)"), "btn_play": _("play / pause (space)"),
        "btn_forward": _("step forward (→)"), "btn_last": _("last frame (End)"),
        "slider": _("frame"), "speed_title": _("frames per second"), "speed": _("speed"),
        "legend_var": _("variable (watched)"), "legend_frozen": _("variable, not watched"),
        "legend_const": _("constant"), "legend_value": _("op output"),
        "legend_grad": _("gradient"), "legend_acc": _("summed gradient"), "legend_wait": _("not reached yet"),
        "legend_none": _("None"), "legend_group": _("group: click to open"),
        "tag_variable": _("Variable"), "tag_watched": _("watched"), "tag_source": _("source"),
        "meta_shape": _("shape {shape}"), "open_group": _("open group {label}"), "whole_tape": _("whole tape"),
        "badge_none": _("None: {cause}"), "badge_unasked": _("gradient not asked for"),
        "cell_none": _("None"), "cell_none_cause": _("None ({cause})"), "cell_not_yet": _("not yet"),
        "not_asked": _("not asked for"), "zeros": _("zeros"), "partial": _("{value} (partial: {part})"),
        "too_large": _("Not drawn: {ops} ops, more than max_ops={max_ops}."),
        # tooltip rows
        "tip_group": _("group"), "tip_ops": _("ops"), "tip_line": _("line"), "tip_open": _("click to open it"),
        "tip_op": _("op"), "tip_code": _("code"), "tip_cut": _("cut"), "tip_backward": _("backward"),
        "tip_name": _("name"), "tip_no_name": _("{label} (no name in the code)"), "tip_kind": _("kind"),
        "tip_shape": _("shape"), "tip_dtype": _("dtype"), "tip_value": _("value"), "tip_not_kept": _("not kept"),
        "tip_gradient": _("gradient"), "tip_why": _("why"),
        # the backward state of a node or edge
        "g_wait": _("not reached yet"), "g_grad": _("gradient"), "g_acc": _("gradient (sum of several paths)"),
        "g_none": _("None"), "g_zero": _("zeros (unconnected)"), "g_active": _("being visited"),
        "g_done": _("visited"), "g_stopped": _("stopped here"), "g_unasked": _("not asked for"),
        # what a node is
        "role_variable": _("Variable (watched)"), "role_frozen": _("Variable, not watched"),
        "role_watched": _("watched tensor"), "role_const": _("constant"), "role_output": _("op output"),
        "role_unseen": _("not on the tape"),
        # structured playback, the timeline and the minimap (widgets/src/main.js)
        "map": _("map"), "map_title": _("show or hide the overview map"),
        "mode_title": _("what one step is"), "mode_groups": _("step by group"), "mode_ops": _("step by op"),
        "play_group": _("▶ play this group"), "play_group_title": _("play the steps of this group only"),
        "next_marker": _("next marker"), "timeline": _("markers"),
        "marker_forward_end": _("end of the forward pass"), "marker_group": _("a group's backward steps"),
        "marker_none": _("a None gradient"), "marker_broadcast": _("a sum over broadcast axes"),
        "marker_fan_in": _("a fan-in sum"), "marker_question": _("a question"),
        # the question mode (widgets/src/questions.js)
        "ask_check": _("Check"), "ask_continue": _("Continue"), "ask_show": _("Show answer"),
        "ask_placeholder": _("a number or a list, e.g. [[1, 2]]"), "ask_right": _("Right."),
        "ask_shape": _("Not yet: shape {shape}, expected {expected}."),
        "ask_values": _("Not yet: {off} of {total} values are off."),
        "ask_wrong_choices": _("Not yet: wrong: {names}."), "ask_missing": _("Not yet: some are missing."),
        "ask_syntax": _("Write a number or a nested list, e.g. 3 or [[1, 2]]."),
        "ask_answer": _("Answer: {answer}"),
        "causes": cause_label(),
        "embed_failed": _("This widget could not be shown: {error}"),
        "language": get_language(),
    }
