"""Keeping the translation sources (`resources/translations/*.ts`) in step with the code.

`python -m desktop.ui.ts_files` runs `pyside6-lupdate` over `desktop/ui`, then marks the
plural messages: PySide's lupdate sees a count only in `self.tr(text, "", n)`, not in
`QCoreApplication.translate(context, text, "", n)`, so every message whose source holds
`%n` or `%Ln` is marked numerus here (lrelease then builds plural forms for it).

Last, the sentences of the core (`sentence("template", ...)` calls in `desktop/core`,
which lupdate never sees) become the messages of the context `core`, read from the
source as it is written (not run): a translation there is kept, a template that is new
waits for one, and one no longer in the code is kept marked vanished until a translator
takes it out (with what it said, to reword the new one from).
"""

from __future__ import annotations

import ast
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from desktop.core.api import SENTENCE_CONTEXT
from desktop.ui import resources

UI_SOURCES = Path(__file__).resolve().parent
CORE_SOURCES = UI_SOURCES.parent / "core"
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
    _write(root, path)


def _write(root: ET.Element, path: Path) -> None:
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    path.write_text(
        f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n{body}\n', encoding="utf-8"
    )


def core_templates(root: Path = CORE_SOURCES) -> list[str]:
    """The template of every `sentence("...")` call under `root`, once each, in the order
    they are written (file by file)."""
    found: dict[str, None] = {}
    for path in sorted(root.rglob("*.py")):
        for call in sentence_calls(ast.parse(path.read_text(encoding="utf-8"))):
            template = literal_template(call)
            if template is not None:
                found.setdefault(template)
    return list(found)


def sentence_calls(tree: ast.AST) -> list[ast.Call]:
    """The calls of `sentence` (or `sentences.sentence`) in `tree`, in source order."""
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == "sentence")
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "sentence")
        )
    ]
    return sorted(calls, key=lambda call: (call.lineno, call.col_offset))


def literal_template(call: ast.Call) -> str | None:
    """The template a call gives as a literal string (None when it is not one)."""
    first = call.args[0] if call.args else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return None


Translations = dict[str, tuple[str, str | None]]


def context_translations(path: Path, context: str = SENTENCE_CONTEXT) -> Translations:
    """The messages of `context` in the .ts at `path`: source -> (translation, its type)."""
    found: Translations = {}
    if not path.exists():
        return found
    for element in ET.parse(path).getroot().iter("context"):
        if element.findtext("name") != context:
            continue
        for message in element.iter("message"):
            translation = message.find("translation")
            text = (translation.text or "") if translation is not None else ""
            kind = translation.get("type") if translation is not None else "unfinished"
            found[message.findtext("source") or ""] = (text, kind)
    return found


def put_core_context(path: Path, templates: list[str], *, kept: Translations) -> None:
    """Make the context of the core's sentences in the .ts at `path` hold `templates`,
    with the translations `kept` (read before lupdate, which drops the context)."""
    tree = ET.parse(path)
    root = tree.getroot()
    for context in list(root.iter("context")):
        if context.findtext("name") == SENTENCE_CONTEXT:
            root.remove(context)
    context = ET.SubElement(root, "context")
    ET.SubElement(context, "name").text = SENTENCE_CONTEXT
    for template in templates:
        text, kind = kept.get(template, ("", "unfinished"))
        if kind == "vanished":  # back in the code: translated as it was
            kind = None
        _message(context, template, text=text, kind=kind)
    wanted = set(templates)
    for source, (text, _kind) in kept.items():
        if source not in wanted and text:
            _message(context, source, text=text, kind="vanished")
    if context.find("message") is None:
        root.remove(context)
    _write(root, path)


def _message(context: ET.Element, source: str, *, text: str, kind: str | None) -> None:
    message = ET.SubElement(context, "message")
    ET.SubElement(message, "source").text = source
    translation = ET.SubElement(message, "translation")
    translation.text = text or None
    if kind is not None or not text:
        translation.set("type", kind or "unfinished")


def update(*, lupdate: str = "pyside6-lupdate", folder: Path = resources.TRANSLATIONS) -> None:
    """Bring every .ts in `folder` up to date with the strings in `desktop/ui` and the
    sentences of `desktop/core`."""
    templates = core_templates()
    for language, forms in PLURAL_FORMS.items():
        path = ts_path(language, folder)
        kept = plural_translations(path)  # lupdate marks them unfinished: not plural to it
        sentences = context_translations(path)  # lupdate drops them: not in desktop/ui
        command = [lupdate, "-silent", "-no-obsolete", "-locations", "none"]
        command += ["-extensions", "py", str(UI_SOURCES), "-target-language", language]
        subprocess.run([*command, "-ts", str(path)], check=True)
        plurals_only = language in PLURALS_ONLY
        mark_plurals(path, forms=forms, plurals_only=plurals_only, kept=kept)
        if not plurals_only:  # the English of a sentence is its template
            put_core_context(path, templates, kept=sentences)


if __name__ == "__main__":
    update(lupdate=sys.argv[1] if len(sys.argv) > 1 else "pyside6-lupdate")
