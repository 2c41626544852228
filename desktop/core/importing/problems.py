"""Entries an import could not read, kept with their raw text to be fixed and tried again."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

from sqlalchemy import func
from sqlmodel import Session, col, select

from desktop.core import papers, sentences
from desktop.core.errors import InvalidInputError, NotFoundError
from desktop.core.formats import registry
from desktop.core.formats.record import Problem
from desktop.core.importing import pipeline
from desktop.core.importing.reading import Reading
from desktop.core.importing.storing import Destination, ImportReport
from desktop.core.sentences import sentence
from desktop.core.storage.models import ImportProblem


def as_told(problem: ImportProblem) -> str:
    """The problem's message as it was made (a `Sentence` when its parts were kept)."""
    return sentences.from_json(problem.message_sentence, problem.message)


def all_problems(session: Session) -> list[ImportProblem]:
    """Every problem kept, the worst first: entries that could not be read, then warnings,
    each in the order they were met (file by file, line by line)."""
    worst_first = (
        col(ImportProblem.error).desc(),
        col(ImportProblem.source),
        func.coalesce(col(ImportProblem.line), 0),  # a whole file's problem before its lines'
        col(ImportProblem.id),
    )
    return list(session.exec(select(ImportProblem).order_by(*worst_first)))


def retry(session: Session, problem_ids: Sequence[int], fixed_text: str) -> ImportReport:
    """Import the user's corrected text for one or more problems in the caller's
    transaction: when every entry in it reads (warnings aside, which are kept) the papers
    are stored and the problems go; when one still does not, nothing is stored, and a
    single problem keeps the corrected text and the new reason."""
    found = [session.get(ImportProblem, problem_id) for problem_id in problem_ids]
    kept = [problem for problem in found if problem is not None]
    if not kept or len(kept) < len(found):
        raise NotFoundError(sentence("That import problem is gone (dismissed or fixed elsewhere)."))
    textless = next((problem for problem in kept if not problem.raw.strip()), None)
    if textless is not None:  # a whole file's (a PDF's): any text given would not be its
        raise InvalidInputError(
            sentence(
                "The problem with {name} kept no text to correct: fix the file itself and "
                "import it again.",
                name=PurePath(textless.source).name,
            )
        )
    format_name, result = registry.read(
        fixed_text.encode("utf-8"), source="corrected text", path=None
    )
    report = ImportReport(source=kept[0].source, format=format_name)
    errors = [problem for problem in result.problems if problem.error]
    if result.records and not errors:
        pipeline.store(
            session, Reading.of([format_name], result), report, destination=Destination()
        )
        for problem in kept:
            session.delete(problem)
    else:
        first = errors[0].message if errors else sentence("No entry was found.")
        if len(kept) == 1:
            kept[0].raw, kept[0].message = fixed_text, first
            kept[0].message_sentence = sentences.as_json(first)
            session.add(kept[0])
        report.problems = errors or [Problem(report.source, None, first, error=True)]
        report.papers = papers.count(session)
    return report


def dismiss(session: Session, problem_ids: Sequence[int]) -> None:
    """Forget problems (one already gone is no mistake: two windows may both ask)."""
    for problem_id in problem_ids:
        problem = session.get(ImportProblem, problem_id)
        if problem is not None:
            session.delete(problem)
