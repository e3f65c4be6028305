"""A RaggedTensor as ``tk.strings.format`` writes it, as TF: ``[[1.500000, 2.000000], [], [3.000000]]``.

Numbers as ``tk.strings.as_string`` writes them (``%f`` for floats), booleans as ``true``/``false``,
strings quoted; a list longer than twice ``summarize`` keeps ``summarize`` items at each end around ``...``.
"""

from __future__ import annotations

from .tensor import RaggedTensor


def ragged_text(value: RaggedTensor, summarize: int = 3) -> str:
    return _list_text(value.to_list(), int(summarize))


def _list_text(items, summarize: int) -> str:
    if not isinstance(items, list):
        return _item_text(items)
    texts = [_list_text(item, summarize) for item in items]
    if summarize >= 0 and len(texts) > 2 * summarize:
        texts = texts[:summarize] + ["..."] + texts[len(texts) - summarize:]
    return "[" + ", ".join(texts) + "]"


def _item_text(item) -> str:
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, float):
        return f"{item:f}"
    if isinstance(item, bytes):
        return "'" + item.decode("utf-8", "replace") + "'"
    return str(item)
