"""Two papers side by side, field by field, so the user can choose what a merge keeps."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from desktop.core import papers
from desktop.core.merging import CHOOSABLE
from desktop.core.papers import PaperDetails


@dataclass(frozen=True)
class FieldPair:
    """One field of both papers, as text ("" where a paper has no value)."""

    #: The field's name: a column ("title"), "authors", "editors" or "extra:<name>".
    name: str
    keep: str
    other: str

    @property
    def differs(self) -> bool:
        return self.keep != self.other


@dataclass(frozen=True)
class Comparison:
    """Both papers, and each field either of them has (in the order a form shows them)."""

    keep: PaperDetails
    other: PaperDetails
    fields: tuple[FieldPair, ...]


def compare(session: Session, keep_id: int, other_id: int) -> Comparison:
    keep, other = papers.details(session, keep_id), papers.details(session, other_id)
    return Comparison(keep, other, tuple(field_pairs(keep, other)))


def field_pairs(keep: PaperDetails, other: PaperDetails) -> list[FieldPair]:
    """Every field either paper has, both values side by side; fields both lack are left out."""
    pairs = [FieldPair("citekey", keep.paper.citekey, other.paper.citekey)]
    pairs += [
        FieldPair(f"{role}s", _names(getattr(keep, f"{role}s")), _names(getattr(other, f"{role}s")))
        for role in ("author", "editor")
    ]
    for name in CHOOSABLE:
        pairs.append(
            FieldPair(name, _text(getattr(keep.paper, name)), _text(getattr(other.paper, name)))
        )
    extra_names = dict.fromkeys([*keep.paper.extra, *other.paper.extra])
    pairs += [
        FieldPair(
            f"extra:{name}",
            _text(keep.paper.extra.get(name)),
            _text(other.paper.extra.get(name)),
        )
        for name in extra_names
    ]
    return [pair for pair in pairs if pair.keep or pair.other]


def _names(people: list) -> str:  # type: ignore[type-arg]
    return "; ".join(person.display() for person in people)


def _text(value: object) -> str:
    return "" if value is None else str(value)
