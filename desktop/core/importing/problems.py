"""Entries an import could not read, kept with their raw text to be fixed and tried again."""

from __future__ import annotations

from sqlmodel import Session, col, select

from desktop.core import papers
from desktop.core.errors import NotFoundError
from desktop.core.formats import registry
from desktop.core.importing import pipeline
from desktop.core.importing.reading import Reading
from desktop.core.importing.storing import Destination, ImportReport
from desktop.core.storage.models import ImportProblem


def all_problems(session: Session) -> list[ImportProblem]:
    """Every problem kept, oldest first."""
    return list(session.exec(select(ImportProblem).order_by(col(ImportProblem.id))))


def retry(session: Session, problem_id: int, fixed_text: str) -> ImportReport:
    """Import the user's corrected text for a problem in the caller's transaction: when it
    reads cleanly the papers are stored and the problem goes; when it still does not,
    nothing is stored and the problem keeps the corrected text and the new reason."""
    format_name, result = registry.read(
        fixed_text.encode("utf-8"), source="corrected text", path=None
    )
    problem = session.get(ImportProblem, problem_id)
    if problem is None:
        raise NotFoundError(f"There is no import problem with id {problem_id}.")
    report = ImportReport(source=problem.source, format=format_name)
    if result.records and not result.problems:
        pipeline.store(
            session, Reading.of([format_name], result), report, destination=Destination()
        )
        session.delete(problem)
    else:
        first = result.problems[0].message if result.problems else "No entry was found."
        problem.raw, problem.message = fixed_text, first
        session.add(problem)
        report.problems = list(result.problems)
        report.papers = papers.count(session)
    return report


def dismiss(session: Session, problem_id: int) -> None:
    """Forget a problem (a problem already gone is no mistake: two windows may both ask)."""
    problem = session.get(ImportProblem, problem_id)
    if problem is not None:
        session.delete(problem)
