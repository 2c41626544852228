"""Write records as a BibTeX or BibLaTeX file that `bibtex`, `biber` and pdfLaTeX accept.

The output is deterministic: entries in the order given, fields in a fixed order, unmodelled
fields (`Record.extra`) after them sorted by name, so a .bib under version control diffs
cleanly. A field imported as LaTeX (`Record.latex`) is written back as it came, so whoever
edits a field must drop its `latex` entry; names are always written from their parts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial

from desktop.core import folding
from desktop.core.formats import keywords
from desktop.core.formats.bibtex import blocks, crossrefs, dates, web_pages
from desktop.core.formats.citekeys import citekey_for, disambiguate
from desktop.core.formats.latex import encode
from desktop.core.formats.record import Entry, Person, Record, WriteOptions, telling

MONTH_MACROS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")

# Entry types the standard BibTeX styles define; anything else makes `plain` warn.
BIBTEX_TYPES = frozenset(
    """article book booklet conference inbook incollection inproceedings manual mastersthesis
    misc phdthesis proceedings techreport unpublished""".split()
)
_TO_BIBTEX_TYPE = {
    "bookinbook": "book",
    "collection": "book",
    "mvbook": "book",
    "mvcollection": "book",
    "reference": "book",
    "mvreference": "book",
    "inreference": "incollection",
    "suppbook": "incollection",
    "suppcollection": "incollection",
    "mvproceedings": "proceedings",
    "periodical": "article",
    "suppperiodical": "article",
    "report": "techreport",
    "thesis": "phdthesis",
}

# Entry types biber's default data model defines (`blx-dm.def`, biblatex 3.x: those the
# standard styles print, and those they print as `misc`, such as `legislation`); BibTeX-only
# names map onto them.
BIBLATEX_TYPES = frozenset(
    """article book mvbook inbook bookinbook suppbook booklet collection mvcollection
    incollection suppcollection dataset manual misc online patent periodical suppperiodical
    proceedings mvproceedings inproceedings reference mvreference inreference report set
    software standard thesis unpublished xdata customa customb customc customd custome customf
    artwork audio bibnote commentary image jurisdiction legal legislation letter movie music
    performance review video""".split()
)
_TO_BIBLATEX_TYPE = {
    "conference": "inproceedings",
    "electronic": "online",
    "www": "online",
    "webpage": "online",
    "mastersthesis": "thesis",
    "phdthesis": "thesis",
    "techreport": "report",
}
# The `type` field biblatex expects when a thesis or report type was folded away.
_BIBLATEX_SUBTYPE = {
    "mastersthesis": "mathesis",
    "phdthesis": "phdthesis",
    "techreport": "techreport",
}


class _Macro(str):
    """A field value written bare, not in braces: a month macro like `mar`."""


_FIELD_NAME = re.compile(r"[a-z][a-z0-9_\-:.+]*")
_AND = re.compile(r"(?:^|\s)and(?:\s|$)", re.IGNORECASE)


def _head_text(journal: str) -> tuple[tuple[str, str, bool], ...]:
    return (
        ("title", "title", True),
        (journal, "journal", False),
        ("booktitle", "booktitle", True),
        ("publisher", "publisher", False),
    )


@dataclass(frozen=True)
class _Dialect:
    """What differs between classic BibTeX and BibLaTeX output."""

    biblatex: bool
    #: The text fields between names and date: (field written, Record attribute, is a title).
    head_text: tuple[tuple[str, str, bool], ...]
    #: What becomes LaTeX and what stays UTF-8 (see `encode.Charset`).
    charset: encode.Charset
    #: Whether the fields only Papershelf reads are written (`WriteOptions.our_fields`).
    our_fields: bool = False


_BIBTEX = _Dialect(
    biblatex=False, head_text=_head_text("journal"), charset=encode.Charset.LATEX_OR_UTF8
)
_BIBLATEX = _Dialect(
    biblatex=True, head_text=_head_text("journaltitle"), charset=encode.Charset.UNICODE
)
_NUMBERS_TEXT = (
    ("volume", "volume", False),
    ("number", "number", False),
    ("pages", "pages", False),
)
_TAIL_TEXT = (("abstract", "abstract", False),)
#: Modelled fields no BibTeX style or biblatex data model knows: written only when asked.
_OUR_TEXT = (("topic", "topic", False),)


def export_bibtex(entries: Sequence[Entry], options: WriteOptions) -> str:
    """The registry's writer for classic BibTeX (notes are not written)."""
    return _write([record for record, _ in entries], options, _BIBTEX)


def export_biblatex(entries: Sequence[Entry], options: WriteOptions) -> str:
    """The registry's writer for BibLaTeX (notes are not written)."""
    return _write([record for record, _ in entries], options, _BIBLATEX)


def write_bibtex(
    records: Iterable[Record],
    preambles: Sequence[str] = (),
    keys: set[str] | None = None,
    *,
    ascii_only: bool = False,
    our_fields: bool = False,
) -> str:
    """Records as classic BibTeX: LaTeX for the characters it spells faithfully (accents,
    dashes, quotes), UTF-8 for every other one (CJK, Cyrillic...); `ascii_only`: see
    `encode.Charset.ASCII`.

    `keys`, for a file written in parts: the case-folded keys of the parts before, which
    this one must not repeat; the keys written are added to it. `our_fields`: see
    `WriteOptions.our_fields`.
    """
    options = WriteOptions(
        preambles=preambles, taken_keys=keys, ascii_only=ascii_only, our_fields=our_fields
    )
    return _write(list(records), options, _BIBTEX)


def write_biblatex(
    records: Iterable[Record],
    preambles: Sequence[str] = (),
    keys: set[str] | None = None,
    *,
    ascii_only: bool = False,
    our_fields: bool = False,
) -> str:
    """Records as BibLaTeX for biber: UTF-8 kept (LaTeX where it can be, with
    `ascii_only`), `journaltitle`, `date` (to the day where the source gave it),
    `eprinttype`, web pages as `@online`; `keys` and `our_fields` as for `write_bibtex`."""
    options = WriteOptions(
        preambles=preambles, taken_keys=keys, ascii_only=ascii_only, our_fields=our_fields
    )
    return _write(list(records), options, _BIBLATEX)


#: An entry as written apart from its neighbours: the key it asks for (the file may have
#: to make it unique), its entry type, and its text after the key (to its closing brace).
Piece = tuple[str, str, str]


def pieces(records: Sequence[Record], options: WriteOptions, *, biblatex: bool) -> list[Piece]:
    """Each record's entry written apart (`assemble` makes them a file), or [] for records
    that link to one another (crossref, xdata, xref): those are written as a whole."""
    if any(crossrefs.has_links(record) for record in records):
        return []
    dialect = _dialect(options, biblatex=biblatex)
    names = _NameWriter(dialect.charset)
    return [
        (_key(record), *_entry(record, dialect=dialect, names=names))
        for record in telling(records, options.told)
    ]


def assemble(pieces: Iterable[Piece], options: WriteOptions, *, biblatex: bool) -> str:
    """The file: the options' blocks, then the entries in order, each key made unique
    (ignoring case) against those written before it and `options.taken_keys`."""
    return "".join(assembled_parts(pieces, options, biblatex=biblatex))


def assembled_parts(pieces: Iterable[Piece], options: WriteOptions, *, biblatex: bool) -> list[str]:
    """`assemble`'s file as the small strings it is joined from: a file writer encodes
    them a batch at a time instead of making one string of the whole file (165 MB at 100k,
    twice that in memory once one character needs two bytes)."""
    # `written` is case-folded: BibTeX does not tell `Smith` from `smith`.
    written = set() if options.taken_keys is None else options.taken_keys
    groups = [options.preambles, *options.file_blocks] if options.preambles else options.file_blocks
    out: list[str] = []
    for text in blocks.write_groups(groups, biblatex=biblatex):
        out += (text, "\n")
    for key, entry_type, body in pieces:
        folded = key.casefold()
        if folded in written:
            # Folding to ASCII can make two library keys one; BibTeX rejects a repeated key.
            key = disambiguate(key, lambda candidate: candidate.casefold() in written)
            folded = key.casefold()
        written.add(folded)
        out += ("@", entry_type, "{", key, ",\n", body, "\n")
    if out:
        out.pop()  # blocks apart by a blank line, none after the last
    return out


def _dialect(options: WriteOptions, *, biblatex: bool) -> _Dialect:
    dialect = _BIBLATEX if biblatex else _BIBTEX
    if options.ascii_only:
        dialect = replace(dialect, charset=encode.Charset.ASCII)
    if options.our_fields:
        dialect = replace(dialect, our_fields=True)
    return dialect


def _write(records: list[Record], options: WriteOptions, dialect: _Dialect) -> str:
    biblatex = dialect.biblatex
    if not any(crossrefs.has_links(record) for record in records):
        return assemble(pieces(records, options, biblatex=biblatex), options, biblatex=biblatex)
    dialect = _dialect(options, biblatex=biblatex)
    records = crossrefs.arrange(records, outside=options.outside_parents, biblatex=biblatex)
    # On a copy: `assemble` finds these keys unique and adds them to the caller's set.
    taken = set() if options.taken_keys is None else set(options.taken_keys)
    keys = _keys(records, taken)
    records = _relinked(records, keys)
    names = _NameWriter(dialect.charset)
    linked = [
        (key, *_entry(record, dialect=dialect, names=names))
        for record, key in zip(telling(records, options.told), keys, strict=True)
    ]
    return assemble(linked, options, biblatex=biblatex)


def _keys(records: list[Record], written: set[str]) -> list[str]:
    """Each record's key as written: unique ignoring case, after those in `written`."""
    keys = []
    for record in records:
        key = _key(record)
        if key.casefold() in written:
            # Folding to ASCII can make two library keys one; BibTeX rejects a repeated key.
            key = disambiguate(key, lambda candidate: candidate.casefold() in written)
        written.add(key.casefold())
        keys.append(key)
    return keys


def _relinked(records: list[Record], keys: list[str]) -> list[Record]:
    """Links naming the keys the entries were written under (see `_keys`)."""
    written_as: dict[str, str] = {}
    for record, key in zip(records, keys, strict=True):
        if record.citekey:
            written_as.setdefault(record.citekey.casefold(), key)
    relinked = []
    for record in records:
        if crossrefs.has_links(record):
            extra = dict(record.extra)
            for name in crossrefs.LINK_FIELDS:
                if name in extra:
                    targets = [k.strip() for k in extra[name].split(",") if k.strip()]
                    extra[name] = ", ".join(written_as.get(k.casefold(), k) for k in targets)
            latex = {k: v for k, v in record.latex.items() if k not in crossrefs.LINK_FIELDS}
            record = replace(record, extra=extra, latex=latex)
        relinked.append(record)
    return relinked


def _entry(record: Record, *, dialect: _Dialect, names: _NameWriter) -> tuple[str, str]:
    """The entry type written, and the entry's text after its key."""
    entry_type, subtype = _entry_type(record.entry_type, dialect.biblatex)
    if dialect.biblatex and entry_type == "misc":
        online = web_pages.as_online(record)
        if online is not None:
            entry_type, record = "online", online
    fields = _fields(record, dialect, names)
    if subtype and "type" not in record.extra:
        fields.append(("type", subtype))
    if record.extra:
        fields.extend(_extra_fields(record, {name for name, _ in fields}, dialect))
    out: list[str] = []
    for name, value in fields:
        if type(value) is _Macro:
            out += (f"  {name} = ", value, ",\n")
        else:
            out += (_OPENING.get(name) or _opening(name), value, "},\n")
    out.append("}\n")
    return entry_type, "".join(out)


def _opening(name: str) -> str:
    opening = _OPENING[name] = f"  {name} = {{"
    return opening


#: "  title = {" and the like, made once per field name (a few dozen in any library;
#: a plain dict, as a cached function's call costs more here, once per field written).
_OPENING: dict[str, str] = {}


@lru_cache(maxsize=1024)  # a library has a few dozen types at most
def _entry_type(entry_type: str, biblatex: bool) -> tuple[str, str]:
    name = entry_type.strip().lower()
    if biblatex:
        if name in BIBLATEX_TYPES:
            return name, ""
        return _TO_BIBLATEX_TYPE.get(name, "misc"), _BIBLATEX_SUBTYPE.get(name, "")
    if name in BIBTEX_TYPES:
        return name, ""
    return _TO_BIBTEX_TYPE.get(name, "misc"), ""


def _key(record: Record) -> str:
    key = record.citekey or citekey_for(record)
    if _PLAIN_KEY.fullmatch(key):
        return key  # as the library hands them out
    # This only guards the file against a hand-edited key.
    safe = _NOT_IN_KEY.sub("", folding.for_citekey(key))
    return safe or citekey_for(record)


# ASCII letters, digits and a few marks: a key needing no folding or cleaning.
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_:.+/-]+")
_NOT_IN_KEY = re.compile(r"[\s,{}()\"#%'=\\~]")


def _fields(record: Record, dialect: _Dialect, names: _NameWriter) -> list[tuple[str, str]]:
    """The modelled fields, in their fixed order: (name, value written in braces, or a
    `_Macro` written bare)."""
    fields: list[tuple[str, str]] = []
    charset = dialect.charset
    # Names always come from the split parts, so that von, Jr and organisations are braced
    # the way BibTeX and biber need, whatever the source wrote.
    if record.authors:
        authors = names.names(record.authors)
        if authors:
            fields.append(("author", authors))
    if record.editors:
        editors = names.names(record.editors)
        if editors:
            fields.append(("editor", editors))
    latex = record.latex
    _add_text(fields, record, dialect.head_text, latex=latex, charset=charset)
    _add_date(fields, record, dialect)
    _add_text(fields, record, _NUMBERS_TEXT, latex=latex, charset=charset)
    _add_identifiers(fields, record, dialect)
    if record.keywords or "keywords" in latex:
        _add_field(
            fields,
            "keywords",
            keywords.join(record.keywords),
            original=latex.get("keywords"),
            charset=charset,
            title=False,
        )
    _add_text(fields, record, _TAIL_TEXT, latex=latex, charset=charset)
    if dialect.our_fields:
        _add_text(fields, record, _OUR_TEXT, latex=latex, charset=charset)
    return fields


def _add_text(
    fields: list[tuple[str, str]],
    record: Record,
    names: tuple[tuple[str, str, bool], ...],
    *,
    latex: dict[str, str],
    charset: encode.Charset,
) -> None:
    for name, attribute, title in names:
        value = getattr(record, attribute)
        original = latex.get(attribute) if latex else None
        if original is not None:
            _add_field(fields, name, value, original=original, charset=charset, title=title)
        elif value:  # most fields of most records are empty
            value = value.strip()
            if value:
                escaped = encode.escape(value, charset=charset, protect_case=title)
                fields.append((name, escaped))


def _add_field(
    fields: list[tuple[str, str]],
    name: str,
    value: str,
    *,
    original: str | None,
    charset: encode.Charset,
    title: bool,
) -> None:
    """A text field: its imported LaTeX when there is some to give back, else escaped."""
    if original is not None and original.strip() and encode.is_balanced(original):
        # Raw UTF-8 in a LaTeX source: written like every other character.
        fields.append((name, encode.spell_non_ascii(original, charset)))
    elif value.strip():
        escaped = encode.escape(value.strip(), charset=charset, protect_case=title)
        fields.append((name, escaped))


def _add_date(fields: list[tuple[str, str]], record: Record, dialect: _Dialect) -> None:
    month = record.month if record.month is not None and 1 <= record.month <= 12 else None
    year = record.year
    if dialect.biblatex:
        if "urldate" not in record.extra:
            seen = dates.access_date(record)
            if seen:
                fields.append(("urldate", seen))
        if "date" in record.extra:
            return  # the imported date, often to the day, is given back with the extras
        full = dates.full_date(record)
        if full:
            fields.append(("date", full))  # what RIS or CSL-JSON said, to the day
            return
        if year is not None and 0 <= year <= 9999:
            date = f"{year:04d}" + (f"-{month:02d}" if month else "")
            fields.append(("date", date))
            return
    if year is not None:
        fields.append(("year", str(year)))
    if month:
        # BibTeX gets the bare macro, so that each style prints the month its own way.
        fields.append(
            ("month", str(month) if dialect.biblatex else _Macro(MONTH_MACROS[month - 1]))
        )


def _add_identifiers(fields: list[tuple[str, str]], record: Record, dialect: _Dialect) -> None:
    ascii_only = dialect.charset is encode.Charset.ASCII
    if dialect.biblatex:
        verbatim = partial(encode.verbatim_biblatex, ascii_only=ascii_only)
    else:
        verbatim = partial(encode.verbatim, ascii_only=ascii_only)
    if record.doi.strip():
        fields.append(("doi", verbatim(record.doi)))
    if record.arxiv_id.strip():
        fields.append(("eprint", verbatim(record.arxiv_id)))
        if dialect.biblatex:
            fields.append(("eprinttype", "arxiv"))
        else:
            fields.append(("archiveprefix", "arXiv"))
    if record.url.strip():
        fields.append(("url", verbatim(record.url)))


def _extra_fields(record: Record, written: set[str], dialect: _Dialect) -> list[tuple[str, str]]:
    """Unmodelled fields, sorted by name, values as imported (they are LaTeX already)."""
    fields: list[tuple[str, str]] = []
    taken = set(written)
    for name in sorted(record.extra):
        if name.startswith(OUR_PREFIXES) and not dialect.our_fields:
            continue
        field = _field_name(name)
        if field in taken or (field in ("year", "month") and ("date" in taken)):
            continue  # modelled, or a name twice: BibTeX rejects a repeated field
        taken.add(field)
        value = record.extra[name]
        if field in _VERBATIM_EXTRAS:
            ascii_only = dialect.charset is encode.Charset.ASCII
            verbatim = encode.verbatim_biblatex if dialect.biblatex else encode.verbatim
            fields.append((field, verbatim(value, ascii_only=ascii_only)))
            continue
        if encode.is_balanced(value) and not name.startswith(PLAIN_TEXT_PREFIXES):
            if dialect.charset is encode.Charset.ASCII:  # else as imported, UTF-8 and all
                value = encode.spell_non_ascii(value, dialect.charset)
            fields.append((field, value))
        else:
            escaped = encode.escape(value, charset=dialect.charset)
            fields.append((field, escaped))
    return fields


#: Unmodelled fields read from RIS (`ris:n1`) or CSL-JSON (`csl:note`): plain text, not
#: LaTeX, so written escaped like any text (never as TeX that would run).
PLAIN_TEXT_PREFIXES = ("ris:", "csl:", "csl-json:")
#: Unmodelled fields kept under names of ours (see `WriteOptions.our_fields`), and the
#: marks Papershelf sets itself (`papershelf-guessed`: what a PDF import guessed).
OUR_PREFIXES = (*PLAIN_TEXT_PREFIXES, "wos:", "papershelf-")
#: Unmodelled fields biber reads verbatim: like url and doi, they cannot carry TeX.
_VERBATIM_EXTRAS = frozenset({"file", "eprint", "doi", "url"})


def _field_name(name: str) -> str:
    """A name BibTeX accepts: lower-case, no spaces, quotes, braces, commas or `=`."""
    name = name.strip().lower()
    if _FIELD_NAME.fullmatch(name):
        return name
    cleaned = re.sub(r"[^a-z0-9_\-:.+]", "-", folding.for_citekey(name).lower())
    return cleaned if cleaned[:1].isalpha() else "x" + cleaned


# --- names -----------------------------------------------------------------------------------
class _NameWriter:
    """People as BibTeX name lists, each Person formatted once per file: the records of
    an export share one Person per way a person is written."""

    def __init__(self, charset: encode.Charset) -> None:
        self._charset = charset
        # By identity; holding the person keeps its id from being reused for another.
        self._written: dict[int, tuple[Person, str]] = {}

    def names(self, people: Iterable[Person]) -> str:
        """`von Last, Jr, First and ...`"""
        written = self._written
        names = []
        for person in people:
            known = written.get(id(person))
            if known is None:
                name = format_name(person, charset=self._charset)
                known = written[id(person)] = (person, name)
            if known[1]:
                names.append(known[1])
        return " and ".join(names)


def format_name(person: Person, *, charset: encode.Charset = encode.Charset.LATEX_OR_UTF8) -> str:
    """One person in BibTeX's `von Last, Jr, First` form; "" when there is nothing to write.
    A CJK name goes out split (`张, 三`), as GB/T 7714 styles and biber need it."""
    person = person.with_cjk_split()
    parts = (person.given, person.von, person.family, person.jr, person.as_written)
    return _format_parts(parts, charset)


# The same people recur across a library: formatting each name once keeps a 100k export fast.
@lru_cache(maxsize=65536)
def _format_parts(parts: tuple[str, str, str, str, str], charset: encode.Charset) -> str:
    as_written = parts[4]
    given, von, family, jr = (_name_part(part, charset) for part in parts[:4])
    if family == "others" and not (given or von or jr):
        return "others"
    if not family:
        # Nothing to sort on: the whole name becomes one protected last name.
        whole = " ".join(part for part in (given, von, jr) if part)
        whole = whole or _name_part(as_written, charset)
        return "{" + whole + "}" if whole else ""
    wrapped = family.startswith("{") and family.endswith("}") and encode.is_balanced(family[1:-1])
    corporate = " " in family and not (given or von or jr)
    if not wrapped and (corporate or _would_split(family)):
        family = "{" + family + "}"  # an organisation, or words BibTeX would take as "von"
    last = f"{von} {family}" if von else family
    # BibTeX rejects a name ending in a comma; `{}` is an empty first name it accepts.
    name = f"{last}, {jr}, {given or '{}'}" if jr else (f"{last}, {given}" if given else last)
    if name.count(",") > 2:
        # biber counts commas even inside braces and skips the entry past two: one braced unit.
        return "{" + " ".join(part for part in (given, von, family, jr) if part) + "}"
    return name


def _name_part(text: str, charset: encode.Charset) -> str:
    part = encode.escape(" ".join(text.split()), charset=charset)
    # A comma or a bare "and" would split the name or the list, and a part made only of
    # BibTeX's name separators (space, `-`, `~`) would vanish: keep them inside braces.
    if "," in part or _AND.search(part) or (part and not part.strip(" -~")):
        return "{" + part + "}"
    return part


def _would_split(family: str) -> bool:
    """True when BibTeX would read a lower-case word of `family` as a "von" particle.

    BibTeX splits on spaces, `~` and `-` alike ("al-Hasan" holds the particle "al").
    """
    words = _NAME_SEPARATORS.split(family)
    return any(_starts_lower(word) for word in words[:-1])


_NAME_SEPARATORS = re.compile(r"[\s~-]+")
# `{\"u}ber`, `{\v{z}}`: an accent command, then the letter that decides the case.
_SPECIAL_START = re.compile(r"\{\\([^A-Za-z]|[A-Za-z]\b|[A-Za-z](?=\{))\s*\{?\s*(\\?)([A-Za-z])")


def _starts_lower(word: str) -> bool:
    """Whether BibTeX sees `word` as starting lower-case, special characters included."""
    special = _SPECIAL_START.match(word)
    if special:
        return special.group(3).islower()
    if word.startswith("{\\"):  # `{\ss}`, `{\o}`: the command names the letter
        return word[2:3].islower()
    return word[:1].islower()
