"""The texts a lesson's plots show are messages: a locale's edition draws them in its language, with a font that has
its characters (tools/lessonbuild/i18n.py, editions.py)."""

import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from lessonbuild.editions import language_switch  # noqa: E402
from lessonbuild.i18n import plot_texts, translate_comments  # noqa: E402

CODE = '''ax.plot(xs, f(xs), label="f(x) = x² + 2x")
left.plot(path[:, 0], path[:, 1], "o-", label=f"learning rate {rate}")  # the paths
left.set_title("loss surface and descent paths")
left.set_xlabel("w")
TapePlayer(tape, title="MiniTape")
print("not a plot text")
'''
CHINESE = {"learning rate {rate}": "学习率 {rate}", "loss surface and descent paths": "损失曲面与下降路径",
           "the paths": "路径"}


def test_plot_texts_are_labels_and_titles_with_a_word():
    assert [text for *_, text in plot_texts(CODE)] == ["learning rate {rate}", "loss surface and descent paths"]


def test_a_translated_edition_draws_the_texts_in_its_language_and_keeps_the_code():
    translated = translate_comments(CODE, lambda message: CHINESE.get(message, message))
    assert 'label=f"学习率 {rate}")  # 路径' in translated
    assert 'left.set_title("损失曲面与下降路径")' in translated
    assert 'label="f(x) = x² + 2x"' in translated and 'print("not a plot text")' in translated
    compile(translated, "<edition>", "exec")


def test_the_language_cell_picks_an_installed_font_only_where_plots_have_texts():
    with_plots = language_switch("zh-CN", lambda message: message, plots=True)
    without = language_switch("zh-CN", lambda message: message, plots=False)
    assert "font.sans-serif" in with_plots.source and "font.sans-serif" not in without.source
    assert with_plots.source.endswith('tk.config.set_language("zh-CN")')
    namespace = {"tk": type("tk", (), {"config": type("config", (), {"set_language": staticmethod(print)})})}
    exec(with_plots.source, namespace)                       # runs where no listed font is installed, too


def test_the_chinese_editions_of_plotting_lessons_label_their_plots_in_chinese():
    edition = nbformat.read(ROOT / "notebooks" / "zh-CN" / "06_models_and_training.ipynb", as_version=4)
    code = "\n".join(cell.source for cell in edition.cells if cell.cell_type == "code")
    assert 'set_title("损失曲面与下降路径")' in code and "loss surface and descent paths" not in code
