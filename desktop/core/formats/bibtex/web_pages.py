"""Web pages, told apart from other `misc` records so that BibLaTeX gets them as `@online`.

A web page arrives as BibTeX `@online`/`@www`/`@electronic` (kept as its own type), RIS
`ELEC`, `BLOG` (or `WEB`), CSL-JSON `webpage` or `post-weblog` (both read as `misc`, the source's
type kept in `extra`), or a BibTeX `@misc` that holds a link and says of itself nothing
else a web page cannot say (`howpublished = {\\url{...}}` is such a link).
"""

from __future__ import annotations

import re
from dataclasses import replace

from desktop.core.formats.record import Record

# `WEB` is no RIS type, but some programs write it for a web page.
_RIS_TYPES = frozenset({"ELEC", "BLOG", "WEB"})
_CSL_TYPES = frozenset({"webpage", "post-weblog", "post"})
# `\url{...}` alone, as old BibTeX styles wanted a link written.
_URL_ONLY = re.compile(r"\s*\{?\s*\\url\s*\{([^{}\s]+)\}\s*\}?\s*\.?\s*")
#: Fields of a `misc` that biblatex's `@online` has too (its own and every type's); a
#: `misc` with any other one (howpublished text, location, type, isbn...) stays `misc`.
_ONLINE_FIELDS = frozenset(
    """abstract addendum annotation date day file keywords langid language month note
    organization pubstate subtitle titleaddon urldate version year""".split()
)
#: Kept fields named by us (never written by default) say nothing about the type.
_OUR_PREFIXES = ("ris:", "wos:", "csl:", "csl-json:")


def as_online(record: Record) -> Record | None:
    """`record` as it goes into an `@online` entry (its link moved out of `howpublished`),
    or None when it is not a web page. Records of other types than `misc` are not."""
    if record.entry_type.strip().lower() != "misc":
        return None
    declared = _declared(record)
    if declared is False:
        return None  # the source named another type (an e-mail, a bill...)
    url = record.url.strip()
    howpublished = record.extra.get("howpublished")
    if howpublished is not None:
        link = _URL_ONLY.fullmatch(howpublished)
        if link is None or (url and link.group(1) != url):
            return None  # where it was published, in words; or a second link
        extra = {name: value for name, value in record.extra.items() if name != "howpublished"}
        record = replace(record, url=url or link.group(1), extra=extra)
        url = record.url
    if declared:
        return record
    # Nothing declared (BibTeX `@misc`, RIS `GEN`, CSL `document`): judged by its fields.
    if not url or _elsewhere(record):
        return None
    return record


def _declared(record: Record) -> bool | None:
    """Whether the RIS or CSL-JSON source called it a web page; None if it gave no type
    beyond what `misc` says."""
    ris_type = record.extra.get("ris:TY", record.extra.get("ris:ty"))
    if ris_type is not None:
        return ris_type.strip().upper() in _RIS_TYPES
    csl_type = record.extra.get("csl:type")
    if csl_type is not None:
        return csl_type.strip() in _CSL_TYPES
    return None


def _elsewhere(record: Record) -> bool:
    """Whether the record names a venue, a publisher or an identifier of a publication."""
    modelled = (record.journal, record.booktitle, record.publisher, record.volume,
                record.number, record.pages, record.doi, record.arxiv_id)  # fmt: skip
    if any(value.strip() for value in modelled):
        return True
    return any(
        name.lower() not in _ONLINE_FIELDS and not name.startswith(_OUR_PREFIXES)
        for name in record.extra
    )
