"""Which records are web pages, to be written as biblatex's `@online`."""

from __future__ import annotations

import pytest

from desktop.core.formats.bibtex import web_pages
from desktop.core.formats.record import Record

URL = "https://example.org/page"


def test_a_misc_with_only_a_link_is_a_web_page() -> None:
    record = Record(entry_type="misc", title="T", url=URL, year=2020, extra={"note": "n"})
    assert web_pages.as_online(record) == record


def test_a_link_in_howpublished_becomes_the_url() -> None:
    record = Record(entry_type="misc", title="T", extra={"howpublished": f"\\url{{{URL}}}"})
    online = web_pages.as_online(record)
    assert online is not None
    assert (online.url, online.extra) == (URL, {})
    assert record.extra == {"howpublished": f"\\url{{{URL}}}"}  # the stored record untouched
    # The same link twice is one; another link is a second place, and kept.
    same = Record(entry_type="misc", url=URL, extra={"howpublished": f"{{\\url{{{URL}}}}}"})
    assert web_pages.as_online(same) is not None
    other = Record(entry_type="misc", url=URL, extra={"howpublished": "\\url{https://b.org}"})
    assert web_pages.as_online(other) is None


@pytest.mark.parametrize(
    "record",
    [
        Record(entry_type="misc", title="No link"),
        Record(entry_type="misc", url=URL, extra={"howpublished": "Blog post"}),
        Record(entry_type="misc", url=URL, publisher="ACME"),
        Record(entry_type="misc", url=URL, doi="10.1/x"),
        Record(entry_type="misc", url=URL, arxiv_id="2101.00001"),
        Record(entry_type="misc", url=URL, extra={"type": "Software"}),
        Record(entry_type="misc", url=URL, extra={"isbn": "978-3-16-148410-0"}),
        Record(entry_type="article", url=URL, extra={"ris:TY": "ELEC"}),
        # The source named another type: an e-mail (RIS ICOMM), a bill (CSL).
        Record(entry_type="misc", url=URL, extra={"ris:TY": "ICOMM"}),
        Record(entry_type="misc", url=URL, extra={"csl:type": "bill"}),
    ],
)
def test_other_records_are_not(record: Record) -> None:
    assert web_pages.as_online(record) is None


def test_a_type_the_source_declared_makes_a_web_page() -> None:
    # RIS ELEC and CSL-JSON webpage are read as misc, the source's type kept.
    ris = Record(entry_type="misc", url=URL, publisher="ACME", extra={"ris:TY": "ELEC"})
    assert web_pages.as_online(ris) == ris
    assert web_pages.as_online(Record(entry_type="misc", extra={"ris:ty": "BLOG"})) is not None
    csl = Record(entry_type="misc", extra={"csl:type": "webpage"})
    assert web_pages.as_online(csl) == csl
    assert web_pages.as_online(Record(entry_type="misc", extra={"csl:type": "report"})) is None
