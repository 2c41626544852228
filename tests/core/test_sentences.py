"""A core sentence is the English it always was (`str()`, the command line, these tests)
and keeps its template and values for a window in another language; every sentence the
core raises or reports is made so."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from desktop.core import sentences
from desktop.core.errors import ConflictError, InvalidInputError, KnownError
from desktop.core.formats.record import Record
from desktop.core.library import Library
from desktop.core.sentences import Sentence, sentence

CORE = Path(__file__).resolve().parents[2] / "desktop" / "core"


def test_a_sentence_is_its_english_and_keeps_its_template_and_values() -> None:
    made = sentence("The year {year} is not a year; write it as, e.g., 2019.", year=repr("20x1"))
    assert made == "The year '20x1' is not a year; write it as, e.g., 2019."
    assert str(made) == made and type(str(made)) is str
    assert made.template == "The year {year} is not a year; write it as, e.g., 2019."
    assert made.values == {"year": "'20x1'"}
    # Values are formatted as an f-string would; a sentence inside stays a sentence.
    inner = sentence("the DOI {identifier}", identifier="10.1/x")
    outer = sentence("{what} at {count}", what=inner, count=3)
    assert outer == "the DOI 10.1/x at 3" and outer.values["count"] == "3"
    assert isinstance(outer.values["what"], Sentence)


def test_a_template_takes_named_values_and_nothing_else() -> None:
    with pytest.raises(ValueError, match="needs exactly the values"):
        sentence("There is no tag called “{name}”.")
    with pytest.raises(ValueError, match="needs exactly the values"):
        sentence("Nothing to fill.", name="x")
    with pytest.raises(ValueError, match="needs exactly the values"):
        sentence("{count:,} papers", count=3)  # formatted before: count=f"{count:,}"
    assert sentences.placeholders("'@type{{key,' {name}") == {"name"}
    assert sentences.placeholders("{0}") is None
    assert sentences.placeholders("{name!r}") is None
    assert sentences.placeholders("a { b") is None


def test_a_real_error_says_what_it_said_and_keeps_its_parts(library: Library) -> None:
    library.create_list("To read")
    later = library.create_list("Later")
    with pytest.raises(ConflictError) as taken:
        library.rename_list(later.id or 0, "To read")
    assert str(taken.value) == "A reading list called “To read” already exists."
    told = taken.value.sentence
    assert isinstance(told, Sentence)
    assert (told.template, told.values) == (
        "A reading list called “{name}” already exists.",
        {"name": "To read"},
    )
    paper = library.add_paper(Record(title="A paper")).paper
    with pytest.raises(InvalidInputError) as refused:
        library.update_paper(paper.id, expected_version=None, year="20x1")
    assert str(refused.value) == "The year '20x1' is not a year; write it as, e.g., 2019."
    assert isinstance(refused.value.sentence, Sentence)


def test_an_error_made_of_plain_text_is_still_told() -> None:
    assert KnownError("Plain.").sentence == "Plain."
    assert not isinstance(KnownError("Plain.").sentence, Sentence)


def test_a_sentence_crosses_processes_whole() -> None:
    made = sentence("{what} could not be read.", what=sentence("This @{type} block", type="string"))
    again = pickle.loads(pickle.dumps(InvalidInputError(made)))
    assert again.sentence == made and again.sentence.template == made.template
    assert isinstance(again.sentence.values["what"], Sentence)


def test_a_kept_sentence_comes_back_from_its_json() -> None:
    made = sentence("In entry '{key}': {message}", key="a", message=sentence("No entry was found."))
    kept = sentences.as_json(made)
    back = sentences.from_json(kept, str(made))
    assert isinstance(back, Sentence) and back == made
    assert isinstance(back.values["message"], Sentence)
    assert sentences.as_json("plain text") == ""
    # Nothing kept, something broken, or parts that no longer make the English: as written.
    for broken in ("", "{", '{"template": "{a}", "values": {}}', kept.replace("'{key}'", "{key}")):
        assert type(sentences.from_json(broken, str(made))) is str


def test_a_stored_import_problem_keeps_its_sentence(library: Library, tmp_path: Path) -> None:
    bib = tmp_path / "broken.bib"
    bib.write_text("@article{a, title={Fine}, year={20x1}}\n@article{b title={Broken}}\n")
    library.import_files([bib])
    kept = {problem.message: problem for problem in library.import_problems()}
    year = kept["In entry 'a': The year '20x1' is not a number; it was kept as written."]
    assert isinstance(year.message, Sentence)
    assert year.message.template == "In entry '{key}': {message}"
    assert isinstance(year.message.values["message"], Sentence)
    assert all(isinstance(problem.message, Sentence) for problem in kept.values())


# --- Every sentence of the core is made with `sentence` ------------------------------------


def _known_error_names() -> set[str]:
    """The names of the core's errors the user is shown: KnownError and its subclasses."""
    names = {"KnownError"}
    classes = [
        node
        for path in CORE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    ]
    grew = True
    while grew:
        before = len(names)
        for node in classes:
            bases = {ast.unparse(base).split(".")[-1] for base in node.bases}
            if bases & names:
                names.add(node.name)
        grew = len(names) > before
    return names


def _calls(name_of: set[str]) -> list[tuple[str, ast.Call]]:
    found = []
    for path in sorted(CORE.rglob("*.py")):
        where = path.relative_to(CORE.parent.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] in name_of:
                found.append((f"{where}:{node.lineno}", node))
    return found


def test_no_known_error_of_the_core_is_raised_with_plain_english() -> None:
    errors = _known_error_names()
    assert {"NotFoundError", "PdfError", "BadResponseError", "ImportCancelled"} <= errors
    plain = [
        where
        for where, call in _calls(errors)
        if call.args and isinstance(call.args[0], ast.JoinedStr | ast.Constant | ast.BinOp)
    ]
    assert plain == [], "make the sentence with sentences.sentence(template, name=value)"


def test_every_sentence_has_a_literal_template_with_exactly_its_values() -> None:
    wrong = []
    calls = _calls({"sentence"})
    assert len(calls) > 150
    for where, call in calls:
        template = call.args[0] if len(call.args) == 1 else None
        if not (isinstance(template, ast.Constant) and isinstance(template.value, str)):
            wrong.append(f"{where}: the template must be one literal string (it is extracted)")
            continue
        given = {keyword.arg for keyword in call.keywords}
        if sentences.placeholders(template.value) != given:
            wrong.append(f"{where}: {template.value!r} is not given exactly {sorted(given)}")
    assert wrong == []
