"""The player in Chinese in Chromium (``tk.config.set_language("zh-CN")``): the caption, legend,
table headers and None badges come from the catalogue and render in Noto Sans CJK, not as tofu
boxes. Skipped without Chromium and Playwright, unless TAPEKIT_BROWSER_TESTS=1. The screenshot
goes to test-artifacts/player_zh_CN.png.
"""

from __future__ import annotations

import pytest

import tapekit as tk
from kernelfree import shot
from test_player_page import go_to, open_player

pytestmark = pytest.mark.slow

CJK_FONT = '14px "Noto Sans CJK SC"'


def chinese_player():
    """A loss of w and b, and a constant c the tape never watched: its gradient is None."""
    from tapekit.widgets import TapePlayer

    tk.config.set_language("zh-CN")
    try:
        w = tk.Variable(2.0, name="w")
        b = tk.Variable(0.5, name="b")
        c = tk.constant(3.0)
        with tk.GradientTape() as tape:
            loss = tk.square(w * c + b - 4.0)
        return TapePlayer(tape, target=loss, sources=[w, b, c])
    finally:
        tk.config.set_language("en")


def test_the_player_speaks_chinese_without_tofu(browser):
    player = chinese_player()
    assert player.texts["language"] == "zh-CN" and player.texts["legend_const"] == "常量"
    from tapekit.widgets.assets import read_asset

    page = open_player(browser, player)
    page.add_style_tag(content=read_asset("player-cjk.css"))   # the widget's CSS is player.css + this
    try:
        root = page.locator(".tkp-root")
        first = player.model_data.frames[0]["caption"]
        assert first == "梯度带是空的。按播放键，看它如何记录。"
        assert page.inner_text(".tkp-caption .tkp-text") == first
        assert page.inner_text(".tkp-phase") == "前向计算 ▶"
        assert [th.inner_text() for th in page.locator(".tkp-table th").all()] == ["名称", "值", "梯度"]
        legend = page.inner_text(".tkp-legend")
        for word in ("变量（被监视）", "常量", "运算输出", "梯度", "尚未到达", "分组：点击展开"):
            assert word in legend

        go_to(page, len(player.frames) - 1)
        page.wait_for_selector(f".tkp-root[data-frame='{len(player.frames) - 1}']")
        caption = page.inner_text(".tkp-caption .tkp-text")
        assert caption == player.model_data.frames[-1]["caption"] and caption.startswith("完成。")
        assert "∂/∂c = None（未被监视）" in caption
        badges = [b.text_content() for b in page.locator(".tkp-svg g.tkp-badge").all()]
        assert "None：未被监视" in badges, badges
        assert page.inner_text(".tkp-phase") == "◀ 反向传播"
        assert "没有监视" in page.inner_text(".tkp-why") or "未监视" in page.inner_text(".tkp-table")

        # the CJK font is installed (fonts-noto-cjk) and is the one the player's CSS asks for
        assert page.evaluate("(font) => document.fonts.check(font, '梯度带')", CJK_FONT)
        assert page.get_attribute(".tkp-root", "lang") == "zh-CN"
        family = page.evaluate("() => getComputedStyle(document.querySelector('.tkp-root')).fontFamily")
        assert '"Noto Sans CJK SC"' in family
        path = shot(page, "player_zh_CN.png", root)
        assert path.stat().st_size > 10_000
        assert not page.errors, page.errors
    finally:
        page.close()
