"""Dates to the day (and date ranges) that a record's source gave, written as biblatex's
ISO 8601 `date` and `urldate` (`2016-06-01`, `2016-06-01/2016-06-03`).

A record models only year and month; RIS and CSL-JSON readers keep a fuller date in
`Record.extra` under their own names (`ris:DA`, `csl-json:issued`). BibLaTeX can say it.
"""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

from desktop.core.formats.record import Record

# RIS dates: "2016/06/01/", "2016/06/01/Spring", "2016-06-01" (what `ris._DATE` reads).
_RIS_DATE = re.compile(r"^\s*(\d{4})(?:[/-](\d{1,2})?)?(?:[/-](\d{1,2})?)?(?:/.*)?\s*$")
_ISO_DATE = re.compile(r"^\s*(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?\s*$")
#: Where each reader keeps the publication date it could not model, most telling first.
_ISSUED = ("csl-json:issued", "csl:issued", "ris:DA", "ris:PY", "ris:Y1")
#: Where they keep the date a web page was seen.
_ACCESSED = ("csl-json:accessed", "csl:accessed", "ris:Y2")


def full_date(record: Record) -> str:
    """The publication date to the day when the source gave one that agrees with the
    record's year and month (an edited year wins over a stale kept date); else ""."""
    for name in _ISSUED:
        date = _date_in(record.extra, name)
        if date and _agrees(date, record):
            return date
    return ""


def access_date(record: Record) -> str:
    """When the source says the page (or file) was seen, as `urldate`; else ""."""
    for name in _ACCESSED:
        date = _date_in(record.extra, name)
        if date:
            return date
    return ""


def _date_in(extra: dict[str, str], name: str) -> str:
    value = _find(extra, name)
    if value is None:
        return ""
    if name.startswith("csl-json:"):
        try:
            return _csl_date(json.loads(value))
        except ValueError:
            return ""
    if name.startswith("csl:"):
        return _csl_date({"raw": value})
    return _ris_date(value)


def _find(extra: dict[str, str], name: str) -> str | None:
    # The BibTeX reader lower-cases names, the RIS reader does not: both come here.
    if name in extra:
        return extra[name]
    return extra.get(name.lower())


def _ris_date(value: str) -> str:
    match = _RIS_DATE.match(value)
    if match is None:
        return ""
    year, month, day = (int(part) if part else None for part in match.groups())
    return _iso(year, month, day)


def _csl_date(date: Any) -> str:
    """A CSL date (date-parts, one or a range; or an ISO raw string) as ISO 8601."""
    if not isinstance(date, dict):
        return ""
    ranges = date.get("date-parts")
    if isinstance(ranges, list) and 1 <= len(ranges) <= 2:
        ends = [_parts(end) for end in ranges]
        if all(ends):
            if len(ends) == 2 and len(ends[0]) != len(ends[1]):
                return ""  # biblatex wants both ends to the same precision
            return "/".join(ends)
        return ""
    raw = date.get("raw")
    if isinstance(raw, str):
        pieces = raw.split("/")
        if 1 <= len(pieces) <= 2:
            ends = [_iso(*_iso_parts(piece)) for piece in pieces]
            if all(ends) and len({len(end) for end in ends}) == 1:
                return "/".join(ends)
    return ""


def _parts(end: Any) -> str:
    if not isinstance(end, list) or not 1 <= len(end) <= 3:
        return ""
    try:
        numbers = [int(part) for part in end]
    except (TypeError, ValueError):
        return ""
    year, month, day = [*numbers, None, None][:3]
    return _iso(year, month, day)


def _iso_parts(text: str) -> tuple[int | None, int | None, int | None]:
    match = _ISO_DATE.match(text)
    if match is None:
        return None, None, None
    year, month, day = (int(part) if part else None for part in match.groups())
    return year, month, day


def _iso(year: int | None, month: int | None, day: int | None) -> str:
    """`YYYY`, `YYYY-MM` or `YYYY-MM-DD` for a real date; "" for anything else."""
    if year is None or not 1 <= year <= 9999:
        return ""
    if month is None:
        return "" if day else f"{year:04d}"
    if not 1 <= month <= 12:
        return ""
    if day is None:
        return f"{year:04d}-{month:02d}"
    try:
        return datetime.date(year, month, day).isoformat()
    except ValueError:
        return ""


def _agrees(date: str, record: Record) -> bool:
    year, _, rest = date.partition("-")
    if record.year != int(year):
        return False
    month = rest[:2]
    if record.month is not None and month and int(month) != record.month:
        return False
    # Only a date that says more than year and month is worth writing instead of them.
    return "/" in date or len(date) == 10
