"""Read and write CSL-JSON, the item format of citation processors (citeproc, Zotero, pandoc).

Reading maps CSL variables onto `Record` (types to BibTeX-style types, names to `Person`,
``issued`` to year and month, ``container-title`` to journal or book title by type). A CSL
variable with a BibTeX home (``note``, ``publisher-place`` -> ``address``, ``ISBN`` ->
``isbn``, ``genre`` -> ``type``...) goes to `Record.extra` under the BibTeX name, escaped as
LaTeX like every BibTeX field kept there, so a BibTeX export gets it too and stays buildable.
Every other variable is kept verbatim in `Record.extra`: strings under ``"csl:" + name``,
anything else (numbers, name lists, dates, objects) as JSON under ``"csl-json:" + name``.

Writing gives all of those back. Where reading had to normalise (a page range "1-10" becomes
"1–10" with an en dash, as the BibTeX reader stores ranges; a date's day is not modelled; "a,b"
keywords become a list), the original form is kept in the extras and written back for as long
as the record still says the same. Name objects keep only the parts CSL defines.
The output validates against the CSL-JSON schema (``csl-data.json``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from desktop.core.formats import keywords
from desktop.core.formats.latex import decode, encode
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

STRING_PREFIX = "csl:"
JSON_PREFIX = "csl-json:"

_TYPE_TO_BIBTEX = {
    "article-journal": "article",
    "article-magazine": "article",
    "article-newspaper": "article",
    "book": "book",
    "chapter": "incollection",
    "paper-conference": "inproceedings",
    "report": "techreport",
    "thesis": "phdthesis",
    "manuscript": "unpublished",
    "pamphlet": "booklet",
    "document": "misc",
}
_BIBTEX_TO_TYPE = {
    "article": "article-journal",
    "book": "book",
    "booklet": "pamphlet",
    "inbook": "chapter",
    "incollection": "chapter",
    "inproceedings": "paper-conference",
    "conference": "paper-conference",
    "proceedings": "book",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "thesis": "thesis",
    "techreport": "report",
    "report": "report",
    "manual": "report",
    "unpublished": "manuscript",
    "online": "webpage",
    "misc": "document",
}
_IN_CONTAINER_TYPES = frozenset(["incollection", "inproceedings", "inbook"])
# BibTeX's "number" is a report's or patent's number, a journal issue, or a book's number in
# its series: CSL calls these "number", "issue" and "collection-number".
_NUMBERED_TYPES = frozenset(["techreport", "report", "patent"])
_SERIES_NUMBERED_TYPES = frozenset(["book", "inbook", "incollection", "proceedings"])

# CSL variables whose meaning BibTeX has a field for (kept in `extra` under the BibTeX name).
_CSL_TO_BIBTEX_EXTRA = {
    "note": "note",
    "publisher-place": "address",
    "edition": "edition",
    "collection-title": "series",
    "ISBN": "isbn",
    "ISSN": "issn",
    "language": "language",
    "PMID": "pmid",
    "genre": "type",
    "chapter-number": "chapter",
    "number-of-pages": "pagetotal",
}
_BIBTEX_EXTRA_TO_CSL = {bibtex: csl for csl, bibtex in _CSL_TO_BIBTEX_EXTRA.items()}
# BibLaTeX spellings of the same fields, used when the BibTeX name is absent.
_BIBLATEX_ALIASES = {"location": "address", "langid": "language", "numpages": "pagetotal"}
# BibTeX fields that CSL processors read as the publisher when there is none.
_PUBLISHER_LIKE = ("school", "institution", "organization")
#: Keys of CSL's "custom" object that hold fields this app models.
CUSTOM_ARXIV = "arxiv_id"
CUSTOM_TOPIC = "topic"

_NAME_KEYS = frozenset(
    [
        "family",
        "given",
        "dropping-particle",
        "non-dropping-particle",
        "suffix",
        "comma-suffix",
        "static-ordering",
        "literal",
        "parse-names",
    ]
)
#: The item types of CSL 1.0.2.
CSL_TYPES = frozenset(
    """article article-journal article-magazine article-newspaper bill book broadcast chapter
    classic collection dataset document entry entry-dictionary entry-encyclopedia event figure
    graphic hearing interview legal_case legislation manuscript map motion_picture
    musical_score pamphlet paper-conference patent performance periodical
    personal_communication post post-weblog regulation report review review-book software
    song speech standard thesis treaty webpage""".split()
)
# The variables of CSL 1.0.2 (names and dates by kind); anything else is written into "custom".
_NAME_VARIABLES = frozenset(
    """author chair collection-editor compiler composer container-author contributor curator
    director editor editorial-director executive-producer guest host interviewer illustrator
    narrator organizer original-author performer producer recipient reviewed-author
    script-writer series-creator translator""".split()
)
_DATE_VARIABLES = frozenset(
    "accessed available-date event-date issued original-date submitted".split()
)
_TEXT_VARIABLES = frozenset(
    """abstract annote archive archive_collection archive_location archive-place authority
    call-number chapter-number citation-number citation-label collection-number
    collection-title container-title container-title-short dimensions division DOI edition
    event event-title event-place first-reference-note-number genre ISBN ISSN issue
    jurisdiction keyword locator medium note number number-of-pages number-of-volumes
    original-publisher original-publisher-place original-title page page-first part
    part-title PMCID PMID printing publisher publisher-place references reviewed-genre
    reviewed-title scale section source status supplement title title-short URL version
    volume volume-title volume-title-short year-suffix language journalAbbreviation
    shortTitle citation-key""".split()
)
_DATE_KEYS = frozenset(["date-parts", "season", "circa", "literal", "raw"])
# What matters for finding where array elements start: strings (skipped whole, with their
# escapes), brackets, commas, line breaks, and the first character of any other value.
_JSON_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[\[\]{},\n]|[^\s"\[\]{},]+')
_RANGE_DASH = re.compile(r"\s*(?:--|[–—])\s*")
_PAGE_RANGE = re.compile(r"^\s*(\w+)\s*[-–—]{1,2}\s*(\w+)\s*$")
# An id usable as a citation key; URIs and Zotero's "1234/ABCD" ids are not.
_CITEKEY = re.compile(r"^[^\s,{}\\#%~\"'()=/]+$")
_MASTERS_GENRE = "Master's thesis"
_MASTER_LEVEL = re.compile(r"master|diploma|magister", re.IGNORECASE)


def parse(text: str, source: str = "<text>") -> ParseResult:
    """Read the items of a CSL-JSON array (or a single item); never raises on odd input."""
    result = ParseResult()
    text = text.removeprefix("\ufeff")
    if not text.strip():
        return result
    depth = _deepest(text)
    if depth > MOST_DEPTH:
        result.problems.append(_too_deep(depth, text, source))
        return result
    try:
        data = json.loads(text, parse_int=_whole_number)
    except (ValueError, RecursionError) as error:
        result.problems.append(_unreadable_json(error, text, source))
        return result
    items = data if isinstance(data, list) else [data]
    lines = list(_item_lines(text)) if isinstance(data, list) else [1]
    for index, item in enumerate(items):
        line = lines[index] if index < len(lines) else None
        if not isinstance(item, dict):
            result.problems.append(
                Problem(
                    source=source,
                    line=line,
                    message=sentence(
                        "Item {item} is not a CSL-JSON object; it was not imported.", item=index + 1
                    ),
                    raw=json.dumps(item, ensure_ascii=False),
                    error=True,
                )
            )
            continue
        result.records.append(_record_from(item, line, source, problems=result.problems))
    return result


#: Arrays and objects nested deeper than this are refused before Python's json, which
#: recurses, reads them (no CSL-JSON of our corpus nests more than 10 levels, the schema).
MOST_DEPTH = 100
_NESTING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _deepest(text: str) -> int:
    """How deeply the arrays and objects of `text` nest (brackets inside strings aside)."""
    depth = deepest = 0
    for token in _NESTING.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif mark in "]}":
            depth -= 1
    return deepest


def _too_deep(depth: int, text: str, source: str) -> Problem:
    return Problem(
        source=source,
        line=1,
        message=(
            sentence(
                "This JSON nests its lists and objects {depth} levels deep, more than the {most} "
                "any CSL-JSON needs; nothing was imported from it, and its text is kept here.",
                depth=f"{depth:,}",
                most=MOST_DEPTH,
            )
        ),
        raw=text,
        error=True,
    )


#: Python turns at most this many digits into a number (sys.get_int_max_str_digits).
_LONGEST_NUMBER = 4300


def _whole_number(digits: str) -> int | str:
    """A JSON number as a number; one too long for Python to convert (5,000 digits) is
    kept as the text it was, so that the item is still read and nothing is lost."""
    if len(digits.lstrip("-")) > _LONGEST_NUMBER:
        return digits
    return int(digits)


def _unreadable_json(error: Exception, text: str, source: str) -> Problem:
    line = getattr(error, "lineno", None)
    detail = getattr(error, "msg", None) or (
        "it is nested too deeply" if isinstance(error, RecursionError) else str(error)
    )
    return Problem(
        source=source,
        line=line,
        message=sentence(
            "This is not valid JSON ({detail}); nothing could be imported from it.", detail=detail
        ),
        raw=text,
        error=True,
    )


def _item_lines(text: str) -> Iterator[int]:
    """The line on which each element of the top-level JSON array starts."""
    depth = 0
    line = 1
    expecting = False
    for token in _JSON_TOKEN.finditer(text):
        kind = token.group()
        if kind == "\n":
            line += 1
            continue
        if depth == 1 and expecting and kind not in ",]":
            yield line
            expecting = False
        if kind in "[{":
            depth += 1
            expecting = depth == 1
        elif kind in "]}":
            depth -= 1
        elif kind == "," and depth == 1:
            expecting = True


# ---------------------------------------------------------------- from an item to a record


def _record_from(
    item: dict[str, Any], line: int | None, source: str, *, problems: list[Problem]
) -> Record:
    rest = dict(item)
    record = Record(line=line)
    _read_type(rest, record)
    _read_keys(rest, record)
    record.title = _pop_text(rest, "title")
    record.abstract = _pop_text(rest, "abstract")
    record.doi = _pop_text(rest, "DOI")
    record.url = _pop_text(rest, "URL")
    record.publisher = _pop_text(rest, "publisher")
    record.volume = _pop_text(rest, "volume")
    _read_container(rest, record)
    _read_number(rest, record)
    _read_pages(rest, record)
    _read_keywords(rest, record)
    _read_issued(rest, record, line, source=source, problems=problems)
    record.authors = _pop_people(rest, "author", line, source=source, problems=problems)
    record.editors = _pop_people(rest, "editor", line, source=source, problems=problems)
    _read_custom(rest, record)
    for name, value in rest.items():
        if name in _CSL_TO_BIBTEX_EXTRA and isinstance(value, str):
            # Under a BibTeX name a value is LaTeX (the BibTeX writer gives it back as is).
            escaped = encode.escape(value, charset=encode.Charset.UNICODE)
            record.extra[_CSL_TO_BIBTEX_EXTRA[name]] = escaped
        else:
            _keep(record, name, value)
    return record


def _pop_text(rest: dict[str, Any], name: str) -> str:
    """A string or number variable, taken out of `rest`; anything else stays to be kept."""
    value = rest.get(name)
    if isinstance(value, str) or (isinstance(value, int | float) and not isinstance(value, bool)):
        del rest[name]
        return _text(value)
    return ""


def _pop_people(
    rest: dict[str, Any], role: str, line: int | None, *, source: str, problems: list[Problem]
) -> list[Person]:
    """The names of `role`, taken out of `rest`; a malformed list is reported and kept."""
    if role not in rest:
        return []
    people = _people(rest[role])
    if people is None:
        problems.append(_odd_names(role, rest[role], line, source=source))
        return []
    del rest[role]
    return people


def _text(value: Any) -> str:
    """A CSL string-or-number variable as text."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return ""
    return str(value) if isinstance(value, int | float) else ""


def _keep(record: Record, name: str, value: Any) -> None:
    if isinstance(value, str):
        record.extra[STRING_PREFIX + name] = value
    else:
        record.extra[JSON_PREFIX + name] = json.dumps(value, ensure_ascii=False)


def _read_type(rest: dict[str, Any], record: Record) -> None:
    written = rest.pop("type", None)
    csl_type = written if isinstance(written, str) else "document"
    record.entry_type = _TYPE_TO_BIBTEX.get(csl_type, "misc")
    genre = rest.get("genre")
    # CSL says a thesis' level in its genre ("Master's thesis", "Diploma Thesis", "PhD thesis").
    if csl_type == "thesis" and isinstance(genre, str) and _MASTER_LEVEL.search(genre):
        record.entry_type = "mastersthesis"
        if genre == _MASTERS_GENRE:
            del rest["genre"]  # what the type says already; written back from the type
    if written is not None and _BIBTEX_TO_TYPE.get(record.entry_type) != written:
        _keep(record, "type", written)


def _read_keys(rest: dict[str, Any], record: Record) -> None:
    key = rest.pop("citation-key", None)
    item_id = rest.pop("id", None)
    if isinstance(key, str) and key:
        record.citekey = key
    elif isinstance(item_id, str) and _CITEKEY.match(item_id):
        record.citekey = item_id
    if item_id is not None and item_id != record.citekey:
        _keep(record, "id", item_id)
    if key is not None and not isinstance(key, str):
        _keep(record, "citation-key", key)


def _read_container(rest: dict[str, Any], record: Record) -> None:
    container = rest.get("container-title")
    if not isinstance(container, str):
        return
    if record.entry_type in _IN_CONTAINER_TYPES:
        record.booktitle = container
    elif record.entry_type == "book":
        return  # a book's container is the multi-volume work: kept as an extra
    else:
        record.journal = container
    del rest["container-title"]


def _read_number(rest: dict[str, Any], record: Record) -> None:
    name = _number_variable(record.entry_type)
    record.number = _pop_text(rest, name)


def _number_variable(entry_type: str) -> str:
    if entry_type in _NUMBERED_TYPES:
        return "number"
    return "collection-number" if entry_type in _SERIES_NUMBERED_TYPES else "issue"


def _read_pages(rest: dict[str, Any], record: Record) -> None:
    written = _pop_text(rest, "page")
    if not written:
        return
    match = _PAGE_RANGE.match(written)
    record.pages = f"{match.group(1)}–{match.group(2)}" if match else written
    if _csl_page(record.pages) != written:
        record.extra[STRING_PREFIX + "page"] = written


def _csl_page(pages: str) -> str:
    """A page range the CSL way, with a hyphen ("1-10" for "1–10" or BibTeX's "1--10")."""
    return _RANGE_DASH.sub("-", pages)


def _read_keywords(rest: dict[str, Any], record: Record) -> None:
    written = rest.get("keyword")
    if not isinstance(written, str):
        return
    del rest["keyword"]
    record.keywords = _split_keywords(written)
    if keywords.join(record.keywords) != written:
        record.extra[STRING_PREFIX + "keyword"] = written


def _split_keywords(written: str) -> list[str]:
    return keywords.split(written)


def _read_issued(
    rest: dict[str, Any], record: Record, line: int | None, *, source: str, problems: list[Problem]
) -> None:
    issued = rest.get("issued")
    if issued is None:
        return
    parts = _first_date_parts(issued)
    if parts is None:
        problems.append(
            Problem(
                source=source,
                line=line,
                message=sentence(
                    "The 'issued' date has no year that could be read; it was kept as written."
                ),
                raw=json.dumps(issued, ensure_ascii=False),
            )
        )
        return
    record.year = parts[0]
    record.month = parts[1] if len(parts) > 1 and 1 <= parts[1] <= 12 else None
    del rest["issued"]
    if issued != _issued_for(record):
        # A day, a range, a season...: the original says more than year and month.
        _keep(record, "issued", issued)


def _first_date_parts(issued: Any) -> list[int] | None:
    """[year, month?, day?] of a CSL date (date-parts, or a raw/EDTF string), or None."""
    if isinstance(issued, str):
        issued = {"raw": issued}
    if not isinstance(issued, dict):
        return None
    ranges = issued.get("date-parts")
    if isinstance(ranges, list) and ranges and isinstance(ranges[0], list) and ranges[0]:
        try:
            parts = [int(part) for part in ranges[0][:3]]
        except (TypeError, ValueError):
            return None
        return parts if parts[0] else None
    raw = issued.get("raw") or issued.get("literal")
    match = re.match(r"^\s*(\d{4})(?:-(\d{2}))?", raw) if isinstance(raw, str) else None
    if match is None:
        return None
    return [int(match.group(1))] + ([int(match.group(2))] if match.group(2) else [])


def _people(value: Any) -> list[Person] | None:
    if not isinstance(value, list) or not all(isinstance(name, dict) for name in value):
        return None
    return [_person(name) for name in value]


def _person(name: dict[str, Any]) -> Person:
    """A CSL name object as a Person; both kinds of particle become BibTeX's "von"."""
    literal = _text(name.get("literal", ""))
    if literal:
        return Person(family=literal, as_written=literal)
    particles = (name.get("dropping-particle"), name.get("non-dropping-particle"))
    person = Person(
        given=_text(name.get("given", "")),
        family=_text(name.get("family", "")),
        von=" ".join(_text(part) for part in particles if part),
        jr=_text(name.get("suffix", "")),
    )
    person.as_written = person.display()
    return person


def _odd_names(role: str, value: Any, line: int | None, *, source: str) -> Problem:
    return Problem(
        source=source,
        line=line,
        message=sentence(
            "The '{role}' list is not a list of CSL names; it was kept as written.", role=role
        ),
        raw=json.dumps(value, ensure_ascii=False),
    )


def _read_custom(rest: dict[str, Any], record: Record) -> None:
    custom = rest.get("custom")
    if not isinstance(custom, dict):
        return
    custom = dict(custom)
    record.arxiv_id = _text(custom.pop(CUSTOM_ARXIV, ""))
    record.topic = _text(custom.pop(CUSTOM_TOPIC, ""))
    if custom:
        rest["custom"] = custom
    else:
        del rest["custom"]


# ---------------------------------------------------------------- writing


def export(entries: Sequence[Entry], options: WriteOptions) -> str:
    """The registry's writer (notes and preambles have no place in CSL-JSON)."""
    return write(record for record, _ in telling(entries, options.told))


def write(records: Iterable[Record]) -> str:
    """CSL-JSON text (an array of items) for `records`, valid against the CSL schema."""
    items = [item_for(record, index) for index, record in enumerate(records, start=1)]
    return json.dumps(items, ensure_ascii=False, indent=2) + "\n"


def item_for(record: Record, position: int = 1) -> dict[str, Any]:
    """One CSL-JSON item for `record`; `position` numbers items that have no citation key."""
    kept = _kept_variables(record)
    item = _identity(record, kept, position)
    _put(item, "title", record.title)
    for role, people in (("author", record.authors), ("editor", record.editors)):
        if people:
            item[role] = [_name(person) for person in people]
    _put_issued(item, record, kept)
    _put_container(item, record)
    _put(item, "publisher", record.publisher or _publisher_like(record))
    _put(item, "volume", record.volume)
    _put(item, _number_variable(record.entry_type), record.number)
    page = kept.pop("page", None)
    _put(item, "page", page if _same_pages(page, record.pages) else _csl_page(record.pages))
    keyword = kept.pop("keyword", None)
    same = isinstance(keyword, str) and _split_keywords(keyword) == record.keywords
    _put(item, "keyword", keyword if same else keywords.join(record.keywords))
    _put(item, "DOI", record.doi)
    _put(item, "URL", record.url or _arxiv_url(record))
    _put(item, "abstract", record.abstract)
    _put_bibtex_extras(item, record)
    _put_kept(item, record, kept)
    return item


def _identity(record: Record, kept: dict[str, Any], position: int) -> dict[str, Any]:
    """id, type and citation-key: the ones read from CSL if still valid, else ours."""
    item_id = kept.pop("id") if _fits_schema("id", kept.get("id")) else None
    csl_type = kept.pop("type") if _is_csl_type(kept.get("type")) else None
    item: dict[str, Any] = {
        "id": item_id if item_id is not None else record.citekey or f"item-{position}",
        "type": csl_type or _BIBTEX_TO_TYPE.get(record.entry_type, "document"),
    }
    if record.citekey:
        item["citation-key"] = record.citekey
    return item


def _put_issued(item: dict[str, Any], record: Record, kept: dict[str, Any]) -> None:
    """The date: as read (with its day, range...) while it says the record's year and month."""
    issued = _issued_for(record)
    original = kept.pop("issued", None)
    if original is not None and _same_date(original, record):
        if _fits_schema("issued", original):
            issued = original
        else:
            kept["issued"] = original  # not a CSL date: it goes to "custom"
    if issued is not None:
        item["issued"] = issued


def _put_kept(item: dict[str, Any], record: Record, kept: dict[str, Any]) -> None:
    """Variables kept from a CSL import, and what CSL has no variable for, under "custom"."""
    custom = kept.pop("custom", None)
    custom = dict(custom) if isinstance(custom, dict) else {}
    for name, value in kept.items():
        if name not in item and _fits_schema(name, value):
            item[name] = value
        else:
            # Not a CSL variable, not shaped like one, or said twice: "custom" holds it.
            custom.setdefault(name, value)
    if record.arxiv_id:
        custom[CUSTOM_ARXIV] = record.arxiv_id
    if record.topic:
        custom[CUSTOM_TOPIC] = record.topic
    if custom:
        item["custom"] = custom


def _is_csl_type(value: Any) -> bool:
    return isinstance(value, str) and value in CSL_TYPES


def _fits_schema(name: str, value: Any) -> bool:
    """Whether `value` is what the CSL schema allows for the variable `name`."""
    if name in _NAME_VARIABLES:
        return isinstance(value, list) and all(
            isinstance(person, dict) and set(person) <= _NAME_KEYS for person in value
        )
    if name in _DATE_VARIABLES:
        return isinstance(value, dict) and set(value) <= _DATE_KEYS and _date_fits(value)
    if name == "categories":
        return isinstance(value, list) and all(isinstance(word, str) for word in value)
    if name in _TEXT_VARIABLES or name == "id":
        is_number = isinstance(value, int | float) and not isinstance(value, bool)
        return isinstance(value, str) or is_number
    return False


def _date_fits(value: dict[str, Any]) -> bool:
    ranges = value.get("date-parts", [[0]])
    return (
        isinstance(ranges, list)
        and 1 <= len(ranges) <= 2
        and all(
            isinstance(parts, list)
            and 1 <= len(parts) <= 3
            and all(isinstance(part, str | int) and not isinstance(part, bool) for part in parts)
            for parts in ranges
        )
        and all(isinstance(value.get(key, ""), str) for key in ("literal", "raw"))
    )


def _put_bibtex_extras(item: dict[str, Any], record: Record) -> None:
    """BibTeX fields kept in `extra` that CSL has a variable for."""
    extra = record.extra
    for bibtex, csl in _BIBTEX_EXTRA_TO_CSL.items():
        value = extra.get(bibtex) or extra.get(_alias_of(bibtex), "")
        _put(item, csl, decode.to_unicode(value) if value else "")
    if record.entry_type == "mastersthesis":
        item.setdefault("genre", _MASTERS_GENRE)  # else it reads back as a PhD thesis
    # howpublished says where a misc item or booklet appeared: a link, or a publisher.
    published = decode.to_unicode(extra.get("howpublished", "")).strip()
    if published.startswith(("http://", "https://")):
        item.setdefault("URL", published)
    elif published:
        item.setdefault("publisher", published)


def _alias_of(bibtex: str) -> str:
    return next((alias for alias, name in _BIBLATEX_ALIASES.items() if name == bibtex), "")


def _kept_variables(record: Record) -> dict[str, Any]:
    """The CSL variables kept verbatim in `record.extra`, decoded."""
    kept: dict[str, Any] = {}
    for key, value in record.extra.items():
        if key.startswith(STRING_PREFIX):
            kept[key.removeprefix(STRING_PREFIX)] = value
        elif key.startswith(JSON_PREFIX):
            try:
                kept[key.removeprefix(JSON_PREFIX)] = json.loads(value)
            except ValueError:
                continue  # edited into something that is not JSON: not ours to guess
    return kept


def _put(item: dict[str, Any], name: str, value: str | None) -> None:
    if value:
        item[name] = value


def _name(person: Person) -> dict[str, str]:
    """A CSL name; a family name alone ("Acme Inc.", "Plato") is written as just that, a
    CJK name split into its family and given names (`张三` -> 张, 三)."""
    person = person.with_cjk_split()
    name = {
        "family": person.family,
        "given": person.given,
        "non-dropping-particle": person.von,
        "suffix": person.jr,
    }
    written = {key: value for key, value in name.items() if value}
    return written or {"literal": person.as_written}


def _same_date(issued: Any, record: Record) -> bool:
    """Whether a CSL date says the record's year and month (it may also name a day)."""
    parts = _first_date_parts(issued)
    if parts is None:
        return record.year is None
    month = parts[1] if len(parts) > 1 and 1 <= parts[1] <= 12 else None
    return (parts[0], month) == (record.year, record.month)


def _date_parts(record: Record) -> list[int] | None:
    if record.year is None:
        return None
    return [record.year, record.month] if record.month else [record.year]


def _issued_for(record: Record) -> dict[str, Any] | None:
    parts = _date_parts(record)
    return {"date-parts": [parts]} if parts else None


def _put_container(item: dict[str, Any], record: Record) -> None:
    if record.entry_type in _IN_CONTAINER_TYPES:
        _put(item, "container-title", record.booktitle or record.journal)
    else:
        _put(item, "container-title", record.journal or record.booktitle)


def _publisher_like(record: Record) -> str:
    return next((record.extra[key] for key in _PUBLISHER_LIKE if record.extra.get(key)), "")


def _same_pages(written: Any, pages: str) -> bool:
    if not isinstance(written, str):
        return False
    match = _PAGE_RANGE.match(written)
    return (f"{match.group(1)}–{match.group(2)}" if match else written) == pages


def _arxiv_url(record: Record) -> str:
    return f"https://arxiv.org/abs/{record.arxiv_id}" if record.arxiv_id else ""
