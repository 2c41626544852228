"""`upgrade head` builds exactly the models' schema; downgrade and upgrade again both work."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from outside_writer import expected_rows, full_text_rows, queued, writing
from pdf_maker import write_pdf
from sqlalchemy import inspect, text

from desktop.core.errors import DatabaseError
from desktop.core.exporting import kept_entries
from desktop.core.formats.record import Record
from desktop.core.library import Library
from desktop.core.sentences import Sentence
from desktop.core.storage import backup, db, schema
from desktop.core.storage.models import metadata


def _schema_diff(url: str) -> list[object]:
    engine = db.make_engine(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(
                connection, opts={"compare_type": True, "include_name": schema.include_name}
            )
            return list(compare_metadata(context, metadata))
    finally:
        engine.dispose()


def test_upgrade_head_gives_exactly_the_models_schema(db_url: str) -> None:
    engine = db.make_engine(db_url)
    schema.upgrade(engine)
    assert schema.current_revision(engine) == schema.head_revision()
    engine.dispose()
    assert _schema_diff(db_url) == []


def test_downgrade_to_base_and_back(db_url: str) -> None:
    engine = db.make_engine(db_url)
    schema.upgrade(engine)
    schema.downgrade(engine, "base")
    assert schema.current_revision(engine) is None
    tables = set(inspect(engine).get_table_names())
    assert tables <= {"alembic_version"}
    schema.upgrade(engine)
    engine.dispose()
    assert _schema_diff(db_url) == []


def test_opening_an_old_sqlite_library_backs_it_up_first(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    with Library.open(url) as library:
        paper = library.add_paper(Record(title="Kept", abstract="About tokamaks."))
    engine = db.make_engine(url)
    schema.downgrade(engine, "0002")  # a library an older Papershelf left, with a paper in it
    engine.dispose()
    with Library.open(url) as library:
        assert schema.current_revision(library.engine) == schema.head_revision()
        assert library.paper(paper.id).paper.title == "Kept"  # the upgrade kept the data
        assert [h.paper_id for h in library.search("tokamaks")] == [paper.id]
        library.add_note(paper.id, "the revision counter works again")
    made = list(backup.backups_dir(tmp_path / "library.sqlite").glob("*before-upgrade.sqlite"))
    assert len(made) == 1
    with sqlite3.connect(made[0]) as copy:
        assert copy.execute("SELECT title FROM paper").fetchall() == [("Kept",)]
        assert copy.execute("SELECT version_num FROM alembic_version").fetchall() == [("0002",)]
    # Opening an up-to-date library makes no further backup.
    Library.open(url).close()
    assert len(list(backup.backups_dir(tmp_path / "library.sqlite").glob("*.sqlite"))) == 1


def test_only_the_last_five_automatic_backups_are_kept(tmp_path: Path) -> None:
    source, neighbour = tmp_path / "lib.sqlite", tmp_path / "lib-work.sqlite"
    for path in (source, neighbour):
        sqlite3.connect(path).close()
    folder = backup.backups_dir(source)
    folder.mkdir()
    mine = folder / "lib-notes.sqlite"  # a file the user put there
    mine.write_bytes(b"")
    theirs = [backup.automatic(neighbour, reason="before-upgrade") for _ in range(3)]
    made = [backup.automatic(source, reason="before-upgrade") for _ in range(7)]
    kept = set(folder.glob("*.sqlite"))
    assert set(made[-5:]) <= kept and not set(made[:2]) & kept
    assert set(theirs) <= kept and mine in kept  # nobody else's files were touched


def test_a_library_from_a_newer_papershelf_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    Library.open(url).close()
    with sqlite3.connect(tmp_path / "library.sqlite") as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'ffff_future'")
    with pytest.raises(DatabaseError, match="newer Papershelf"):
        Library.open(url)


def test_the_version_columns_keep_the_notes_full_text_index_in_step(db_url: str) -> None:
    """Migration 0008 must not rebuild `note` on SQLite: a rebuilt table loses its triggers,
    and notes written afterwards would never be found."""
    with Library.open(db_url) as library:
        paper_id = library.add_paper(Record(title="Kept")).id
        library.add_note(paper_id, "before the upgrade: stellarator")
    engine = db.make_engine(db_url)
    schema.downgrade(engine, "0007")  # before the version columns
    engine.dispose()
    with Library.open(db_url) as library:
        note = library.add_note(paper_id, "after the upgrade: tokamak")
        assert note.version == 1
        found = library.search("note:tokamak")
        assert [hit.paper_id for hit in found] == [paper_id]
        library.edit_note(note.id, "edited: heliotron", expected_version=1)
        assert [hit.paper_id for hit in library.search("note:heliotron")] == [paper_id]
        assert [hit.paper_id for hit in library.search("note:stellarator")] == [paper_id]


def test_keywords_survive_an_upgrade_and_a_downgrade(db_url: str) -> None:
    """0013: tags made from keywords before stay tags; going back, keywords become tags."""
    with Library.open(db_url) as library:
        old = library.add_paper(Record(title="Tagged before")).id
        library.tag_papers("sea urchins", [old])
    engine = db.make_engine(db_url)
    schema.downgrade(engine, "0009")  # a library from before keywords were kept apart
    schema.upgrade(engine)
    engine.dispose()
    with Library.open(db_url) as library:
        assert [t.name for t in library.paper(old).tags] == ["sea urchins"]  # nothing lost
        assert library.paper(old).paper.keywords == []
        new = library.add_paper(
            Record(title="Kept apart", keywords=["Kuril Islands", "sea urchins"])
        )
        assert [h.paper_id for h in library.search("keyword:kuril")] == [new.id]
    engine = db.make_engine(db_url)
    schema.downgrade(engine, "0009")  # an older Papershelf keeps keywords as tags only
    engine.dispose()
    with Library.open(db_url) as library:  # upgraded again: the tags are what is left
        assert sorted(t.name for t in library.paper(new.id).tags) == [
            "Kuril Islands",
            "sea urchins",
        ]
        assert [t.name for t in library.paper(old).tags] == ["sea urchins"]
        assert [(t.name, n) for t, n in library.tags()] == [
            ("Kuril Islands", 1),
            ("sea urchins", 2),
        ]


def _with_full_text(url: str, tmp_path: Path) -> int:
    """A library with abstracts, notes and a page of a file to index, CJK among them."""
    with Library.open(url) as library:
        paper = library.add_paper(Record(title="旧论文", abstract="複雜環境下的路徑規劃")).id
        library.add_paper(Record(title="English", abstract="Plasma confinement in tokamaks"))
        library.add_note(paper, "笔记：托卡马克")
        library.add_note(paper, "a second note")
        pdf = write_pdf(tmp_path / "a.pdf", [[(18, "A Title"), (10, "stellarator")]])
        library.attach_file(paper, pdf, link=True)
        library.read_file_texts()
    return paper


def _triggers(path: Path) -> list[str]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT sql FROM sqlite_master WHERE type = 'trigger'")
        return [sql for (sql,) in rows]


def test_0015_keeps_the_full_text_exact_and_lets_other_programs_write(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite"
    url = f"sqlite:///{path}"
    paper = _with_full_text(url, tmp_path)
    engine = db.make_engine(url)
    schema.downgrade(engine, "0014")  # as an older Papershelf left it
    engine.dispose()
    before = full_text_rows(path)
    assert before == expected_rows(path) and before["fts_filepage"]
    with pytest.raises(sqlite3.OperationalError, match="no such function"), writing(url) as run:
        run("UPDATE paper SET abstract = ? WHERE id = ?", "新的摘要", paper)
    with Library.open(url):
        pass  # migrated on opening
    assert full_text_rows(path) == before
    assert not [sql for sql in _triggers(path) if "papershelf_fulltext" in sql]
    with writing(url) as run:
        run("UPDATE paper SET abstract = ? WHERE id = ?", "新的摘要", paper)
        run("UPDATE note SET body = ? WHERE paper_id = ?", "改过的笔记", paper)
        run("UPDATE filepage SET text = ?", "heliotron")
    with Library.open(url) as library:
        assert [h.paper_id for h in library.search("abstract:摘要")] == [paper]
        assert [h.paper_id for h in library.search("note:笔记")] == [paper]
        assert [h.paper_id for h in library.search("fulltext:heliotron")] == [paper]
        assert library.search("stellarator") == library.search("路径规划") == []
    assert full_text_rows(path) == expected_rows(path)


def test_going_back_before_0015_indexes_what_other_programs_queued(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite"
    url = f"sqlite:///{path}"
    paper = _with_full_text(url, tmp_path)
    with writing(url) as run:
        run("UPDATE paper SET abstract = ? WHERE id = ?", "新的摘要", paper)
        run("DELETE FROM note WHERE body = ?", "a second note")
        run("UPDATE filepage SET text = ?", "heliotron")
    assert queued(path)
    engine = db.make_engine(url)
    schema.downgrade(engine, "0014")
    assert "fts_pending" not in inspect(engine).get_table_names()
    engine.dispose()
    assert full_text_rows(path) == expected_rows(path)
    assert [sql for sql in _triggers(path) if "papershelf_fulltext" in sql]
    with Library.open(url) as library:  # and up again
        assert [h.paper_id for h in library.search("abstract:摘要")] == [paper]
        assert [h.paper_id for h in library.search("fulltext:heliotron")] == [paper]


def _a_file_unread_and_a_sync_stopped(library: Library, tmp_path: Path) -> tuple[int, int]:
    """A paper with a readable PDF and a broken one (its text cannot be searched), in a
    list whose synced file someone else edited (syncing it stopped): (paper, broken file)."""
    paper = library.add_paper(Record(title="Kept", citekey="kept2020")).id
    good = write_pdf(tmp_path / "good.pdf", [[(18, "A Title"), (10, "stellarator")]])
    library.attach_file(paper, good, link=True)
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4 and then nothing a reader understands")
    unread = library.attach_file(paper, broken, link=True).attachment.id
    library.read_file_texts()
    library.create_list("Mine")
    bib = tmp_path / "mine.bib"
    library.add_synced_file("Mine", bib)
    bib.write_text("% edited by hand\n")
    library.add_to_list("Mine", [paper])
    assert library.take_sync_reports()
    return paper, unread


def test_0017_keeps_the_reasons_sentences_and_older_reasons_as_written(
    db_url: str, tmp_path: Path
) -> None:
    with Library.open(db_url) as library:
        paper, unread = _a_file_unread_and_a_sync_stopped(library, tmp_path)
        why = library.attached_file(unread).attachment.text_problem
        stopped = library.synced_files()[0].paused
        # Kept with their parts: a window in another language can translate them.
        assert isinstance(why, Sentence) and isinstance(stopped, Sentence)
        assert "could not be read" in why and "changed outside Papershelf" in stopped
    engine = db.make_engine(db_url)
    schema.downgrade(engine, "0016")  # as an older Papershelf left it
    engine.dispose()
    with Library.open(db_url) as library:  # migrated on opening
        # Nothing was lost going down and up: the pages read, both reasons' English.
        assert [h.paper_id for h in library.search("fulltext:stellarator")] == [paper]
        older = library.attached_file(unread).attachment.text_problem
        assert older == why and type(older) is str  # shown as it was written
        assert library.paper(paper).attachments[1].text_problem == why
        [synced] = library.synced_files()
        assert synced.paused == stopped and type(synced.paused) is str
        assert library.files_to_read() == 0  # not read again for want of its parts


_SPELLINGS = r"""
@article{first, title = {One}, author = {Levine, Sergey and M{\"u}ller, Karl and Preyss, Anna}}
@article{caps, title = {Two}, author = {LEVINE, SERGEY and Müller, Karl}}
@article{lower, title = {Three}, author = {levine, sergey and MU_LLER, Karl and Preyß, Anna}}
@article{braced, title = {Four}, author = {Sergey   Levine and {M{\"u}LLER}, Karl}}
""".replace("MU_LLER", "Mu\u0308ller")


def test_0020_gives_back_each_papers_own_spelling_lost_before_0019(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "spellings.bib"
    source.write_text(_SPELLINGS, encoding="utf-8")
    with Library.open(db_url) as library:
        first, caps, lower, braced = library.import_file(source).paper_ids
        written = {paper_id: library.export([paper_id], "bibtex") for paper_id in (caps, lower)}
        assert "LEVINE, SERGEY" in written[caps] and "levine, sergey" in written[lower]
        assert 'M{\\"u}LLER' in library.export([braced], "bibtex")
    engine = db.make_engine(db_url)
    schema.downgrade(engine, "0018")  # a library an older Papershelf left: one spelling each
    if engine.dialect.name == "sqlite":
        with engine.begin() as connection:  # what that Papershelf kept: not these spellings
            connection.execute(text("UPDATE exportentry SET body = 'kept before'"))
    engine.dispose()
    with Library.open(db_url) as library:  # migrated on opening
        # Each paper's own spelling is back, code point for code point, and the entries
        # kept of the papers whose people changed are forgotten (migration 0014's trigger).
        assert {paper_id: library.export([paper_id], "bibtex") for paper_id in written} == written
        assert [(p.given, p.family) for p in library.paper(lower).authors] == [
            ("sergey", "levine"),
            ("Karl", "Mu\u0308ller"),
            ("Anna", "Preyß"),
        ]
        if library.engine.dialect.name == "sqlite":  # the others' kept entries are untouched
            assert "kept before" in library.export([first, braced], "bibtex")
        monkeypatch.setattr(kept_entries, "FORMATS", ())  # written afresh from here
        assert 'author = {Levine, Sergey and M{\\"u}ller, Karl and Preyss, Anna}' in (
            library.export([first], "bibtex")
        )
        # A name with LaTeX markup in it is not recovered: the stored spelling stays.
        assert 'author = {Levine, Sergey and M{\\"u}ller, Karl}' in (
            library.export([braced], "bibtex")
        )
