"""The composition root: start Qt, open the library, show the window, run until quit."""

from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.core import api
from desktop.core.errors import KnownError
from desktop.core.library import Library
from desktop.ui import core_sentences, fonts, icons, translations
from desktop.ui.crash_report import LOG_NAME, CrashReporter

#: Wait this long after showing the window before building the search index.
INDEX_DELAY_MS = 300


def run(url: str | None = None, *, language: str | None = None) -> int:
    """Open the window on the library at `url` (the user's own when None); the exit code.

    `language` ("en", "zh_CN", or "" for the system's) is remembered for the next starts;
    None keeps the one remembered."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    QCoreApplication.setOrganizationName("Papershelf")
    QCoreApplication.setApplicationName("Papershelf")
    app.setApplicationDisplayName("Papershelf")
    app.setDesktopFileName("papershelf")
    app.setWindowIcon(icons.app_icon())
    settings = QSettings()
    if language is not None:
        translations.remember(settings, language)
    # Kept referenced until the app ends: a collected translator stops translating.
    _translators = translations.install(app, translations.resolve(translations.chosen(settings)))
    fonts.prefer_plain_cjk(app)
    reporter = CrashReporter(api.data_dir() / LOG_NAME, _show_sentence)
    reporter.install()
    try:
        library = Library.open(url)
    except KnownError as error:
        _show_sentence(core_sentences.of_error(error))
        return 1
    # Imported here so that a library that will not open costs no widget set-up.
    from desktop.ui.window.main_window import MainWindow

    window = MainWindow(library)
    window.show()
    # Index building competes for the interpreter; let the window paint first.
    QTimer.singleShot(INDEX_DELAY_MS, window.transfers.prepare_search)
    try:
        return app.exec()
    finally:
        library.close()


def _show_sentence(sentence: str) -> None:
    QMessageBox.warning(QApplication.activeWindow(), "Papershelf", sentence)
