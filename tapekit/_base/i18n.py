"""The language of tapekit's own messages (tapekit-only; TensorFlow has no such setting).

English is the default. ``tk.config.set_language("zh-CN")`` or the environment variable
``TAPEKIT_LANG=zh-CN`` switches to Simplified Chinese: ``explain``, the exercise checks, the player
and the ``Hint:`` lines that tapekit adds to errors. TensorFlow's own error text and the exception
types never change, so that a student can still search for them.

Messages live in gettext catalogues under ``tapekit/locale`` (see ``tools/messages.py``). In code,
a message is an English literal wrapped in ``_()``, with ``{name}`` placeholders filled *after*
translation::

    raise ValueError(tf_text + hint_line(_("Watch {name} with tape.watch().").format(name=name)))

>>> set_language("zh-CN"); get_language()
'zh-CN'
>>> set_language("en"); _("Hint:")
'Hint:'
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext
import os

__all__ = ["LANGUAGES", "get_language", "set_language", "one_language", "_", "N_", "hint_line"]

LANGUAGES = ("en", "zh-CN")
DOMAIN = "tapekit"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")   # tapekit/locale
_ALIASES = {"en": "en", "en-us": "en", "en-gb": "en", "zh-cn": "zh-CN", "zh": "zh-CN", "zh-hans": "zh-CN",
            "zh-hans-cn": "zh-CN"}
_GETTEXT_NAMES = {"zh-CN": "zh_CN"}

_chosen: str | None = None  # set by set_language; None means "follow TAPEKIT_LANG"
_catalogues: dict[str, gettext.NullTranslations] = {}
_held: contextvars.ContextVar[str | None] = contextvars.ContextVar("tapekit_language", default=None)


def _normalise(language: object) -> str | None:
    if not isinstance(language, str):
        return None
    return _ALIASES.get(language.strip().replace("_", "-").lower())


def set_language(language: str) -> None:
    """Choose the language of tapekit's messages: ``"en"`` (the default) or ``"zh-CN"``.

    >>> set_language("zh_CN"); get_language()
    'zh-CN'
    >>> set_language("en")
    """
    global _chosen
    code = _normalise(language)
    if code is None:
        raise ValueError(f"set_language: unknown language {language!r}; choose one of {', '.join(LANGUAGES)}.")
    _chosen = code


def get_language() -> str:
    """The language in use: the one set by ``set_language``, else ``TAPEKIT_LANG``, else ``"en"``.

    An unknown ``TAPEKIT_LANG`` falls back to English.
    """
    held = _held.get()
    if held is not None:
        return held
    if _chosen is not None:
        return _chosen
    return _normalise(os.environ.get("TAPEKIT_LANG", "")) or "en"


@contextlib.contextmanager
def one_language():
    """Inside the block, the language is read once (not from ``os.environ`` for every message):
    for a build that writes thousands of messages, such as a player's captions."""
    token = _held.set(get_language())
    try:
        yield
    finally:
        _held.reset(token)


def catalogue(language: str) -> gettext.NullTranslations:
    """The gettext catalogue of one language (English has none: its messages are the msgids)."""
    if language not in _catalogues:
        if language == "en":
            _catalogues[language] = gettext.NullTranslations()
        else:
            _catalogues[language] = gettext.translation(
                DOMAIN, LOCALE_DIR, languages=[_GETTEXT_NAMES.get(language, language)])
    return _catalogues[language]


def _(message: str) -> str:
    """``message`` in the language in use (English literal in, translation out)."""
    return catalogue(get_language()).gettext(message)


def N_(message: str) -> str:
    """Mark an English message for the catalogue where it is defined (a module-level constant, say),
    untranslated; translate it with ``_(message)`` where it is used, so that the language in use then wins."""
    return message


def split_hint(message: str) -> tuple[str, str]:
    """``message`` cut before the hint line that :func:`hint_line` wrote: ``(text, hint line or "")``."""
    text, found, hint = message.partition(f"\n  {_('Hint:')}")
    return text, found + hint


def hint_line(text: str) -> str:
    """The line tapekit adds under an error's TensorFlow text: ``"\\n  Hint: " + text``, translated label."""
    label = _("Hint:")
    return f"\n  {label}{'' if label.endswith('：') else ' '}{text}"
