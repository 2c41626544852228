"""Watching a folder for new PDFs (a download folder, a scanner's): each PDF that appears
there is handed on once, to become a paper. The PDFs already there when watching starts
are left alone; the names handed on are remembered across starts."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QSettings, QTimer, Signal

from desktop.core import api

#: The window's setting: the folder watched ("" or missing: none).
WATCHED_KEY = "files/watched_folder"
#: The PDFs of that folder already seen (handed on, or there before).
SEEN_KEY = "files/watched_seen"
#: A file still being written (a download) grows: it is taken once it stayed the same
#: this long.
SETTLE_MS = 1500


class FolderWatch(QObject):
    """Emits `pdfs_found(paths)` for PDFs new in the watched folder."""

    pdfs_found = Signal(list)

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(self._on_changed)
        self._settle = QTimer(self, singleShot=True, interval=SETTLE_MS)
        self._settle.timeout.connect(self.scan)
        # Some file systems (network shares) tell nothing: look now and then anyway.
        self._poll = QTimer(self, interval=30_000)
        self._poll.timeout.connect(self.scan)
        self._sizes: dict[str, int] = {}
        folder = self.folder
        if folder is not None:
            self._watch(folder)

    @property
    def folder(self) -> Path | None:
        value = str(self._settings.value(WATCHED_KEY, "") or "")
        return Path(value) if value else None

    def watch(self, folder: Path | None) -> None:
        """Watch `folder` from now on (None: none); the PDFs there now are left alone."""
        for watched in self._watcher.directories():
            self._watcher.removePath(watched)
        self._poll.stop()
        self._settings.setValue(WATCHED_KEY, str(folder) if folder is not None else "")
        if folder is None:
            return
        self._settings.setValue(SEEN_KEY, sorted(self._pdf_names(folder)))
        self._watch(folder)

    def _watch(self, folder: Path) -> None:
        if folder.is_dir():
            self._watcher.addPath(str(folder))
        self._poll.start()
        self._settle.start()

    def _on_changed(self, _folder: str) -> None:
        self._settle.start()  # wait until the folder is quiet

    def _seen(self) -> set[str]:
        value = self._settings.value(SEEN_KEY, []) or []
        return {str(v) for v in (value if isinstance(value, list) else [value])}

    def _pdf_names(
        self, folder: Path, *, besides: set[str] | frozenset[str] = frozenset()
    ) -> set[str]:
        """The PDFs in the folder (by content), those named in `besides` left unread."""
        try:
            names = os.listdir(folder)
        except OSError:
            return set()
        return {
            n
            for n in names
            if n not in besides and not n.startswith(".") and api.is_pdf(folder / n)
        }

    def forget(self, names: list[str]) -> None:
        """Take these PDFs as new again (they could not be handed on now)."""
        self._settings.setValue(SEEN_KEY, sorted(self._seen() - set(names)))
        self._settle.start()

    def scan(self) -> list[Path]:
        """Hand on the PDFs new in the folder whose size stays put (the paths handed on)."""
        folder = self.folder
        if folder is None:
            return []
        seen = self._seen()
        ready, growing = [], False
        for name in sorted(self._pdf_names(folder, besides=seen)):
            size = (folder / name).stat().st_size if (folder / name).exists() else -1
            if self._sizes.get(name) == size:
                ready.append(name)
            else:
                self._sizes[name] = size
                growing = True
        if growing:
            self._settle.start()
        if not ready:
            return []
        self._settings.setValue(SEEN_KEY, sorted(seen | set(ready)))
        for name in ready:
            self._sizes.pop(name, None)
        paths = [folder / name for name in ready]
        self.pdfs_found.emit(paths)
        return paths
