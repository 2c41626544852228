"""Reading what a document cites from its .aux, as BibTeX and biblatex write it."""

from __future__ import annotations

from desktop.core.formats.latex import aux_citations

# What pdflatex wrote for a document citing \cite{lecun2015,vaswani2017}, \cite{lecun2015}
# and \nocite{*}, with the natbib/hyperref lines around it.
BIBTEX_AUX = r"""\relax
\providecommand\hyper@newdestlabel[2]{}
\citation{lecun2015,vaswani2017}
\citation{lecun2015}
\@writefile{toc}{\contentsline {section}{\numberline {1}Intro}{1}{}\protected@file@percent }
\citation{ smith2020 , Doe:2019}
\citation{*}
\@input{chapter1.aux}
\bibstyle{plain}
\bibdata{refs}
\gdef \@abspage@last{1}
"""
# biblatex 3.8 and later name the refsection first; older ones gave the key alone.
BIBLATEX_AUX = r"""\relax
\abx@aux@refcontext{nty/global//global/global}
\abx@aux@cite{0}{knuth1984}
\abx@aux@segm{0}{0}{knuth1984}
\abx@aux@cite{lamport1994}
\abx@aux@cite{0}{knuth1984}
"""


def test_bibtex_citations_in_citation_order_each_once() -> None:
    found = aux_citations.read(BIBTEX_AUX)
    assert found.keys == ["lecun2015", "vaswani2017", "smith2020", "Doe:2019"]
    assert found.cites_everything
    assert found.inputs == ["chapter1.aux"]


def test_biblatex_citations_with_and_without_the_refsection() -> None:
    found = aux_citations.read(BIBLATEX_AUX)
    assert found.keys == ["knuth1984", "lamport1994"]
    assert not found.cites_everything


def test_an_aux_citing_nothing() -> None:
    assert aux_citations.read("\\relax\n\\bibstyle{plain}\n").keys == []
