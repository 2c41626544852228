"""The window's files: PDFs dropped on a paper are attached to it (elsewhere on the table
they become papers), their text is read in the background with its progress in the status
bar, the reader opens beside the notes, and a watched folder brings new PDFs in."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QAction, QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QFileDialog, QMenu, QMenuBar, QStatusBar, QTableView

from desktop.core.errors import KnownError
from desktop.ui import core_sentences, file_dialogs, prompts, undo_commands
from desktop.ui.background.file_texts import FileTextReader
from desktop.ui.background.folder_watch import FolderWatch
from desktop.ui.background.library_events import LibraryEvents
from desktop.ui.dialogs.pdf_reader import PdfReader
from desktop.ui.widgets.detail_pane import DetailPane
from desktop.ui.widgets.file_text_status import FileTextStatus
from desktop.ui.window.context import WindowContext
from desktop.ui.window.transfers import Transfers


class WindowFiles(QObject):
    """Files for the window: drops, background text reading, the reader, a watched folder."""

    def __init__(
        self,
        context: WindowContext,
        *,
        table: QTableView,
        detail: DetailPane,
        events: LibraryEvents,
        transfers: Transfers,
        status_bar: QStatusBar,
    ) -> None:
        super().__init__(context.widget())
        self._context = context
        self._library = context.library
        self._table = table
        self._transfers = transfers
        self.readers: list[PdfReader] = []
        self.text_reader = FileTextReader(self._library, self)
        events.changed.connect(self.text_reader.on_change)
        self.status = FileTextStatus(self.text_reader, status_bar)
        status_bar.addPermanentWidget(self.status)
        self.text_reader.finished.connect(self._on_texts_read)
        table.viewport().installEventFilter(self)
        detail.read_requested.connect(self.open_reader)
        self.watch = FolderWatch(context.settings, self, skipped=self._own_folders)
        self.watch.pdfs_found.connect(self._on_pdfs_found)
        window = context.widget()
        self.watch_action = QAction(
            QCoreApplication.translate("WindowFiles", "Watch a Folder for PDFs…"), window
        )
        self.watch_action.triggered.connect(self.choose_watched_folder)
        self.files_folder_action = QAction(
            QCoreApplication.translate("WindowFiles", "Files Folder…"), window
        )
        self.files_folder_action.triggered.connect(self.choose_files_folder)
        self.read_now_action = QAction(
            QCoreApplication.translate("WindowFiles", "Read the Text of PDFs Now"), window
        )
        self.read_now_action.triggered.connect(lambda: self.text_reader.request(None))
        self.text_reader.start()

    def add_menu(self, bar: QMenuBar) -> QMenu:
        """The Attachments menu, before the menu bar's last menu (Help)."""
        menu = QMenu(QCoreApplication.translate("WindowFiles", "&Attachments"), bar)
        menu.addActions([self.files_folder_action, self.watch_action, self.read_now_action])
        actions = bar.actions()
        if actions:
            bar.insertMenu(actions[-1], menu)
        else:
            bar.addMenu(menu)
        return menu

    def stop(self, seconds: float) -> None:
        """The window is closing: no more reading in the background."""
        self.text_reader.stop(seconds)

    # -- dropping files on the table -----------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            assert isinstance(event, QDragEnterEvent | QDragMoveEvent)
            if _local_files(event):
                event.acceptProposedAction()
                return True
        elif event.type() == QEvent.Type.Drop:
            assert isinstance(event, QDropEvent)
            files = _local_files(event)
            if files:
                event.acceptProposedAction()
                self.drop_files(files, self._table.indexAt(event.position().toPoint()).row())
                return True
        return super().eventFilter(watched, event)

    def drop_files(self, files: list[Path], row: int) -> None:
        """Files dropped on the table: on a paper's row they are attached to it (copied);
        elsewhere they are imported (a PDF becomes a paper). A folder is imported wherever
        it lands: its PDFs are many papers, not one paper's files."""
        model = self._table.model()
        if model is None or not 0 <= row < model.rowCount() or any(f.is_dir() for f in files):
            self._transfers.import_files([str(f) for f in files])
            return
        paper_id = model.paper_id(row)  # type: ignore[attr-defined]
        command = undo_commands.AttachCommand(self._library, paper_id, files=files)
        count = len(files)

        def attached() -> None:
            self._context.show_status(
                QCoreApplication.translate(
                    "WindowFiles", "Attached %n file(s) to the paper.", "", count
                ),
                5000,
            )

        self._context.history.perform(command, on_done=attached)

    # -- reading text, the reader --------------------------------------------------------

    def _on_texts_read(self, report: object) -> None:
        problems = getattr(report, "problems", [])
        if problems:
            self._context.show_status(
                QCoreApplication.translate(
                    "WindowFiles", "Some PDFs could not be read: {first}"
                ).format(first=core_sentences.translated(problems[0])),
                8000,
            )

    def open_reader(self, attachment_id: int, page: int = -1) -> PdfReader | None:
        """Read an attached PDF in Papershelf (at `page`; -1: where it was left)."""
        try:
            reader = PdfReader(
                self._library, attachment_id, page=page, parent=self._context.widget()
            )
        except KnownError as error:
            prompts.show_error(self._context.widget(), core_sentences.of_error(error))
            return None
        self.readers = [r for r in self.readers if r.isVisible()] + [reader]
        reader.show()
        return reader

    # -- settings ------------------------------------------------------------------------

    def choose_files_folder(self) -> None:
        widget = self._context.widget()
        try:
            now = str(self._library.files_folder())
        except KnownError:
            now = ""
        chosen = QFileDialog.getExistingDirectory(
            widget,
            QCoreApplication.translate(
                "WindowFiles", "Folder for the library's files (shared by the group)"
            ),
            now,
        )
        if chosen:
            self._write_setting(Path(chosen))

    def _said_folder(self, folder: Path) -> None:
        # The table's count of the change comes first, or it would replace the message.
        self._context.apply_pending_changes()
        self._context.show_status(
            QCoreApplication.translate("WindowFiles", "Files are now copied to {folder}.").format(
                folder=folder
            ),
            6000,
        )

    def _write_setting(self, folder: Path) -> None:
        library = self._library
        self._context.operations.run(
            lambda: library.set_files_folder(folder),
            on_done=lambda _none: self._said_folder(folder),
            on_failed=lambda error: prompts.show_error(
                self._context.widget(), core_sentences.of_error(error)
            ),
        )

    def choose_watched_folder(self) -> None:
        widget = self._context.widget()
        now = self.watch.folder
        if now is not None and prompts.confirm(
            widget,
            QCoreApplication.translate("WindowFiles", "Watched folder"),
            QCoreApplication.translate(
                "WindowFiles", "New PDFs in {folder} become papers. Stop watching it?"
            ).format(folder=now),
        ):
            self.watch.watch(None)
            return
        chosen = QFileDialog.getExistingDirectory(
            widget,
            QCoreApplication.translate(
                "WindowFiles",
                "Watch a folder: each new PDF in it or in its subfolders becomes a paper",
            ),
            str(file_dialogs.start_folder()),  # where the last file was opened or saved
        )
        if not chosen:
            return
        there = self.watch.watch(Path(chosen))
        count = len(there)
        if count and prompts.confirm(
            widget,
            QCoreApplication.translate("WindowFiles", "Watched folder"),
            QCoreApplication.translate(
                "WindowFiles",
                "{folder} already holds %n PDF(s). Bring them in too? Those already in "
                "your library are recognised and not added again.",
                "",
                count,
            ).format(folder=chosen),
        ):
            self._transfers.import_flow.start(list(there))
        else:
            self._context.show_status(
                QCoreApplication.translate(
                    "WindowFiles",
                    "Watching {folder} and its subfolders: new PDFs there become papers.",
                ).format(folder=chosen),
                6000,
            )

    def _own_folders(self) -> list[Path]:
        """What a watched folder is not looked into for: the library's files folder."""
        try:
            return [self._library.files_folder()]
        except KnownError:  # a library on a server with no folder set
            return []

    def _on_pdfs_found(self, paths: list[Path]) -> None:
        flow = self._transfers.import_flow
        if flow.busy:
            # Found again at the next look: the names are not kept as seen.
            self.watch.forget(list(paths))
            return
        flow.start(list(paths), show_progress=False)


def _local_files(event: QDragEnterEvent | QDragMoveEvent | QDropEvent) -> list[Path]:
    data = event.mimeData()
    if not data.hasUrls():
        return []
    urls = data.urls()
    if not urls or not all(u.isLocalFile() for u in urls):
        return []
    return [Path(u.toLocalFile()) for u in urls]
