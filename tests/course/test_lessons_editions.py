"""One source per lesson, two editions: the committed editions are what the sources make.

The sources are notebooks/source/NN_topic.ipynb; tools/build_lessons.py writes the student
editions (notebooks/NN_topic.ipynb) and teacher editions (notebooks/solutions/). nbval runs both
(pyproject.toml); these tests check what nbval cannot: that the editions are current, that students
see no solution, that every check answers plainly, and that a locale's edition comes from its
gettext catalogue (tests/fixtures/lessons: a small source and a German catalogue).
"""

from __future__ import annotations

import copy
import io
import re
import sys
from pathlib import Path

import nbformat
import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_lessons  # noqa: E402
from lessonbuild.editions import (KINDS, STUDENT, TEACHER, build_edition, differences, edition_path,  # noqa: E402
                                  locale_folder)
from lessonbuild.i18n import MissingTranslations, Translator, lesson_catalog, markdown_blocks  # noqa: E402
from lessonbuild.source import (BEGIN_SOLUTION, CHECK, END_SOLUTION, LANGUAGE_SWITCH_NOTE, NOTEBOOKS,  # noqa: E402
                                PREDICT, RAISES, TAPEKIT_ONLY, TAPEKIT_ONLY_LABEL, SourceError, import_cell,
                                lessons, read_source, tags_of)

LESSONS = lessons()
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "lessons"
FIXTURE_SOURCE = FIXTURES / "source" / "99_fixture.ipynb"
FIXTURE_PO = FIXTURES / "locale" / "de_DE" / "LC_MESSAGES" / "99_fixture.po"
ORDER = ["01_tensors", "02_variables", "03_gradient_tape", "04_what_the_tape_watches", "05_why_none",
         "06_models_and_training", "07_higher_order_and_jacobians", "08_inside_the_tape", "09_gpu_with_cupy",
         "10_a_real_classifier"]


def edition(lesson, kind):
    return nbformat.read(edition_path(lesson, kind), as_version=4)


def text_of(outputs) -> str:
    return "".join(o.get("text", "") or o.get("data", {}).get("text/plain", "") or o.get("evalue", "")
                   for o in outputs)


def test_the_ten_lessons_in_teaching_order():
    assert [lesson.name for lesson in LESSONS] == ORDER
    for name in ORDER:
        assert (NOTEBOOKS / f"{name}.ipynb").exists() and (NOTEBOOKS / "solutions" / f"{name}.ipynb").exists()
    editions = {p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")} | {
        p.stem for p in (NOTEBOOKS / "solutions").glob("*.ipynb")}
    assert editions == set(ORDER), "an edition without a source (delete it, or add notebooks/source/NAME.ipynb)"


def test_committed_editions_and_catalogue_templates_are_current():
    problems = build_lessons.stale()
    assert not problems, ("the committed editions are not what their sources make; run "
                          "`python tools/build_lessons.py` and commit:\n" + "\n".join(problems[:30]))


def test_a_changed_source_makes_the_edition_stale():
    lesson = LESSONS[0]
    source_nb = read_source(lesson.source)
    changed = copy.deepcopy(source_nb)
    changed.cells[0].source += "\nOne more sentence."
    expected = build_edition(changed, STUDENT, source_name=lesson.name)
    assert differences(expected, edition(lesson, STUDENT)), "the stale check must see a changed markdown cell"
    retagged = copy.deepcopy(source_nb)
    code = next(c for c in retagged.cells if c.cell_type == "code")
    code.metadata["tags"] = [*tags_of(code), RAISES]
    assert differences(build_edition(retagged, STUDENT, source_name=lesson.name), edition(lesson, STUDENT))


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.name for lesson in LESSONS])
def test_students_see_stubs_and_teachers_see_solutions(lesson):
    source_nb = read_source(lesson.source)
    student, teacher = edition(lesson, STUDENT), edition(lesson, TEACHER)
    solutions = 0
    for source_cell, student_cell, teacher_cell in zip(source_nb.cells, student.cells, teacher.cells):
        if BEGIN_SOLUTION not in source_cell.source:
            continue
        solutions += 1
        assert BEGIN_SOLUTION in teacher_cell.source and END_SOLUTION in teacher_cell.source
        assert "SOLUTION" not in student_cell.source
        assert "YOUR ANSWER" in student_cell.source
        hidden = source_cell.source.split(BEGIN_SOLUTION)[1].split(END_SOLUTION)[0].strip().splitlines()
        assert hidden[0].strip() not in student_cell.source, "a solution line leaked into the student edition"
    assert solutions >= 2, f"{lesson.name} has {solutions} exercise(s)"


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.name for lesson in LESSONS])
def test_checks_answer_plainly_and_only_tagged_cells_raise(lesson):
    for kind, verdict in ((STUDENT, "Not done yet: "), (TEACHER, "Correct! ")):
        nb = edition(lesson, kind)
        checks = 0
        for number, cell in enumerate(nb.cells, start=1):
            if cell.cell_type != "code":
                continue
            errors = [o for o in cell.outputs if o.output_type == "error"]
            if RAISES in tags_of(cell):
                assert errors, f"{lesson.name} {kind} cell {number} is tagged {RAISES} but raised nothing"
                continue
            assert not errors, f"{lesson.name} {kind} cell {number} raised {errors[0].ename}: {errors[0].evalue}"
            if CHECK in tags_of(cell):
                checks += 1
                assert text_of(cell.outputs).startswith(verdict), (
                    f"{lesson.name} {kind} cell {number}: {text_of(cell.outputs)[:200]!r}")
        assert checks >= 2


@pytest.mark.parametrize("kind", [STUDENT, TEACHER])
def test_tapekit_only_cells_say_so(kind):
    for lesson in LESSONS:
        for cell in edition(lesson, kind).cells:
            tags = tags_of(cell)
            if CHECK in tags:
                assert TAPEKIT_ONLY in tags
            if TAPEKIT_ONLY in tags and cell.cell_type == "code":
                assert cell.source.startswith(f"# {TAPEKIT_ONLY_LABEL}\n"), cell.source[:100]
            uses_tapekit_only = ("TapePlayer(" in cell.source or ".explain(" in cell.source
                                 or "tape.events" in cell.source or "tapekit.exercises" in cell.source)
            if cell.cell_type == "code" and uses_tapekit_only:
                assert TAPEKIT_ONLY in tags, f"{lesson.name}: untagged tapekit-only code:\n{cell.source[:300]}"


# A check's reveal is a line "What <the code did>:" followed by the facts (e.g. "What tape.gradient returned:").
REVEAL = re.compile(r"^What [^\n]*:", re.M)


def test_predict_exercises_reveal_only_after_the_answer():
    predicted = 0
    for lesson in LESSONS:
        student, teacher = edition(lesson, STUDENT), edition(lesson, TEACHER)
        for index, cell in enumerate(student.cells):
            if PREDICT not in tags_of(cell):
                continue
            predicted += 1
            assert not cell.outputs and not teacher.cells[index].outputs, "a predict cell shows the answer"
            check = next(i for i in range(index + 1, len(student.cells)) if CHECK in tags_of(student.cells[i]))
            between = student.cells[index + 1:check]
            assert all(not c.get("outputs") for c in between), "a cell before the check shows the answer"
            assert not REVEAL.search(text_of(student.cells[check].outputs)), "the check reveals before an answer"
            assert REVEAL.search(text_of(teacher.cells[check].outputs)), "the check does not reveal what happened"
    assert predicted >= 1


def test_the_player_plays_from_saved_widget_state():
    players = 0
    for lesson in LESSONS:
        for kind in (STUDENT, TEACHER):
            nb = edition(lesson, kind)
            views = [o.data["application/vnd.jupyter.widget-view+json"]["model_id"] for c in nb.cells
                     if c.cell_type == "code" for o in c.outputs
                     if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
            players += len(views)
            if views:
                state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
                assert set(views) <= set(state), f"{lesson.name} {kind}: a widget output without saved state"
    assert players >= 3


# ---- the source format -----------------------------------------------------------------------

def source_with(*cells, tags=None):
    nb = nbformat.v4.new_notebook()
    for code in cells:
        cell = nbformat.v4.new_code_cell(code)
        if tags:
            cell.metadata["tags"] = tags
        nb.cells.append(cell)
    return nb


@pytest.mark.parametrize("code, message", [
    ("### BEGIN SOLUTION\nanswer = 1", "without ### END SOLUTION"),
    ("answer = 1\n### END SOLUTION", "without ### BEGIN SOLUTION"),
    ("### BEGIN SOLUTION\n### END SOLUTION", "empty solution"),
    ("### BEGIN SOLUTION\nprint(1)\n### END SOLUTION", "must assign"),
])
def test_malformed_solutions_are_refused(tmp_path, code, message):
    path = tmp_path / "01_bad.ipynb"
    nbformat.write(source_with(code), path)
    with pytest.raises(SourceError, match=message):
        read_source(path)


def test_unknown_tags_and_stored_outputs_are_refused(tmp_path):
    path = tmp_path / "01_bad.ipynb"
    nbformat.write(source_with("x = 1", tags=["tapekit_only"]), path)
    with pytest.raises(SourceError, match="unknown tags"):
        read_source(path)
    nb = source_with("print(1)")
    nb.cells[0].outputs = [nbformat.v4.new_output("stream", text="1\n")]
    nbformat.write(nb, path)
    with pytest.raises(SourceError, match="no outputs"):
        read_source(path)


def test_top_level_stub_names_every_assigned_name():
    nb = source_with("data = 1\n### BEGIN SOLUTION\nwith open('f') as handle:\n    text = handle.read()\n"
                     "first, rest = text[0], text[1:]\n### END SOLUTION")
    student = build_edition(nb, STUDENT, source_name="01_x")
    assert student.cells[0].source == ("data = 1\nfirst = ...  # YOUR ANSWER: replace ... with your code\n"
                                       "rest = ...  # YOUR ANSWER: replace ... with your code")


# ---- gettext: extract and build a locale's edition -------------------------------------------

def test_messages_are_prose_comments_and_generated_lines_never_code():
    catalog = lesson_catalog(read_source(FIXTURE_SOURCE), "99_fixture")
    ids = [m.id for m in catalog if m.id]
    assert "A paragraph with `tk.constant` in it." in ids
    assert "a constant" in ids and TAPEKIT_ONLY_LABEL in ids
    assert not any("tk.constant(2.0)" in i or "fenced code" in i or "return value" in i for i in ids), ids
    assert markdown_blocks("a\nb\n\n```python\nx\n\ny\n```\nc") == [("a\nb", True), ("```python\nx\n\ny\n```", False),
                                                                    ("c", True)]


def test_every_lesson_has_a_catalogue_template_with_its_prose(tmp_path):
    for lesson in LESSONS:
        pot = NOTEBOOKS / "locale" / f"{lesson.name}.pot"
        assert pot.exists(), "run `python tools/build_lessons.py --extract`"
        with open(pot, "rb") as handle:
            ids = {m.id for m in read_po(handle) if m.id}
        source_nb = read_source(lesson.source)
        first_markdown = next(c for c in source_nb.cells if c.cell_type == "markdown")
        assert markdown_blocks(first_markdown.source)[0][0] in ids
        assert not any(i.startswith("import ") for i in ids)


def test_a_locale_edition_translates_prose_and_keeps_code():
    source_nb = read_source(FIXTURE_SOURCE)
    english = build_edition(source_nb, STUDENT, source_name="99_fixture")
    german = build_edition(source_nb, STUDENT, Translator.from_po(FIXTURE_PO, "de_DE"), source_name="99_fixture")
    assert german.metadata["tapekit"]["language"] == "de_DE"
    assert german.cells[0].source.startswith("# Testlektion\n\nEin Absatz mit `tk.constant` darin.")
    assert "x = 1  # fenced code stays as written" in german.cells[0].source
    assert german.cells[1].source == "import tapekit as tk\n\nx = tk.constant(2.0)  # eine Konstante"
    assert german.cells[2].source == "*nur tapekit: nicht in TensorFlow*\n\nDer Player zeichnet das Band."
    assert german.cells[3].source == '# nur tapekit: nicht in TensorFlow\nprint("only in tapekit")'
    assert german.cells[4].source.endswith("answer = ...  # DEINE ANTWORT: ersetze ... durch deinen Code")
    assert "raise NotImplementedError" in german.cells[5].source
    assert german.cells[7].cell_type == "markdown" and "einmal je Eingabesignatur" in german.cells[7].source
    for english_cell, german_cell in zip(english.cells, german.cells):
        assert english_cell.cell_type == german_cell.cell_type and english_cell.id == german_cell.id
        if english_cell.cell_type == "code":  # the same code; only # comments differ
            strip = [line.split("#")[0].rstrip() for line in english_cell.source.splitlines()]
            assert strip == [line.split("#")[0].rstrip() for line in german_cell.source.splitlines()]
    teacher = build_edition(source_nb, TEACHER, Translator.from_po(FIXTURE_PO, "de_DE"), source_name="99_fixture")
    assert "answer = x * 2" in teacher.cells[4].source


def _catalogue_without(tmp_path, change):
    with open(FIXTURE_PO, "rb") as handle:
        catalog = read_po(handle)
    change(catalog)
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog)
    path = tmp_path / "99_fixture.po"
    path.write_bytes(buffer.getvalue())
    return Translator.from_po(path, "de_DE")


def test_a_missing_or_fuzzy_message_fails_loudly(tmp_path):
    source_nb = read_source(FIXTURE_SOURCE)

    def drop(catalog):
        del catalog["The player draws the tape."]

    with pytest.raises(MissingTranslations, match="The player draws the tape") as raised:
        build_edition(source_nb, STUDENT, _catalogue_without(tmp_path, drop), source_name="99_fixture")
    assert raised.value.missing == ["The player draws the tape."]

    def fuzzy(catalog):
        catalog["a constant"].flags.add("fuzzy")

    with pytest.raises(MissingTranslations, match="a constant"):
        build_edition(source_nb, TEACHER, _catalogue_without(tmp_path, fuzzy), source_name="99_fixture")

    def translate_code(catalog):
        catalog["A paragraph with `tk.constant` in it."].string = "Ein Absatz mit `tk.konstante` darin."

    with pytest.raises(MissingTranslations, match="code spans differ"):
        build_edition(source_nb, STUDENT, _catalogue_without(tmp_path, translate_code), source_name="99_fixture")


def test_locale_editions_go_to_their_own_folder():
    lesson = LESSONS[0]
    assert locale_folder("zh_CN") == "zh-CN"
    assert edition_path(lesson, STUDENT, "zh_CN") == NOTEBOOKS / "zh-CN" / "01_tensors.ipynb"
    assert edition_path(lesson, TEACHER, "zh_CN") == NOTEBOOKS / "zh-CN" / "solutions" / "01_tensors.ipynb"


# ---- the language switch: a locale's edition makes tapekit speak its language -----------------

SWITCH = 'tk.config.set_language("zh-CN")'


def test_a_locale_tapekit_speaks_switches_its_language_right_after_the_import():
    source_nb = read_source(FIXTURE_SOURCE)
    assert LANGUAGE_SWITCH_NOTE in {m.id for m in lesson_catalog(source_nb, "99_fixture")}
    with open(FIXTURE_PO, "rb") as handle:
        catalog = read_po(handle)
    catalog.add(LANGUAGE_SWITCH_NOTE, "ab hier spricht tapekit diese Sprache")
    english = build_edition(source_nb, STUDENT, source_name="99_fixture")
    chinese = build_edition(source_nb, STUDENT, Translator(catalog, "zh_CN"), source_name="99_fixture")
    german = build_edition(source_nb, STUDENT, Translator(catalog, "de_DE"), source_name="99_fixture")
    assert len(german.cells) == len(english.cells), "tapekit has no German messages: no switch"
    assert len(chinese.cells) == len(english.cells) + 1
    switch = chinese.cells[2]
    assert chinese.cells[1].source.startswith("import tapekit as tk")
    assert switch.cell_type == "code" and tags_of(switch) == [TAPEKIT_ONLY] and switch.id == "cell-02-language"
    assert switch.source == f"# nur tapekit: nicht in TensorFlow\n# ab hier spricht tapekit diese Sprache\n{SWITCH}"
    assert [c.id for c in chinese.cells if c is not switch] == [c.id for c in english.cells]


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.name for lesson in LESSONS])
def test_chinese_editions_switch_tapekit_to_chinese_and_english_ones_do_not(lesson):
    for kind in KINDS:
        chinese = nbformat.read(edition_path(lesson, kind, "zh_CN"), as_version=4)
        switch = chinese.cells[import_cell(chinese) + 1]
        assert switch.source.endswith(SWITCH) and TAPEKIT_ONLY in tags_of(switch), switch.source
        assert switch.source.startswith("# ") and not switch.source.startswith(f"# {TAPEKIT_ONLY_LABEL}\n")
        assert not switch.outputs
        assert sum(SWITCH in c.source for c in chinese.cells) == 1
        assert not any("set_language" in c.source for c in edition(lesson, kind).cells)
