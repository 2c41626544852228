"""What a BibTeX or BibLaTeX export writes besides the papers: their files' preambles, their
crossref parents, whether it keeps to ASCII, and the fields only Papershelf reads. Asked
after the file is chosen."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from desktop.core import api


class ExportOptionsDialog(QDialog):
    """Four choices, each off unless the user asks, but the preambles for a whole library
    (as on the command line: a subset holds only what was asked for)."""

    def __init__(self, parent: QWidget | None, *, whole_library: bool) -> None:
        super().__init__(parent)
        self.setWindowTitle(QCoreApplication.translate("ExportOptions", "Export options"))
        layout = QVBoxLayout(self)
        self.preambles = QCheckBox(
            QCoreApplication.translate(
                "ExportOptions", "Include the @preamble blocks of the files these papers came from"
            )
        )
        self.preambles.setChecked(whole_library)
        self.parents = QCheckBox(
            QCoreApplication.translate(
                "ExportOptions", "Also export the crossref and xdata parents of these papers"
            )
        )
        self.ascii_only = QCheckBox(
            QCoreApplication.translate(
                "ExportOptions", "ASCII only: LaTeX for every character it can spell"
            )
        )
        self.our_fields = QCheckBox(
            QCoreApplication.translate(
                "ExportOptions",
                "Also write the fields only Papershelf reads (topic, and RIS and CSL-JSON "
                "fields kept as ris:…, csl:…)",
            )
        )
        self.our_fields.setToolTip(
            QCoreApplication.translate(
                "ExportOptions",
                "bibtex and biber ignore these fields; keep them to bring the file back into "
                "Papershelf without losing anything",
            )
        )
        explained = QLabel(
            QCoreApplication.translate(
                "ExportOptions",
                "Without ASCII only, characters LaTeX has no faithful spelling for (Chinese, "
                "Japanese, Cyrillic…) are written as UTF-8. With it, those that cannot be "
                "spelled are still written as UTF-8, and you are told which.",
            )
        )
        explained.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        for widget in (
            self.preambles,
            self.parents,
            self.ascii_only,
            self.our_fields,
            explained,
            buttons,
        ):
            layout.addWidget(widget)

    def options(self) -> api.ExportOptions:
        return api.ExportOptions(
            preambles=self.preambles.isChecked(),
            parents=self.parents.isChecked(),
            ascii_only=self.ascii_only.isChecked(),
            our_fields=self.our_fields.isChecked(),
        )


def ask(
    parent: QWidget | None, *, format: api.Format, whole_library: bool
) -> api.ExportOptions | None:
    """The options for an export in `format`; None when the user cancels. Formats with
    nothing to choose (RIS, CSL-JSON, Markdown) are not asked about."""
    if not format.offers_ascii_only:
        return api.ExportOptions()
    dialog = ExportOptionsDialog(parent, whole_library=whole_library)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.options()


def unspelled_sentence(left: api.Unspelled) -> str:
    """What an ASCII-only export tells about the characters it wrote as UTF-8."""
    count = left.count
    return QCoreApplication.translate(
        "ExportOptions",
        "%Ln character(s) have no LaTeX spelling and were written as UTF-8 (for example "
        "{examples}): the file is not ASCII there.",
        "",
        count,
    ).format(examples=" ".join(left.examples))
