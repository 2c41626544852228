"""DOI and arXiv lookups against a local server that answers like Crossref and the arXiv API.

The sample answers below are written by hand in the services' formats (Crossref's /works JSON,
the arXiv API's Atom feed) for real papers whose metadata is well known; no test touches the
internet.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from core.lookup_server import FakeServices, running_services

from desktop.core.errors import InvalidInputError, KnownError, NotFoundError
from desktop.core.formats.record import Person, Record
from desktop.core.importing import lookup
from desktop.core.importing.lookup import Identifier


@pytest.fixture
def services() -> Iterator[FakeServices]:
    with running_services() as running:
        yield running


def _fetch(services: FakeServices, identifier: str, **options: Any) -> Record:
    return lookup.fetch(identifier, crossref_url=services.url, arxiv_url=services.url, **options)


def _crossref_answer(message: dict[str, Any]) -> str:
    return json.dumps(
        {"status": "ok", "message-type": "work", "message-version": "1.0.0", "message": message}
    )


# -- sample answers --------------------------------------------------------------------------

# LeCun, Bengio & Hinton, "Deep learning", Nature 521(7553):436-444, online 27 May 2015.
# The abstract (its first two sentences) is given in JATS as Crossref gives abstracts.
DEEP_LEARNING = {
    "indexed": {"date-parts": [[2026, 11, 2]], "timestamp": 1793577600000},
    "publisher": "Springer Science and Business Media LLC",
    "issue": "7553",
    "short-container-title": ["Nature"],
    "abstract": (
        "<jats:title>Abstract</jats:title><jats:p>A stand-in abstract written for this test, "
        "wrapped\n  across lines as Crossref wraps them. It has a second sentence too.</jats:p>"
    ),
    "DOI": "10.1038/nature14539",
    "type": "journal-article",
    "created": {"date-parts": [[2015, 5, 27]], "date-time": "2015-05-27T16:01:42Z"},
    "page": "436-444",
    "source": "Crossref",
    "title": ["Deep learning"],
    "prefix": "10.1038",
    "volume": "521",
    "author": [
        {"given": "Yann", "family": "LeCun", "sequence": "first", "affiliation": []},
        {"given": "Yoshua", "family": "Bengio", "sequence": "additional", "affiliation": []},
        {"given": "Geoffrey", "family": "Hinton", "sequence": "additional", "affiliation": []},
    ],
    "member": "297",
    "published-online": {"date-parts": [[2015, 5, 27]]},
    "published-print": {"date-parts": [[2015, 5, 28]]},
    "container-title": ["Nature"],
    "language": "en",
    "issued": {"date-parts": [[2015, 5, 27]]},
    "URL": "https://doi.org/10.1038/nature14539",
    "ISSN": ["0028-0836", "1476-4687"],
    "published": {"date-parts": [[2015, 5, 27]]},
}

# He, Zhang, Ren & Sun, "Deep Residual Learning for Image Recognition", CVPR 2016, 770-778.
RESNET = {
    "publisher": "IEEE",
    "DOI": "10.1109/CVPR.2016.90",
    "type": "proceedings-article",
    "page": "770-778",
    "title": ["Deep Residual Learning for Image Recognition"],
    "author": [
        {"given": "Kaiming", "family": "He", "sequence": "first", "affiliation": []},
        {"given": "Xiangyu", "family": "Zhang", "sequence": "additional", "affiliation": []},
        {"given": "Shaoqing", "family": "Ren", "sequence": "additional", "affiliation": []},
        {"given": "Jian", "family": "Sun", "sequence": "additional", "affiliation": []},
    ],
    "container-title": ["2016 IEEE Conference on Computer Vision and Pattern Recognition (CVPR)"],
    "issued": {"date-parts": [[2016, 6]]},
    "URL": "https://doi.org/10.1109/cvpr.2016.90",
}

_FEED_HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?id_list%3D{query}" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: search_query=&amp;id_list={query}&amp;start=0</title>
  <id>http://arxiv.org/api/Jm1vC9eAWNrXh0xMsWcVSrkrm0U</id>
  <updated>2026-11-29T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"
    >{total}</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"
    >0</opensearch:startIndex>
"""

# Vaswani et al., "Attention Is All You Need", arXiv:1706.03762 (cs.CL), first posted
# 12 June 2017; the API reports the latest version (v7).
ATTENTION_FEED = (
    _FEED_HEAD.format(query="1706.03762", total=1)
    + """  <entry>
    <id>http://arxiv.org/abs/1706.03762v7</id>
    <updated>2023-08-02T00:41:18Z</updated>
    <published>2017-06-12T17:57:34Z</published>
    <title>Attention Is All You Need</title>
    <summary>  A stand-in summary written for this test, wrapped over
two lines as the arXiv API wraps them.
</summary>
    <author><name>Ashish Vaswani</name></author>
    <author><name>Noam Shazeer</name></author>
    <author><name>Niki Parmar</name></author>
    <author><name>Jakob Uszkoreit</name></author>
    <author><name>Llion Jones</name></author>
    <author><name>Aidan N. Gomez</name></author>
    <author><name>Lukasz Kaiser</name></author>
    <author><name>Illia Polosukhin</name></author>
    <arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">15 pages, 5 figures</arxiv:comment>
    <link href="http://arxiv.org/abs/1706.03762v7" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/1706.03762v7" rel="related"
      type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.CL"
      scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
    <category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>
"""
)

# Maldacena, "The Large N Limit of Superconformal Field Theories and Supergravity",
# hep-th/9711200, posted 27 November 1997, published in Adv. Theor. Math. Phys. 2 (1998).
# The title is wrapped the way the API wraps long titles.
MALDACENA_FEED = (
    _FEED_HEAD.format(query="hep-th/9711200", total=1)
    + """  <entry>
    <id>http://arxiv.org/abs/hep-th/9711200v3</id>
    <updated>1998-01-22T18:45:37Z</updated>
    <published>1997-11-27T23:25:25Z</published>
    <title>The Large N Limit of Superconformal Field Theories and
  Supergravity</title>
    <summary>  Another stand-in summary written for this test, over
three lines, as the feed gives them.
</summary>
    <author><name>Juan M. Maldacena</name></author>
    <arxiv:doi xmlns:arxiv="http://arxiv.org/schemas/atom">10.1023/A:1026654312961</arxiv:doi>
    <link title="doi" href="http://dx.doi.org/10.1023/A:1026654312961" rel="related"/>
    <arxiv:journal_ref xmlns:arxiv="http://arxiv.org/schemas/atom"
      >Adv.Theor.Math.Phys.2:231-252,1998</arxiv:journal_ref>
    <link href="http://arxiv.org/abs/hep-th/9711200v3" rel="alternate" type="text/html"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="hep-th"
      scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>
"""
)

EMPTY_FEED = _FEED_HEAD.format(query="1706.99999", total=0) + "</feed>\n"

ERROR_FEED = (
    _FEED_HEAD.format(query="1706.99999", total=1)
    + """  <entry>
    <id>http://arxiv.org/api/errors#incorrect_id_format_for_1706.99999</id>
    <title>Error</title>
    <summary>incorrect id format for 1706.99999</summary>
    <updated>2026-11-29T00:00:00-05:00</updated>
    <author><name>arXiv api core</name></author>
  </entry>
</feed>
"""
)

ATOM = "application/atom+xml; charset=utf-8"


# -- recognising identifiers ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "value", "version"),
    [
        ("10.1038/nature14539", "doi", "10.1038/nature14539", None),
        ("https://doi.org/10.1038/nature14539", "doi", "10.1038/nature14539", None),
        ("http://dx.doi.org/10.1038/nature14539", "doi", "10.1038/nature14539", None),
        ("doi.org/10.1038/nature14539", "doi", "10.1038/nature14539", None),
        ("doi:10.1038/nature14539", "doi", "10.1038/nature14539", None),
        ("DOI: 10.1109/CVPR.2016.90", "doi", "10.1109/CVPR.2016.90", None),
        ("https://doi.org/10.1000%2F182", "doi", "10.1000/182", None),
        # Brackets inside a DOI stay; brackets and a full stop around it go.
        ("(10.1016/0370-2693(82)90087-4).", "doi", "10.1016/0370-2693(82)90087-4", None),
        ("  <https://doi.org/10.1038/nature14539>,\n", "doi", "10.1038/nature14539", None),
        ("“10.1038/nature14539”", "doi", "10.1038/nature14539", None),
        ('"10.1038/nature14539', "doi", "10.1038/nature14539", None),
        ("[arXiv:1706.03762]", "arxiv", "1706.03762", None),
        ("((10.1038/nature14539))", "doi", "10.1038/nature14539", None),
        ("1706.03762", "arxiv", "1706.03762", None),
        ("1706.03762v5", "arxiv", "1706.03762", 5),
        ("arXiv:1706.03762", "arxiv", "1706.03762", None),
        ("arxiv: 1706.03762v2", "arxiv", "1706.03762", 2),
        ("0704.0001", "arxiv", "0704.0001", None),
        ("1501.00001", "arxiv", "1501.00001", None),
        ("hep-th/9711200", "arxiv", "hep-th/9711200", None),
        ("hep-th/9711200v3", "arxiv", "hep-th/9711200", 3),
        ("arXiv:hep-th/9711200", "arxiv", "hep-th/9711200", None),
        # The subject class is not part of an old-style id (arXiv's form is math/0309136).
        ("math.GT/0309136", "arxiv", "math/0309136", None),
        ("https://arxiv.org/abs/1706.03762", "arxiv", "1706.03762", None),
        ("https://arxiv.org/abs/1706.03762v5", "arxiv", "1706.03762", 5),
        ("http://arxiv.org/pdf/1706.03762v5.pdf", "arxiv", "1706.03762", 5),
        ("https://arxiv.org/pdf/1706.03762", "arxiv", "1706.03762", None),
        ("https://export.arxiv.org/abs/hep-th/9711200", "arxiv", "hep-th/9711200", None),
        ("https://arxiv.org/abs/math.GT/0309136v1", "arxiv", "math/0309136", 1),
        ("(arXiv:1706.03762).", "arxiv", "1706.03762", None),
        # arXiv's DataCite DOIs are not at Crossref; the arXiv API is asked instead.
        ("10.48550/arXiv.1706.03762", "arxiv", "1706.03762", None),
        ("https://doi.org/10.48550/arXiv.hep-th/9711200", "arxiv", "hep-th/9711200", None),
    ],
)
def test_recognises_identifier(text, kind, value, version):
    identifier = lookup.parse_identifier(text)
    assert identifier == Identifier(kind, value, version)
    assert identifier is not None
    assert identifier.value == value  # exact case kept, not just equal


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "10.1",
        "10.1038",
        "10.1038/",
        "10.12/abc",  # a registrant code has at least four digits
        "1706",
        "1706.0376",  # ids from 2015 on have five digits
        "1413.12345",  # no month 13
        "0703.0001",  # the new scheme began in April 2007
        "1412.12345",  # before 2015, four digits
        "1501.0001",  # from 2015, five digits
        "foo/9711200",  # no such archive
        "hep-th/9713200",  # no month 13
        "math/0704001",  # the old scheme ended in March 2007
        "https://example.org/10.1038/nature14539",
        "https://arxiv.org/list/hep-th/new",
        "3.14159",
    ],
)
def test_rejects_what_is_not_an_identifier(text):
    assert lookup.parse_identifier(text) is None


def test_dois_compare_case_insensitively_but_keep_their_case():
    upper = lookup.parse_identifier("10.1109/CVPR.2016.90")
    lower = lookup.parse_identifier("10.1109/cvpr.2016.90")
    assert upper == lower
    assert hash(upper) == hash(lower)
    assert str(upper) == "10.1109/CVPR.2016.90"


def test_arxiv_versions_are_kept_apart():
    assert lookup.parse_identifier("1706.03762v5") != lookup.parse_identifier("1706.03762")
    assert str(lookup.parse_identifier("arXiv:1706.03762v5")) == "1706.03762v5"


def test_splits_a_pasted_block_into_identifiers():
    block = """10.1038/nature14539, 1706.03762
      doi: 10.1109/CVPR.2016.90; arXiv: hep-th/9711200
      1706.03762,1512.03385
      hello
      10.1002/(SICI)1097-4636(199706)35:4<463::AID-JBM7>3.0.CO;2-L
    """
    assert lookup.split_identifiers(block) == [
        "10.1038/nature14539",
        "1706.03762",
        "doi: 10.1109/CVPR.2016.90",
        "arXiv: hep-th/9711200",
        "1706.03762",
        "1512.03385",
        "hello",  # returned so the caller can say it was not understood
        # A ';' inside a DOI does not split it: "2-L" alone is no identifier.
        "10.1002/(SICI)1097-4636(199706)35:4<463::AID-JBM7>3.0.CO;2-L",
    ]


def test_split_of_nothing_is_empty():
    assert lookup.split_identifiers("  \n\t ") == []


# -- Crossref ------------------------------------------------------------------------------


def test_crossref_journal_article(services):
    services.answer("/works/10.1038/nature14539", _crossref_answer(DEEP_LEARNING))

    record = _fetch(services, "https://doi.org/10.1038/nature14539")

    assert record.entry_type == "article"
    assert record.title == "Deep learning"
    assert [(person.given, person.family) for person in record.authors] == [
        ("Yann", "LeCun"),
        ("Yoshua", "Bengio"),
        ("Geoffrey", "Hinton"),
    ]
    assert (record.year, record.month) == (2015, 5)
    assert record.journal == "Nature"
    assert record.booktitle == ""
    assert (record.volume, record.number, record.pages) == ("521", "7553", "436-444")
    assert record.publisher == "Springer Science and Business Media LLC"
    assert record.doi == "10.1038/nature14539"
    assert record.url == "https://doi.org/10.1038/nature14539"
    assert record.arxiv_id == ""
    # JATS tags and the "Abstract" heading gone, the wrapped line joined.
    assert record.abstract == (
        "A stand-in abstract written for this test, wrapped across lines as Crossref wraps "
        "them. It has a second sentence too."
    )
    assert "<" not in record.abstract
    assert "\n" not in record.abstract


def test_crossref_is_asked_politely(services):
    services.answer("/works/10.1038/nature14539", _crossref_answer(DEEP_LEARNING))
    _fetch(services, "10.1038/nature14539")
    (request,) = services.requests
    assert request.headers["User-Agent"].startswith("Papershelf/0.1 ")
    assert "mailto:" in request.headers["User-Agent"]


def test_crossref_proceedings_paper(services):
    services.answer("/works/10.1109/CVPR.2016.90", _crossref_answer(RESNET))

    record = _fetch(services, "doi:10.1109/CVPR.2016.90")

    assert record.entry_type == "inproceedings"
    assert record.booktitle == (
        "2016 IEEE Conference on Computer Vision and Pattern Recognition (CVPR)"
    )
    assert record.journal == ""
    assert (record.year, record.month) == (2016, 6)
    assert record.pages == "770-778"
    assert record.publisher == "IEEE"
    assert [person.family for person in record.authors] == ["He", "Zhang", "Ren", "Sun"]
    assert record.abstract == ""


def test_doi_with_url_characters_reaches_crossref_whole(services):
    # '?' and '#' would otherwise end the path; the server must see the DOI itself.
    doi = "10.1000/a?b#c d"
    services.answer(f"/works/{doi}", _crossref_answer({"DOI": doi, "title": ["Odd DOI"]}))
    record = lookup.fetch(Identifier("doi", doi), crossref_url=services.url)
    assert record.title == "Odd DOI"
    assert services.requests[0].path == f"/works/{doi}"


def test_redirects_are_followed(services):
    # A service that moves (http to https, a new path) answers 301 with the new place.
    services.answer("/works/10.1038/nature14539", "", status=301, headers={"Location": "/moved"})
    services.answer("/moved", _crossref_answer(DEEP_LEARNING))
    assert _fetch(services, "10.1038/nature14539").title == "Deep learning"


@pytest.mark.parametrize(
    ("crossref_type", "entry_type"),
    [
        ("journal-article", "article"),
        ("proceedings-article", "inproceedings"),
        ("book", "book"),
        ("monograph", "book"),
        ("edited-book", "book"),
        ("book-chapter", "incollection"),
        ("report", "techreport"),
        ("dissertation", "phdthesis"),
        ("posted-content", "misc"),
        ("dataset", "misc"),
        ("something-new", "misc"),
    ],
)
def test_crossref_types_become_bibtex_types(crossref_type, entry_type):
    record = lookup.record_from_crossref({"type": crossref_type, "title": ["T"]})
    assert record.entry_type == entry_type


def test_crossref_chapter_goes_in_its_book():
    record = lookup.record_from_crossref(
        {"type": "book-chapter", "container-title": ["Handbook of Things"]}
    )
    assert (record.booktitle, record.journal) == ("Handbook of Things", "")


def test_crossref_organisation_authors_suffixes_and_editors():
    record = lookup.record_from_crossref(
        {
            "author": [
                {"given": "Ada", "family": "Byron", "suffix": "Jr.", "sequence": "additional"},
                {"name": "The ATLAS Collaboration", "sequence": "first"},
            ],
            "editor": [{"given": "Grace", "family": "Hopper", "sequence": "first"}],
        }
    )
    # "sequence: first" leads the byline even when listed second.
    assert record.authors == [
        Person(family="The ATLAS Collaboration", as_written="The ATLAS Collaboration"),
        Person(given="Ada", family="Byron", jr="Jr.", as_written="Ada Byron"),
    ]
    assert record.editors == [Person(given="Grace", family="Hopper", as_written="Grace Hopper")]


def test_crossref_title_markup_subtitle_and_missing_date():
    record = lookup.record_from_crossref(
        {
            "title": ["Gene editing <i>in vivo</i> &amp;\n   in vitro"],
            "subtitle": ["A review"],
            "issued": {"date-parts": [[None]]},
        }
    )
    assert record.title == "Gene editing in vivo & in vitro: A review"
    assert (record.year, record.month) == (None, None)


def test_crossref_date_falls_back_when_issued_is_empty():
    record = lookup.record_from_crossref(
        {"issued": {"date-parts": [[None]]}, "published-print": {"date-parts": [[1998, 2, 1]]}}
    )
    assert (record.year, record.month) == (1998, 2)


# -- JATS ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("jats", "text"),
    [
        ("<jats:p>One sentence.</jats:p>", "One sentence."),
        (
            "<jats:title>Abstract</jats:title><jats:p>First.</jats:p><jats:p>Second.</jats:p>",
            "First.\n\nSecond.",
        ),
        # Inline markup vanishes without adding or losing spaces.
        (
            "<jats:p>H<jats:sub>2</jats:sub>O at 10<jats:sup>5</jats:sup> Pa, "
            '<jats:italic>in vivo</jats:italic>, <jats:ext-link xlink:href="https://x.org">'
            "x.org</jats:ext-link></jats:p>",
            "H2O at 105 Pa, in vivo, x.org",
        ),
        # Entities are text: an escaped tag stays, decoded.
        ("<jats:p>a &lt;b&gt; c &amp; d &#233;t&#xE9;</jats:p>", "a <b> c & d été"),
        # Headings of a structured abstract stay, as their own paragraphs.
        (
            "<jats:sec><jats:title>Background</jats:title><jats:p>Why.</jats:p></jats:sec>"
            "<jats:sec><jats:title>Results</jats:title><jats:p>What.</jats:p></jats:sec>",
            "Background\n\nWhy.\n\nResults\n\nWhat.",
        ),
        # Line breaks inside a paragraph (pretty-printed XML) are only spaces.
        ("<jats:p>\n  wrapped\n\n  text\n</jats:p>", "wrapped text"),
        ("<p>Plain HTML paragraphs too.</p>", "Plain HTML paragraphs too."),
        ("No markup at all.", "No markup at all."),
        ("", ""),
    ],
)
def test_jats_becomes_plain_text(jats, text):
    assert lookup.plain_text_from_jats(jats) == text


# -- arXiv ---------------------------------------------------------------------------------


def test_arxiv_paper(services):
    services.answer("/api/query", ATTENTION_FEED, content_type=ATOM)

    record = _fetch(services, "arXiv:1706.03762")

    assert services.requests[0].query["id_list"] == "1706.03762"
    assert record.entry_type == "misc"
    assert record.title == "Attention Is All You Need"  # the entry's, not the feed's title
    assert [(person.given, person.family) for person in record.authors] == [
        ("Ashish", "Vaswani"),
        ("Noam", "Shazeer"),
        ("Niki", "Parmar"),
        ("Jakob", "Uszkoreit"),
        ("Llion", "Jones"),
        ("Aidan N.", "Gomez"),
        ("Lukasz", "Kaiser"),
        ("Illia", "Polosukhin"),
    ]
    assert record.authors[5].as_written == "Aidan N. Gomez"
    assert (record.year, record.month) == (2017, 6)
    assert record.arxiv_id == "1706.03762"  # without the version the feed reports
    assert record.url == "https://arxiv.org/abs/1706.03762"
    assert record.abstract == (
        "A stand-in summary written for this test, wrapped over two lines as the arXiv API "
        "wraps them."
    )
    assert record.doi == ""
    assert record.journal == ""
    assert record.extra == {"primaryclass": "cs.CL"}


def test_arxiv_version_is_asked_for(services):
    services.answer("/api/query", ATTENTION_FEED, content_type=ATOM)
    _fetch(services, "https://arxiv.org/pdf/1706.03762v5.pdf")
    assert services.requests[0].query["id_list"] == "1706.03762v5"


def test_arxiv_old_style_paper_with_journal_reference(services):
    services.answer(
        "/api/query", MALDACENA_FEED, content_type=ATOM, query={"id_list": "hep-th/9711200"}
    )

    record = _fetch(services, "hep-th/9711200")

    assert record.title == ("The Large N Limit of Superconformal Field Theories and Supergravity")
    assert record.authors == [
        Person(given="Juan M.", family="Maldacena", as_written="Juan M. Maldacena")
    ]
    assert (record.year, record.month) == (1997, 11)
    assert record.arxiv_id == "hep-th/9711200"
    assert record.doi == "10.1023/A:1026654312961"
    # A preprint entry; the journal reference is a citation, kept as the note.
    assert record.entry_type == "misc"
    assert record.journal == ""
    assert record.extra == {"primaryclass": "hep-th", "note": "Adv.Theor.Math.Phys.2:231-252,1998"}


def test_arxiv_person_names_split_as_bibtex_would():
    assert lookup.record_from_arxiv(
        ATTENTION_FEED.replace("Noam Shazeer", "Ludwig van Beethoven").encode(),
        Identifier("arxiv", "1706.03762"),
    ).authors[1] == Person(
        given="Ludwig", von="van", family="Beethoven", as_written="Ludwig van Beethoven"
    )


def test_unknown_arxiv_id_gives_an_empty_feed(services):
    services.answer("/api/query", EMPTY_FEED, content_type=ATOM)
    with pytest.raises(lookup.IdentifierNotFoundError) as raised:
        _fetch(services, "1706.99999")
    assert str(raised.value) == (
        "arXiv has no paper with the id 1706.99999. Check it for typos: new ids look like "
        "1706.03762, old ones like hep-th/9711200."
    )
    assert isinstance(raised.value, NotFoundError)


def test_arxiv_error_entry_is_reported_with_its_reason(services):
    services.answer("/api/query", ERROR_FEED, content_type=ATOM)
    with pytest.raises(lookup.IdentifierNotFoundError) as raised:
        _fetch(services, "1706.99999")
    assert str(raised.value).startswith("arXiv has no paper with the id 1706.99999.")
    assert str(raised.value).endswith("(arXiv said: “incorrect id format for 1706.99999”)")


def test_arxiv_entry_without_a_title_is_unknown():
    feed = _FEED_HEAD.format(query="2208.05394", total=1) + (
        "<entry><updated>2026-11-29T00:00:00-05:00</updated></entry></feed>"
    )
    with pytest.raises(lookup.IdentifierNotFoundError):
        lookup.record_from_arxiv(feed.encode(), Identifier("arxiv", "2208.05394"))


@pytest.mark.parametrize(
    "feed",
    [
        b"<feed xmlns='http://www.w3.org/2005/Atom'><entry><title>Broken",  # cut off
        b"<html><body>Service Unavailable</body></html>",  # not a feed
        b'{"not": "xml"}',
        # A DTD has no place in the API's feeds; entity tricks are refused before parsing.
        b'<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY a "aaaa">]>'
        b"<feed xmlns='http://www.w3.org/2005/Atom'><entry><title>&a;</title></entry></feed>",
    ],
)
def test_unreadable_arxiv_answer(services, feed):
    services.answer("/api/query", feed, content_type=ATOM)
    with pytest.raises(lookup.BadResponseError) as raised:
        _fetch(services, "1706.03762")
    assert str(raised.value) == (
        "arXiv sent an answer Papershelf could not read; try again later, and if it keeps "
        "happening, please report it."
    )


# -- what goes wrong, told as sentences ------------------------------------------------------


def test_unregistered_doi(services):
    services.answer("/works/10.1038/nature99999", "Resource not found.", status=404)
    with pytest.raises(lookup.IdentifierNotFoundError) as raised:
        _fetch(services, "10.1038/nature99999")
    assert str(raised.value) == (
        "No paper with the DOI 10.1038/nature99999 is registered at Crossref. Check the DOI "
        "for typos; DOIs of data sets and some repositories are registered elsewhere."
    )


@pytest.mark.parametrize("status", [429, 500, 502, 503])
def test_busy_service(services, status):
    services.answer("/works/10.1038/nature14539", "Too much", status=status)
    with pytest.raises(lookup.ServiceBusyError) as raised:
        _fetch(services, "10.1038/nature14539")
    assert str(raised.value) == (
        f"Crossref is busy (it answered with error {status}); try again in a minute."
    )


def test_busy_arxiv(services):
    services.answer("/api/query", "Rate exceeded.", status=503, content_type="text/plain")
    with pytest.raises(lookup.ServiceBusyError, match=r"^arXiv is busy \(it answered with"):
        _fetch(services, "1706.03762")


def test_other_refusal(services):
    services.answer("/works/10.1038/nature14539", "Bad request", status=400)
    with pytest.raises(lookup.LookupFailedError) as raised:
        _fetch(services, "10.1038/nature14539")
    assert str(raised.value) == (
        "Crossref refused to look up the DOI 10.1038/nature14539 (error 400). Check the "
        "identifier; if it is right and this keeps happening, please report it."
    )


def test_slow_service_times_out(services):
    services.answer("/works/10.1038/nature14539", _crossref_answer(DEEP_LEARNING), delay=5.0)
    with pytest.raises(lookup.ServiceTimeoutError) as raised:
        _fetch(services, "10.1038/nature14539", timeout=0.2)
    assert str(raised.value) == (
        "Crossref did not answer within 0.2 seconds; it may be busy or your connection slow. "
        "Try again in a minute."
    )


def _closed_port_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"


@pytest.mark.parametrize(
    ("identifier", "service"), [("10.1038/nature14539", "Crossref"), ("1706.03762", "arXiv")]
)
def test_unreachable_service(identifier, service):
    closed = _closed_port_url()
    with pytest.raises(lookup.ServiceUnreachableError) as raised:
        lookup.fetch(identifier, crossref_url=closed, arxiv_url=closed, timeout=2.0)
    assert str(raised.value) == (
        f"Papershelf could not reach {service}; check your internet connection and try again."
    )


@pytest.mark.parametrize(
    "body",
    [
        "{not json",
        "<html>Service Unavailable</html>",
        '{"status": "ok"}',  # no message
        '{"status": "ok", "message": ["a list"]}',
        '["a", "list"]',
        '{"status": "ok", "message": {"author": ["not a person"]}}',
    ],
)
def test_unreadable_crossref_answer(services, body):
    services.answer("/works/10.1038/nature14539", body)
    with pytest.raises(lookup.BadResponseError) as raised:
        _fetch(services, "10.1038/nature14539")
    assert str(raised.value) == (
        "Crossref sent an answer Papershelf could not read; try again later, and if it keeps "
        "happening, please report it."
    )


def test_text_that_is_no_identifier():
    with pytest.raises(lookup.UnrecognisedIdentifierError) as raised:
        lookup.fetch("  hello ")
    assert str(raised.value) == (
        "“hello” is neither a DOI nor an arXiv id. A DOI looks like 10.1038/nature14539; "
        "an arXiv id looks like 1706.03762 or hep-th/9711200."
    )
    assert isinstance(raised.value, InvalidInputError)


def test_every_lookup_error_is_a_known_error():
    for error in (
        lookup.UnrecognisedIdentifierError,
        lookup.ServiceUnreachableError,
        lookup.ServiceTimeoutError,
        lookup.ServiceBusyError,
        lookup.IdentifierNotFoundError,
        lookup.BadResponseError,
    ):
        assert issubclass(error, lookup.LookupFailedError)
    assert issubclass(lookup.LookupFailedError, KnownError)


# -- where the services are ------------------------------------------------------------------


def test_service_urls_come_from_the_environment(services, monkeypatch):
    monkeypatch.setenv("PAPERSHELF_CROSSREF_URL", services.url + "/")
    monkeypatch.setenv("PAPERSHELF_ARXIV_URL", services.url)
    services.answer("/works/10.1038/nature14539", _crossref_answer(DEEP_LEARNING))
    services.answer("/api/query", ATTENTION_FEED, content_type=ATOM)

    assert lookup.fetch("10.1038/nature14539").title == "Deep learning"
    assert lookup.fetch("1706.03762").title == "Attention Is All You Need"


def test_explicit_url_wins_over_the_environment(services, monkeypatch):
    monkeypatch.setenv("PAPERSHELF_CROSSREF_URL", _closed_port_url())
    services.answer("/works/10.1038/nature14539", _crossref_answer(DEEP_LEARNING))
    assert _fetch(services, "10.1038/nature14539").title == "Deep learning"


def test_a_callers_client_is_used_and_left_open(services):
    services.answer("/works/10.1038/nature14539", _crossref_answer(DEEP_LEARNING))
    with httpx.Client(headers={"X-Caller": "yes"}) as client:
        _fetch(services, "10.1038/nature14539", client=client)
        _fetch(services, "10.1038/nature14539", client=client)
        assert not client.is_closed
    assert [request.headers.get("X-Caller") for request in services.requests] == ["yes", "yes"]
    assert services.requests[0].headers["User-Agent"] == lookup.USER_AGENT


def test_a_short_doi_is_looked_up_as_the_doi_it_stands_for(services: FakeServices) -> None:
    # The handle API's answer for an alias: its admin value, then the DOI it stands for.
    handle = {
        "responseCode": 1,
        "handle": "10/f8tz8t",
        "values": [
            {"index": 100, "type": "HS_ADMIN", "data": {"format": "admin", "value": {}}},
            {
                "index": 1,
                "type": "HS_ALIAS",
                "data": {"format": "string", "value": "10.1038/nature14539"},
            },
        ],
    }
    services.answer("/api/handles/10/f8tz8t", json.dumps(handle))
    services.answer("/works/10.1038/nature14539", _crossref_answer(DEEP_LEARNING))
    record = lookup.fetch(
        "10/f8tz8t", crossref_url=services.url, arxiv_url=services.url, doi_url=services.url
    )
    assert record.doi == "10.1038/nature14539" and record.title == "Deep learning"
    assert [r.path for r in services.requests] == [
        "/api/handles/10/f8tz8t",
        "/works/10.1038/nature14539",
    ]


def test_an_unknown_short_doi_is_told_as_not_found(services: FakeServices) -> None:
    services.answer("/api/handles/10/zzzz", '{"responseCode": 100}', status=404)
    with pytest.raises(NotFoundError, match="10/zzzz"):
        lookup.fetch("10/zzzz", crossref_url=services.url, doi_url=services.url)
