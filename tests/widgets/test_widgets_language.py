"""A player's build reads the language once (i18n.one_language), not os.environ for every caption."""

from tapekit._base.i18n import get_language, one_language


def test_the_language_is_read_once_inside_the_block(monkeypatch):
    # follow TAPEKIT_LANG, whatever an earlier test chose with set_language (restored afterwards)
    monkeypatch.setattr("tapekit._base.i18n._chosen", None)
    monkeypatch.setenv("TAPEKIT_LANG", "zh-CN")
    with one_language():
        monkeypatch.setenv("TAPEKIT_LANG", "en")
        assert get_language() == "zh-CN"          # held: the environment is not read again
        with one_language():
            assert get_language() == "zh-CN"
    assert get_language() == "en"                 # after the block, the environment again
