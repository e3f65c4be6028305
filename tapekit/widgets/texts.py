"""The player's words, in the language in use (``tapekit/i18n.py``): the frame model's tables and
everything the front end shows (``front_end_texts``, synced to ``player.js`` as the ``texts`` trait).

The tables are functions, not constants, because the language can change after import.
"""

from __future__ import annotations

from ..i18n import _, get_language


def cause_text() -> dict:
    """One sentence per cause: why a source's gradient is None (when explain gave none)."""
    return {
        "not_watched": _("The tape never watched it: call tape.watch(x) for a tensor, or use a trainable "
                         "tk.Variable."),
        "not_connected": _("The target was not computed from it on this tape."),
        "integer_or_string_dtype": _("Integer and string values have no gradient: make it a float."),
        "stop_gradient": _("tk.stop_gradient blocks the gradient on purpose."),
        "recording_stopped": _("It was used inside tape.stop_recording(), so those ops were not recorded."),
        "left_the_tape": _("The value left the tape (e.g. .numpy() or float()) and came back as a constant."),
        "variable_replaced_by_tensor": _("The variable was replaced by a plain tensor (e.g. w = w - 0.1)."),
        "state_changed": _("The variable was assigned after it was used, so the recorded value is stale."),
        "no_gradient_registered": _("An op on the path has no gradient function."),
        "unconnected_zero": _("Not connected, returned as zeros (unconnected_gradients=ZERO)."),
    }


def cause_label() -> dict:
    """A cause in a few words, for badges and table cells (English: the cause's name, spaced)."""
    return {
        "not_watched": _("not watched"),
        "not_connected": _("not connected"),
        "integer_or_string_dtype": _("integer or string dtype"),
        "stop_gradient": _("stop gradient"),
        "recording_stopped": _("recording stopped"),
        "left_the_tape": _("left the tape"),
        "variable_replaced_by_tensor": _("variable replaced by tensor"),
        "state_changed": _("state changed"),
        "no_gradient_registered": _("no gradient registered"),
        "unconnected_zero": _("unconnected zero"),
    }


def label_of_cause(cause: str) -> str:
    return cause_label().get(cause, cause.replace("_", " "))


def cut_text() -> dict:
    """Why gradients stop at an op (the forward caption's last clause)."""
    return {
        "stop_gradient": _("tk.stop_gradient blocks them"),
        "recording_stopped": _("it ran inside tape.stop_recording()"),
        "integer_or_string_dtype": _("its result is not a float (integers have no gradient)"),
        "no_gradient_registered": _("it has no gradient function"),
        "shadow": _("its inputs are already cut off from everything the tape watches"),
    }


def reason_text() -> dict:
    """Why an op sends no gradient to one input."""
    return {
        "integer_or_string_dtype": _("integer/string input: no gradient"),
        "no_gradient_registered": _("no gradient registered for this op"),
        "none_returned": _("the gradient function returned None"),
    }


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
        "causes": cause_label(),
        "embed_failed": _("This widget could not be shown: {error}"),
        "language": get_language(),
    }
