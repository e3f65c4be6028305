"""The ``Hint:`` lines tapekit adds to errors: built by ``hint_line(_(...))``, so they follow the language.

TensorFlow's own text and the exception type never change with the language (students search for
them); only the added hint line is translated (issue 14).
"""

import ast
import pathlib
import re

import pytest

import tapekit as tk

PACKAGE = pathlib.Path(tk.__file__).parent
EN_LABEL, ZH_LABEL = "\n  Hint: ", "\n  提示："
CHINESE = re.compile(r"[\u4e00-\u9fff]")


def hint_literals(path: pathlib.Path) -> list[int]:
    """Lines of string literals (f-string parts included) that spell out a "Hint:" label, outside
    docstrings and outside whole messages given to ``_()``/``N_()`` (those are translated as one)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_"):
            allowed.update(id(arg) for arg in node.args)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                allowed.add(id(first.value))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "Hint:" in node.value
            and id(node) not in allowed]


def test_no_hint_label_is_spelled_out_in_the_package():
    # Every hint goes through i18n.hint_line, which writes the (translated) label itself.
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative == "_base/i18n.py":
            continue
        found += [f"{relative}:{line}" for line in hint_literals(path)]
    assert found == []


def test_the_scan_sees_a_spelled_out_label(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('def f(x):\n    raise ValueError(f"bad {x}\\n  Hint: fix it")\n', encoding="utf-8")
    assert hint_literals(sample) == [2]
    sample.write_text('"""Errors end in a Hint: line."""\nMESSAGE = _("Not yet. Hint: {m}")\n', encoding="utf-8")
    assert hint_literals(sample) == []


def _dense_with_unknown_argument():
    tk.keras.layers.Dense(3, unitz=2)


def _item_assignment():
    t = tk.constant([1.0, 2.0])
    t[0] = 3.0


def _gradient_of_a_python_float():
    x = tk.constant(2.0)
    with tk.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    tape.gradient(y, [3.0])


ERRORS = {
    "dtype mismatch": lambda: tk.constant(1) + tk.constant(1.0),
    "shape mismatch": lambda: tk.constant([1.0, 2.0]) + tk.constant([1.0, 2.0, 3.0]),
    "matmul of vectors": lambda: tk.matmul(tk.constant([1.0, 2.0]), tk.constant([1.0, 2.0])),
    "reshape to a wrong size": lambda: tk.reshape(tk.constant([1.0, 2.0, 3.0]), [2, 2]),
    "unknown keyword argument": _dense_with_unknown_argument,
    "Keras 2 argument name": lambda: tk.keras.optimizers.SGD(lr=0.1),
    "item assignment": _item_assignment,
    "gradient source not a tensor": _gradient_of_a_python_float,
    "out of scope": lambda: tk.nn.conv2d(None, None, 1, "SAME"),
    "Model.fit": lambda: tk.keras.Sequential([tk.keras.layers.Dense(1)]).fit(None),
}


def raised(make_error, language):
    tk.config.set_language(language)
    with pytest.raises(Exception) as info:
        make_error()
    return info.type, str(info.value)


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_chinese_translates_only_the_hint_line(case):
    en_type, en_text = raised(ERRORS[case], "en")
    zh_type, zh_text = raised(ERRORS[case], "zh-CN")
    assert zh_type is en_type
    tf_text, en_label, en_hint = en_text.partition(EN_LABEL)
    assert en_label and en_hint, en_text
    assert ZH_LABEL not in en_text and not CHINESE.search(en_text)
    zh_tf_text, zh_label, zh_hint = zh_text.partition(ZH_LABEL)
    assert zh_label, zh_text
    assert zh_tf_text == tf_text  # TF's text, byte for byte
    assert CHINESE.search(zh_hint) and EN_LABEL not in zh_text


def test_english_stays_the_default_in_a_fresh_setting():
    _, text = raised(ERRORS["shape mismatch"], "en")
    assert text.startswith("{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
                           "Incompatible shapes: [2] vs. [3] [Op:AddV2] name: \n  Hint: the shapes must be")


def test_hint_that_replaces_a_generic_one_follows_the_language():
    # tapekit._core.values.tensor.with_hint swaps a converter's hint for a more specific one, in either language.
    v = tk.Variable([1.0, 2.0], name="w")
    for language, label in (("en", EN_LABEL), ("zh-CN", ZH_LABEL)):
        tk.config.set_language(language)
        with pytest.raises(TypeError) as info:
            v.assign(["a", "b"])
        assert str(info.value).count(label.strip()) == 1, str(info.value)
        assert "'w:0'" in str(info.value)


def test_marked_messages_are_translated_when_raised_not_when_imported():
    # tapekit._base.unsupported defines its hints at import time (N_) and translates them when raising.
    assert "卷积" in raised(ERRORS["out of scope"], "zh-CN")[1]
    assert "convolutions" in raised(ERRORS["out of scope"], "en")[1]
