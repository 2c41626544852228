"""Keeping the translation sources (`resources/translations/*.ts`) in step with the code.

`python -m desktop.ui.ts_files` runs `pyside6-lupdate` over `desktop/ui`, then marks the
plural messages: PySide's lupdate sees a count only in `self.tr(text, "", n)`, not in
`QCoreApplication.translate(context, text, "", n)`, so every message whose source holds
`%n` or `%Ln` is marked numerus here (lrelease then builds plural forms for it).
"""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from desktop.ui import resources

UI_SOURCES = Path(__file__).resolve().parent
#: The plural forms each language has (Chinese one, English two: one, other).
PLURAL_FORMS = {"zh_CN": 1, "en": 2}
#: Languages whose file holds only the plural messages (their other text is the source).
PLURALS_ONLY = frozenset({"en"})


def ts_path(language: str, folder: Path = resources.TRANSLATIONS) -> Path:
    return folder / f"papershelf_{language}.ts"


def is_plural(source: str) -> bool:
    return "%n" in source or "%Ln" in source


Plurals = dict[tuple[str, str], tuple[list[str], bool]]


def plural_translations(path: Path) -> Plurals:
    """The plural messages' forms and whether they are finished, by (context, source)."""
    found: Plurals = {}
    if not path.exists():
        return found
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            if message.get("numerus") == "yes" and translation is not None:
                forms = [f.text or "" for f in translation.iter("numerusform")]
                finished = translation.get("type") is None
                found[(name, message.findtext("source") or "")] = (forms, finished)
    return found


def mark_plurals(
    path: Path, *, forms: int, plurals_only: bool = False, kept: Plurals | None = None
) -> None:
    """Make every `%n` message of the .ts at `path` numerus with `forms` forms (keeping
    the translations there are, or those `kept` from before lupdate); with
    `plurals_only`, drop the other messages."""
    kept = kept or {}
    tree = ET.parse(path)
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in list(context.iter("message")):
            source = message.findtext("source") or ""
            if not is_plural(source):
                if plurals_only:
                    context.remove(message)
                continue
            message.set("numerus", "yes")
            translation = message.find("translation")
            if translation is None:
                translation = ET.SubElement(message, "translation")
            old = [f.text or "" for f in translation.iter("numerusform")] or [
                translation.text or ""
            ]
            finished = translation.get("type") is None
            if (name, source) in kept:
                old, finished = kept[(name, source)]
            for child in list(translation):
                translation.remove(child)
            translation.text = None
            for i in range(forms):
                ET.SubElement(translation, "numerusform").text = old[i] if i < len(old) else ""
            if finished and len(old) >= forms and all(old[:forms]):
                translation.attrib.pop("type", None)
            else:
                translation.set("type", "unfinished")
    root = tree.getroot()
    for context in list(root.iter("context")):
        if context.find("message") is None:
            root.remove(context)
    ET.indent(tree, space="    ")
    body = ET.tostring(root, encoding="unicode")
    path.write_text(
        f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n{body}\n', encoding="utf-8"
    )


def update(*, lupdate: str = "pyside6-lupdate", folder: Path = resources.TRANSLATIONS) -> None:
    """Bring every .ts in `folder` up to date with the strings in `desktop/ui`."""
    for language, forms in PLURAL_FORMS.items():
        path = ts_path(language, folder)
        kept = plural_translations(path)  # lupdate marks them unfinished: not plural to it
        command = [lupdate, "-silent", "-no-obsolete", "-locations", "none"]
        command += ["-extensions", "py", str(UI_SOURCES), "-target-language", language]
        subprocess.run([*command, "-ts", str(path)], check=True)
        mark_plurals(path, forms=forms, plurals_only=language in PLURALS_ONLY, kept=kept)


if __name__ == "__main__":
    update(lupdate=sys.argv[1] if len(sys.argv) > 1 else "pyside6-lupdate")
