"""Dates to the day kept by the RIS and CSL-JSON readers, as biblatex's ISO 8601 dates."""

from __future__ import annotations

import json

import pytest

from desktop.core.formats import registry
from desktop.core.formats.bibtex import dates
from desktop.core.formats.record import Record


def _csl(date: object, **record: object) -> Record:
    return Record(extra={"csl-json:issued": json.dumps(date)}, **record)  # type: ignore[arg-type]


def test_a_ris_date_to_the_day_read_from_a_file() -> None:
    text = b"TY  - ELEC\nTI  - A page\nDA  - 2016/06/01/\nER  - \n"
    (record,) = registry.read(text, source="x.ris", format="ris")[1].records
    assert (record.year, record.month) == (2016, 6)
    assert dates.full_date(record) == "2016-06-01"


def test_a_csl_range_read_from_a_file() -> None:
    item = {"id": "k", "type": "webpage", "issued": {"date-parts": [[2016, 6, 1], [2016, 6, 3]]}}
    text = json.dumps([item]).encode()
    (record,) = registry.read(text, source="x.json", format="csl-json")[1].records
    assert dates.full_date(record) == "2016-06-01/2016-06-03"


@pytest.mark.parametrize(
    ("date", "expected"),
    [
        ({"date-parts": [[2016, 6, 1]]}, "2016-06-01"),
        ({"date-parts": [["2016", "6", "1"]]}, "2016-06-01"),  # Zotero writes strings
        ({"date-parts": [[2016, 6], [2016, 8]]}, "2016-06/2016-08"),
        ({"raw": "2016-06-01"}, "2016-06-01"),
        ({"raw": "2016-06-01/2016-06-03"}, "2016-06-01/2016-06-03"),
        # Nothing biblatex reads the same way: year and month are written instead.
        ({"date-parts": [[2016, 6, 31]]}, ""),  # no 31 June
        ({"date-parts": [[2016, 6, 1], [2016, 7]]}, ""),  # ends of unlike precision
        ({"raw": "Spring 2016"}, ""),
        ({"literal": "June 2016"}, ""),
    ],
)
def test_csl_dates(date: object, expected: str) -> None:
    assert dates.full_date(_csl(date, year=2016, month=6)) == expected


def test_a_year_or_month_edited_since_wins_over_the_kept_date() -> None:
    kept = {"date-parts": [[2016, 6, 1]]}
    assert dates.full_date(_csl(kept, year=2017, month=6)) == ""
    assert dates.full_date(_csl(kept, year=2016, month=7)) == ""
    assert dates.full_date(_csl(kept, year=2016, month=None)) == "2016-06-01"


def test_year_and_month_alone_are_no_full_date() -> None:
    # `date = {2016-06}` says no more than year and month, which the writer has already.
    assert dates.full_date(_csl({"date-parts": [[2016, 6]]}, year=2016, month=6)) == ""
    ris = Record(year=2016, extra={"ris:PY": "2016///"})
    assert dates.full_date(ris) == ""


def test_ris_dates_as_read_back_from_bibtex_are_found_too() -> None:
    # A BibTeX file written with our fields names them in lower case.
    record = Record(year=1990, month=2, extra={"ris:da": "1990/2/27"})
    assert dates.full_date(record) == "1990-02-27"
    assert dates.full_date(Record(year=1990, extra={"ris:DA": "1990/13/27"})) == ""


def test_the_access_date() -> None:
    accessed = {"csl-json:accessed": json.dumps({"date-parts": [[2021, 1, 23]]})}
    assert dates.access_date(Record(extra=accessed)) == "2021-01-23"
    assert dates.access_date(Record(extra={"ris:Y2": "2013/01/22/"})) == "2013-01-22"
    assert dates.access_date(Record(extra={"ris:Y2": "last week"})) == ""
    assert dates.access_date(Record()) == ""
