"""The drag-and-drop payload for papers: their ids, as JSON, under our own MIME type."""

from __future__ import annotations

import json

from PySide6.QtCore import QCoreApplication, QMimeData

MIME_TYPE = "application/x-papershelf-paper-ids"


def encode(paper_ids: list[int]) -> QMimeData:
    """Mime data carrying these paper ids (and their count as plain text, for other apps)."""
    data = QMimeData()
    data.setData(MIME_TYPE, json.dumps(paper_ids).encode())
    count = len(paper_ids)
    data.setText(QCoreApplication.translate("PaperMime", "%n paper(s)", "", count))
    return data


def decode(data: QMimeData) -> list[int]:
    """The paper ids in a drop, or [] when it carries none (or something malformed)."""
    if not data.hasFormat(MIME_TYPE):
        return []
    try:
        ids = json.loads(bytes(data.data(MIME_TYPE).data()).decode())
    except (ValueError, UnicodeDecodeError):
        return []
    if not isinstance(ids, list):
        return []
    return [i for i in ids if isinstance(i, int) and not isinstance(i, bool)]
