"""The BibTeX and BibLaTeX exports judged by the real tools: bibtex, pdflatex and biber.

Hypothesis writes records full of TeX specials, unbalanced braces, Unicode and command
injection attempts; each example is one .bib that `bibtex` must read without errors (and
without warnings other than empty or missing fields) and that a pdfLaTeX document citing
everything must typeset without errors. Characters with no LaTeX spelling are written as
UTF-8 (never as a placeholder): the document gives each of them a stand-in glyph, as the
fonts of a real document for those scripts would (the scripts themselves are judged by
xelatex in `test_scripts_tools.py`), so that pdfLaTeX judges everything else we wrote.
Outside CI a missing tool skips these tests; under CI=true it fails them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from desktop.core.formats import registry
from desktop.core.formats.bibtex.writer import write_biblatex, write_bibtex
from desktop.core.formats.latex import encode
from desktop.core.formats.record import Person, Record

IN_CI = os.environ.get("CI") == "true"

DOCUMENT = r"""\documentclass{article}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
%s
\begin{document}
%s
\nocite{*}
\bibliographystyle{plain}
\bibliography{refs}
\end{document}
"""
# Warnings that report gaps in the data itself, not a problem with how we wrote it.
DATA_WARNINGS = re.compile(
    r"Warning--(empty [\w ]+ in |to sort, need |need key to make label"
    r"|there's a \w+ but no \w+ in )"
)


def require(*tools: str) -> None:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        reason = f"{', '.join(missing)} not installed (Debian packages in .ci/debian-packages)"
        if IN_CI:
            pytest.fail(reason)
        pytest.skip(reason)


def run(command: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=folder, capture_output=True, text=True, errors="replace", timeout=60
    )


def bibtex_report(folder: Path, bib: str) -> tuple[int, list[str], str]:
    """Run bibtex over `bib` citing everything: (error count, unexpected warnings, log)."""
    (folder / "refs.bib").write_text(bib, encoding="utf-8")
    (folder / "doc.aux").write_text(
        "\\relax\n\\citation{*}\n\\bibstyle{plain}\n\\bibdata{refs}\n", encoding="utf-8"
    )
    result = run(["bibtex", "-terse", "doc"], folder)
    log = (folder / "doc.blg").read_text(encoding="utf-8", errors="replace")
    errors = re.search(r"\(There (?:was|were) (\d+|one) error", log)
    count = 0 if errors is None else (1 if errors.group(1) == "one" else int(errors.group(1)))
    if result.returncode >= 2 and count == 0:
        count = 1  # bibtex gave up without saying how many
    warnings = [line for line in log.splitlines() if line.startswith("Warning--")]
    return count, [w for w in warnings if not DATA_WARNINGS.match(w)], log


def stand_ins(folder: Path) -> str:
    """A stand-in glyph (a box) for each character the .bbl holds as UTF-8."""
    bbl = folder / "doc.bbl"
    text = bbl.read_text(encoding="utf-8") if bbl.exists() else ""
    chars = sorted({char for char in text if not char.isascii()})
    return "\n".join(f"\\DeclareUnicodeCharacter{{{ord(c):04X}}}{{\\fbox{{}}}}" for c in chars)


def pdflatex_errors(folder: Path, body: str = "") -> list[str]:
    """Typeset the document over the .bbl bibtex wrote; the TeX errors, with context."""
    (folder / "doc.tex").write_text(DOCUMENT % (stand_ins(folder), body), encoding="utf-8")
    result = run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"], folder)
    if result.returncode == 0:  # pdflatex exits with 1 after any error, even in nonstopmode
        return []
    log = (folder / "doc.log").read_text(encoding="utf-8", errors="replace")
    # An error starts "! " at a line start (a "!" in typeset text may start a line too).
    errors = [m.group(0) for m in re.finditer(r"^! .*(?:\n.*){0,3}", log, re.M)]
    return errors or [f"pdflatex exited with {result.returncode}"]


# --- nasty records --------------------------------------------------------------------------
INJECTIONS = [
    r"\input{/etc/passwd}",
    r"\write18{touch pwned}",
    r"\immediate\write18{id}",
    r"\def\x{y}\x",
    r"\catcode`\{=12",
    r"\csname end\endcsname",
    r"\end{document}",
    r"\let\bibitem\relax",
    r"$\input{x}$",
    r"$x^^41$",
    r"$x^2^3$",
    r"$\frac{1}$",
    r"$x'^2$",
    r"$T^{\frac{2}{3}}$",
    r"$\alpha_{i}^{2}$",
    r"$\sqrt[3]{x}$",
    "$$",
    "$",
    r"\$",
    "12.5\\%",
    "{",
    "}",
    "}{",
    "\\",
    r"\{",
    r"\}",
    "%",
    "#",
    "&",
    "_",
    "^",
    "~",
    "@",
    ",",
    " and ",
    "others",
    '"',
    "--",
    "\x00\x1b\x7f\t\n",
    "BERT",
    "ImageNet",
    "Schrödinger",
    "Łukasz Ångström",
    "中文",
    "😀",
    "и",
    "α≤β",
    "\u200b\u00ad\u00a0",
    "\ud800",
]
nasty_text = st.lists(
    st.one_of(
        st.sampled_from(INJECTIONS),
        st.text(st.characters(codec="utf-8"), max_size=12),
        st.text(st.sampled_from("&%#_${}~^\\ aB"), max_size=8),
    ),
    max_size=6,
).map("".join)
people = st.lists(
    st.builds(Person, given=nasty_text, family=nasty_text, von=nasty_text, jr=nasty_text),
    max_size=3,
)


@st.composite
def records(draw: st.DrawFn) -> Record:
    entry_type = draw(st.sampled_from(["article", "inproceedings", "misc", "online", "x-y"]))
    record = Record(
        entry_type=entry_type,
        title=draw(nasty_text),
        authors=draw(people),
        journal=draw(nasty_text) if entry_type == "article" else "",
        booktitle=draw(nasty_text) if entry_type == "inproceedings" else "",
        publisher=draw(nasty_text),
        year=draw(st.none() | st.integers(-500, 3000)),
        month=draw(st.none() | st.integers(0, 13)),
        pages=draw(nasty_text),
        doi=draw(nasty_text),
        url=draw(nasty_text),
        arxiv_id=draw(nasty_text),
        abstract=draw(nasty_text),
        topic=draw(nasty_text),
        keywords=draw(st.lists(nasty_text, max_size=3)),
    )
    if entry_type == "article":  # plain warns about volume and number elsewhere
        record.volume, record.number = draw(nasty_text), draw(nasty_text)
    return record


def with_keys(batch: list[Record]) -> list[Record]:
    for number, record in enumerate(batch):
        record.citekey = f"key{number}"
    return batch


TOOL_SETTINGS = settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    # Each example runs the tools; shrinking would rerun them hundreds of times.
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@TOOL_SETTINGS
@given(batch=st.lists(records(), min_size=5, max_size=25).map(with_keys), ascii_only=st.booleans())
def test_nasty_records_pass_bibtex_and_pdflatex(
    batch: list[Record], ascii_only: bool, tmp_path: Path
) -> None:
    require("bibtex", "pdflatex")
    folder = Path(tmp_path) / f"run{len(list(tmp_path.iterdir()))}"
    folder.mkdir()
    bib = write_bibtex(batch, ascii_only=ascii_only, our_fields=True)
    # What stays UTF-8 is only what has no spelling (in ASCII mode) or no faithful one;
    # url, doi and eprint are verbatim (kept as UTF-8, or percent-encoded in ASCII mode).
    spelling = encode.latex_spelling if ascii_only else encode.faithful_spelling
    text = "".join(re.split(r"(?m)^  (?:url|doi|eprint) = \{.*\},$", bib))
    assert [c for c in set(text) if not c.isascii() and spelling(c) is not None] == []
    errors, warnings, log = bibtex_report(folder, bib)
    assert errors == 0, log
    assert warnings == [], log
    assert pdflatex_errors(folder) == [], bib
    # Nothing the records held ran: no file appeared, the document kept all its entries.
    assert not (folder / "pwned").exists()
    assert (folder / "doc.bbl").read_text(encoding="utf-8").count("\\bibitem") == len(batch)


@TOOL_SETTINGS
@given(batch=st.lists(records(), min_size=5, max_size=25).map(with_keys))
def test_nasty_records_pass_biber(batch: list[Record], tmp_path: Path) -> None:
    require("biber")
    folder = Path(tmp_path) / f"run{len(list(tmp_path.iterdir()))}"
    folder.mkdir()
    (folder / "refs.bib").write_text(write_biblatex(batch, our_fields=True), encoding="utf-8")
    result = run(
        ["biber", "--tool", "--validate-datamodel", "--output-file=out.bib", "refs.bib"], folder
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "ERROR" not in output
    # Syntax trouble shows as warnings of biber's BibTeX reader; data-model ones are data.
    assert "BibTeX subsystem" not in output, output
    assert (folder / "out.bib").read_text(encoding="utf-8").count("@") >= len(batch)


def test_every_character_we_spell_in_latex_typesets(tmp_path: Path) -> None:
    """All the non-ASCII characters for which we emit LaTeX build with T1 fonts alone."""
    require("bibtex", "pdflatex")
    spelled = [chr(code) for code in range(0xA0, 0x3000) if encode.latex_spelling(chr(code))]
    assert len(spelled) > 800  # the measured table, not an accidentally empty one
    lines = "\n".join(
        "{" + "".join(encode.latex_spelling(char) or "" for char in spelled[i : i + 40]) + "}\\par"
        for i in range(0, len(spelled), 40)
    )
    (tmp_path / "refs.bib").write_text("", encoding="utf-8")
    (tmp_path / "doc.bbl").write_text("", encoding="utf-8")
    assert pdflatex_errors(tmp_path, body=lines) == []


def test_every_math_command_we_pass_through_typesets(tmp_path: Path) -> None:
    require("pdflatex")
    formulas = [f"$x \\{name} y$" for name in sorted(encode.MATH_SYMBOLS)]
    formulas += [f"$\\{name}{{x}}$" for name in sorted(encode.MATH_ONE_ARGUMENT)]
    formulas += [f"$x^\\{name}_\\{name}$" for name in sorted(encode.MATH_SCRIPT_SYMBOLS)]
    formulas += [r"$\frac{1}{2}$", r"$\sqrt[3]{x}$", r"$x'_1 y''$", r"$\lbrace a\rbrace\,\;\!\|\%$"]
    assert all(encode.is_safe_math(formula[1:-1]) for formula in formulas)
    (tmp_path / "refs.bib").write_text("", encoding="utf-8")
    (tmp_path / "doc.bbl").write_text("", encoding="utf-8")
    body = "\n".join(formula + "\\par" for formula in formulas)
    assert pdflatex_errors(tmp_path, body=body) == []


def test_urls_with_percent_and_hash_survive_a_macro_argument(tmp_path: Path) -> None:
    """`\\%` and `\\#` in a url/doi still build when a style passes them to a macro."""
    require("pdflatex")
    value = encode.verbatim("https://x.org/a%20b#frag{x")
    body = r"\newcommand{\wrapped}[1]{[#1]}\wrapped{" + value + "}\\par " + value
    (tmp_path / "refs.bib").write_text("", encoding="utf-8")
    (tmp_path / "doc.bbl").write_text("", encoding="utf-8")
    assert pdflatex_errors(tmp_path, body=body) == []


# Real files also give a book both authors and editors, or a volume and a number: the
# standard styles warn about the data then, as they do for a missing field.
SOURCE_CONFLICTS = re.compile(r"Warning--can't use both \w+ and \w+ fields in ")


@pytest.fixture(scope="module")
def corpus_records(corpus_dir: Path) -> list[Record]:
    """Every record the reader gets from the corpus .bib files, with keys made unique."""
    pytest.importorskip("desktop.core.formats.bibtex.reader")
    records: list[Record] = []
    for path in sorted(corpus_dir.rglob("*.bib")):
        records.extend(
            registry.read(path.read_bytes(), source=str(path), format="bibtex")[1].records
        )
    for number, record in enumerate(records):
        record.citekey = f"c{number}"
        # Keys are renumbered here, so links between entries would point nowhere.
        for link in ("crossref", "xdata", "related", "xref"):
            record.extra.pop(link, None)
    return records


def test_corpus_export_passes_bibtex(corpus_records: list[Record], tmp_path: Path) -> None:
    """bibtex reads the export of every corpus entry the reader accepts without an error."""
    require("bibtex")
    records = corpus_records
    assert len(records) > 5000
    errors, warnings, log = bibtex_report(tmp_path, write_bibtex(records))
    assert errors == 0, log
    assert [w for w in warnings if not SOURCE_CONFLICTS.match(w)] == []


def test_corpus_export_from_unicode_builds_with_pdflatex(
    corpus_records: list[Record], tmp_path: Path
) -> None:
    """Every corpus entry written from its Unicode values alone typesets without an error.

    Fields given back as the source wrote them (`Record.latex`, `Record.extra`) may use the
    source's own macros (`\\ch`, `\\SI`...) and packages, so this build leaves them out: it
    judges what our escaping writes.
    """
    require("bibtex", "pdflatex")
    records = [replace(record, latex={}, extra={}) for record in corpus_records]
    errors, warnings, log = bibtex_report(tmp_path, write_bibtex(records))
    assert errors == 0, log
    assert [w for w in warnings if not SOURCE_CONFLICTS.match(w)] == []
    assert pdflatex_errors(tmp_path) == []
    assert (tmp_path / "doc.bbl").read_text(encoding="utf-8").count("\\bibitem") == len(records)


def test_the_judges_see_a_broken_file(tmp_path: Path) -> None:
    """The checks above can fail: an unescaped `&` breaks pdflatex, a lone `{` breaks bibtex."""
    require("bibtex", "pdflatex")
    errors, _, _ = bibtex_report(tmp_path, "@misc{a, title = {R&D}}\n")
    assert errors == 0
    assert pdflatex_errors(tmp_path) != []
    errors, _, _ = bibtex_report(tmp_path, "@misc{a, title = {R{D}}\n@misc{b, title = {x}}\n")
    assert errors > 0


def test_corpus_biblatex_export_passes_biber(corpus_records: list[Record], tmp_path: Path) -> None:
    """biber reads the BibLaTeX export of corpus entries with no error and no syntax warning.

    Every 20th entry: biber needs ~40 s for the whole corpus, ~3 s for this sample.
    """
    require("biber")
    sample = corpus_records[::20]
    (tmp_path / "refs.bib").write_text(write_biblatex(sample), encoding="utf-8")
    result = run(
        ["biber", "--tool", "--validate-datamodel", "--output-file=out.bib", "refs.bib"], tmp_path
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "ERROR" not in output
    assert "BibTeX subsystem" not in output, output


# ------------------------------------------------------------------ biber's data model

#: BibLaTeX files of the corpus: biber's own examples, citation-js's, GB/T 7714's.
BIBLATEX_SOURCES = (
    "biber/t-tdata/examples.bib",
    "citation-js/plugin-bibtex/test/mapping/biblatex-input.bib",
    "gbt7714/gbt7714-2015-biblatex.bib",
)
_BIBER_WARNING = re.compile(r"^WARN - (.*)$", re.MULTILINE)


def biber_warnings(folder: Path, bib: str) -> set[str]:
    """What `biber --validate-datamodel` warns about in `bib` (errors fail here)."""
    folder.mkdir()
    (folder / "refs.bib").write_text(bib, encoding="utf-8")
    result = run(
        ["biber", "--tool", "--validate-datamodel", "--output-file=out.bib", "refs.bib"], folder
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0 and "ERROR" not in output, output
    return set(_BIBER_WARNING.findall(output))


@pytest.mark.parametrize("name", BIBLATEX_SOURCES)
def test_biber_finds_nothing_in_our_biblatex_it_does_not_find_in_the_source(
    corpus_dir: Path, name: str, tmp_path: Path
) -> None:
    """Each warning of biber's data model check on the export of a corpus file, it gives
    for the file itself: a gap of the data (no title, `volume = {Volume}`), not ours."""
    require("biber")
    source = (corpus_dir / name).read_bytes()
    records = registry.read(source, source=name, format="bibtex")[1].records
    bib = write_biblatex(records)
    ours = biber_warnings(tmp_path / "ours", bib)
    theirs = biber_warnings(tmp_path / "theirs", source.decode("utf-8"))
    # biber skips an entry whose key came before; the export keeps it under a new key, and
    # biber then tells its gaps. biber's examples repeat `tmn4` on purpose.
    entry_key = r"^@\w+\s*\{\s*([^,\s]+)"
    keys = {key.casefold() for key in re.findall(entry_key, source.decode(), re.M)}
    renamed = {key for key in re.findall(entry_key, bib, re.M) if key.casefold() not in keys}
    assert renamed == ({"tmn4a"} if name.startswith("biber/") else set())
    added = {w for w in ours - theirs if not any(f"Entry '{k}' " in w for k in renamed)}
    assert added == set()
    assert len(ours) > 10  # the check sees the source's gaps: it would see ours


def test_biber_would_tell_our_own_fields(corpus_dir: Path, tmp_path: Path) -> None:
    """The comparison above can fail: the topic we add when asked is a warning of ours."""
    require("biber")
    name = BIBLATEX_SOURCES[1]
    source = (corpus_dir / name).read_bytes()
    records = registry.read(source, source=name, format="bibtex")[1].records
    records[0].topic = "Reading group"
    asked = write_biblatex(records, our_fields=True)
    ours = biber_warnings(tmp_path / "ours", asked)
    theirs = biber_warnings(tmp_path / "theirs", source.decode("utf-8"))
    (added,) = ours - theirs
    assert "Field 'topic' invalid in data model" in added


def _zotero_ris(corpus_dir: Path) -> bytes:
    """Zotero's RIS test inputs that hold every tag of every type (web pages among them)."""
    cases = json.loads((corpus_dir / "zotero-translators" / "RIS.testCases.json").read_text())
    return "\n".join(cases[i]["input"] for i in (2, 4)).encode("utf-8")


def test_ris_and_csl_json_web_pages_pass_biber_as_online(corpus_dir: Path, tmp_path: Path) -> None:
    """RIS and CSL-JSON give BibLaTeX no field of ours, no date biber cannot read, and their
    web pages as `@online` with the day they were published and seen.

    Not judged here: fields the source gave that the type biblatex reads it as lacks
    (Zotero's test inputs give a blog a volume and pages; CSL gives a thesis a publisher).
    """
    require("biber")
    csl = corpus_dir / "citation-js" / "plugin-bibtex" / "test" / "mapping" / "biblatex-csl.json"
    ris_records = registry.read(_zotero_ris(corpus_dir), source="zotero.ris", format="ris")[1]
    csl_records = registry.read(csl.read_bytes(), source=csl.name, format="csl-json")[1]
    bib = write_biblatex([*ris_records.records, *csl_records.records])
    warnings = biber_warnings(tmp_path / "run", bib)
    unknown = [w for w in warnings if "invalid in data model" in w]
    # `pmid` is the name BibTeX files (JabRef, PubMed exports) give a PubMed id: no
    # biblatex field says it, and it is the CSL item's PMID, kept under that name.
    assert [w for w in unknown if "Field 'pmid'" not in w] == []
    assert [w for w in warnings if "date" in w.lower() and "Missing" not in w] == []
    entries = {key: body for key, body in re.findall(r"@online\{([^,]+),\n(.*?)\n\}", bib, re.S)}
    # Zotero's RIS inputs: one BLOG, one WEB and two ELEC (the other types stay theirs).
    assert set(entries) == {"name1titlec", "name1titleaa", "authornametitleb",
                            "authornametitlef", "willighagen:blog"}  # fmt: skip
    # citation-js's webpage: issued 2016-08-18, accessed 2021-01-23 (biblatex-csl.json).
    assert "  urldate = {2021-01-23},\n  date = {2016-08-18}," in entries["willighagen:blog"]


def test_noncharacters_reach_biber_spelled_and_read_back(tmp_path: Path) -> None:
    """biber refuses a whole file holding a Unicode noncharacter as itself (U+FFFF, U+FDD0,
    U+10FFFF): BibLaTeX writes one as `\\symbol{"FFFF}` (read back as the character) and in
    a verbatim field as its UTF-8 bytes percent-encoded."""
    require("biber")
    title = "Odd \uffff, \ufdd0 and \U0010ffff"
    record = Record(
        entry_type="misc",
        citekey="odd",
        title=title,
        authors=[Person(given="Ann", family="Ma\ufffe")],
        arxiv_id="2101.\U0010ffff",
        url="https://example.org/\uffff",
    )
    written = write_biblatex([record])
    assert r'\symbol{"FFFF}' in written and "%EF%BF%BF" in written
    assert not encode._NONCHARACTERS.search(written)
    (tmp_path / "refs.bib").write_text(written, encoding="utf-8")
    result = run(
        ["biber", "--tool", "--validate-datamodel", "--output-file=out.bib", "refs.bib"], tmp_path
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0 and "ERROR" not in output, output
    (back,) = registry.read(written.encode(), source="refs.bib", format="bibtex")[1].records
    assert back.title == title
    assert [p.family for p in back.authors] == ["Ma\ufffe"]
