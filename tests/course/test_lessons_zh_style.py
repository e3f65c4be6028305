"""The zh-CN lessons read as one course: one form for the recurring lines, Chinese punctuation, no
italics on Chinese text, and the seed notes' other words named once, in a terminology note.

These check the catalogues (notebooks/locale/zh_CN/LC_MESSAGES/NN_topic.po), which the zh-CN
editions are built from; the glossary is docs/GLOSSARY.zh-CN.md.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
import nbformat
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent.parent
CATALOGUES = sorted((ROOT / "notebooks" / "locale" / "zh_CN" / "LC_MESSAGES").glob("[0-9][0-9]_*.po"))
GLOSSARY = ROOT / "docs" / "GLOSSARY.zh-CN.md"
ZH_EDITIONS = sorted((ROOT / "notebooks" / "zh-CN").glob("**/[0-9][0-9]_*.ipynb"))

CJK = "\u4e00-\u9fff"
TERMS_NOTE = "> **术语说明**："
# Words of the seed notes (shared/seeds/) that the course replaces; a lesson names each at most once, in a note.
SEED_WORDS = ["渐变", "梯度磁带", "存留", "不连通", "停止梯度", "海森矩阵", "分配"]


def messages(path: Path) -> list:
    with open(path, "rb") as handle:
        return [m for m in read_po(handle) if m.id]


def prose(text: str) -> str:
    """``text`` without inline code, math and link targets (they keep their ASCII punctuation)."""
    text = re.sub(r"`[^`\n]+`", "`code`", text)
    text = re.sub(r"\$[^$\n]+\$", "$math$", text)
    return re.sub(r"\]\([^)\s]*\)", "](link)", text)


def is_markdown(message) -> bool:
    return "markdown" in message.auto_comments


@pytest.fixture(scope="module", params=CATALOGUES, ids=[p.stem for p in CATALOGUES])
def catalogue(request):
    return request.param.stem, messages(request.param)


def test_all_ten_lessons_have_a_catalogue():
    assert len(CATALOGUES) == 10


def test_exercises_start_with_one_heading_form(catalogue):
    name, found = catalogue
    exercises = [m for m in found if re.match(r"\*\*Exercise \d", m.id)]
    for message in exercises:
        number = re.match(r"\*\*Exercise (\d)", message.id).group(1)
        assert message.string.startswith(f"**练习 {number}**："), f"{name}: {message.string[:40]!r}"


ITALIC = re.compile(rf"(?<![*A-Za-z0-9])\*(?![*\s])[^*\n]*[{CJK}][^*\n]*?(?<![*\s])\*(?!\*)"
                    rf"|(?<![A-Za-z0-9`])_(?![_\s])[^_\n]*[{CJK}][^_\n]*?(?<![_\s])_(?![A-Za-z0-9])")


def italics(markdown: str) -> list[str]:
    return ITALIC.findall(prose(markdown).replace("**", ""))


def test_no_italics_on_chinese_text(catalogue):
    name, found = catalogue
    for message in found:
        hits = italics(message.string)
        assert not hits, f"{name}: italics on Chinese text {hits} (use bold for a term, or nothing)"


def test_the_built_editions_add_no_italics_either():
    assert len(ZH_EDITIONS) == 20
    for path in ZH_EDITIONS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                assert not italics(cell.source), f"{path.name}: {italics(cell.source)}"
    assert italics("介绍*可以*改变") and not italics("`a*b` 和 **粗体** 与 x * y")


def test_prose_uses_full_width_punctuation(catalogue):
    name, found = catalogue
    half_width = re.compile(rf"[{CJK}][,;:?!()]|[,;:?!()][{CJK}]")
    for message in filter(is_markdown, found):
        text = prose(message.string)
        hits = [text[max(0, h.start() - 8):h.end() + 8] for h in half_width.finditer(text)]
        assert not hits, f"{name}: half-width punctuation next to Chinese: {hits}"


def test_seed_note_words_appear_once_and_only_in_a_terminology_note(catalogue):
    name, found = catalogue
    named = defaultdict(int)
    for message in found:
        for paragraph in message.string.split("\n\n"):
            for word in SEED_WORDS:
                if word in paragraph:
                    assert paragraph.startswith(TERMS_NOTE), (
                        f"{name}: {word!r} outside a 术语说明 note: {paragraph[:80]!r}")
                    named[word] += 1
    assert all(count == 1 for count in named.values()), f"{name}: a seed-note word named twice: {dict(named)}"
    assert any(TERMS_NOTE in m.string for m in found), f"{name}: no 术语说明 note"


def test_the_tape_and_its_gradient_are_named_as_in_the_glossary():
    """Every lesson that speaks of the tape says 梯度带; lesson 03, which introduces it, names the seed words."""
    glossary = GLOSSARY.read_text(encoding="utf-8")
    assert "| gradient tape, the tape | 梯度带 |" in glossary and "梯度磁带" in glossary and "渐变" in glossary
    lesson03 = "\n".join(m.string for m in messages(next(p for p in CATALOGUES if p.stem.startswith("03"))))
    assert all(word in lesson03 for word in ("渐变", "梯度磁带", "存留"))


def test_a_message_shared_by_lessons_is_translated_the_same_way():
    translations = defaultdict(set)
    for path in CATALOGUES:
        for message in messages(path):
            translations[message.id].add(message.string)
    differing = {k[:60]: v for k, v in translations.items() if len(v) > 1}
    assert not differing, f"the same English line, translated differently: {differing}"


def test_the_glossary_has_the_words_the_lessons_use():
    glossary = GLOSSARY.read_text(encoding="utf-8")
    for word in ("样本", "归约", "割线", "中心差分", "交互控件", "局部导数", "单元格", "软放置", "追踪",
                 "别名", "总览图", "可选依赖"):
        assert re.search(rf"^\|[^|\n]*\| [^|\n]*{word}", glossary, re.M), f"{word} has no row in the glossary"


RUNTIME_CATALOGUE = ROOT / "tapekit" / "locale" / "zh_CN" / "LC_MESSAGES" / "tapekit.po"
# words the glossary replaces, in tapekit's own messages: (other usage, why)
RUNTIME_AVOID = {"跟踪": "watch is 监视", "笔记本": "notebook stays English (笔记本 is a laptop)",
                 "小部件": "widget is 交互控件", "GPU 内存": "GPU memory is 显存", "改法": "lesson 05 says 修正方法",
                 "引发": "raise is 抛出", "第二个名字": "a second name is 别名", "地图": "the player's map is 总览图",
                 "附加依赖": "an extra is 可选依赖", "附加组件": "an extra is 可选依赖"}
# the same mistakes as patterns, in the lessons and in tapekit's messages alike
AVOID_PATTERNS = {
    r"轴的?(大小|长度)": "an axis's size is its 维度 (维度为 3)",
    r"[(][^()\n]*[\u4e00-\u9fff][^()\n]*, [^()\n]*[\u4e00-\u9fff][^()\n]*[)]":
        "a tuple of Chinese words takes full-width brackets and comma: （梯度，变量）",
    "一声不吭|长出一块|三团|凭什么": "colloquial: say it plainly (不会给出任何提示, 点簇 ...)",
    "(?<!梯度)磁带": "the tape is 梯度带",
    "汇入": "fan-in is 扇入",
    "(前向|反向)穿过|穿过一串": "翻译腔: 前向计算 / 反向传播 through ..., 经过",
    "哪些 source|某个 source|到 sources": "a source in prose is 源 (sources= stays as code)",
}
# 步长 is the h of a finite difference only (a learning rate's step is 学习率, tk.range's is its delta)
STEP_H = re.compile(r"finite|difference|\bh\b|\$h\$")


def avoid_hits(message) -> list[str]:
    text = "\n\n".join(p for p in message.string.split("\n\n") if not p.startswith(TERMS_NOTE))
    hits = [f"{why}: {text[max(0, m.start() - 10):m.end() + 10]!r}"
            for pattern, why in AVOID_PATTERNS.items() for m in re.finditer(pattern, prose(text))]
    if "步长" in text and not STEP_H.search(message.id):
        hits.append(f"步长 is the finite-difference h only: {text[:40]!r}")
    return hits


def test_the_runtime_catalogue_follows_the_glossary():
    found = [(word, why, m.string[:60]) for m in messages(RUNTIME_CATALOGUE) for word, why in RUNTIME_AVOID.items()
             if word in m.string]
    assert not found, f"tapekit.po uses words the glossary replaces: {found}"
    found = [hit for m in messages(RUNTIME_CATALOGUE) for hit in avoid_hits(m)]
    assert not found, f"tapekit.po: {found}"


def test_the_lessons_avoid_the_same_mistakes(catalogue):
    name, found = catalogue
    hits = [hit for m in found for hit in avoid_hits(m)]
    hits += [f"{word}: {m.string[:40]!r}" for m in found for word in ("跟踪", "引发", "第二个名字")
             for p in m.string.split("\n\n") if word in p and not p.startswith(TERMS_NOTE)]
    assert not hits, f"{name}: {hits}"


def test_the_avoid_rules_catch_what_they_name():
    from babel.messages.catalog import Message

    wrong = ["第 0 轴的大小是 3。", "最后两个轴的长度必须相等", "没有收到任何 (梯度, 变量) 对", "restore 一声不吭",
             "请问磁带记录过的张量", "汇入求和", "梯度反向穿过 Round", "哪些 source 最后的梯度是 None"]
    assert all(avoid_hits(Message("x", s)) for s in wrong)
    assert avoid_hits(Message("the step of tk.range", "range 的步长"))
    right = ["第 0 轴的维度是 3。", "（梯度，变量）对", "形状 (2, 3)", "取一个小步长 $h$", "长度为 6 的向量",
             "梯度带", "扇入求和", "传入 `sources=[a, b]`"]
    assert not any(avoid_hits(Message("a finite difference with step h", s)) for s in right)


def test_the_cause_labels_lesson_05_names_are_the_ones_explain_and_the_player_show():
    """Lesson 05 says the panel marks a source 状态改变 and names 变量被张量取代: the runtime catalogue agrees."""
    runtime = {m.id: m.string for m in messages(RUNTIME_CATALOGUE)}
    assert runtime["state changed"] == "状态改变" and runtime["variable replaced by tensor"] == "变量被张量取代"
    lesson05 = "\n".join(m.string for m in messages(next(p for p in CATALOGUES if p.stem.startswith("05"))))
    assert "**状态改变**" in lesson05 and "变量被张量取代" in lesson05
    overview = runtime["map"]
    assert overview in runtime["show or hide the overview map"]
    assert runtime["overview: click to move there"].startswith(overview)

