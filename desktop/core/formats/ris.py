"""Read and write RIS (RefMan/EndNote/Zotero exchange format), and read Web of Science exports.

Reading. We read the line structure ourselves rather than with `rispy.loads`, because rispy
silently drops what this app must keep or report: a last entry without its ``ER`` line, the
second value of a repeated single-valued tag, tag lines outside an entry, and it knows no line
numbers. We accept rispy's line grammar (``XX  - value``) and also the single-space form
(``XX - value``) that some exporters write. Text between entries is kept in
`ParseResult.preambles`, except bare entry numbers ("1.") that rispy and EndNote write.
Continuation lines extend the tag above them: a new value for list tags (the authors, keywords,
notes and links rispy lists), a new line for abstracts, a space otherwise.

Mapping. Each modelled field takes the first tag found in its preference list (titles ``TI``
then ``T1``, dates ``DA`` over the old ``Y1``...). Every tag occurrence that the record does not
fully represent is kept verbatim in `Record.extra` under ``"ris:" + tag`` (several occurrences
joined by newlines), and `write` gives these back after the modelled fields; this is how
unknown tags, abbreviations (``JA``) or a date with a day survive a round trip. Web of Science
tags without an RIS equivalent are kept as ``"wos:" + tag`` and are not written to RIS.

Writing goes through `rispy.RisWriter`, so the layout is rispy's (``1.`` before each entry,
``ER  - `` and a blank line after it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import rispy

from desktop.core.formats import keywords
from desktop.core.formats.latex import decode
from desktop.core.formats.record import (
    Entry,
    ParseResult,
    Person,
    Problem,
    Record,
    WriteOptions,
    telling,
)
from desktop.core.sentences import sentence

EXTRA_PREFIX = "ris:"
WOS_PREFIX = "wos:"

_TAG_LINE = re.compile(r"^([A-Z][A-Z0-9])  ?-(?: (.*))?$")
_WOS_LINE = re.compile(r"^([A-Z][A-Z0-9])(?: (.*))?$")
_NUMBERING = re.compile(r"^\d+\.$")
# Line breaks as editors count them (str.splitlines also splits on form feeds, U+2028...).
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# Tags whose continuation lines are further values, as rispy lists them (plus file links).
_LIST_TAGS = frozenset([*rispy.LIST_TYPE_TAGS, "L1", "L2", "L4"])
_PROSE_TAGS = frozenset(["AB", "N2"])

_TYPE_TO_BIBTEX = {
    **dict.fromkeys(["JOUR", "JFULL", "EJOUR", "MGZN", "NEWS", "INPR", "ABST"], "article"),
    **dict.fromkeys(["BOOK", "EBOOK", "EDBOOK"], "book"),
    **dict.fromkeys(["CHAP", "ECHAP"], "incollection"),
    **dict.fromkeys(["CONF", "CPAPER"], "inproceedings"),
    "THES": "phdthesis",
    "RPRT": "techreport",
    "UNPB": "unpublished",
    "MANSCPT": "unpublished",
    "PAMP": "booklet",
}
_BIBTEX_TO_TYPE = {
    "article": "JOUR",
    "book": "BOOK",
    "incollection": "CHAP",
    "inbook": "CHAP",
    "inproceedings": "CPAPER",
    "conference": "CPAPER",
    "proceedings": "CONF",
    "phdthesis": "THES",
    "mastersthesis": "THES",
    "thesis": "THES",
    "techreport": "RPRT",
    "report": "RPRT",
    "unpublished": "UNPB",
    "booklet": "PAMP",
    "manual": "BOOK",
    "online": "ELEC",
    "dataset": "DATA",
    "software": "COMP",
    "patent": "PAT",
    "misc": "GEN",
}
_IN_BOOK_TYPES = frozenset(["incollection", "inproceedings", "inbook"])
_DATE = re.compile(r"^\s*(\d{4})(?:[/-](\d{1,2})?)?(?:[/-](\d{1,2})?)?(?:/(.*))?\s*$")
_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)
_CITEKEY = re.compile(r"^(?=.*[A-Za-z])[^\s,{}]+$")
_PAGE_RANGE = re.compile(r"^\s*(.+?)\s*[-–—]{1,2}\s*(.+?)\s*$")

# BibTeX fields kept in `extra` (as LaTeX) that RIS has a tag for.
_EXTRA_TO_TAG = {
    "note": "N1",
    "isbn": "SN",
    "issn": "SN",
    "address": "CY",
    "edition": "ET",
    "language": "LA",
}


_Put = Callable[..., None]


@dataclass
class _Field:
    tag: str
    value: str
    line: int


@dataclass
class _Entry:
    line: int
    fields: list[_Field] = field(default_factory=list)


def parse(text: str, source: str = "<text>") -> ParseResult:
    """Read every RIS (or Web of Science) entry in `text`; never raises on odd input."""
    result = ParseResult()
    text = text.removeprefix("\ufeff")
    reader = _read_wos if _is_wos(text) else _read_ris
    for entry in reader(_LINE_BREAK.split(text), source, result):
        result.records.append(_record_from(entry, source, result.problems))
    return result


def looks_like_ris(text: str) -> bool:
    """Whether `text` starts (after blank lines or numbering) like an RIS or WoS export."""
    for line in _LINE_BREAK.split(text.removeprefix("\ufeff"), maxsplit=50)[:50]:
        stripped = line.strip()
        if not stripped or _NUMBERING.match(stripped):
            continue
        match = _TAG_LINE.match(line)
        if match and match.group(1) == "TY":
            return True
        if _is_wos(line):
            return True
    return False


# ---------------------------------------------------------------- reading the line structure


def _read_ris(lines: list[str], source: str, result: ParseResult) -> Iterator[_Entry]:
    entry: _Entry | None = None
    blank_before = False
    for number, line in enumerate(lines, start=1):
        match = _TAG_LINE.match(line)
        if match is None:
            blank_before = _read_untagged(line, entry, blank_before=blank_before, result=result)
            continue
        blank_before = False
        tag, value = match.group(1), (match.group(2) or "").strip()
        if tag == "ER":
            if entry is not None:
                yield entry
            entry = None
            continue
        if tag == "TY" and entry is not None:
            result.problems.append(_unterminated(entry, source, before=number))
            yield entry
            entry = None
        if entry is None:
            entry = _Entry(line=number)
            if tag != "TY":
                result.problems.append(_missing_type(number, line, source))
        entry.fields.append(_Field(tag, value, number))
    if entry is not None:
        result.problems.append(_unterminated(entry, source, before=None))
        yield entry


def _read_untagged(
    line: str, entry: _Entry | None, *, blank_before: bool, result: ParseResult
) -> bool:
    """A line without a tag: blank, continuing the field above, or (numbering aside) text
    before the first entry. Whether the line is blank."""
    stripped = line.strip()
    if not stripped:
        return True
    if entry is not None and entry.fields:
        _continue_field(entry.fields[-1], stripped, after_blank=blank_before)
    elif not _NUMBERING.match(stripped):
        result.preambles.append(line)
    return False


def _continue_field(
    last: _Field, text: str, *, after_blank: bool, list_tags: frozenset[str] = _LIST_TAGS
) -> None:
    """Add a continuation line to the field above it (see the module docstring)."""
    if last.tag in list_tags:
        # A further value of a list tag, split off by `_split_list_values`.
        last.value = f"{last.value}\n{text}" if last.value else text
    elif last.tag in _PROSE_TAGS:
        last.value = f"{last.value}{chr(10) * (2 if after_blank else 1)}{text}"
    else:
        last.value = f"{last.value} {text}" if last.value else text


def _is_wos(text: str) -> bool:
    first = text.lstrip("\ufeff \r\n").split("\n", 1)[0]
    return first.startswith(("FN ", "PT ")) and not _TAG_LINE.match(first)


def _read_wos(lines: list[str], source: str, result: ParseResult) -> Iterator[_Entry]:
    """Web of Science "plain text" export: ``XX value``, continuation lines indented."""
    entry: _Entry | None = None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if line.startswith("   ") and entry is not None and entry.fields:
            _continue_field(
                entry.fields[-1], line.strip(), after_blank=False, list_tags=_LIST_TAGS_WOS
            )
            continue
        match = _WOS_LINE.match(line)
        if match is None or match.group(1) in ("FN", "VR", "EF"):
            if match is None:
                result.preambles.append(line)
            continue
        tag, value = match.group(1), (match.group(2) or "").strip()
        if tag == "ER":
            if entry is not None:
                yield _entry_from_wos(entry)
            entry = None
            continue
        if entry is None:
            entry = _Entry(line=number)
        entry.fields.append(_Field(tag, value, number))
    if entry is not None:
        result.problems.append(_unterminated(entry, source, before=None))
        yield _entry_from_wos(entry)


# WoS tags with an RIS counterpart; the rest stay as "wos:XX" extras.
_WOS_TO_RIS = {
    "AF": "AU",
    "TI": "TI",
    "SO": "T2",
    "AB": "AB",
    "PY": "PY",
    "VL": "VL",
    "IS": "IS",
    "BP": "SP",
    "EP": "EP",
    "DI": "DO",
    "PU": "PB",
    "BE": "ED",
}
_WOS_TYPES = {"J": "JOUR", "B": "BOOK", "S": "CHAP", "C": "CPAPER", "P": "PAT"}
# Continuation lines of these hold one more value each (one author, one cited reference...).
_LIST_TAGS_WOS = frozenset(["AU", "AF", "BA", "BF", "BE", "CA", "GP", "CR", "RI", "OI", "WC", "SC"])


def _entry_from_wos(entry: _Entry) -> _Entry:
    has_full_names = any(f.tag == "AF" for f in entry.fields)
    out = _Entry(line=entry.line)
    for wos in entry.fields:
        if wos.tag == "PT":
            out.fields.insert(0, _Field("TY", _WOS_TYPES.get(wos.value, "GEN"), wos.line))
            out.fields.append(_Field(WOS_PREFIX + "PT", wos.value, wos.line))
        elif wos.tag == "DE":
            for keyword in wos.value.replace("\n", " ").split(";"):
                if keyword.strip():
                    out.fields.append(_Field("KW", keyword.strip(), wos.line))
        elif wos.tag in _WOS_TO_RIS and not (wos.tag == "AU" and has_full_names):
            out.fields.append(_Field(_WOS_TO_RIS[wos.tag], wos.value, wos.line))
        else:
            out.fields.append(_Field(WOS_PREFIX + wos.tag, wos.value, wos.line))
    out.fields.extend(_wos_month(entry))
    return out


_MONTHS = "JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC".split()


def _wos_month(entry: _Entry) -> list[_Field]:
    """WoS gives the month in PD ("JUN 8"): as an RIS date it reaches `Record.month`."""
    years = [f.value.strip() for f in entry.fields if f.tag == "PY" and f.value.strip().isdigit()]
    for item in entry.fields:
        month = item.value.strip()[:3].upper()
        if item.tag == "PD" and years and month in _MONTHS:
            return [_Field("DA", f"{years[0]}/{_MONTHS.index(month) + 1:02d}//", item.line)]
    return []


# ---------------------------------------------------------------- from fields to a record


class _Fields:
    """The fields of one entry, handed out once each; what is left becomes `Record.extra`."""

    def __init__(self, fields: Iterable[_Field]) -> None:
        self._fields = list(fields)
        self._used = [False] * len(self._fields)

    def first(self, *tags: str) -> str:
        """The first non-empty value among `tags` (in that order of preference)."""
        for tag in tags:
            for index, item in enumerate(self._fields):
                if item.tag == tag and item.value.strip() and not self._used[index]:
                    self._used[index] = True
                    return _one_line(item.value) if tag not in _PROSE_TAGS else item.value
        return ""

    def all(self, *tags: str) -> list[str]:
        """Every non-empty value of `tags`, in file order."""
        values = []
        for index, item in enumerate(self._fields):
            if item.tag in tags and not self._used[index]:
                self._used[index] = True
                if item.value.strip():
                    values.append(_one_line(item.value))
        return values

    def drop_duplicates_of(self, value: str, *tags: str) -> None:
        """Mark as read the other occurrences of `tags` that say the same as `value`."""
        for index, item in enumerate(self._fields):
            if item.tag in tags and _one_line(item.value) == value:
                self._used[index] = True

    def unused(self, *tags: str) -> list[_Field]:
        return [
            item
            for index, item in enumerate(self._fields)
            if not self._used[index] and (not tags or item.tag in tags)
        ]

    def mark_used(self, chosen: _Field) -> None:
        for index, item in enumerate(self._fields):
            if item is chosen:
                self._used[index] = True


def _one_line(value: str) -> str:
    return " ".join(value.split())


def _split_list_values(entry: _Entry) -> list[_Field]:
    """One field per value: continuation lines of list tags are values of their own."""
    split: list[_Field] = []
    for item in entry.fields:
        if item.tag in _LIST_TAGS and "\n" in item.value:
            parts = item.value.split("\n")
            split.extend(_Field(item.tag, part, item.line + i) for i, part in enumerate(parts))
        else:
            split.append(item)
    return split


def _record_from(entry: _Entry, source: str, problems: list[Problem]) -> Record:
    fields = _Fields(_split_list_values(entry))
    record = Record(line=entry.line)
    _read_type(fields, record, source, problems=problems)
    record.title = _take(fields, "TI", "T1", "CT")
    record.authors = [person_from_ris(name) for name in fields.all("AU", "A1")]
    record.editors = [person_from_ris(name) for name in fields.all("A2", "ED")]
    if record.entry_type in _IN_BOOK_TYPES:
        record.booktitle = _take(fields, "BT", "T2")
        record.journal = _take(fields, "JF", "JO")
    else:
        record.journal = _take(fields, "T2", "JF", "JO") if record.entry_type != "book" else ""
        record.booktitle = _take(fields, "BT")
    record.volume = _take(fields, "VL")
    record.number = _take(fields, "IS")
    record.publisher = _take(fields, "PB")
    record.abstract = _take(fields, "AB", "N2")
    record.url = _take(fields, "UR")
    record.keywords = _keywords(fields.all("KW"))
    _read_doi(fields, record)
    _read_pages(fields, record)
    _read_dates(fields, record, source, problems=problems)
    _read_citekey(fields, record)
    _keep_the_rest(fields, record)
    return record


def _take(fields: _Fields, *tags: str) -> str:
    value = fields.first(*tags)
    if value:
        fields.drop_duplicates_of(value, *tags)
    return value


def _read_type(fields: _Fields, record: Record, source: str, *, problems: list[Problem]) -> None:
    kinds = fields.unused("TY")
    if not kinds:
        record.entry_type = "misc"
        return
    written = kinds[0].value.strip()
    fields.mark_used(kinds[0])
    record.entry_type = _TYPE_TO_BIBTEX.get(written.upper(), "misc")
    if _BIBTEX_TO_TYPE.get(record.entry_type) != written:
        # Keep the exact RIS type when the BibTeX-style type cannot give it back.
        record.extra[EXTRA_PREFIX + "TY"] = written
    if written.upper() not in rispy.TYPE_OF_REFERENCE_MAPPING:
        problems.append(
            Problem(
                source=source,
                line=kinds[0].line,
                message=sentence(
                    "{written} is not an RIS reference type; the entry was read as 'misc'.",
                    written=repr(written),
                ),
                raw=f"TY  - {written}",
            )
        )


def _read_doi(fields: _Fields, record: Record) -> None:
    for item in fields.unused("DO"):
        doi = _DOI_PREFIX.sub("", item.value.strip())
        if not doi:
            continue
        if not record.doi:
            record.doi = doi
        if doi == record.doi:
            fields.mark_used(item)


def _read_pages(fields: _Fields, record: Record) -> None:
    start = fields.first("SP")
    end = fields.first("EP")
    if start and end:
        record.pages = f"{start}–{end}"  # Unicode en dash, as the BibTeX reader stores ranges
    elif start:
        record.pages = start
    elif end:
        # An end page alone is not a page range: give it back as it came.
        record.extra[EXTRA_PREFIX + "EP"] = end


def _read_dates(fields: _Fields, record: Record, source: str, *, problems: list[Problem]) -> None:
    dates = fields.unused("PY", "DA", "Y1")
    parsed = {id(item): _parse_date(item.value) for item in dates}
    preference = {"PY": 0, "DA": 1, "Y1": 2}
    for item in sorted(dates, key=lambda item: preference[item.tag]):
        year, _month, _day = parsed[id(item)] or (None, None, None)
        if year and record.year is None:
            record.year = year
    month_order = {"DA": 0, "PY": 1, "Y1": 2}
    for item in sorted(dates, key=lambda item: month_order[item.tag]):
        year, month, _day = parsed[id(item)] or (None, None, None)
        if month and record.month is None and year == record.year:
            record.month = month
    for item in dates:
        date = parsed[id(item)]
        if date is None and item.value.strip():
            problems.append(_unreadable_date(item, source))
        if not item.value.strip() or _date_is_represented(date, record):
            fields.mark_used(item)


def _date_is_represented(date: tuple[int, int | None, int | None] | None, record: Record) -> bool:
    """Whether year and month say all that a date said (else it is kept as written)."""
    if date is None:
        return False
    year, month, day = date
    return day is None and year == record.year and month in (None, record.month)


def _parse_date(value: str) -> tuple[int, int | None, int | None] | None:
    """(year, month, day) from "2014", "1948/07//", "1990/2/27", "2014-06-01"; None if unreadable.

    A date with text after the last slash (RIS's free-text part) counts as carrying a day, so
    that it is kept as written.
    """
    match = _DATE.match(value)
    if match is None:
        return None
    year = int(match.group(1))
    if year == 0:
        return None
    month = int(match.group(2)) if match.group(2) else None
    day = int(match.group(3)) if match.group(3) else None
    if match.group(4):
        day = day or -1
    if month is not None and not 1 <= month <= 12:
        return year, None, -1
    return year, month, day


def _read_citekey(fields: _Fields, record: Record) -> None:
    for item in fields.unused("ID"):
        if _CITEKEY.match(item.value.strip()) and not item.value.strip().isdigit():
            record.citekey = item.value.strip()
            fields.mark_used(item)
            return


def _keep_the_rest(fields: _Fields, record: Record) -> None:
    for item in fields.unused():
        if not item.value.strip():
            continue  # an empty tag says nothing
        key = item.tag if ":" in item.tag else EXTRA_PREFIX + item.tag
        if key in record.extra:
            record.extra[key] = f"{record.extra[key]}\n{item.value}"
        else:
            record.extra[key] = item.value


def person_from_ris(name: str) -> Person:
    """Split an RIS name: "Family, Given[, Suffix]"; a name without a comma is kept whole."""
    written = name.strip()
    parts = [part.strip() for part in written.split(",")]
    if len(parts) == 1:
        return Person(family=written, as_written=written)
    family_words = parts[0].split()
    von: list[str] = []
    # BibTeX's rule: lower-case words before the family name are its "von" part.
    while len(family_words) > 1 and family_words[0][:1].islower():
        von.append(family_words.pop(0))
    return Person(
        given=parts[1],
        family=" ".join(family_words),
        von=" ".join(von),
        jr=", ".join(parts[2:]),
        as_written=written,
    )


def _ris_name(person: Person) -> str:
    person = person.with_cjk_split()  # `张三` goes out as "张, 三"
    family = " ".join(part for part in (person.von, person.family) if part)
    if person.jr:
        return f"{family}, {person.given}, {person.jr}"
    if person.given:
        return f"{family}, {person.given}" if family else person.given
    return family or person.as_written


# ---------------------------------------------------------------- writing


def export(entries: Sequence[Entry], options: WriteOptions) -> str:
    """The registry's writer (notes and preambles have no place in RIS)."""
    return write(record for record, _ in telling(entries, options.told))


def write(records: Iterable[Record]) -> str:
    """RIS text for `records`, in rispy's layout; extras read from RIS are given back."""
    references = [_reference_for(record) for record in records]
    tags = {tag for reference in references for tag in reference}
    mapping = {tag: tag.lower() for tag in tags if tag != "TY"}
    mapping["TY"] = "type_of_reference"
    writer = rispy.RisWriter(
        mapping=mapping, list_tags=[], delimiter_tags_mapping={}, enforce_list_tags=False
    )
    lowered = [
        {("type_of_reference" if tag == "TY" else tag.lower()): value for tag, value in ref.items()}
        for ref in references
    ]
    return writer.formats(lowered)


def _reference_for(record: Record) -> dict[str, list[str] | str]:
    out: dict[str, list[str] | str] = {}

    def put(tag: str, *values: str) -> None:
        for value in values:
            if value:
                out.setdefault(tag, [])
                listed = out[tag]
                assert isinstance(listed, list)
                listed.append(_safe_value(value))

    extra = record.extra
    out["TY"] = extra.get(EXTRA_PREFIX + "TY") or _BIBTEX_TO_TYPE.get(record.entry_type, "GEN")
    put("TI", record.title)
    put("AU", *(_ris_name(person) for person in record.authors if person.family != "others"))
    put("A2", *(_ris_name(person) for person in record.editors if person.family != "others"))
    if record.year is not None and EXTRA_PREFIX + "PY" not in extra:
        put("PY", f"{record.year:04d}")
    if record.year is not None and record.month and EXTRA_PREFIX + "DA" not in extra:
        put("DA", f"{record.year:04d}/{record.month:02d}//")
    _put_venue(record, put)
    put("VL", record.volume)
    put("IS", record.number)
    _put_pages(record.pages, put)
    put("PB", record.publisher)
    put("DO", record.doi)
    put("UR", record.url or (f"https://arxiv.org/abs/{record.arxiv_id}" if record.arxiv_id else ""))
    put("AB", record.abstract)
    put("KW", *record.keywords)
    if record.citekey and EXTRA_PREFIX + "ID" not in extra:
        put("ID", record.citekey)
    for key, value in extra.items():
        if key.startswith(EXTRA_PREFIX) and key != EXTRA_PREFIX + "TY":
            put(key.removeprefix(EXTRA_PREFIX), *value.split("\n"))
        elif key in _EXTRA_TO_TAG:
            put(_EXTRA_TO_TAG[key], decode.to_unicode(value))  # BibTeX fields hold LaTeX
    return out


def _put_venue(record: Record, put: _Put) -> None:
    if record.entry_type in _IN_BOOK_TYPES:
        put("T2", record.booktitle)
        put("JF", record.journal)
    else:
        if record.entry_type == "book":
            put("JF", record.journal)
        else:
            put("T2", record.journal)
        put("BT", record.booktitle)


def _put_pages(pages: str, put: _Put) -> None:
    match = _PAGE_RANGE.match(pages)
    if match:
        put("SP", match.group(1))
        put("EP", match.group(2))
    else:
        put("SP", pages.strip())


def _safe_value(value: str) -> str:
    """One value, with any line that would read as a tag line indented so it stays text."""
    lines = value.split("\n")
    return "\n".join(
        [lines[0], *(f" {line}" if _TAG_LINE.match(line) else line for line in lines[1:])]
    )


# ---------------------------------------------------------------- problems


def _unterminated(entry: _Entry, source: str, before: int | None) -> Problem:
    message = sentence(
        "This entry has no closing 'ER  -' line before the end of the file; it was read up to "
        "there."
    )
    if before:
        message = sentence(
            "This entry has no closing 'ER  -' line before line {line}; it was read up to there.",
            line=before,
        )
    return Problem(source=source, line=entry.line, message=message)


def _unreadable_date(item: _Field, source: str) -> Problem:
    return Problem(
        source=source,
        line=item.line,
        message=sentence(
            "No year could be read from {tag} {value}; it was kept as written.",
            tag=item.tag,
            value=repr(item.value),
        ),
        raw=f"{item.tag}  - {item.value}",
    )


def _missing_type(number: int, line: str, source: str) -> Problem:
    return Problem(
        source=source,
        line=number,
        message=sentence("An entry starts here without a 'TY  -' line; it was read as 'misc'."),
        raw=line,
    )


def _keywords(lines: list[str]) -> list[str]:
    """One keyword per KW line, as RIS means it; a line listing several with semicolons
    (some databases write them so) split at those only."""
    found: list[str] = []
    for line in lines:
        if keywords.separator_of(line) == ";":
            found.extend(keywords.split(line))
        elif line.strip():
            found.append(" ".join(line.split()))
    return found
