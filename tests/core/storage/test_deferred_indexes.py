"""A large import makes the plain indexes of its tables again at its end: inside the block
they are gone (the unique ones stay, refusing a clash row by row), after it, and after a
failure the transaction survives, they are back as they were; a small import, or one into
a library much larger than itself, keeps them."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from desktop.core.importing import storing
from desktop.core.library import Library
from desktop.core.storage import db, deferred_indexes


def _indexes(session: Session) -> dict[str, str | None]:
    rows = session.connection().exec_driver_sql(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' "
        "AND tbl_name IN ('paper', 'paperperson')"
    )
    return dict(rows.all())


def test_plain_indexes_are_gone_inside_the_block_and_back_after_it(tmp_path: Path) -> None:
    with Library.open(f"sqlite:///{tmp_path / 'library.sqlite'}") as library:
        _check_indexes_come_back(library)


def _check_indexes_come_back(library: Library) -> None:
    with db.write_session(library.engine) as session:
        before = _indexes(session)
        with deferred_indexes.made_after(session, ["paper", "paperperson"]):
            inside = _indexes(session)
        assert _indexes(session) == before
        with pytest.raises(RuntimeError), deferred_indexes.made_after(session, ["paper"]):
            raise RuntimeError("an import failing")
        assert _indexes(session) == before
    # Gone: the DOI's and the people's lookups; kept: the keys and the unique citation key.
    assert {"ix_paper_doi", "ix_paper_year", "ix_paperperson_person_id"} <= before.keys()
    assert not {"ix_paper_doi", "ix_paper_year", "ix_paperperson_person_id"} & inside.keys()
    assert all(before[name] is None for name in inside)  # a key's or a UNIQUE constraint's own
    assert "sqlite_autoindex_paper_1" in inside  # the citation key's


def test_a_clash_is_still_refused_inside_the_block(tmp_path: Path) -> None:
    insert = "INSERT INTO person (given, family, von, jr, match_key) VALUES ('', 'A', '', '', 'a')"
    with (
        Library.open(f"sqlite:///{tmp_path / 'library.sqlite'}") as library,
        db.write_session(library.engine) as session,
        deferred_indexes.made_after(session, ["person"]),
    ):
        session.connection().exec_driver_sql(insert)
        with pytest.raises(IntegrityError):
            session.connection().exec_driver_sql(insert)


def _bib(count: int, start: int = 0) -> str:
    return "".join(
        f"@misc{{k{n}, title = {{Paper {n}}}, author = {{Family{n}, Given}},"
        f" doi = {{10.1000/{n}}}}}\n"
        for n in range(start, start + count)
    )


def test_only_a_large_import_into_a_smaller_library_makes_them_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made_again: list[list[str]] = []
    make = deferred_indexes._make

    def noted(connection: object, indexes: list[tuple[str, str]]) -> None:
        made_again.append([name for name, _sql in indexes])
        make(connection, indexes)  # type: ignore[arg-type]

    monkeypatch.setattr(deferred_indexes, "_make", noted)
    monkeypatch.setattr(storing, "LARGE_IMPORT", 20)
    files = {}
    for name, text in [("a", _bib(30)), ("b", _bib(10, 30)), ("c", _bib(30, 40))]:
        files[name] = tmp_path / f"{name}.bib"
        files[name].write_text(text, encoding="utf-8")
    with Library.open(f"sqlite:///{tmp_path / 'library.sqlite'}") as library:
        library.import_file(files["a"])  # 30 into an empty library: made again
        assert made_again == [["ix_paperperson_person_id"]]
        library.import_file(files["b"])  # 10: too few
        library.import_file(files["c"])  # 30 into 40: more than half as many are held
        assert len(made_again) == 1
        assert library.count() == 70
        assert library.paper_by_citekey("k55").paper.doi == "10.1000/55"
