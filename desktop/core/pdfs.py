"""Reading PDF files (pypdfium2): each page's text, the document's metadata, the first
page's largest text, and the DOI or arXiv id a paper's PDF names."""

from __future__ import annotations

import contextlib
import ctypes
import re
import threading
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from desktop.core.errors import KnownError
from desktop.core.sentences import sentence

#: How every PDF file starts (after at most a few bytes of junk some writers leave).
MAGIC = b"%PDF-"
#: The first pages, where a paper's DOI or arXiv id is printed.
FIRST_PAGES = 2
# PDFium is not safe to call from two threads at once.
_PDFIUM = threading.Lock()
_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>]+)", re.IGNORECASE)
_ARXIV = re.compile(
    r"arxiv\s*:?\s*(\d{4}\.\d{4,5}(?:v\d+)?|[a-z-]+(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?)", re.IGNORECASE
)
_TRAILING = ".,;:)]}'"


# Radicals some PDF writers map Simplified Chinese glyphs to (the font draws 马 and the
# radical ⻢ alike), with the characters they stand for: NFKC leaves these as they are.
_RADICALS = str.maketrans(
    dict(
        zip(
            "⻄⻅⻆⻈⻉⻋⻐⻓⻔⻙⻚⻛⻜⻠⻢⻥⻦⻧⻨⻩⻪⻬⻮⻰⻳⺰",
            "西见角讠贝车钅长门韦页风飞饣马鱼鸟卤麦黄黾齐齿龙龟纟",
            strict=True,
        )
    )
)


class PdfError(KnownError):
    """A file that is not a PDF PDFium can read."""


@dataclass(frozen=True)
class PdfInfo:
    """What the document says of itself."""

    title: str = ""
    author: str = ""
    subject: str = ""
    keywords: str = ""


def is_pdf(path: Path) -> bool:
    """Whether the file's content is a PDF (whatever its name)."""
    try:
        with path.open("rb") as handle:
            return MAGIC in handle.read(1024)
    except OSError:
        return False


@contextmanager
def _opened(path: Path, *, hold: bool = True) -> Iterator[pdfium.PdfDocument]:
    """The document, with PDFium to ourselves while it is open (unless not `hold`: then
    the caller takes `_PDFIUM` around each call, so that a long read lets others in)."""
    whole: contextlib.AbstractContextManager[object] = _PDFIUM if hold else contextlib.nullcontext()
    each: contextlib.AbstractContextManager[object] = contextlib.nullcontext() if hold else _PDFIUM
    with whole:
        try:
            with each:
                document = pdfium.PdfDocument(str(path))
        except pdfium.PdfiumError as error:
            raise PdfError(
                sentence(
                    "{name} could not be read as a PDF ({error}).",
                    name=path.name,
                    error=_why_unread(error),
                )
            ) from None
        except OSError as error:
            raise PdfError(
                sentence("{path} could not be read: {why}.", path=path, why=error.strerror or error)
            ) from None
        try:
            yield document
        finally:
            with each:
                document.close()


def _why_unread(error: pdfium.PdfiumError) -> str:
    """Why PDFium could not open a document, in words a translator can reach (PDFium's own
    English for a reason it has no code for)."""
    code = error.err_code
    if code == pdfium_c.FPDF_ERR_FORMAT:
        return sentence("its contents are damaged, or it is not a PDF")
    if code == pdfium_c.FPDF_ERR_PASSWORD:
        return sentence("it is protected by a password")
    if code == pdfium_c.FPDF_ERR_SECURITY:
        return sentence("it is encrypted in a way Papershelf cannot read")
    if code == pdfium_c.FPDF_ERR_FILE:
        return sentence("the file could not be opened")
    if code == pdfium_c.FPDF_ERR_PAGE:
        return sentence("a page of it is missing or damaged")
    return str(error).rstrip(".")


def page_count(path: Path) -> int:
    with _opened(path) as document:
        return len(document)


def pages_text(
    path: Path, *, first: int | None = None, progress: Callable[[int, int], None] | None = None
) -> list[str]:
    """The text of each page (of the `first` pages only, when given), in order.

    PDFium is taken a page at a time: the reader's pages render between them, so reading
    a long PDF in the background never holds the window up."""
    with _opened(path, hold=False) as document:
        with _PDFIUM:
            total = len(document) if first is None else min(first, len(document))
        found = []
        for index in range(total):
            with _PDFIUM:
                page = document[index]
                text_page = page.get_textpage()
                try:
                    found.append(_tidy(text_page.get_text_range()))
                finally:
                    text_page.close()
                    page.close()
            if progress is not None:
                progress(index + 1, total)
        return found


def _tidy(text: str) -> str:
    """Page text with PDFium's line ends made plain, its hyphenated breaks joined, and
    compatibility forms made plain (NFKC: "ﬁ" ligatures, and the Kangxi radicals some
    writers map CJK glyphs to, "⽂" for "文"; `_RADICALS`, "⻢" for "马")."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    text = text.replace("\ufffe", "").replace("\xad", "")  # PDFium's mark of a broken word
    text = re.sub(r"(\w)-\n(\w)", r"\1\2", text)
    return unicodedata.normalize("NFKC", text).translate(_RADICALS)


def info(path: Path) -> PdfInfo:
    with _opened(path) as document:
        found = document.get_metadata_dict(skip_empty=True)
    return PdfInfo(
        title=found.get("Title", "").strip(),
        author=found.get("Author", "").strip(),
        subject=found.get("Subject", "").strip(),
        keywords=found.get("Keywords", "").strip(),
    )


@dataclass(frozen=True)
class Heading:
    """What the top of a paper's first page says: its title (the largest letters) and the
    line just under it, where papers print their authors."""

    title: str
    #: Its lines, each as written.
    byline: tuple[str, ...]


#: The most lines under a title read as its byline (a long list of authors wraps).
_BYLINE_LINES = 3


def heading(path: Path) -> Heading:
    """The first page's text in its largest letters (a paper's title, most often) and the
    lines of one letter size right under it."""
    with _opened(path) as document:
        if len(document) == 0:
            return Heading("", ())
        page = document[0]
        text_page = page.get_textpage()
        try:
            return _heading(_sized_letters(text_page))
        finally:
            text_page.close()
            page.close()


def _sized_letters(text_page: pdfium.PdfTextPage) -> list[tuple[str, float]]:
    raw = text_page.raw
    return [
        (
            chr(pdfium_c.FPDFText_GetUnicode(raw, index)),
            round(pdfium_c.FPDFText_GetFontSize(raw, index), 1),
        )
        for index in range(pdfium_c.FPDFText_CountChars(raw))
    ]


def _heading(sized: list[tuple[str, float]]) -> Heading:
    visible = [size for letter, size in sized if not letter.isspace()]
    if not visible:
        return Heading("", ())
    biggest = max(visible)
    # The largest letters and the spaces between them, up to the first smaller letter
    # after them: a title over two lines is one title, a heading further down is not.
    picked: list[str] = []
    end = len(sized)
    for index, (letter, size) in enumerate(sized):
        if (size >= biggest * 0.95 and not letter.isspace()) or (picked and letter.isspace()):
            picked.append(letter)
        elif picked and not letter.isspace():
            end = index
            break
    return Heading(" ".join("".join(picked).split()), _byline(sized[end:]))


def _byline(after: list[tuple[str, float]]) -> tuple[str, ...]:
    """The lines at the title's foot while they are set in the size of the first letter
    after it. Smaller letters within them are footnote marks (¹, *, †), left out; a line
    with none of that size (the abstract, in smaller type) or a larger letter ends it."""
    size = next((size for letter, size in after if not letter.isspace()), None)
    if size is None:
        return ()
    lines: list[list[tuple[str, float]]] = [[]]
    for letter, letter_size in after:
        if letter == "\n":
            lines.append([])
        else:
            lines[-1].append((letter, letter_size))
    kept = []
    for line in lines:
        letters = [(letter, at) for letter, at in line if not letter.isspace()]
        if not letters:
            continue
        if any(at > size + 0.5 for _, at in letters) or all(
            abs(at - size) >= 0.5 for _, at in letters
        ):
            break
        kept.append(
            " ".join("".join(ch for ch, at in line if ch.isspace() or abs(at - size) < 0.5).split())
        )
        if len(kept) == _BYLINE_LINES:
            break
    return tuple(kept)


def identifier_in(texts: list[str]) -> str:
    """The first DOI or arXiv id ("arXiv:1706.03762") the texts name, or ""."""
    for text in texts:
        doi = _DOI.search(text)
        if doi:
            return doi.group(1).rstrip(_TRAILING)
        arxiv = _ARXIV.search(text)
        if arxiv:
            return "arXiv:" + arxiv.group(1)
    return ""


def render(path: Path, page_index: int, *, scale: float) -> tuple[bytes, int, int]:
    """One page as RGBA pixels (bytes, width, height), for the reader."""
    with _opened(path) as document:
        page = document[page_index]
        try:
            # BGRA with the bytes reversed is RGBA, four bytes a pixel, rows packed.
            bitmap = page.render(
                scale=scale, force_bitmap_format=pdfium_c.FPDFBitmap_BGRA, rev_byteorder=True
            )
            try:
                size = bitmap.stride * bitmap.height
                pixels = bytes(ctypes.string_at(bitmap.buffer, size))
                if bitmap.stride != bitmap.width * 4:  # never for a bitmap PDFium made here
                    raise PdfError(
                        sentence("{name}: a page came out in an unexpected layout.", name=path.name)
                    )
                return pixels, bitmap.width, bitmap.height
            finally:
                bitmap.close()
        finally:
            page.close()


#: A rectangle on a page, in points from its top left corner: (left, top, right, bottom).
Box = tuple[float, float, float, float]


def find_boxes(path: Path, page_index: int, words: str) -> list[list[Box]]:
    """Where `words` (any case) are on one page: for each place, the rectangles it covers.
    The page's letters are made plain as its text is (`_tidy`), so what the text finds is
    found on the page too (PDFium's own search would miss 子 written as the radical ⼦)."""
    wanted = unicodedata.normalize("NFKC", words.strip()).translate(_RADICALS)
    if not wanted:
        return []
    pattern = re.compile(re.escape(wanted), re.IGNORECASE)
    with _opened(path) as document:
        page = document[page_index]
        text_page = page.get_textpage()
        try:
            height = page.get_height()
            plain, owners = _plain_letters(text_page)
            found: list[list[Box]] = []
            for hit in pattern.finditer(plain):
                first, last = owners[hit.start()], owners[hit.end() - 1]
                boxes = []
                for number in range(text_page.count_rects(first, last - first + 1)):
                    left, bottom, right, top = text_page.get_rect(number)
                    boxes.append((left, height - top, right, height - bottom))
                found.append(boxes)
            return found
        finally:
            text_page.close()
            page.close()


def _plain_letters(text_page: pdfium.PdfTextPage) -> tuple[str, list[int]]:
    """The page's letters made plain, and for each the index of the letter it came from."""
    plain: list[str] = []
    owners: list[int] = []
    for index in range(pdfium_c.FPDFText_CountChars(text_page.raw)):
        letter = chr(pdfium_c.FPDFText_GetUnicode(text_page.raw, index))
        made = unicodedata.normalize("NFKC", letter).translate(_RADICALS)
        plain.append(made)
        owners.extend([index] * len(made))
    return "".join(plain), owners
