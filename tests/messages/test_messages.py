"""The language switch and the message catalogues (tapekit/_base/i18n.py, tools/messages.py)."""

import os
import subprocess
import sys

import pytest

import tapekit as tk
from tapekit._base import i18n

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "..", "tools"))
import messages  # noqa: E402


def test_catalogues_are_complete_and_compiled():
    assert messages.problems() == []


def test_every_wrapped_message_is_extracted():
    # The check above is only as good as the extraction: it must see the messages in the package.
    ids = {m.id for m in messages.extract() if m.id}
    assert "Hint:" in ids


def test_placeholders_are_compared_by_name():
    assert messages.placeholders("watch {name} of {dtype!r:>5}, {{not one}}") == {"name", "dtype"}
    assert messages.placeholders("无占位符") == set()


def test_english_is_the_default():
    assert tk.config.get_language() == "en"
    assert i18n.hint_line("x") == "\n  Hint: x"


def test_set_language_switches_and_accepts_spellings():
    for spelling in ("zh-CN", "zh_CN", "zh-cn", "zh"):
        tk.config.set_language(spelling)
        assert tk.config.get_language() == "zh-CN"
        assert i18n.hint_line("x") == "\n  提示：x"
    tk.config.set_language("en")
    assert i18n.hint_line("x") == "\n  Hint: x"


def test_unknown_language_raises_and_keeps_the_setting():
    tk.config.set_language("zh-CN")
    with pytest.raises(ValueError, match=r"unknown language 'fr'.*en, zh-CN"):
        tk.config.set_language("fr")
    assert tk.config.get_language() == "zh-CN"


def run_with_env(code, lang):
    env = dict(os.environ, TAPEKIT_LANG=lang)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_environment_variable_switches_and_set_language_wins():
    code = ("import tapekit as tk; from tapekit._base.i18n import hint_line; print(tk.config.get_language(), "
            "repr(hint_line('x'))); tk.config.set_language('en'); print(repr(hint_line('x')))")
    first, second = run_with_env(code, "zh-CN").splitlines()
    assert first == "zh-CN '\\n  提示：x'"
    assert second == "'\\n  Hint: x'"
    assert run_with_env(code, "klingon").splitlines()[0].startswith("en ")
