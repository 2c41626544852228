"""What the detail form refuses before saving (widgets/metadata_form.py)."""

from __future__ import annotations

from desktop.ui.widgets.metadata_form import problems_in


def test_a_short_doi_is_accepted_and_a_non_doi_is_named() -> None:
    assert problems_in({"doi": "10/f8tz8t"}, {}) == {}
    assert problems_in({"doi": "10.1038/nature14539"}, {}) == {}
    assert "“f8tz8t” is not a DOI" in problems_in({"doi": "f8tz8t"}, {})["doi"]
