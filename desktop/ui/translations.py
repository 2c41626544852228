"""The window's language: which one (the system's, or the user's choice, remembered) and
installing its translations, ours and Qt's own (so standard dialogs match)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from desktop.ui import resources

#: Where the choice is kept in the app's settings ("" or missing: follow the system).
SETTINGS_KEY = "ui/language"
#: The languages the window speaks: code -> its name in that language (never translated,
#: so a user who cannot read the current one still finds their own).
LANGUAGES = {"en": "English", "zh_CN": "简体中文"}
#: The language of the source strings; its translation holds only English plural forms.
SOURCE_LANGUAGE = "en"


def chosen(settings: QSettings) -> str:
    """The language remembered in `settings`, or "" to follow the system."""
    value = settings.value(SETTINGS_KEY, "")
    return value if isinstance(value, str) and value in LANGUAGES else ""


def remember(settings: QSettings, language: str) -> None:
    """Keep `language` ("" for the system's) for the next start."""
    if language and language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    settings.setValue(SETTINGS_KEY, language)
    settings.sync()


def resolve(language: str, system: QLocale | None = None) -> str:
    """The language to show: `language` when given, else the best match for the system's
    locale (any Chinese one -> zh_CN), else English."""
    if language in LANGUAGES:
        return language
    locale = system or QLocale.system()
    # Traditional-script locales (zh_TW, zh_HK) too: until a zh_TW translation exists,
    # Simplified characters are read more easily there than English.
    if locale.language() == QLocale.Language.Chinese:
        return "zh_CN"
    return SOURCE_LANGUAGE


def qm_path(language: str) -> str:
    """Our compiled translation for `language` (built from the .ts by `make`)."""
    return str(resources.TRANSLATIONS / f"papershelf_{language}.qm")


def install(app: QCoreApplication, language: str) -> list[QTranslator]:
    """Install Qt's and our translations for `language` into `app`; returns the
    translators (keep them alive as long as the app). A missing file is skipped: the
    window then shows English, never fails to start."""
    QLocale.setDefault(QLocale(language))
    installed = []
    qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    wanted = [(qm_path(language), "")]
    if language != SOURCE_LANGUAGE:
        wanted.insert(0, (f"qtbase_{language}", qt_folder))
    for name, folder in wanted:
        translator = QTranslator(app)
        if translator.load(name, folder) and app.installTranslator(translator):
            installed.append(translator)
    return installed


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark `text` for `pyside6-lupdate` in `context`, translated later where shown (for
    tables built at import, before a translator is installed). Qt's own returns `object`
    to the type checker; this one is typed."""
    del context
    return text
