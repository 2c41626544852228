"""An import into a library whose search index was not built yet builds it in the
background, so that the first keystroke after it does not read the whole library."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from desktop.ui.window.main_window import MainWindow

BIB = "@article{one, title = {Sea urchins of the Kuril Islands}, year = 2019}\n"


def test_the_index_is_built_after_an_import_before_anyone_types(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    library = window.library
    assert not library.search_index_built()  # the window has not searched yet
    path = tmp_path / "one.bib"
    path.write_text(BIB, encoding="utf-8")
    with qtbot.waitSignal(window.transfers.import_flow.finished, timeout=10_000):
        window.transfers.import_files([str(path)])
    qtbot.waitUntil(library.search_index_built, timeout=10_000)
    assert [hit.paper_id for hit in library.search("urchins")] != []
