"""Finding missing titles and identifiers: papers looked up on arXiv and Crossref, the sure
matches filled in, the unsure ones shown beside their candidates until the user picks one.

The search runs on a worker (arXiv's pace makes it slow: about a minute for 20 papers) with
progress and Cancel; nothing changes until "Fill in", which is one step on the window's undo
stack. A field that already holds a value is replaced only where the user ticks it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.core.api import (
    Candidate,
    Choice,
    Person,
    Proposal,
    completion_step,
    join_names,
    math_as_text,
)
from desktop.core.errors import KnownError
from desktop.core.library import Library
from desktop.ui import core_sentences, plain_text, undo_commands
from desktop.ui.background.workers import Job, Worker
from desktop.ui.selection import select_only

#: Candidates shown side by side (the rest are rarely the paper).
SHOWN = 3
_PAPER_ROLE = Qt.ItemDataRole.UserRole


def _field_names() -> dict[str, str]:
    translate = QCoreApplication.translate
    return {
        "title": translate("Completion", "Title"),
        "authors": translate("Completion", "Authors"),
        "year": translate("Completion", "Year"),
        "journal": translate("Completion", "Journal"),
        "booktitle": translate("Completion", "Proceedings"),
        "doi": translate("Completion", "DOI"),
        "arxiv_id": translate("Completion", "arXiv id"),
        "entry_type": translate("Completion", "Entry type"),
        "abstract": translate("Completion", "Abstract"),
        "evidence": translate("Completion", "Evidence"),
        "sources": translate("Completion", "Found at"),
    }


def evidence_text(candidate: Candidate) -> str:
    """The evidence for a candidate, in the user's language."""
    evidence = candidate.evidence
    translate = QCoreApplication.translate
    if evidence.abstract is None:
        abstract = translate("Completion", "no abstract to compare")
    else:
        abstract = translate("Completion", "abstract {percent}% alike").format(
            percent=round(evidence.abstract * 100)
        )
    authors = translate("Completion", "{matched} of {total} authors in order").format(
        matched=evidence.authors_matched, total=evidence.authors_theirs
    )
    score = translate("Completion", "score {score}").format(score=f"{candidate.score:.2f}")
    return "\n".join([abstract, authors, score])


class CompletionDialog(QDialog):
    """Look papers up, show what was found, fill in what the user accepts."""

    def __init__(
        self,
        library: Library,
        paper_ids: list[int],
        parent: QWidget,
        *,
        history: undo_commands.History | None = None,
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._paper_ids = list(dict.fromkeys(paper_ids))
        self._history = history
        self._worker: Worker | None = None
        self.proposals: list[Proposal] = []
        #: Per paper: the index of the chosen candidate (None: none of them).
        self.chosen: dict[int, int | None] = {}
        #: Per paper: the fields holding a value that the user chose to replace.
        self.overwrite: dict[int, set[str]] = {}
        self.setWindowTitle(self.tr("Find missing titles and identifiers"))
        self.resize(980, 620)
        self._build()

    # -- building ----------------------------------------------------------------------

    def _build(self) -> None:
        count = len(self._paper_ids)
        intro = plain_text.label(self)
        intro.setWordWrap(True)
        intro.setText(
            self.tr(
                "Papershelf looks each paper up on arXiv and Crossref by its authors and "
                "abstract. arXiv allows one search every three seconds, so this takes about "
                "a minute for 20 papers. Nothing changes until you choose Fill in."
            )
        )
        self.estimate = plain_text.label(self)
        self.estimate.setText(
            self.tr("%n paper(s) to look up: about {minutes} minute(s).", "", count).format(
                minutes=max(1, round(count * 3 / 60))
            )
        )
        self.contact = QLineEdit(self._library.contact_address(), self)
        self.contact.setPlaceholderText(self.tr("name@example.org (optional)"))
        contact_form = QFormLayout()
        contact_form.addRow(self.tr("Your e-mail address for Crossref:"), self.contact)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, max(1, count))
        self.progress.setValue(0)
        self.status = plain_text.label(self)
        self.status.setWordWrap(True)
        self.papers = QTreeWidget(self)
        self.papers.setHeaderLabels([self.tr("Paper"), self.tr("Found")])
        self.papers.setRootIsDecorated(False)
        self.papers.header().setStretchLastSection(False)
        self.papers.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.papers.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.papers.currentItemChanged.connect(self._on_paper_changed)
        self.papers.itemChanged.connect(self._on_paper_ticked)
        self.comparison = QTableWidget(self)
        self.comparison.setWordWrap(True)
        self.comparison.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.comparison.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.use = QComboBox(self)
        self.use.activated.connect(self._on_use_changed)
        self.use.setEnabled(False)  # until there is something to choose from
        self.asks = QVBoxLayout()
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.comparison, 1)
        use_row = QHBoxLayout()
        use_row.addWidget(QLabel(self.tr("This paper is:"), self))
        use_row.addWidget(self.use, 1)
        right_layout.addLayout(use_row)
        right_layout.addLayout(self.asks)
        splitter = QSplitter(self)
        splitter.addWidget(self.papers)
        splitter.addWidget(right)
        splitter.setSizes([340, 640])
        self.start_button = QPushButton(self.tr("Look up"), self)
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setEnabled(False)
        self.fill_button = QPushButton(self.tr("Fill in"), self)
        self.fill_button.clicked.connect(self.fill_in)
        self.fill_button.setEnabled(False)
        close = QPushButton(self.tr("Close"), self)
        close.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        buttons.addWidget(self.fill_button)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.estimate)
        layout.addLayout(contact_form)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)

    # -- looking up ----------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self._worker is not None

    def start(self) -> None:
        """Look the papers up on a worker (the dialog stays usable: Cancel stops it)."""
        if self.busy:
            return
        library, ids = self._library, self._paper_ids
        address = self.contact.text().strip()
        if address != library.contact_address():
            try:
                library.set_contact_address(address)
            except KnownError as error:
                self.status.setText(core_sentences.of_error(error))
                return

        def work(job: Job) -> list[Proposal]:
            return library.find_completions(
                ids, mailto=address, progress=job.report, cancelled=job.is_cancelled
            )

        worker = Worker(work, self)
        worker.progressed.connect(self._on_progress)
        worker.finished.connect(self._on_found)
        worker.failed.connect(self._on_failed)
        self._worker = worker
        self.start_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.fill_button.setEnabled(False)
        self.status.setText(self.tr("Looking up…"))
        worker.start()

    def cancel(self) -> None:
        """Stop after the paper being looked up; what was found so far is shown."""
        if self._worker is not None:
            self._worker.cancel()
            self.cancel_button.setEnabled(False)
            self.status.setText(self.tr("Stopping after this paper…"))

    def wait(self, seconds: float = 30.0) -> None:
        """Block until the worker's thread ends (tests, and closing the dialog)."""
        if self._worker is not None:
            self._worker.wait(seconds)

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        self.status.setText(
            self.tr("Looked up %n of {total} paper(s)…", "", done).format(total=total)
        )

    def _on_failed(self, error: Exception) -> None:
        self._worker = None
        self.start_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        if not isinstance(error, KnownError):
            raise error
        self.status.setText(
            self.tr("{sentence} Nothing was changed.").format(
                sentence=core_sentences.of_error(error)
            )
        )

    def _on_found(self, proposals: list[Proposal]) -> None:
        self._worker = None
        self.cancel_button.setEnabled(False)
        self.show_proposals(proposals)

    def show_proposals(self, proposals: list[Proposal]) -> None:
        """Show what was found: sure matches ticked, the others waiting for a choice."""
        self.proposals = proposals
        self.chosen = {p.paper.paper_id: 0 if p.confident else None for p in proposals}
        self.overwrite = {p.paper.paper_id: set() for p in proposals}
        self.progress.setValue(len(proposals))
        sure = sum(p.confident for p in proposals)
        unsure = sum(bool(p.candidates) and not p.confident for p in proposals)
        missing = len(proposals) - sure - unsure
        parts = [
            self.tr("%n sure match(es), ticked", "", sure),
            self.tr("%n to choose", "", unsure),
            self.tr("%n not found", "", missing),
        ]
        text = self.tr("; ").join(parts) + self.tr(".")
        looked_up = len(proposals)
        if looked_up < len(self._paper_ids):
            stopped = self.tr("Stopped after %n of {total} paper(s): ", "", looked_up)
            text = stopped.format(total=len(self._paper_ids)) + text
        self.status.setText(text)
        self.papers.blockSignals(True)
        self.papers.clear()
        for proposal in proposals:
            item = QTreeWidgetItem([proposal.paper.label, self._result_text(proposal)])
            item.setData(0, _PAPER_ROLE, proposal.paper.paper_id)
            item.setToolTip(0, plain_text.tooltip(proposal.paper.abstract[:600]))
            if proposal.candidates:
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                ticked = self.chosen[proposal.paper.paper_id] is not None
                item.setCheckState(0, Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
            self.papers.addTopLevelItem(item)
        self.papers.blockSignals(False)
        self.fill_button.setEnabled(any(p.candidates for p in proposals))
        self.start_button.setEnabled(True)
        first = next((i for i, p in enumerate(proposals) if not p.confident and p.candidates), 0)
        current = self.papers.topLevelItem(first)
        if current is not None:
            select_only(self.papers, current)

    def _result_text(self, proposal: Proposal) -> str:
        if not proposal.candidates:
            return self.tr("Nothing found")
        if proposal.confident:
            return self.tr("Sure match")
        shown = min(SHOWN, len(proposal.candidates))
        return self.tr("%n candidate(s): choose", "", shown)

    # -- one paper -----------------------------------------------------------------------

    def _proposal(self, paper_id: int) -> Proposal:
        return next(p for p in self.proposals if p.paper.paper_id == paper_id)

    def _on_paper_changed(self, item: QTreeWidgetItem | None, _previous: object) -> None:
        if item is None:
            return
        self._show_paper(self._proposal(item.data(0, _PAPER_ROLE)))

    def _show_paper(self, proposal: Proposal) -> None:
        """The paper beside its candidates, field by field, and the choice."""
        shown = proposal.candidates[:SHOWN]
        names = _field_names()
        # The evidence first: it is what the choice rests on; the long abstract last.
        rows = ["title", "evidence", "authors", "year", "journal", "doi", "arxiv_id"]
        rows += ["sources", "abstract"]
        self.comparison.clear()
        self.comparison.setColumnCount(1 + len(shown))
        self.comparison.setRowCount(len(rows))
        self.comparison.setVerticalHeaderLabels([names[r] for r in rows])
        headers = [self.tr("This paper")]
        headers += [self.tr("Candidate {number}").format(number=i + 1) for i in range(len(shown))]
        self.comparison.setHorizontalHeaderLabels(headers)
        values = proposal.paper.values
        mine = {
            "title": math_as_text(values.get("title") or "") or self.tr("(untitled)"),
            "authors": _names(proposal.paper.authors),
            "year": str(values.get("year") or ""),
            "journal": values.get("journal") or values.get("booktitle") or "",
            "doi": values.get("doi") or "",
            "arxiv_id": values.get("arxiv_id") or "",
            "abstract": _opening(proposal.paper.abstract),
        }
        for row, name in enumerate(rows):
            self.comparison.setItem(row, 0, _cell(mine.get(name, "")))
            for column, candidate in enumerate(shown, start=1):
                self.comparison.setItem(row, column, _cell(self._candidate_value(candidate, name)))
        self.use.clear()
        for index, candidate in enumerate(shown):
            title = math_as_text(candidate.record.title) or self.tr("(untitled)")
            self.use.addItem(
                self.tr("Candidate {number}: {title}").format(number=index + 1, title=title[:80])
            )
        self.use.addItem(self.tr("None of them: leave the paper as it is"))
        self.use.setEnabled(bool(shown))
        chosen = self.chosen.get(proposal.paper.paper_id)
        self.use.setCurrentIndex(len(shown) if chosen is None else chosen)
        self._show_asks(proposal)

    def _candidate_value(self, candidate: Candidate, name: str) -> str:
        record = candidate.record
        if name == "authors":
            return _names(record.authors)
        if name == "year":
            return str(record.year or "")
        if name == "journal":
            return record.journal or record.booktitle
        if name == "abstract":
            return _opening(record.abstract) or self.tr("(no abstract)")
        if name == "sources":
            return " + ".join(candidate.sources)
        if name == "evidence":
            return evidence_text(candidate)
        if name == "title":
            # Read, not typeset: $^{13}$C as ¹³C, as in the table; what is filled in is as found.
            return math_as_text(record.title)
        return str(getattr(record, name) or "")

    def _show_asks(self, proposal: Proposal) -> None:
        """A tick box for each field that holds a value the candidate would change."""
        while self.asks.count():
            taken = self.asks.takeAt(0)
            widget = taken.widget() if taken is not None else None
            if widget is not None:
                widget.deleteLater()
        paper_id = proposal.paper.paper_id
        chosen = self.chosen.get(paper_id)
        if chosen is None:
            return
        names = _field_names()
        for name, (have, proposed) in proposal.plan(proposal.candidates[chosen]).asks.items():
            box = QCheckBox(
                self.tr("Replace your {field} “{have}” with “{proposed}”").format(
                    field=names.get(name, name), have=have, proposed=proposed
                ),
                self,
            )
            box.setChecked(name in self.overwrite[paper_id])
            box.toggled.connect(lambda on, f=name: self._on_overwrite(paper_id, f, on))
            self.asks.addWidget(box)

    def _on_overwrite(self, paper_id: int, name: str, on: bool) -> None:
        if on:
            self.overwrite[paper_id].add(name)
        else:
            self.overwrite[paper_id].discard(name)

    def _on_use_changed(self, index: int) -> None:
        item = self.papers.currentItem()
        if item is None:
            return
        self.choose(item.data(0, _PAPER_ROLE), index if index < self.use.count() - 1 else None)

    def choose(self, paper_id: int, index: int | None) -> None:
        """Take candidate `index` for the paper (None: none of them)."""
        self.chosen[paper_id] = index
        self.overwrite[paper_id] = set()
        for row in range(self.papers.topLevelItemCount()):
            item = self.papers.topLevelItem(row)
            if item is not None and item.data(0, _PAPER_ROLE) == paper_id:
                self.papers.blockSignals(True)
                state = Qt.CheckState.Unchecked if index is None else Qt.CheckState.Checked
                item.setCheckState(0, state)
                self.papers.blockSignals(False)
        self._show_asks(self._proposal(paper_id))

    def _on_paper_ticked(self, item: QTreeWidgetItem, column: int) -> None:
        if column != 0:
            return
        paper_id = item.data(0, _PAPER_ROLE)
        ticked = item.checkState(0) == Qt.CheckState.Checked
        if ticked and self.chosen.get(paper_id) is None:
            self.chosen[paper_id] = 0
        elif not ticked:
            self.chosen[paper_id] = None
        if item is self.papers.currentItem():
            self._show_paper(self._proposal(paper_id))

    # -- filling in ----------------------------------------------------------------------

    def choices(self) -> list[Choice]:
        """What "Fill in" applies."""
        made = []
        for proposal in self.proposals:
            index = self.chosen.get(proposal.paper.paper_id)
            if index is None or index >= len(proposal.candidates):
                continue
            overwrite = frozenset(self.overwrite.get(proposal.paper.paper_id, set()))
            made.append(Choice(proposal, proposal.candidates[index], overwrite))
        return made

    def fill_in(self) -> None:
        """Apply the choices as one undoable step, then close."""
        step = completion_step(self.choices())
        if not step.fills:
            self.accept()
            return
        if self._history is not None:
            command = undo_commands.CompletePapersCommand(self._library, step)
            self._history.perform(command, on_done=self.accept)
            return
        try:
            undo_commands.apply_all(self._library, [step])
        except KnownError as error:
            self.status.setText(core_sentences.of_error(error))
            return
        self.accept()

    def reject(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
        super().reject()


def _cell(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
    item.setToolTip(plain_text.tooltip(text[:1500]))
    return item


def _opening(abstract: str) -> str:
    words = abstract.split()
    return " ".join(words[:30]) + (" …" if len(words) > 30 else "")


def _names(people: list[Person]) -> str:
    """The first few names of a byline (the whole one is in the tooltip's cell)."""
    shown = join_names([p.display() for p in people[:6] if p.family != "others"])
    return shown + (" …" if len(people) > 6 else "")
