"""Fetch a paper's metadata from a DOI (Crossref) or an arXiv id (the arXiv API).

`parse_identifier` recognises what people paste (bare ids, `doi:` / `arXiv:` prefixes, links to
doi.org and arxiv.org); `fetch` asks the right service and returns a `Record`. Every failure a
user can meet (offline, slow or busy service, unknown id, unreadable answer) is a `KnownError`
whose text says what happened and what to do.

Papers fetched from arXiv become `misc` entries: arXiv's `journal_ref` is a free-text citation
("Adv.Theor.Math.Phys.2:231-252,1998"), not a journal name, so making an `article` of it would
put a citation where BibTeX expects a venue. It is kept as the entry's note, and the published
version's DOI (when arXiv lists one) is kept in `doi`, so the journal metadata can be fetched
from Crossref when the user wants it.
"""

from __future__ import annotations

import html
import json
import os
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import quote, unquote

import httpx

from desktop.core.errors import InvalidInputError, KnownError, NotFoundError
from desktop.core.formats.doi import DOI, SHORT_DOI, is_doi
from desktop.core.formats.names import split_name
from desktop.core.formats.record import Person, Record
from desktop.core.sentences import sentence

CROSSREF_URL = "https://api.crossref.org"
ARXIV_URL = "https://export.arxiv.org"
CROSSREF_URL_VARIABLE = "PAPERSHELF_CROSSREF_URL"
#: doi.org's handle API, which tells the DOI a short DOI (10/f8tz8t) stands for.
DOI_URL = "https://doi.org"
DOI_URL_VARIABLE = "PAPERSHELF_DOI_URL"
ARXIV_URL_VARIABLE = "PAPERSHELF_ARXIV_URL"
#: Crossref asks clients to name themselves and give a contact address ("polite pool").
USER_AGENT = "Papershelf/0.1 (desktop reference manager; mailto:papershelf@example.org)"


def user_agent(mailto: str = "") -> str:
    """The User-Agent naming the user's own contact address when they gave one (Crossref
    puts such clients in its "polite pool"), the project's otherwise."""
    address = mailto.strip()
    if not address or any(c in address for c in "()\r\n;"):
        return USER_AGENT
    return f"Papershelf/0.1 (desktop reference manager; mailto:{address})"


# -- errors --------------------------------------------------------------------------------


class LookupFailedError(KnownError):
    """Metadata for an identifier could not be fetched."""


class UnrecognisedIdentifierError(LookupFailedError, InvalidInputError):
    """The text given is neither a DOI nor an arXiv id."""


class ServiceUnreachableError(LookupFailedError):
    """No connection to the service (offline, name lookup failed, connection refused)."""


class ServiceTimeoutError(LookupFailedError):
    """The service did not answer in time."""


class ServiceBusyError(LookupFailedError):
    """The service answered that it is overloaded or failing (HTTP 429 or 5xx)."""


class IdentifierNotFoundError(LookupFailedError, NotFoundError):
    """The service knows no paper with this identifier."""


class BadResponseError(LookupFailedError):
    """The service answered with something that is not the metadata we asked for."""


# -- identifiers ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Identifier:
    """A DOI or an arXiv id, normalised; DOIs compare case-insensitively, as DOIs do."""

    kind: Literal["doi", "arxiv"]
    #: The DOI as given (without any prefix), or the arXiv id without its version.
    value: str
    #: The arXiv version asked for (5 for `1706.03762v5`), or None for the latest.
    version: int | None = None

    def __str__(self) -> str:
        return f"{self.value}v{self.version}" if self.version else self.value

    def _key(self) -> tuple[str, str, int | None]:
        value = self.value.casefold() if self.kind == "doi" else self.value
        return (self.kind, value, self.version)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Identifier) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


# arXiv's own DOIs live at DataCite, not Crossref; the arXiv API knows those papers.
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$", re.IGNORECASE)
_DOI_URL = re.compile(r"^(?:https?://)?(?:www\.|dx\.)?doi\.org/(.+)$", re.IGNORECASE)
_DOI_PREFIX = re.compile(r"^doi[:\s]\s*(.+)$", re.IGNORECASE)
_ARXIV_URL = re.compile(
    r"^(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|html)/([^?#]+?)(?:\.pdf)?/?(?:[?#].*)?$",
    re.IGNORECASE,
)
_ARXIV_PREFIX = re.compile(r"^arxiv[:\s]\s*(.+)$", re.IGNORECASE)
_ARXIV_NEW = re.compile(r"^(\d{2})(\d{2})\.(\d{4,5})(?:v(\d+))?$")
_ARXIV_OLD = re.compile(r"^([a-z]+(?:-[a-z]+)?)(?:\.[A-Za-z-]+)?/(\d{2})(\d{2})(\d{3})(?:v(\d+))?$")
#: The archives of arXiv's first numbering scheme (ids like hep-th/9711200, before April 2007).
_OLD_ARCHIVES = frozenset(
    "acc-phys adap-org alg-geom ao-sci astro-ph atom-ph bayes-an chao-dyn chem-ph cmp-lg "
    "comp-gas cond-mat cs dg-ga funct-an gr-qc hep-ex hep-lat hep-ph hep-th math math-ph "
    "mtrl-th nlin nucl-ex nucl-th patt-sol physics plasm-ph q-alg q-bio quant-ph solv-int "
    "supr-con".split()
)
#: Brackets and quotes people put around an id, by opening character.
_PAIRS = {"(": ")", "[": "]", "{": "}", "<": ">", "“": "”", "‘": "’", "«": "»", '"': '"', "'": "'"}
_CLOSING_BRACKETS = {")": "(", "]": "[", "}": "{", ">": "<"}
_TRAILING = ".,;:!?”’»\"'"


def parse_identifier(text: str) -> Identifier | None:
    """The DOI or arXiv id that `text` names, or None when it names neither."""
    candidate = _trim(text)
    for pattern, reader in (
        (_DOI_URL, _doi),
        (_DOI_PREFIX, _doi),
        (_ARXIV_URL, _arxiv),
        (_ARXIV_PREFIX, _arxiv),
    ):
        match = pattern.match(candidate)
        if match:
            return reader(unquote(match.group(1)).strip())
    return _doi(candidate) or _arxiv(candidate)


def split_identifiers(text: str) -> list[str]:
    """Cut a pasted block into the pieces that should each be one identifier.

    Pieces that are not identifiers are returned too, so the caller can tell the user which
    ones it did not understand.
    """
    tokens = text.split()
    pieces: list[str] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        # "doi: 10.1038/x" and "arXiv: 1706.03762" are one identifier written as two words.
        if token.casefold().rstrip(":") in {"doi", "arxiv"} and index + 1 < len(tokens):
            token = f"{token} {tokens[index + 1]}"
            index += 1
        pieces.extend(_split_listed(token))
        index += 1
    return [piece for piece in (_trim(piece) for piece in pieces) if piece]


def _split_listed(token: str) -> list[str]:
    """'a,b;c' as three pieces when each is an identifier (a DOI may itself hold ';')."""
    if parse_identifier(token) is not None and not re.search(r"[,;].", token):
        return [token]
    parts = [part for part in re.split(r"[,;]", token) if part.strip()]
    if len(parts) > 1 and all(parse_identifier(part) for part in parts):
        return parts
    return [token]


def _trim(text: str) -> str:
    """Drop whitespace and punctuation around a pasted id: '(doi:10.1/x).' -> 'doi:10.1/x'."""
    previous = None
    while text != previous:
        previous = text
        text = text.strip()
        first, last = text[:1], text[-1:]
        wrapped = len(text) > 1 and last == _PAIRS.get(first)
        if wrapped and _balanced(text[1:-1], first):
            text = text[1:-1]
        elif first in _PAIRS and not _balanced(text, first):
            text = text[1:]
        elif last in _TRAILING:
            text = text[:-1]
        elif last in _CLOSING_BRACKETS and text.count(last) > text.count(_CLOSING_BRACKETS[last]):
            # Only an unbalanced bracket is punctuation: DOIs may hold "(82)" and end in ")".
            text = text[:-1]
    return text


def _balanced(text: str, opener: str) -> bool:
    """Whether `opener` is closed as often as it is opened in `text`."""
    closer = _PAIRS[opener]
    if opener == closer:
        return text.count(opener) % 2 == 0
    return text.count(opener) == text.count(closer)


def _doi(text: str) -> Identifier | None:
    if not is_doi(text):
        return None
    arxiv_doi = _ARXIV_DOI.match(text)
    if arxiv_doi:
        return _arxiv(arxiv_doi.group(1))
    return Identifier("doi", text)


def _arxiv(text: str) -> Identifier | None:
    new = _ARXIV_NEW.match(text)
    if new:
        year, month, number, version = new.groups()
        yymm = int(year + month)
        # The scheme began in April 2007; numbers grew from four to five digits in 2015.
        digits = 4 if yymm < 1501 else 5
        if yymm < 704 or not 1 <= int(month) <= 12 or len(number) != digits:
            return None
        return Identifier("arxiv", f"{year}{month}.{number}", _version(version))
    old = _ARXIV_OLD.match(text)
    if old:
        archive, year, month, number, version = old.groups()
        # That scheme ran from 1991 to March 2007.
        yymm = int(year + month) + (0 if int(year) >= 91 else 10000)
        if archive not in _OLD_ARCHIVES or not 1 <= int(month) <= 12 or not 9101 <= yymm <= 10703:
            return None
        # The subject class (math.GT/...) is not part of the id: arXiv's form is math/0309136.
        return Identifier("arxiv", f"{archive}/{year}{month}{number}", _version(version))
    return None


def _version(text: str | None) -> int | None:
    return int(text) if text else None


# -- fetching ------------------------------------------------------------------------------


def fetch(
    identifier: Identifier | str,
    *,
    client: httpx.Client | None = None,
    crossref_url: str | None = None,
    arxiv_url: str | None = None,
    doi_url: str | None = None,
    timeout: float = 10.0,
) -> Record:
    """The metadata of the paper `identifier` names, from Crossref or arXiv.

    Base URLs default to $PAPERSHELF_CROSSREF_URL / $PAPERSHELF_ARXIV_URL, then to the real
    services. Pass a `client` to reuse its connections over many lookups. Raises a
    `LookupFailedError` subclass with a sentence for the user.
    """
    if isinstance(identifier, str):
        identifier = _require_identifier(identifier)
    if identifier.kind == "doi" and SHORT_DOI.fullmatch(identifier.value):
        # Crossref knows DOIs by their full name only.
        identifier = _full_doi(identifier, client, base=doi_url, timeout=timeout)
    if identifier.kind == "doi":
        base = _base_url(crossref_url, CROSSREF_URL_VARIABLE, CROSSREF_URL)
        request = _Request("Crossref", f"{base}/works/{quote(identifier.value, safe='/')}", {})
        return record_from_crossref(_get_json(request, identifier, client, timeout=timeout))
    base = _base_url(arxiv_url, ARXIV_URL_VARIABLE, ARXIV_URL)
    params = {"id_list": str(identifier), "max_results": "1"}
    request = _Request("arXiv", f"{base}/api/query", params)
    return record_from_arxiv(_get(request, identifier, client, timeout=timeout).content, identifier)


def _full_doi(
    short: Identifier, client: httpx.Client | None, *, base: str | None, timeout: float
) -> Identifier:
    """The DOI a short DOI is an alias of, as doi.org's handle API tells it."""
    root = _base_url(base, DOI_URL_VARIABLE, DOI_URL)
    request = _Request("doi.org", f"{root}/api/handles/{quote(short.value, safe='/')}", {})
    response = _get(request, short, client, timeout=timeout)
    try:
        values = json.loads(response.content)["values"]
        # The alias is the value that is a DOI itself (the others are URLs, admin data).
        full = next(
            str(value["data"]["value"])
            for value in values
            if isinstance(value.get("data"), dict)
            and DOI.fullmatch(str(value["data"].get("value", "")))
        )
    except (ValueError, TypeError, KeyError, StopIteration):
        raise IdentifierNotFoundError(
            sentence(
                "doi.org does not know the short DOI {value}; check it for typos.",
                value=short.value,
            )
        ) from None
    return Identifier("doi", full)


def _require_identifier(text: str) -> Identifier:
    identifier = parse_identifier(text)
    if identifier is None:
        raise UnrecognisedIdentifierError(
            sentence(
                "“{text}” is neither a DOI nor an arXiv id. A DOI looks like 10.1038/nature14539; "
                "an arXiv id looks like 1706.03762 or hep-th/9711200.",
                text=text.strip(),
            )
        )
    return identifier


def _base_url(explicit: str | None, variable: str, default: str) -> str:
    return (explicit or os.environ.get(variable) or default).rstrip("/")


@dataclass(frozen=True)
class _Request:
    service: str
    url: str
    params: dict[str, str]


def search(
    service: str,
    url: str,
    params: dict[str, str],
    *,
    client: httpx.Client | None = None,
    timeout: float = 10.0,
    mailto: str = "",
) -> bytes:
    """The body a search service (arXiv's query API, Crossref's /works) answered with, or a
    `LookupFailedError` with the sentence telling the user why there is none."""
    request = _Request(service, url, params)
    return _get(request, None, client, timeout=timeout, agent=user_agent(mailto)).content


def _get(
    request: _Request,
    identifier: Identifier | None,
    client: httpx.Client | None,
    *,
    timeout: float,
    agent: str = USER_AGENT,
) -> httpx.Response:
    """The service's answer, or the sentence telling the user why there is none."""
    headers = {"User-Agent": agent}
    try:
        if client is None:
            with httpx.Client() as own_client:
                response = _send(own_client, request, headers, timeout=timeout)
        else:
            response = _send(client, request, headers, timeout=timeout)
    except httpx.TimeoutException:
        raise ServiceTimeoutError(
            sentence(
                "{service} did not answer within {timeout} seconds; it may be busy or your "
                "connection slow. Try again in a minute.",
                service=request.service,
                timeout=f"{timeout:g}",
            )
        ) from None
    except httpx.ConnectError:
        raise ServiceUnreachableError(
            sentence(
                "Papershelf could not reach {service}; check your internet connection and try "
                "again.",
                service=request.service,
            )
        ) from None
    except httpx.HTTPError:
        raise ServiceUnreachableError(
            sentence(
                "The connection to {service} broke off before it answered; check your internet "
                "connection and try again.",
                service=request.service,
            )
        ) from None
    _check_status(response, request.service, identifier)
    return response


def _send(
    client: httpx.Client, request: _Request, headers: dict[str, str], *, timeout: float
) -> httpx.Response:
    return client.get(
        request.url,
        params=request.params,
        headers=headers,
        timeout=timeout,
        follow_redirects=True,
    )


def _check_status(response: httpx.Response, service: str, identifier: Identifier | None) -> None:
    """Raise the sentence for an error status (`identifier` None: a search was sent)."""
    status = response.status_code
    if status == 429 or status >= 500:
        raise ServiceBusyError(
            sentence(
                "{service} is busy (it answered with error {status}); try again in a minute.",
                service=service,
                status=status,
            )
        )
    if status < 400:
        return
    if identifier is None:
        raise LookupFailedError(
            sentence(
                "{service} refused the search Papershelf sent (error {status}); if this keeps "
                "happening, please report it.",
                service=service,
                status=status,
            )
        )
    if status == 404:
        raise IdentifierNotFoundError(_not_found_sentence(identifier, service))
    raise LookupFailedError(
        sentence(
            "{service} refused to look up {identifier} (error {status}). Check the identifier; if "
            "it is right and this keeps happening, please report it.",
            service=service,
            identifier=_named(identifier),
            status=status,
        )
    )


def _not_found_sentence(identifier: Identifier, service: str) -> str:
    if identifier.kind == "doi":
        return sentence(
            "No paper with the DOI {identifier} is registered at {service}. Check the DOI for "
            "typos; DOIs of data sets and some repositories are registered elsewhere.",
            identifier=identifier,
            service=service,
        )
    return sentence(
        "arXiv has no paper with the id {identifier}. Check it for typos: new ids look like "
        "1706.03762, old ones like hep-th/9711200.",
        identifier=identifier,
    )


def _named(identifier: Identifier) -> str:
    if identifier.kind == "doi":
        return sentence("the DOI {identifier}", identifier=identifier)
    return sentence("the arXiv id {identifier}", identifier=identifier)


def unreadable(service: str) -> BadResponseError:
    """The error for an answer from `service` that is not what was asked for."""
    return _unreadable(service)


def _unreadable(service: str) -> BadResponseError:
    return BadResponseError(
        sentence(
            "{service} sent an answer Papershelf could not read; try again later, and if it keeps "
            "happening, please report it.",
            service=service,
        )
    )


def _get_json(
    request: _Request, identifier: Identifier, client: httpx.Client | None, *, timeout: float
) -> dict[str, Any]:
    response = _get(request, identifier, client, timeout=timeout)
    try:
        message = json.loads(response.content)["message"]
    except (ValueError, TypeError, KeyError):
        raise _unreadable(request.service) from None
    if not isinstance(message, dict):
        raise _unreadable(request.service)
    return message


# -- Crossref ------------------------------------------------------------------------------

#: Crossref work types -> BibTeX entry types; anything else is `misc`.
CROSSREF_TYPES = {
    "journal-article": "article",
    "proceedings-article": "inproceedings",
    "book": "book",
    "monograph": "book",
    "edited-book": "book",
    "reference-book": "book",
    "book-chapter": "incollection",
    "book-section": "incollection",
    "book-part": "incollection",
    "reference-entry": "incollection",
    "proceedings": "proceedings",
    "report": "techreport",
    "dissertation": "phdthesis",
    # Preprints: BibTeX's `unpublished` requires a note we do not have.
    "posted-content": "misc",
}
_IN_A_BOOK = frozenset({"inproceedings", "incollection"})
_DATE_FIELDS = ("issued", "published", "published-print", "published-online", "created")


def record_from_crossref(message: dict[str, Any]) -> Record:
    """A record from the `message` of Crossref's /works/{doi} answer."""
    try:
        return _crossref_record(message)
    except (TypeError, ValueError, AttributeError, KeyError, IndexError):
        # The answer had the right outline but not the right insides.
        raise _unreadable("Crossref") from None


def _crossref_record(message: dict[str, Any]) -> Record:
    entry_type = CROSSREF_TYPES.get(_text(message.get("type")), "misc")
    container = _first(message.get("container-title"))
    year, month = _crossref_date(message)
    return Record(
        entry_type=entry_type,
        title=_crossref_title(message),
        abstract=plain_text_from_jats(_text(message.get("abstract"))),
        year=year,
        month=month,
        journal="" if entry_type in _IN_A_BOOK else container,
        booktitle=container if entry_type in _IN_A_BOOK else "",
        publisher=_clean_inline(_text(message.get("publisher"))),
        volume=_text(message.get("volume")),
        number=_text(message.get("issue")),
        pages=_text(message.get("page")),
        doi=_text(message.get("DOI")),
        url=_text(message.get("URL")),
        authors=_crossref_people(message.get("author")),
        editors=_crossref_people(message.get("editor")),
    )


def _crossref_title(message: dict[str, Any]) -> str:
    title = _first(message.get("title"))
    subtitle = _first(message.get("subtitle"))
    if subtitle and subtitle.casefold() not in title.casefold():
        return f"{title}: {subtitle}" if title else subtitle
    return title


def _crossref_people(people: Any) -> list[Person]:
    if not isinstance(people, list):
        return []
    # List order is the byline; "sequence: first" only confirms who leads it.
    ordered = sorted(people, key=lambda person: person.get("sequence") != "first")
    return [_crossref_person(person) for person in ordered]


def _crossref_person(person: dict[str, Any]) -> Person:
    given = _clean_inline(_text(person.get("given")))
    family = _clean_inline(_text(person.get("family")))
    if not family:
        # Organisations ("The ATLAS Collaboration") come as a single `name`.
        family = _clean_inline(_text(person.get("name"))) or given
        given = "" if family == given else given
    return Person(
        given=given,
        family=family,
        jr=_clean_inline(_text(person.get("suffix"))),
        as_written=" ".join(part for part in (given, family) if part),
    )


def _crossref_date(message: dict[str, Any]) -> tuple[int | None, int | None]:
    """Year and month of publication: `issued` is Crossref's date for citing a work."""
    for name in _DATE_FIELDS:
        date = message.get(name)
        parts = date.get("date-parts") if isinstance(date, dict) else None
        first = parts[0] if isinstance(parts, list) and parts else None
        if isinstance(first, list) and first and isinstance(first[0], int):
            month = first[1] if len(first) > 1 and isinstance(first[1], int) else None
            return first[0], month if month and 1 <= month <= 12 else None
    return None, None


def _first(value: Any) -> str:
    """The first string of a Crossref list field (title, container-title), cleaned."""
    if isinstance(value, list):
        value = next((item for item in value if isinstance(item, str) and item.strip()), "")
    return _clean_inline(_text(value))


def _text(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return ""
    return str(value).strip() if isinstance(value, str | int | float) else ""


# -- JATS and inline markup ------------------------------------------------------------------

_TAG = re.compile(r"</?[A-Za-z][\w.:-]*(?:\s[^<>]*)?/?>")
_BLOCK_TAG = re.compile(
    r"</?(?:[\w-]+:)?(?:p|title|sec|abstract|list|list-item|def-list|def-item|disp-quote)"
    r"(?:\s[^<>]*)?>|<(?:[\w-]+:)?break\s*/?>",
    re.IGNORECASE,
)
_PARAGRAPH = "\u2029"
_ABSTRACT_HEADINGS = frozenset({"abstract", "summary", "graphical abstract"})


def plain_text_from_jats(jats: str) -> str:
    """Plain text from a Crossref abstract in JATS XML: paragraphs kept, markup dropped.

    A leading "Abstract" heading is dropped (it repeats what the field is); section headings
    of structured abstracts ("Background", "Methods") are kept as their own paragraphs.
    """
    marked = _TAG.sub("", _BLOCK_TAG.sub(_PARAGRAPH, jats))
    # Unescape after removing tags: an escaped "&lt;b&gt;" is text, not markup.
    paragraphs = [" ".join(html.unescape(part).split()) for part in marked.split(_PARAGRAPH)]
    paragraphs = [paragraph for paragraph in paragraphs if paragraph]
    if paragraphs and paragraphs[0].casefold().rstrip(".:") in _ABSTRACT_HEADINGS:
        paragraphs = paragraphs[1:]
    return "\n\n".join(paragraphs)


def _clean_inline(text: str) -> str:
    """One line of text from a field that may hold inline HTML (`<i>in vivo</i>`) or entities."""
    return " ".join(html.unescape(_TAG.sub("", text)).split())


# -- arXiv -----------------------------------------------------------------------------------

_ATOM = "{http://www.w3.org/2005/Atom}"
_ARXIV = "{http://arxiv.org/schemas/atom}"
_ARXIV_ERROR_ID = "arxiv.org/api/errors"
_ISO_MONTH = re.compile(r"^(\d{4})-(\d{2})")


def record_from_arxiv(feed: bytes, identifier: Identifier) -> Record:
    """A record from the arXiv API's Atom feed answering a query for `identifier`."""
    return _record_of_entry(_arxiv_entry(feed, identifier), identifier.value)


def records_from_arxiv_search(feed: bytes) -> list[Record]:
    """The papers of the arXiv API's Atom feed answering a search (none: an empty list)."""
    root = _arxiv_feed(feed)
    found = []
    for entry in root.findall(f"{_ATOM}entry"):
        if not _child_text(entry, "title") or _ARXIV_ERROR_ID in _child_text(entry, "id"):
            continue  # an "error" entry says what arXiv disliked in the query
        found.append(_record_of_entry(entry, ""))
    return found


def _record_of_entry(entry: ElementTree.Element, asked_id: str) -> Record:
    entry_id = parse_identifier(_child_text(entry, "id"))
    arxiv_id = entry_id.value if entry_id and entry_id.kind == "arxiv" else asked_id
    year, month = _arxiv_date(_child_text(entry, "published"))
    extra: dict[str, str] = {}
    category = entry.find(f"{_ARXIV}primary_category")
    if category is not None and category.get("term"):
        extra["primaryclass"] = category.get("term", "")
    journal_ref = _child_text(entry, "journal_ref", _ARXIV)
    if journal_ref:
        extra["note"] = journal_ref
    return Record(
        entry_type="misc",
        title=_child_text(entry, "title"),
        abstract=_child_text(entry, "summary"),
        year=year,
        month=month,
        doi=_first_doi(_child_text(entry, "doi", _ARXIV)),
        arxiv_id=arxiv_id,
        url=f"https://arxiv.org/abs/{arxiv_id}",
        authors=[_arxiv_person(name) for name in _author_names(entry)],
        extra=extra,
    )


def _arxiv_entry(feed: bytes, identifier: Identifier) -> ElementTree.Element:
    """The feed's entry for the paper, or the sentence saying why there is none."""
    root = _arxiv_feed(feed)
    entry = root.find(f"{_ATOM}entry")
    # An unknown id gives an empty feed, or (in some API versions) an entry with no id or
    # title, or an "error" entry whose summary says what arXiv disliked.
    if entry is None or not _child_text(entry, "title"):
        raise IdentifierNotFoundError(_not_found_sentence(identifier, "arXiv"))
    if _ARXIV_ERROR_ID in _child_text(entry, "id"):
        reason = _child_text(entry, "summary")
        raise IdentifierNotFoundError(
            sentence(
                "{not_found} (arXiv said: “{reason}”)",
                not_found=_not_found_sentence(identifier, "arXiv"),
                reason=reason,
            )
        )
    return entry


def _arxiv_feed(feed: bytes) -> ElementTree.Element:
    """The root of an arXiv Atom feed, or the sentence saying it is unreadable."""
    # The API's feeds never carry a DTD; refusing one rules out entity tricks in the parser.
    if b"<!DOCTYPE" in feed or b"<!ENTITY" in feed:
        raise _unreadable("arXiv")
    try:
        root = ElementTree.fromstring(feed)
    except ElementTree.ParseError:
        raise _unreadable("arXiv") from None
    if root.tag != f"{_ATOM}feed":
        raise _unreadable("arXiv")
    return root


def _child_text(element: ElementTree.Element, name: str, namespace: str = _ATOM) -> str:
    """A child's text with runs of whitespace (arXiv wraps lines at ~80 columns) collapsed."""
    child = element.find(f"{namespace}{name}")
    text = child.text if child is not None else None
    return " ".join(text.split()) if text else ""


def _author_names(entry: ElementTree.Element) -> list[str]:
    names = (_child_text(author, "name") for author in entry.findall(f"{_ATOM}author"))
    return [name for name in names if name]


def _arxiv_person(name: str) -> Person:
    # arXiv gives "Given Family" in Unicode; BibTeX's rules split it (von parts included).
    person = split_name(name)
    person.as_written = name
    return person


def _arxiv_date(published: str) -> tuple[int | None, int | None]:
    match = _ISO_MONTH.match(published)
    if not match:
        return None, None
    month = int(match.group(2))
    return int(match.group(1)), month if 1 <= month <= 12 else None


def _first_doi(text: str) -> str:
    """arXiv may list several DOIs separated by spaces; the first is the published version."""
    return next((word for word in text.split() if is_doi(word)), "")
