"""Every user-visible string in `desktop/ui` goes through Qt's translation, in a form
`pyside6-lupdate` extracts, and has a finished zh_CN translation in the committed .ts.

Read from the source (an AST scan), so a new plain string fails here before anyone sees
it in English inside the Chinese window."""

from __future__ import annotations

import ast
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from desktop.ui import resources

UI = Path(__file__).resolve().parents[2] / "desktop" / "ui"
ZH_TS = resources.TRANSLATIONS / "papershelf_zh_CN.ts"

#: Calls that put their text arguments in front of the user.
SINKS = frozenset(
    {
        "setText",
        "setToolTip",
        "setStatusTip",
        "setWhatsThis",
        "setWindowTitle",
        "setPlaceholderText",
        "setAccessibleName",
        "setSpecialValueText",
        "setTitle",
        "setLabelText",
        "setHeaderLabels",
        "setTabText",
        "setItemText",
        "showMessage",
        "addAction",
        "addMenu",
        "addTab",
        "addItem",
        "addItems",
        "insertItem",
        "addRow",
        "addButton",
        "QAction",
        "QMenu",
        "QLabel",
        "QPushButton",
        "QCheckBox",
        "QRadioButton",
        "QGroupBox",
        "QToolButton",
        "QListWidgetItem",
        "QTreeWidgetItem",
        "QStandardItem",
        "QMessageBox",
        "information",
        "warning",
        "critical",
        "question",
        "getText",
        "getMultiLineText",
        "getItem",
        "getOpenFileName",
        "getOpenFileNames",
        "getSaveFileName",
        "getExistingDirectory",
        "getColor",
        "open_dialog",
        "make_action",
        "show_status",
        "show_error",
        "show_info",
        "confirm",
        "choose",
        "ask_text",
        "ask_multiline",
        "ask_open_files",
        "open_files",
        "open_file",
        "save_file",
    }
)
#: Plain strings that are not words for a reader of the window: the product's name,
#: shortcuts, identifiers, stylesheets, MIME types, messages to programmers.
NOT_TRANSLATED = re.compile(
    r"^(Papershelf|Operation\[Any\] \| None|already deleted"
    r"|a write to the library did not finish|(Ctrl|Alt|Shift)\+.*|#?[\w\-/.+]*"
    r"|(color|border): .*|\^.*|\.app \.appimage .*|<\?xml .*"
    # a lone opening tag of markup (a tooltip's wrapper)
    r"|<\w+( [\w-]+='[^']*')*>"
    # font families
    r"|Noto Sans CJK \w\w|Source Han Sans SC|Microsoft YaHei|PingFang SC|Sans Serif)$",
    re.DOTALL,
)
#: What a sink may be given as it is: the product's name, a shortcut, a stylesheet.
SHOWN_AS_IS = re.compile(r"^(Papershelf|(Ctrl|Alt|Shift)\+.*|(color|border): .*)$")
#: Keyword arguments of sinks that name things rather than show words.
NAMING_KEYWORDS = frozenset({"icon", "format", "source"})
TRANSLATING = frozenset({"tr", "translate", "QT_TRANSLATE_NOOP"})


@dataclass(frozen=True)
class Message:
    """One string the code hands to the translation, as lupdate would extract it."""

    where: str
    context: str
    source: str
    plural: bool


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            found.add(id(first.value))
    return found


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        if func.attr == "translate" and ast.unparse(func.value) != "QCoreApplication":
            return "str.translate"  # text.translate(table): not Qt's
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _classes(tree: ast.AST) -> dict[int, str]:
    """The enclosing class of every node inside one (lupdate's context for `self.tr`)."""
    owner: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for inner in ast.walk(node):
                owner.setdefault(id(inner), node.name)
    return owner


def _looks_like_words(text: str) -> bool:
    """Text a person would read: two words, or a capitalised word, or a sentence."""
    if NOT_TRANSLATED.match(text) or not re.search(r"[A-Za-z]{2}", text):
        return False
    return bool(re.search(r"[A-Za-z]{2,}[ ,;:]+[A-Za-z]", text) or re.match(r"[A-Z][a-z]", text))


def scan(root: Path = UI) -> tuple[list[Message], list[str]]:
    """The messages the code translates, and the problems: `file:line: why`."""
    messages: list[Message] = []
    problems: list[str] = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root.parent.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings, owners, inside = _docstrings(tree), _classes(tree), set()
        # A raised error's message is for the programmer (the user's come from the core).
        raised = {id(n) for r in ast.walk(tree) if isinstance(r, ast.Raise) for n in ast.walk(r)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in TRANSLATING:
                inside |= {id(n) for arg in node.args for n in ast.walk(arg)}
                found = _translation(node, where=where, owner=owners.get(id(node), ""))
                if isinstance(found, Message):
                    messages.append(found)
                elif found:
                    problems.append(found)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in SINKS:
                problems += _plain_arguments(node, where=where, inside=inside)
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings | inside | raised
                and _looks_like_words(node.value)
            ):
                problems.append(f"{where}:{node.lineno}: not translated: {node.value!r}")
    return messages, sorted(set(problems))


def _translation(node: ast.Call, *, where: str, owner: str) -> Message | str:
    """The message of a tr / translate / QT_TRANSLATE_NOOP call, or why lupdate would miss
    it ("" for a lookup of a text marked elsewhere)."""
    kind = _name(node.func)
    at = f"{where}:{node.lineno}"
    args = list(node.args)
    if kind == "tr":
        context, text_arg, count = owner, args[0] if args else None, args[2:3]
        if not owner:
            return f"{at}: self.tr outside a class (use QCoreApplication.translate)"
    else:
        first = args[0] if args else None
        text_arg = args[1] if len(args) > 1 else None
        if _looked_up(text_arg, kind):
            return ""  # its context and text are those of where the text is marked
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            return f"{at}: {kind}'s context must be a literal string"
        context, count = first.value, args[3:4]
    if _looked_up(text_arg, kind):
        return ""  # a text marked with QT_TRANSLATE_NOOP where it is written
    if not (isinstance(text_arg, ast.Constant) and isinstance(text_arg.value, str)):
        return f"{at}: translate a literal string, then format it (not an f-string or sum)"
    text = text_arg.value
    plural = bool(count)
    if plural and not isinstance(count[0], ast.Name):
        return f"{at}: give the count as a plain name (lupdate skips {ast.unparse(count[0])})"
    if plural != ("%n" in text or "%Ln" in text):
        return f"{at}: a count goes with %n or %Ln in the text, and only then: {text!r}"
    return Message(at, context, text, plural)


def _looked_up(text_arg: ast.expr | None, kind: str) -> bool:
    """Whether a translate call looks up a text marked elsewhere (QT_TRANSLATE_NOOP, or a
    core sentence's template, extracted by `ts_files`), rather than marking one."""
    looked_up = isinstance(text_arg, ast.Name | ast.Subscript | ast.Attribute | ast.Call)
    return looked_up and kind != "QT_TRANSLATE_NOOP"


def _plain_arguments(node: ast.Call, *, where: str, inside: set[int]) -> list[str]:
    """A literal with words, or an f-string, handed straight to the user."""
    found = []
    keywords = [k.value for k in node.keywords if k.arg not in NAMING_KEYWORDS]
    for arg in [*node.args, *keywords]:
        if id(arg) in inside:
            continue
        if isinstance(arg, ast.JoinedStr):
            words = "".join(p.value for p in arg.values if isinstance(p, ast.Constant))
            if re.search(r"[A-Za-z]{2}", str(words)):
                found.append(f"{where}:{node.lineno}: f-string shown untranslated")
        elif (
            isinstance(arg, ast.Constant)
            and isinstance(arg.value, str)
            and re.search(r"[A-Za-z]{2}", arg.value)
            and not SHOWN_AS_IS.match(arg.value)
        ):
            found.append(f"{where}:{node.lineno}: not translated: {arg.value!r}")
    return found


def ts_messages(path: Path) -> dict[tuple[str, str], ET.Element]:
    """The messages of a .ts file by (context, source)."""
    found = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            found[(name, message.findtext("source") or "")] = message
    return found


def _finished(message: ET.Element) -> bool:
    translation = message.find("translation")
    if translation is None or translation.get("type") in ("unfinished", "obsolete", "vanished"):
        return False
    forms = [f.text for f in translation.iter("numerusform")]
    return all(forms) if forms else bool(translation.text)


def _scanned() -> Iterator[Message]:
    yield from scan()[0]


def test_every_user_visible_string_is_translated_in_a_form_lupdate_extracts() -> None:
    assert scan()[1] == []


def test_every_translated_string_has_a_finished_chinese_translation() -> None:
    ts = ts_messages(ZH_TS)
    missing = [f"{m.where}: {m.source!r}" for m in _scanned() if (m.context, m.source) not in ts]
    assert missing == [], "run `make update-translations`, then translate what it added"
    unfinished = [f"{c}: {s!r}" for (c, s), m in ts.items() if not _finished(m)]
    assert unfinished == []
    plural = {(m.context, m.source) for m in _scanned() if m.plural}
    wrong = [k for k in plural if ts[k].get("numerus") != "yes"]
    assert wrong == []


def test_the_chinese_translation_keeps_every_placeholder() -> None:
    for (context, source), message in ts_messages(ZH_TS).items():
        translation = message.find("translation")
        assert translation is not None
        texts = [f.text or "" for f in translation.iter("numerusform")] or [translation.text]
        for text in texts:
            for placeholder in re.findall(r"\{\w*\}|%L?n|&\w", source):
                if placeholder.startswith("&"):  # a mnemonic: "文件(&F)"
                    assert "&" in (text or ""), (context, source)
                else:
                    assert placeholder in (text or ""), (context, source, placeholder)


def test_a_new_plain_string_is_found(tmp_path: Path) -> None:
    ui = tmp_path / "desktop" / "ui"
    ui.mkdir(parents=True)
    (ui / "module.py").write_text(
        '"""A docstring is fine."""\n'
        "from PySide6.QtCore import QCoreApplication, QObject\n"
        "class Thing(QObject):\n"
        "    def build(self, label, n, name):\n"
        '        label.setText("Hello there")\n'
        '        label.setToolTip("papers")\n'
        '        label.setText(f"Copied {name}")\n'
        '        label.setText(self.tr(f"Copied {name}"))\n'
        '        label.setText(self.tr("%n papers", "", len(name)))\n'
        '        label.setText(self.tr("Fine {name}").format(name=name))\n'
        '        label.setText(self.tr("Fine %n", "", n))\n'
        '        label.setShortcut("Ctrl+L")\n'
        '        label.setObjectName("table/header")\n'
        'LABELS = {"unread": "Not read yet"}\n'
        "def outside(n):\n"
        '    return QCoreApplication.translate("Ctx", "Counted", "", n)\n'
    )
    _, problems = scan(ui)
    found = {(int(p.split(":")[1]), p.split(": ", 1)[1]) for p in problems}
    assert found == {
        (5, "not translated: 'Hello there'"),
        (6, "not translated: 'papers'"),
        (7, "f-string shown untranslated"),
        (7, "not translated: 'Copied '"),
        (8, "translate a literal string, then format it (not an f-string or sum)"),
        (9, "give the count as a plain name (lupdate skips len(name))"),
        (14, "not translated: 'Not read yet'"),
        (16, "a count goes with %n or %Ln in the text, and only then: 'Counted'"),
    }
