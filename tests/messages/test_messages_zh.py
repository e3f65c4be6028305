"""tapekit's own messages in Simplified Chinese: tape.explain, the player and the exercise checks.

English stays the default; ``tk.config.set_language("zh-CN")`` or ``TAPEKIT_LANG=zh-CN`` switches.
"""

import html
import os
import re
import subprocess
import sys

import pytest

import tapekit as tk

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
import explain_cases  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CJK = re.compile(r"[\u4e00-\u9fff]")
CAUSES = sorted({c for c in explain_cases.CAUSE_OF.values() if c})


def cjk_share(text: str) -> float:
    letters = [c for c in text if c.isalpha()]
    return sum(bool(CJK.match(c)) for c in letters) / max(len(letters), 1)


def test_the_cases_cover_every_cause():
    from tapekit.introspect.explain import CAUSES as ALL

    assert sorted(CAUSES) == sorted(ALL)
    for name, explanation in explain_cases.explanations().items():
        assert explanation[0].cause == explain_cases.CAUSE_OF[name], name


def test_explain_is_english_by_default():
    assert tk.config.get_language() == "en"
    for name, explanation in explain_cases.explanations().items():
        text, page = repr(explanation), explanation._repr_html_()
        assert not CJK.search(text) and not CJK.search(page), name
        assert text.startswith("Explanation of tape.gradient(target, sources):")
        assert "<th>source</th><th>gradient</th><th>op</th><th>line</th><th>why</th>" in page
        if explanation[0].cause:
            assert "\n    Fix: " in text and "<b>Fix:</b> " in page, name


def check_chinese(name, explanation, english):
    item, en_item = explanation[0], english[0]
    assert item.cause == en_item.cause and item.op == en_item.op and item.line == en_item.line, name
    assert item.message != en_item.message and cjk_share(item.message) > 0.25, (name, item.message)
    text, page = repr(explanation), explanation._repr_html_()
    assert text.startswith("tape.gradient(target, sources) 的解释："), name
    assert "<th>源</th><th>梯度</th><th>运算</th><th>位置</th><th>原因</th>" in page, name
    assert item.message in text and html.escape(item.message) in page, name
    if item.cause is None:
        assert "梯度正常" in text and "梯度正常" in page and "gradient OK" not in text
        return
    assert item.fix != en_item.fix and cjk_share(item.fix) > 0.2, (name, item.fix)
    assert f"{item.source}：{item.cause}" in text and "修正方法：" in text and "<b>修正方法：</b>" in page, name
    assert "Fix:" not in text and "Fix:" not in page, name


def test_explain_in_chinese_with_set_language():
    english = explain_cases.explanations()
    tk.config.set_language("zh-CN")
    for name, explanation in explain_cases.explanations().items():
        check_chinese(name, explanation, english[name])
    tk.config.set_language("en")
    assert repr(explain_cases.explanations()["stop_gradient"]) == repr(english["stop_gradient"])


def run_cases(lang):
    env = dict(os.environ, TAPEKIT_LANG=lang, PYTHONPATH=ROOT)
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "explain_cases.py")], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return done.stdout


def test_explain_in_chinese_with_the_environment_variable():
    english = explain_cases.explanations()
    out = run_cases("zh-CN")
    blocks = dict(re.findall(r"=== (\w+)\n(.*?)(?=\n=== |\Z)", out, re.S))
    assert sorted(blocks) == sorted(english)
    for name, block in blocks.items():
        text, page = block.split("\n--- html\n")
        item = english[name][0]
        assert text.startswith("tape.gradient(target, sources) 的解释：") and "<th>源</th>" in page, name
        assert item.message not in text, name
        if item.cause:
            assert f"{item.source}：{item.cause}" in text and "修正方法：" in text and "<b>修正方法：</b>" in page, name
    assert "Explanation of" in run_cases("en")


# ---------- the player ----------
def small_player():
    from tapekit.widgets import TapePlayer

    w = tk.Variable([1.0, 2.0], name="w")
    b = tk.Variable(0.5, name="b")
    c = tk.constant(3.0)
    x = tk.constant([[1.0, 2.0], [3.0, 4.0]])
    with tk.GradientTape() as tape:
        for _step in range(2):
            loss = tk.reduce_sum(tk.square(x * w + b)) + tk.stop_gradient(b) * 0.0
    return TapePlayer(tape, target=loss, sources=[w, b, c])


def front_end_keys() -> set:
    """The keys player.js asks its ``texts`` for."""
    from tapekit.widgets.assets import read_asset

    js = read_asset("player.js")
    keys = set(re.findall(r'\bt\(\s*"([a-z_]*[a-z])"', js))   # not the prefixes of t("g_" + state)
    keys |= {"legend_" + cls[3:] for cls in re.findall(r'"(lg-[a-z]+)"', js)}
    keys |= set(re.findall(r'"(group_ops_(?:one|many)|phase_(?:backward|forward)_long|col_[a-z]+)"', js))
    return keys


def test_every_word_the_front_end_shows_comes_from_the_catalogue():
    from tapekit.widgets.texts import front_end_texts

    texts = front_end_texts()
    missing = front_end_keys() - set(texts)
    assert not missing, missing
    states = ("wait", "grad", "acc", "none", "zero", "active", "done", "stopped", "unasked")
    assert {"g_" + g for g in states} <= set(texts)
    assert {"role_" + r for r in ("variable", "frozen", "watched", "const", "output", "unseen")} <= set(texts)


def test_player_texts_and_captions_in_chinese():
    from tapekit.widgets.texts import front_end_texts

    english = front_end_texts()
    en_player = small_player()
    assert en_player.texts == english and english["language"] == "en"
    assert not any(CJK.search(f[1]) for f in en_player.frames)
    assert "Noto Sans CJK SC" not in en_player.static_html() and 'lang="' not in en_player.static_html()
    tk.config.set_language("zh-CN")
    player = small_player()
    texts = player.texts
    assert texts["language"] == "zh-CN"
    same = {k for k, v in texts.items() if v == english[k] and k != "language"}
    assert same <= {"legend_none", "cell_none", "g_none"}, same         # only Python's None stays None
    assert all(CJK.search(v) for v in texts["causes"].values())
    captions = [f[1] for f in player.frames]
    assert len(captions) == len(en_player.frames)
    assert all(CJK.search(c) for c in captions), [c for c in captions if not CJK.search(c)]
    assert captions[0] == "梯度带是空的。按播放键，看它如何记录。"
    assert captions[-1].startswith("完成。") and "∂/∂c = None（未被监视）" in captions[-1]
    assert any("沿第 0 轴求和" in c for c in captions)             # b was broadcast over the batch
    labels = {g["label"] for g in player.graph["groups"]}
    assert {"第 1 次迭代", "第 2 次迭代"} <= labels
    summary, page = repr(player), player.static_html()
    assert "对 w 的梯度：" in summary and "对 c 的梯度：None（not_watched）" in summary
    assert "<th>名称</th><th>类别</th><th>形状</th><th>数据类型</th><th>值</th><th>梯度</th>" in page
    assert "None：未被监视" in page and "Noto Sans CJK SC" in page
    assert page.startswith('<div class="tkp tkp-static" lang="zh-CN">')


# ---------- the exercise checks ----------
def scale_verdicts():
    from tapekit.exercises.lesson03 import check_scale_grad

    return (check_scale_grad(...), check_scale_grad(42), check_scale_grad(lambda dL_dy, x: dL_dy * x),
            check_scale_grad(lambda dL_dy, x: tk.reduce_sum(dL_dy * x, axis=0)))


def test_exercise_feedback_in_english_by_default_and_in_chinese():
    english = [repr(v) for v in scale_verdicts()]
    assert english[0].startswith("Not done yet: this exercise is waiting for your answer.")
    assert english[1] == "Not yet. Hint: pass the function itself: check_scale_grad(scale_gradient)."
    assert english[2].startswith("Not yet. Hint: the result has the shape of y, (4, 3)")
    assert english[3].startswith("Correct! s was used once per example")
    tk.config.set_language("zh-CN")
    verdicts = scale_verdicts()
    assert [v.ok for v in verdicts] == [False, False, False, True]
    assert [v.code for v in verdicts] == ["not_done", "not_callable", "no_sum", "correct"]
    chinese = [repr(v) for v in verdicts]
    assert chinese[0].startswith("尚未完成：这个练习在等你的答案。")
    assert chinese[1] == "还不对。提示：传入函数本身：check_scale_grad(scale_gradient)。"
    assert chinese[2] == ("还不对。提示：结果的形状与 y 相同，是 (4, 3)：s 的每份副本一个梯度。s 在批次上被广播，"
                          "所以各份副本的梯度要相加：沿第 0 轴求和。")
    assert chinese[3] == "正确！每个样本都用了一次 s，所以它的梯度是对整个批次求和。"


def test_an_exercise_reveal_in_chinese_keeps_the_code_and_numbers():
    from tapekit.exercises._check import forget_misses
    from tapekit.exercises.lesson01 import check_shapes

    forget_misses()
    answer = {"a": (3, 4), "b": (2, 3), "c": (5, 2, 3), "d": (2, 1, 4), "e": (2, 4)}
    english = [check_shapes(answer), check_shapes(answer)]   # the second miss gets the closer hint
    forget_misses()
    tk.config.set_language("zh-CN")
    chinese = [check_shapes(answer), check_shapes(answer)]
    assert [(v.ok, v.code) for v in chinese] == [(v.ok, v.code) for v in english] == [(False, "a_align")] * 2
    assert english[1].message.startswith("2 of 5 predictions are off: a, b.\n  a: align the shapes on the right")
    assert chinese[1].message.startswith("5 个预测中有 2 个不对：a, b。\n  a: 把形状靠右对齐：(4, 1) 对 (3,)。")
    right = check_shapes({"a": (4, 3), "b": None, "c": (5, 2, 3), "d": (2, 1, 4), "e": (2, 4)}).message
    assert "实际结果：" in right and "What really happens" not in right
    assert "tk.zeros((4, 1)) + tk.zeros((3,)) -> (4, 3)" in right
    assert "抛出 InvalidArgumentError" in right
    forget_misses()


def test_a_player_error_keeps_its_type_and_text_and_translates_only_the_hint():
    from tapekit.widgets import TapePlayer

    with pytest.raises(TypeError) as english:
        TapePlayer(fps="fast")
    tk.config.set_language("zh-CN")
    with pytest.raises(TypeError) as chinese:
        TapePlayer(fps="fast")
    head = "fps must be a number of frames per second, not str 'fast'."
    assert str(english.value) == head + "\n  Hint: e.g. fps=2; the speed menu in the player changes it while playing."
    assert str(chinese.value) == head + "\n  提示：例如 fps=2；播放时可以用播放器的速度菜单调整。"


def test_one_table_of_cause_texts_in_the_language_in_use():
    """explain, the player's texts and the front end's JSON (graph["causes"]) all read cause_texts, translated."""
    from tapekit.introspect import cause_texts
    from tapekit.widgets import texts

    english = cause_texts.table()
    assert english["stop_gradient"]["label"] == "stop gradient"
    tk.config.set_language("zh-CN")
    chinese = cause_texts.table()
    assert english.keys() == chinese.keys()
    for cause, roles in chinese.items():
        assert roles.keys() == english[cause].keys()
        assert all(CJK.search(t) for t in roles.values()), cause
    assert texts.cause_label() == {c: r["label"] for c, r in chinese.items()}
    assert texts.cut_text() == {c: r["cut"] for c, r in chinese.items() if "cut" in r}
    assert small_player().graph["causes"] == chinese
    message = explain_cases.explanations()["stop_gradient"][0].message
    assert message == cause_texts.text("stop_gradient", "path", label="x")
