"""Small PDFs made by the tests themselves: Latin text written by hand (the PDF syntax is
simple enough), CJK text through Qt's QPdfWriter with a Noto CJK font."""

from __future__ import annotations

from pathlib import Path

#: A line of a page: (font size in points, text).
Line = tuple[float, str]


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def write_pdf(
    path: Path, pages: list[list[Line]], *, title: str = "", author: str = "", subject: str = ""
) -> Path:
    """A PDF whose pages hold these lines (Helvetica, Latin-1 text), top down, with the
    document information `title`, `author` and `subject` when given."""
    objects: list[bytes] = []
    page_ids = [4 + 2 * i for i in range(len(pages))]
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    kids = " ".join(f"{n} 0 R" for n in page_ids)
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode())
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for lines in pages:
        parts, y = [], 760.0
        for size, text in lines:
            y -= size * 1.4
            parts.append(f"BT /F1 {size} Tf 56 {y:.1f} Td ({_escaped(text)}) Tj ET")
        stream = "\n".join(parts).encode("latin-1")
        content_id = len(objects) + 2
        objects.append(
            (
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
                f"/Resources << /Font << /F1 3 0 R >> >> /Contents {content_id} 0 R >>"
            ).encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    info = {"Title": title, "Author": author, "Subject": subject}
    entries = " ".join(f"/{k} ({_escaped(v)})" for k, v in info.items() if v)
    objects.append(f"<< {entries} >>".encode("latin-1"))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        len(objects),
        xref,
    )
    path.write_bytes(bytes(out))
    return path


def write_cjk_pdf(path: Path, pages: list[list[Line]], *, title: str = "") -> Path:
    """A PDF of these lines in a Noto CJK font, written by QPdfWriter (needs a
    QGuiApplication: take the `qapp` fixture)."""
    from PySide6.QtGui import QFont, QPageSize, QPainter, QPdfWriter

    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setResolution(72)
    if title:
        writer.setTitle(title)
    painter = QPainter(writer)
    try:
        for number, lines in enumerate(pages):
            if number:
                writer.newPage()
            y = 60.0
            for size, text in lines:
                font = QFont("Noto Sans CJK SC")
                font.setPointSizeF(size)
                painter.setFont(font)
                y += size * 1.5
                painter.drawText(40, int(y), text)
    finally:
        painter.end()
    return path
