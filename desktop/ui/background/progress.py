"""The progress dialog of a long job run in the background: window-modal, shown only when
the job lasts (most end before it would appear)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QProgressDialog, QWidget

#: A job that ends sooner than this shows no dialog at all.
SHOW_AFTER_MS = 400


def open_dialog(
    parent: QWidget, label: str, *, title: str, maximum: int, cancel: str | None
) -> QProgressDialog:
    """A dialog counting to `maximum` (0: a busy indicator), with a Cancel button labelled
    `cancel`, or none."""
    dialog = QProgressDialog(label, cancel or "", 0, maximum, parent)
    dialog.setWindowTitle(title)
    if cancel is None:
        dialog.setCancelButton(None)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.setValue(0)  # starts the timer after which it shows
    return dialog


def close_dialog(dialog: QProgressDialog | None) -> None:
    """Take the dialog away (None: there was none)."""
    if dialog is not None:
        dialog.reset()
        dialog.deleteLater()
