"""What to search for when a paper's title is missing: its authors' family names and the few
words of its abstract that are least likely to appear in any other paper."""

from __future__ import annotations

import re
from dataclasses import dataclass

from desktop.core import folding
from desktop.core.formats.record import Person

#: Common words of abstracts that say nothing about which paper it is.
_COMMON = frozenset(
    """
    about above abstract according achieve achieved achieves across additional address
    addresses against algorithm algorithms allow allows almost along already also although
    among analysis another applied approach approaches based because become been before being
    below benchmark benchmarks better between beyond both called cannot capture case cases
    challenge challenges challenging compared comparison consider considered containing could
    current data dataset datasets demonstrate demonstrates describe described design designed
    different discuss during each effective efficiency efficient either enable enables enough
    especially establish evaluate evaluation even every example existing experiment experimental
    experiments extensive first following found framework frameworks from furthermore further
    general given great have having here however hence higher important improve improved
    improvement improves improving including increase increasing into introduce introduced
    issue issues known large larger learning least less like limited made main make makes
    many method methodology methods might model models more moreover most much must near need
    needed network networks novel obtain obtained often only order other others our over
    paper particular performance perform performed performs possible present presented
    previous problem problems process proposed propose proposes provide provided provides
    quality range rather real recent recently reduce related remains require required requires
    research result results same several shown show shows significant significantly similar
    simple since single small some specific state still strong studied studies study such
    suggest system systems task tasks than that their them then theory there these they this
    those three through thus time together towards training two under understanding upon used
    useful uses using various very well were what when where whether which while whose wide
    will with within without work works would yield yields
    """.split()
)
_WORD = re.compile(r"[^\W_][\w-]*[^\W_]|[^\W_]")
#: Links ("code at https://github.com/...") name no word of the paper's.
_LINK = re.compile(r"\b(?:https?://|www\.)\S+", re.IGNORECASE)
#: How many words of the abstract a search names: enough to single a paper out among one
#: author's, few enough that a listing's small differences from the service's text (a word
#: reworded, a sentence cut) still leave them all in.
WORDS = 4
AUTHORS = 3


@dataclass(frozen=True)
class Query:
    """One paper's search: family names (byline order) and distinctive abstract words."""

    families: tuple[str, ...]
    words: tuple[str, ...]

    @property
    def empty(self) -> bool:
        return not self.families and not self.words


def family_of(person: Person) -> str:
    """The name a search service indexes a person under ("van der Berg" -> "Berg"), without
    accents (arXiv's author index is searched in plain letters: "Stöckmann" as "Stockmann")."""
    family = folding.without_accents(person.family or person.given)
    return family.split()[-1] if family.split() else ""


def build(authors: list[Person], abstract: str) -> Query:
    """The search for a paper with these authors and this abstract."""
    families = tuple(
        dict.fromkeys(f for f in (family_of(p) for p in authors if p.family != "others") if f)
    )[:AUTHORS]
    return Query(families, distinctive_words(abstract))


def distinctive_words(abstract: str, count: int = WORDS) -> tuple[str, ...]:
    """The `count` words of `abstract` most likely to be its own: names made up for the
    paper (capitals inside a word: "SeqWM", "MuJoCo") first, then long rare words; words with
    digits count less (citation labels like "FKQR21" are the citing page's, not the paper's)."""
    seen: dict[str, float] = {}
    text = _LINK.sub(" ", folding.strip_latex(abstract))
    for position, raw in enumerate(_WORD.findall(text)):
        word = folding.without_accents(raw)
        lowered = word.casefold()
        if len(lowered) < 5 or lowered in _COMMON or lowered.isdigit() or "-" in lowered:
            continue
        if lowered in seen:
            continue
        coined = 10.0 if any(c.isupper() for c in word[1:]) else 0.0
        numbered = 3.0 if any(c.isdigit() for c in word) else 0.0
        # Earlier words weigh a little more: a listing may cut the abstract's end.
        seen[lowered] = (numbered or coined) + len(lowered) - position / 400
    ranked = sorted(seen, key=lambda w: -seen[w])
    return tuple(ranked[:count])
