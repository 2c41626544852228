"""A reading list made from a LaTeX document's .aux: citation order, missing keys named."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.core.errors import ConflictError, InvalidInputError
from desktop.core.formats.record import Record
from desktop.core.library import Library


def _add(library: Library, *keys: str) -> dict[str, int]:
    ids = library.add_records([Record(citekey=key, title=f"On {key}") for key in keys])
    return dict(zip(keys, ids, strict=True))


def test_the_list_holds_the_cited_papers_in_citation_order(
    library: Library, tmp_path: Path
) -> None:
    ids = _add(library, "lecun2015", "vaswani2017", "Knuth1984")
    (tmp_path / "chapter1.aux").write_text("\\citation{knuth1984}\n\\citation{ghost2}\n")
    aux = tmp_path / "paper.aux"
    aux.write_text(
        "\\relax\n\\citation{vaswani2017,ghost1}\n\\citation{lecun2015}\n"
        "\\@input{chapter1.aux}\n\\@input{appendix.aux}\n\\citation{vaswani2017}\n"
    )
    made = library.list_from_aux(aux, name="Thesis citations")
    expected = [ids["vaswani2017"], ids["lecun2015"], ids["Knuth1984"]]
    assert list(made.paper_ids) == expected
    assert made.missing_keys == ("ghost1", "ghost2")  # named, never silently dropped
    assert [item.paper.id for item in library.list_items("Thesis citations")] == expected
    assert made.reading_list.name == "Thesis citations"


def test_papers_in_the_trash_are_missing(library: Library, tmp_path: Path) -> None:
    ids = _add(library, "gone2020")
    library.delete_papers([ids["gone2020"]])
    aux = tmp_path / "paper.aux"
    aux.write_text("\\abx@aux@cite{0}{gone2020}\n")
    made = library.list_from_aux(aux, name="Cited")
    assert made.paper_ids == () and made.missing_keys == ("gone2020",)


def test_bad_input_is_a_sentence(library: Library, tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="could not read"):
        library.list_from_aux(tmp_path / "absent.aux", name="X")
    empty = tmp_path / "empty.aux"
    empty.write_text("\\relax\n")
    with pytest.raises(InvalidInputError, match="cites nothing"):
        library.list_from_aux(empty, name="X")
    library.create_list("Taken")
    cites = tmp_path / "cites.aux"
    cites.write_text("\\citation{a}\n")
    with pytest.raises(ConflictError):
        library.list_from_aux(cites, name="Taken")
    assert [rl.name for rl, _ in library.lists()] == ["Taken"]
