"""What a DOI looks like (formats/doi.py)."""

from __future__ import annotations

import pytest

from desktop.core.formats.doi import is_doi


@pytest.mark.parametrize(
    "text",
    [
        "10.1145/3065386",
        "10.1002/(SICI)1096-987X(199803)19:4<377::AID-JCC1>3.0.CO;2-P",
        "10.1000.10/abc",  # a registrant code with a subdivision
        "10.1023/B%3ARUEL.0000012076.90564.91",
        "10.1111/j.1755-0998.2009.02750.x",
        "10/f8tz8t",  # a short DOI (shortdoi.org), which doi.org resolves
        "10/ABC123",
    ],
)
def test_dois(text: str) -> None:
    assert is_doi(text)


@pytest.mark.parametrize(
    "text",
    [
        "10.1000/^^5cinput{/etc/hostname}",
        "10.1000/a\\input",
        "10.1000/{x}",
        "10.1000/a b",
        "10.1000/a\x1b",
        "10.1000/",
        "11.1000/abc",
        "10.12/abc",  # a registrant code has four digits or more
        "see 10.1000/abc",
        "10/",
        "10/f8tz 8t",
        "10/f8/tz",
        "1/f8tz8t",
    ],
)
def test_not_dois(text: str) -> None:
    assert not is_doi(text)
