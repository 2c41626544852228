"""Watching a folder for new PDFs (a download folder, a scanner's), its subfolders too:
each PDF that appears there is handed on once, to become a paper. The PDFs already there
when watching starts are not handed on (the window asks whether to bring them in); the
paths handed on, and a fingerprint of each file, are remembered across starts, so that a
file moved to another subfolder, or copied there again, is not brought in twice. Hidden
folders and the library's own files folder are not looked into (`api.watched_folders`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QSettings, QTimer, Signal

from desktop.core.api import watched_folders

#: The window's setting: the folder watched ("" or missing: none).
WATCHED_KEY = "files/watched_folder"
#: The PDFs of that folder already seen (handed on, or there before), by their path
#: relative to it.
SEEN_KEY = "files/watched_seen"
#: The fingerprints of the PDFs handed on.
HANDED_ON_KEY = "files/watched_fingerprints"
#: A file still being written (a download) grows: it is taken once it stayed the same
#: this long.
SETTLE_MS = 1500
#: Subfolders told of changes by the system at most (each costs the system a watch);
#: the others are looked into by the regular look.
WATCHED_FOLDERS = 256


class FolderWatch(QObject):
    """Emits `pdfs_found(paths)` for PDFs new in the watched folder or its subfolders."""

    pdfs_found = Signal(list)

    def __init__(
        self,
        settings: QSettings,
        parent: QObject | None = None,
        *,
        skipped: Callable[[], list[Path]] = list,
    ) -> None:
        """`skipped`: folders not to look into (the library's files folder)."""
        super().__init__(parent)
        self._settings = settings
        self._skipped = skipped
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

    def watch(self, folder: Path | None) -> list[Path]:
        """Watch `folder` from now on (None: none). The PDFs there now are not handed on:
        they are returned, for the user to bring in or leave."""
        self._unwatch()
        self._poll.stop()
        self._settings.setValue(WATCHED_KEY, str(folder) if folder is not None else "")
        if folder is None:
            return []
        there = watched_folders.pdfs(folder, skipped=self._skipped())
        self._settings.setValue(SEEN_KEY, sorted(there))
        self._watch(folder)
        return list(there.values())

    def _unwatch(self) -> None:
        watched = self._watcher.directories()
        if watched:
            self._watcher.removePaths(watched)

    def _watch(self, folder: Path) -> None:
        self._follow(folder)
        self._poll.start()
        self._settle.start()

    def _follow(self, folder: Path) -> None:
        """Be told of changes in the folder and (as far as the system allows) below it."""
        if not folder.is_dir():
            return
        wanted = [str(p) for p in watched_folders.folders(folder, skipped=self._skipped())]
        wanted = wanted[:WATCHED_FOLDERS]
        watched = set(self._watcher.directories())
        gone = [p for p in watched if p not in set(wanted)]
        if gone:
            self._watcher.removePaths(gone)
        new = [p for p in wanted if p not in watched]
        if new:
            self._watcher.addPaths(new)

    def _on_changed(self, _folder: str) -> None:
        self._settle.start()  # wait until the folder is quiet

    def _listed(self, key: str) -> set[str]:
        value = self._settings.value(key, []) or []
        return {str(v) for v in (value if isinstance(value, list) else [value])}

    def forget(self, paths: list[Path]) -> None:
        """Take these PDFs as new again (they could not be handed on now)."""
        folder = self.folder
        if folder is None:
            return
        names = {p.relative_to(folder).as_posix() for p in paths if p.is_relative_to(folder)}
        prints = {watched_folders.fingerprint(p) for p in paths}
        self._settings.setValue(SEEN_KEY, sorted(self._listed(SEEN_KEY) - names))
        self._settings.setValue(HANDED_ON_KEY, sorted(self._listed(HANDED_ON_KEY) - prints))
        self._settle.start()

    def scan(self) -> list[Path]:
        """Hand on the PDFs new in the folder whose size stays put (the paths handed on)."""
        folder = self.folder
        if folder is None:
            return []
        self._follow(folder)  # subfolders made since are watched too
        seen = self._listed(SEEN_KEY)
        found = watched_folders.pdfs(folder, skipped=self._skipped(), besides=seen)
        ready, growing = [], False
        for name, path in found.items():
            size = path.stat().st_size if path.exists() else -1
            if self._sizes.get(name) == size:
                ready.append(name)
            else:
                self._sizes[name] = size
                growing = True
        if growing:
            self._settle.start()
        if not ready:
            return []
        for name in ready:
            self._sizes.pop(name, None)
        paths = self._first_of_each(found, ready)
        self._settings.setValue(SEEN_KEY, sorted(seen | set(ready)))
        if paths:
            self.pdfs_found.emit(paths)
        return paths

    def _first_of_each(self, found: dict[str, Path], ready: list[str]) -> list[Path]:
        """The ready PDFs that were never handed on, each file once (by fingerprint: a file
        moved or copied elsewhere in the folder is the same file)."""
        handed_on = self._listed(HANDED_ON_KEY)
        paths = []
        for name in ready:
            mark = watched_folders.fingerprint(found[name])
            if mark and mark in handed_on:
                continue
            if mark:
                handed_on.add(mark)
            paths.append(found[name])
        self._settings.setValue(HANDED_ON_KEY, sorted(handed_on))
        return paths
