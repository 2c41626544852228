"""The paper table model: ids from SQL, rows fetched lazily by page, drops reorder lists."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from desktop.core.api import SORT_COLUMNS
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.views import View
from desktop.ui.models import paper_mime
from desktop.ui.models.paper_table_model import PAGE_SIZE, PaperTableModel


def _column(name: str) -> int:
    return SORT_COLUMNS.index(name)


def _titles(model: PaperTableModel) -> list[str]:
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def test_model_passes_the_qt_model_tester(
    small_library: Library, qtmodeltester: ModelTester
) -> None:
    model = PaperTableModel(small_library)
    model.show_view(View())
    qtmodeltester.check(model, force_py=True)
    model.sort(_column("year"), Qt.SortOrder.DescendingOrder)
    model.show_view(View("trash"))
    qtmodeltester.check(model, force_py=True)


def test_rows_show_what_the_spec_asks(small_library: Library) -> None:
    model = PaperTableModel(small_library)
    model.sort(_column("year"))
    assert model.rowCount() == 5
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Title"
    first = [model.index(0, c).data() for c in range(model.columnCount())]
    # Oldest first: Hochreiter's 1997 paper, one author shown by family name, no venue date.
    assert first[:5] == [
        "Long Short-Term Memory",
        "Hochreiter",
        "1997",
        "Neural Computation",
        "Unread",
    ]
    assert first[5] == ""  # no priority
    untitled = model.index(model.rowCount() - 1, 0)  # 2024, the untitled one
    assert untitled.data() == "We study tokamaks with a new kind of magnet."
    font = untitled.data(Qt.ItemDataRole.FontRole)
    assert isinstance(font, QFont) and font.italic()
    assert model.index(0, 0).data(Qt.ItemDataRole.FontRole) is None


def test_header_click_sorts_in_sql_and_keeps_the_selection_on_its_paper(
    small_library: Library,
) -> None:
    model = PaperTableModel(small_library)
    model.sort(_column("year"))
    assert _titles(model)[0] == "Long Short-Term Memory"
    model.sort(_column("title"), Qt.SortOrder.AscendingOrder)
    # The untitled paper sorts first (its title is empty), then alphabetically.
    assert _titles(model)[:3] == [
        "We study tokamaks with a new kind of magnet.",
        "Attention Is All You Need",
        "Deep Residual Learning",
    ]
    kept = QPersistentModelIndex(model.index(1, 0))  # "Attention…"
    model.sort(_column("year"), Qt.SortOrder.DescendingOrder)
    assert kept.isValid() and kept.data() == "Attention Is All You Need"
    assert kept.row() == _titles(model).index("Attention Is All You Need")


def test_rows_are_fetched_a_page_at_a_time(
    ui_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    ui_library.add_records(
        [Record(title=f"Paper {n:04}", authors=[Person(family="X")]) for n in range(250)]
    )
    asked: list[int] = []
    real_rows = ui_library.rows

    def counting_rows(ids: list[int]) -> Any:
        asked.append(len(ids))
        return real_rows(ids)

    monkeypatch.setattr(ui_library, "rows", counting_rows)
    model = PaperTableModel(ui_library)
    model.sort(_column("title"))
    assert asked == []  # building the model reads ids only
    assert model.index(0, 0).data() == "Paper 0000"
    assert model.index(1, 1).data() == "X"
    assert asked == [PAGE_SIZE]
    assert model.index(249, 0).data() == "Paper 0249"
    assert asked == [PAGE_SIZE, 250 % PAGE_SIZE or PAGE_SIZE]  # the last page only


def test_dropping_rows_inside_a_list_asks_for_the_new_order(
    small_library: Library, qtbot: QtBot
) -> None:
    ids = small_library.view_ids(sort="added")
    list_id = small_library.reading_list("To read").id
    assert list_id is not None
    small_library.add_to_list(list_id, ids[:3])
    model = PaperTableModel(small_library)
    model.show_view(View("list", list_id))
    assert model.paper_ids() == ids[:3]
    data = model.mimeData([model.index(2, 0)])
    assert paper_mime.decode(data) == [ids[2]]
    with qtbot.waitSignal(model.reorder_requested) as signal:
        assert model.canDropMimeData(data, Qt.DropAction.MoveAction, 0, 0, QModelIndex())
        model.dropMimeData(data, Qt.DropAction.MoveAction, 0, 0, QModelIndex())
    assert signal.args == [list_id, [ids[2], ids[0], ids[1]]]
    # Sorted by a column, the list's order cannot be changed by dragging.
    model.sort(_column("title"))
    assert not model.canDropMimeData(data, Qt.DropAction.MoveAction, 0, 0, QModelIndex())


def test_search_hits_narrow_the_view_best_first(small_library: Library) -> None:
    model = PaperTableModel(small_library)
    ids = small_library.view_ids(sort="added")
    model.show_hits([ids[3], ids[0]])
    assert model.paper_ids() == [ids[3], ids[0]]
    model.sort(_column("year"))  # sorting hits by a column keeps only the hits
    assert model.paper_ids() == [ids[3], ids[0]]  # 2016 before 2020
    model.show_hits(None)
    assert model.rowCount() == 5


def test_mime_payload_refuses_what_is_not_paper_ids() -> None:
    from PySide6.QtCore import QMimeData

    junk = QMimeData()
    junk.setData(paper_mime.MIME_TYPE, b"{not json")
    assert paper_mime.decode(junk) == []
    junk.setData(paper_mime.MIME_TYPE, b'[1, "2", true, 3]')
    assert paper_mime.decode(junk) == [1, 3]
    assert paper_mime.decode(QMimeData()) == []


def test_cells_have_the_table_models_own_flags_and_can_be_dragged(
    small_library: Library,
) -> None:
    """The cell flags are a constant (Qt asks for them per selected cell); they must be
    what QAbstractTableModel gives a cell, plus dragging."""
    model = PaperTableModel(small_library)
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            expected = QAbstractTableModel.flags(model, index) | Qt.ItemFlag.ItemIsDragEnabled
            assert model.flags(index) == expected
    assert not model.flags(QModelIndex()) & Qt.ItemFlag.ItemIsDragEnabled


def test_the_files_column_shows_a_paperclip_and_the_count(
    small_library: Library, tmp_path: Any
) -> None:
    pdf = tmp_path / "a.pdf"
    pdf.write_bytes(b"%PDF-1.4\n")
    model = PaperTableModel(small_library)
    model.sort(_column("year"))  # Hochreiter's 1997 paper first
    small_library.attach_file(model.paper_id(0), pdf, link=True)
    small_library.attach(model.paper_id(0), str(pdf))
    model.reload()
    files = _column("files")
    assert model.headerData(files, Qt.Orientation.Horizontal) == "Files"
    cell = model.index(0, files)
    assert cell.data() == "2"
    assert not cell.data(Qt.ItemDataRole.DecorationRole).isNull()
    assert cell.data(Qt.ItemDataRole.ToolTipRole) == "2 files attached"
    assert model.index(1, files).data() == ""
    assert model.index(1, files).data(Qt.ItemDataRole.DecorationRole) is None
    model.sort(files, Qt.SortOrder.DescendingOrder)  # asks the library (SQL)
    assert _titles(model)[0] == "Long Short-Term Memory"
    assert model.paper_ids() == small_library.view_ids(sort="files", descending=True)
