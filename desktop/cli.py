"""The `papershelf` command: parses arguments, calls `Library`, prints. No logic of its own."""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from desktop import installation
from desktop.core import api
from desktop.core.api import MODELLED_FIELDS, PaperDetails, Record
from desktop.core.errors import KnownError
from desktop.core.library import Library

Handler = Callable[[Library, argparse.Namespace], None]


def run() -> None:
    """The process's entry (the `papershelf` script, `python -m desktop`): `main`, then exit."""
    status = main()
    # What is left is freed by the exit itself; sparing the collector its last walks over
    # all of it at shutdown saves 0.08 s after an export of 100k papers.
    gc.freeze()
    sys.exit(status)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    if hasattr(args, "outside_library"):
        return int(args.outside_library(args))
    if not hasattr(args, "handler"):
        # No command: the window. Imported here so that commands never load Qt.
        from desktop.ui import app

        language = "" if args.lang == "system" else args.lang
        return app.run(args.db, language=language)
    try:
        # The db commands look at the library as it is; every other command upgrades it.
        with Library.open(args.db, upgrade=not getattr(args, "as_is", False)) as library:
            try:
                args.handler(library, args)
            finally:
                _print_sync_reports(library)
    except KnownError as error:
        print(f"papershelf: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(
            "papershelf: interrupted; nothing was changed by the unfinished step.", file=sys.stderr
        )
        return 130
    except BrokenPipeError:
        # The reader went away (`papershelf search x | head -1`): what it wanted it has.
        _stop_writing_to_stdout()
        return 0
    return 0


def _stop_writing_to_stdout() -> None:
    """Point standard output at nothing, so that the interpreter's last flush at exit does
    not fail on the closed pipe too."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)


# -- commands that need no library ------------------------------------------------------


def _desktop_entry_install(args: argparse.Namespace) -> int:
    data_home = args.data_home or installation.user_data_home()
    try:
        files = installation.install_desktop_entry(data_home)
    except (KnownError, OSError) as error:
        print(f"papershelf: the desktop entry could not be written: {error}", file=sys.stderr)
        return 1
    print(f"Wrote {files.entry}")
    print(f"Wrote {files.icon}")
    print(f"It starts: {' '.join(installation.start_command())}")
    return 0


def _desktop_entry_uninstall(args: argparse.Namespace) -> int:
    data_home = args.data_home or installation.user_data_home()
    removed = installation.uninstall_desktop_entry(data_home)
    for path in removed:
        print(f"Removed {path}")
    if not removed:
        print(f"No desktop entry of Papershelf was under {data_home}.")
    return 0


# -- parser ------------------------------------------------------------------------------


#: The window's languages (desktop/ui/translations.py holds the same list; a test checks).
LANGUAGE_CODES = ("en", "zh_CN")
_DB_HELP = f"database URL (default: ${api.ENV_URL}, else the library in your data folder)"


def _build_parser() -> argparse.ArgumentParser:
    # `--db` may come before the command or after it. The command's copy must not have a
    # default, or it would overwrite a `--db` given before the command.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", metavar="URL", default=argparse.SUPPRESS, help=_DB_HELP)
    parser = argparse.ArgumentParser(
        prog="papershelf",
        description="Papershelf: your reading lists of research papers. "
        "With no command, opens the window.",
    )
    parser.add_argument("--db", metavar="URL", default=None, help=_DB_HELP)
    parser.add_argument(
        "--version", action="version", version=f"papershelf {installation.version()}"
    )
    parser.add_argument(
        "--lang",
        choices=["system", *LANGUAGE_CODES],
        default=None,
        help="the window's language, remembered for the next starts "
        "(default: the one chosen before, else the system's)",
    )
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    _add_paper_commands(commands, common)
    _add_list_commands(commands, common)
    _add_tag_commands(commands, common)
    _add_note_commands(commands, common)
    _add_db_commands(commands, common)
    _add_exchange_commands(commands, common)
    _add_status_command(commands, common)
    _add_files_commands(commands, common)
    _add_cite_command(commands, common)
    _add_autoexport_commands(commands, common)
    _add_complete_command(commands, common)
    _add_desktop_entry_commands(commands)
    return parser


def _group(commands: Any, name: str, help_text: str) -> Any:
    group = commands.add_parser(name, help=help_text, description=help_text)
    return group.add_subparsers(title="actions", metavar="ACTION", required=True)


def _command(
    group: Any,
    name: str,
    handler: Handler,
    *,
    help_text: str,
    common: argparse.ArgumentParser,
    json_output: bool = False,
) -> argparse.ArgumentParser:
    command: argparse.ArgumentParser = group.add_parser(
        name, help=help_text, description=help_text, parents=[common]
    )
    command.set_defaults(handler=handler)
    if json_output:
        command.add_argument("--json", action="store_true", help="print JSON")
    return command


def _add_paper_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    group = _group(commands, "paper", "add, show, edit, delete and restore papers")
    add = _command(
        group, "add", _paper_add, help_text="add a paper by hand", common=common, json_output=True
    )
    add.add_argument("--title", default="")
    add.add_argument(
        "--author",
        action="append",
        default=[],
        metavar="NAME",
        help='an author, "Family, Given" or "Given Family"; repeat in order',
    )
    add.add_argument("--editor", action="append", default=[], metavar="NAME")
    add.add_argument("--year", type=int)
    add.add_argument(
        "--type", dest="entry_type", default="article", help="entry type (article, ...)"
    )
    # Every modelled field has its option; --title and --arxiv are declared on their own.
    for field in (f for f in MODELLED_FIELDS if f not in ("title", "arxiv_id")):
        add.add_argument(f"--{field}", default="")
    add.add_argument("--arxiv", dest="arxiv_id", default="", metavar="ID")
    add.add_argument("--citekey", help="citation key (default: made from author, year, title)")

    show = _command(
        group, "show", _paper_show, help_text="show one paper", common=common, json_output=True
    )
    show.add_argument("paper_id", type=int, metavar="ID")

    edit = _command(
        group,
        "edit",
        _paper_edit,
        help_text="change fields of a paper",
        common=common,
        json_output=True,
    )
    edit.add_argument("paper_id", type=int, metavar="ID")
    edit.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help=(
            "a field to change, e.g. --set title='A better title' or "
            "--set 'keywords=reefs; corals'; repeatable"
        ),
    )
    edit.add_argument("--status", choices=["unread", "reading", "read"])
    edit.add_argument("--priority", type=int, choices=range(6))
    edit.add_argument(
        "--expect-version",
        type=int,
        metavar="N",
        help="refuse the edit unless the paper is still at version N",
    )

    attach = _command(
        group,
        "attach",
        _paper_attach,
        help_text="attach a file to a paper (copied into the library's files folder)",
        common=common,
        json_output=True,
    )
    attach.add_argument("paper_id", type=int, metavar="ID")
    attach.add_argument("path", type=Path, metavar="FILE")
    attach.add_argument("--link", action="store_true", help="leave the file where it is")
    relink = _command(
        group,
        "relink",
        _paper_relink,
        help_text="point an attachment whose file is missing at FILE",
        common=common,
        json_output=True,
    )
    relink.add_argument("attachment_id", type=int, metavar="ATTACHMENT-ID")
    relink.add_argument("path", type=Path, metavar="FILE")

    delete = _command(
        group, "delete", _paper_delete, help_text="move papers to the trash", common=common
    )
    delete.add_argument("paper_ids", type=int, nargs="+", metavar="ID")
    restore = _command(
        group,
        "restore",
        _paper_restore,
        help_text="bring papers back from the trash",
        common=common,
    )
    restore.add_argument("paper_ids", type=int, nargs="+", metavar="ID")
    _command(
        group,
        "empty-trash",
        _paper_empty_trash,
        help_text="delete the trash for good",
        common=common,
    )


def _add_list_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    group = _group(commands, "list", "reading lists")
    create = _command(
        group, "create", _list_create, help_text="create a reading list", common=common
    )
    create.add_argument("name")
    create.add_argument("--description", default="")
    rename = _command(
        group, "rename", _list_rename, help_text="rename a reading list", common=common
    )
    rename.add_argument("name")
    rename.add_argument("new_name")
    delete = _command(
        group, "delete", _list_delete, help_text="delete a list (not its papers)", common=common
    )
    delete.add_argument("name")
    show = _command(
        group,
        "show",
        _list_show,
        help_text="show the papers of a list",
        common=common,
        json_output=True,
    )
    show.add_argument("name", nargs="?", help="the list (all lists when omitted)")
    add = _command(group, "add", _list_add, help_text="add papers to a list", common=common)
    add.add_argument("name")
    add.add_argument("paper_ids", type=int, nargs="+", metavar="ID")
    add.add_argument("--at", type=int, metavar="POSITION", help="insert at this position (0 = top)")
    remove = _command(
        group, "remove", _list_remove, help_text="take papers out of a list", common=common
    )
    remove.add_argument("name")
    remove.add_argument("paper_ids", type=int, nargs="+", metavar="ID")
    move = _command(
        group, "reorder", _list_reorder, help_text="put papers first, in this order", common=common
    )
    move.add_argument("name")
    move.add_argument("paper_ids", type=int, nargs="+", metavar="ID")
    _add_from_aux_command(group, common)


def _add_tag_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    group = _group(commands, "tag", "tags")
    add = _command(
        group, "add", _tag_add, help_text="tag papers (the tag is created if new)", common=common
    )
    add.add_argument("tag")
    add.add_argument("paper_ids", type=int, nargs="+", metavar="ID")
    add.add_argument("--colour", "--color", default="", help="colour of a new tag, e.g. #3a7bd5")
    remove = _command(
        group, "remove", _tag_remove, help_text="take a tag off papers", common=common
    )
    remove.add_argument("tag")
    remove.add_argument("paper_ids", type=int, nargs="+", metavar="ID")
    _command(
        group,
        "show",
        _tag_show,
        help_text="all tags with their counts",
        common=common,
        json_output=True,
    )


def _add_note_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    group = _group(commands, "note", "notes on papers")
    add = _command(
        group,
        "add",
        _note_add,
        help_text="add a Markdown note to a paper",
        common=common,
        json_output=True,
    )
    add.add_argument("paper_id", type=int, metavar="ID")
    add.add_argument("text", help="the note; use - to read it from standard input")


def _add_db_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    group = _group(commands, "db", "look after the library's database")
    upgrade = _command(
        group, "upgrade", _db_upgrade, help_text="bring the database to this version", common=common
    )
    check = _command(
        group, "check", _db_check, help_text="check the database for damage", common=common
    )
    backup = _command(
        group, "backup", _db_backup, help_text="copy a SQLite library safely", common=common
    )
    backup.add_argument(
        "path", nargs="?", type=Path, help="file or folder (default: backups folder)"
    )
    for command in (upgrade, check, backup):
        command.set_defaults(as_is=True)


def _add_files_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    group = _group(commands, "files", "the library's files folder")
    folder = _command(
        group,
        "folder",
        _files_folder,
        help_text="say (or, given PATH, set) where attached files are copied",
        common=common,
    )
    folder.add_argument("path", nargs="?", type=Path, metavar="PATH")
    folder.add_argument(
        "--default", action="store_true", help="back to the folder beside the library file"
    )


def _add_status_command(commands: Any, common: argparse.ArgumentParser) -> None:
    _command(
        commands,
        "status",
        _status,
        help_text="say where the library is and what it holds",
        common=common,
    )


def _add_desktop_entry_commands(commands: Any) -> None:
    group = _group(commands, "desktop-entry", "put Papershelf in the desktop's menu (Linux)")
    for name, handler, help_text in (
        ("install", _desktop_entry_install, "write the menu entry and the icon for this install"),
        ("uninstall", _desktop_entry_uninstall, "remove the menu entry and the icon"),
    ):
        command = group.add_parser(name, help=help_text, description=help_text)
        command.add_argument(
            "--data-home",
            type=Path,
            default=None,
            help="XDG data folder to write under (default: $XDG_DATA_HOME or ~/.local/share)",
        )
        command.set_defaults(outside_library=handler)


def _add_exchange_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    imp = _command(
        commands,
        "import",
        _import,
        help_text="import BibTeX, RIS, CSL-JSON or listing files, or PDFs (each becomes a paper)",
        common=common,
        json_output=True,
    )
    imp.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    imp.add_argument(
        "--format",
        default="auto",
        choices=["auto", *api.import_format_names()],
    )
    imp.add_argument("--list", dest="list_name", metavar="NAME", help="also put them in this list")
    imp.add_argument("--tag", help="also tag them")
    imp.add_argument(
        "--keywords-as-tags",
        action="store_true",
        help="also tag each paper with its keywords (they are kept as its keywords either way)",
    )

    exp = _command(
        commands,
        "export",
        _export,
        help_text="export papers (all, a list, a search or ids)",
        common=common,
    )
    which = exp.add_mutually_exclusive_group()
    which.add_argument("--list", dest="list_name", metavar="NAME")
    which.add_argument("--query", metavar="Q")
    which.add_argument("--ids", type=int, nargs="+", metavar="ID")
    exp.add_argument("--format", default="bibtex", choices=[f.name for f in api.export_formats()])
    exp.add_argument("-o", "--output", type=Path, metavar="FILE", help="default: standard output")
    exp.add_argument(
        "--ascii",
        dest="ascii_only",
        action="store_true",
        help="BibTeX/BibLaTeX: ASCII only, LaTeX for every character it can spell "
        "(the ones it cannot are kept as UTF-8 and counted)",
    )
    exp.add_argument(
        "--our-fields",
        action="store_true",
        help="BibTeX/BibLaTeX: also write the fields only Papershelf reads (topic, and the "
        "RIS and CSL-JSON fields kept as ris:..., csl:...), which bibtex and biber ignore",
    )
    exp.add_argument(
        "--preambles",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="include the @preamble and @comment blocks of the files these papers came from "
        "(default: only when exporting everything)",
    )
    exp.add_argument(
        "--with-parents",
        action="store_true",
        help="also export the crossref and xdata parents of these papers",
    )

    add = _command(
        commands,
        "add",
        _add_identifiers,
        help_text="add papers by DOI or arXiv id (metadata from Crossref or arXiv)",
        common=common,
        json_output=True,
    )
    add.add_argument("identifiers", nargs="+", metavar="DOI-OR-ARXIV-ID")

    search = _command(
        commands, "search", _search, help_text="search the library", common=common, json_output=True
    )
    search.add_argument("query")
    search.add_argument("--limit", type=int, default=20)


# -- handlers ----------------------------------------------------------------------------


def _paper_add(library: Library, args: argparse.Namespace) -> None:
    record = Record(
        entry_type=args.entry_type,
        citekey=args.citekey,
        title=args.title,
        year=args.year,
        journal=args.journal,
        booktitle=args.booktitle,
        publisher=args.publisher,
        volume=args.volume,
        number=args.number,
        pages=args.pages,
        doi=args.doi,
        url=args.url,
        abstract=args.abstract,
        topic=args.topic,
        arxiv_id=args.arxiv_id,
        authors=[api.split_name(a) for a in args.author],
        editors=[api.split_name(e) for e in args.editor],
    )
    _print_paper(library.add_paper(record), args.json)


def _paper_show(library: Library, args: argparse.Namespace) -> None:
    details = library.paper(args.paper_id)
    files = library.attached_files(args.paper_id)
    origins = library.field_origins(args.paper_id)
    if args.json:
        data = {**_paper_json(details), "files": [_file_json(f) for f in files]}
        data["origins"] = {
            name: {"source": o.source, "reference": o.reference, "score": o.score}
            for name, o in origins.items()
        }
        _print_json(data)
        return
    _print_paper(details, as_json=False)
    for attached in files:
        if attached.path is None:
            continue
        state = "" if attached.present else "  (missing)"
        print(f"  file {attached.attachment.id}: {attached.path}{state}")
    for name, origin in sorted(origins.items()):
        print(f"  {name} from {origin.source} ({origin.reference}, score {origin.score:.2f})")


def _paper_attach(library: Library, args: argparse.Namespace) -> None:
    attached = library.attach_file(args.paper_id, args.path, link=args.link)
    _read_text_of(library, attached.attachment.paper_id)
    _print_file(library.attached_file(attached.attachment.id), args.json)


def _paper_relink(library: Library, args: argparse.Namespace) -> None:
    attached = library.relink(args.attachment_id, args.path)
    _read_text_of(library, attached.attachment.paper_id)
    _print_file(library.attached_file(attached.attachment.id), args.json)


def _read_text_of(library: Library, *paper_ids: int) -> None:
    """Put the text of the papers' new PDFs in the full-text index now (the window does
    it in the background)."""
    report = library.read_file_texts(list(paper_ids))
    for problem in report.problems:
        print(f"papershelf: {problem} Its words cannot be searched.", file=sys.stderr)


def _print_file(attached: api.AttachedFile, as_json: bool) -> None:
    if as_json:
        _print_json(_file_json(attached))
        return
    how = "Copied" if attached.copied else "Linked"
    print(f"{how} {attached.path} as attachment {attached.attachment.id}.")


def _file_json(attached: api.AttachedFile) -> dict[str, Any]:
    return {
        "id": attached.attachment.id,
        "label": attached.attachment.label,
        "target": attached.attachment.target,
        "stored": attached.attachment.kind,
        "path": str(attached.path) if attached.path is not None else None,
        "present": attached.present,
        "text_indexed": attached.text_indexed,
    }


def _files_folder(library: Library, args: argparse.Namespace) -> None:
    if args.default:
        library.set_files_folder(None)
    elif args.path is not None:
        library.set_files_folder(args.path.expanduser().absolute())
    print(f"Files are copied to {library.files_folder()}")


def _paper_edit(library: Library, args: argparse.Namespace) -> None:
    changes: dict[str, Any] = {}
    for assignment in args.set:
        field, sep, value = assignment.partition("=")
        if not sep:
            raise KnownError(f"“{assignment}” should look like FIELD=VALUE, e.g. title=Attention.")
        changes[field.strip()] = _typed_value(field.strip(), value)
    authors = None
    if "authors" in changes:
        authors = [api.split_name(a) for a in changes.pop("authors").split(" and ")]
    if args.status:
        changes["status"] = args.status
    if args.priority is not None:
        changes["priority"] = args.priority
    details = library.update_paper(
        args.paper_id, expected_version=args.expect_version, authors=authors, **changes
    )
    _print_paper(details, args.json)


def _typed_value(field: str, value: str) -> Any:
    if field in ("year", "month", "priority"):
        if not value.strip():
            return None
        try:
            return int(value)
        except ValueError:
            raise KnownError(f"The {field} must be a whole number, not “{value}”.") from None
    if field == "keywords":
        return api.split_keywords(value)  # as a file writes them: "a; b" or "a, b"
    return value


def _paper_delete(library: Library, args: argparse.Namespace) -> None:
    moved = library.delete_papers(args.paper_ids)
    print(f"Moved {moved} paper(s) to the trash.")


def _paper_restore(library: Library, args: argparse.Namespace) -> None:
    print(f"Restored {library.restore_papers(args.paper_ids)} paper(s) from the trash.")


def _paper_empty_trash(library: Library, args: argparse.Namespace) -> None:
    emptied = library.empty_trash()
    print(f"Deleted {emptied.papers} paper(s) for good.")
    for problem in emptied.problems:
        print(problem, file=sys.stderr)


def _list_create(library: Library, args: argparse.Namespace) -> None:
    created = library.create_list(args.name, args.description)
    print(f"Created the reading list “{created.name}”.")


def _list_rename(library: Library, args: argparse.Namespace) -> None:
    renamed = library.rename_list(args.name, args.new_name)
    print(f"Renamed the reading list to “{renamed.name}”.")


def _list_delete(library: Library, args: argparse.Namespace) -> None:
    library.delete_list(args.name)
    print(f"Deleted the reading list “{args.name}” (its papers stay in the library).")


def _list_show(library: Library, args: argparse.Namespace) -> None:
    if args.name is None:
        lists = [
            {"id": rl.id, "name": rl.name, "description": rl.description, "papers": n}
            for rl, n in library.lists()
        ]
        if args.json:
            _print_json(lists)
        else:
            for entry in lists:
                print(f"{entry['name']}  ({entry['papers']} papers)")
        return
    reading_list = library.reading_list(args.name)
    items = library.list_items(args.name)
    if args.json:
        _print_json(
            {
                "id": reading_list.id,
                "name": reading_list.name,
                "description": reading_list.description,
                "papers": [_paper_json(library.paper(item.paper.id or 0)) for item in items],
            }
        )
        return
    print(f"{reading_list.name} ({len(items)} papers)")
    for position, item in enumerate(items, start=1):
        print(f"{position:>4}. [{item.paper.id}] {_title_line(item.paper.title, item.paper.year)}")


def _list_add(library: Library, args: argparse.Namespace) -> None:
    added = library.add_to_list(args.name, args.paper_ids, args.at)
    print(f"Added {added} paper(s) to “{library.reading_list(args.name).name}”.")


def _list_remove(library: Library, args: argparse.Namespace) -> None:
    removed = library.remove_from_list(args.name, args.paper_ids)
    print(f"Removed {removed} paper(s) from “{library.reading_list(args.name).name}”.")


def _list_reorder(library: Library, args: argparse.Namespace) -> None:
    library.reorder_list(args.name, args.paper_ids)
    print(f"Reordered “{library.reading_list(args.name).name}”.")


def _tag_add(library: Library, args: argparse.Namespace) -> None:
    if args.colour:
        library.create_tag(args.tag, args.colour)
    added = library.tag_papers(args.tag, args.paper_ids)
    print(f"Tagged {added} paper(s) with “{args.tag}”.")


def _tag_remove(library: Library, args: argparse.Namespace) -> None:
    removed = library.untag_papers(args.tag, args.paper_ids)
    print(f"Took “{args.tag}” off {removed} paper(s).")


def _tag_show(library: Library, args: argparse.Namespace) -> None:
    rows = [{"name": t.name, "colour": t.colour, "papers": n} for t, n in library.tags()]
    if args.json:
        _print_json(rows)
        return
    for row in rows:
        print(f"{row['name']}  ({row['papers']} papers)")


def _note_add(library: Library, args: argparse.Namespace) -> None:
    body = sys.stdin.read() if args.text == "-" else args.text
    note = library.add_note(args.paper_id, body)
    if args.json:
        _print_json({"id": note.id, "paper_id": note.paper_id, "body": note.body})
    else:
        print(f"Added note {note.id} to paper {note.paper_id}.")


def _import(library: Library, args: argparse.Namespace) -> None:
    report = library.import_files(
        args.paths,
        format=args.format,
        list_name=args.list_name,
        tag=args.tag,
        keywords_as_tags=args.keywords_as_tags,
        progress=None if args.json else _progress_printer("import"),
    )
    if args.json:
        _print_json(report.to_json())
        return
    held = f"{len(report.already_held)} already in your library, " if report.already_held else ""
    if report.attached_to:
        held += f"{len(report.attached_to)} PDF(s) attached to papers you had, "
    errors = sum(1 for problem in report.problems if problem.error)
    print(
        f"Imported {report.imported} paper(s) ({report.format}); {held}"
        f"{len(report.duplicates)} likely duplicate(s), {errors} entr(ies) could not be read, "
        f"{len(report.problems) - errors} warning(s)."
    )
    for duplicate in report.duplicates:
        print(
            f"  paper {duplicate.paper_id} looks like paper {duplicate.other_id}: "
            f"{'; '.join(duplicate.evidence)}"
        )
    for note in report.duplicate_notes:
        print(f"  not every likely duplicate is listed: {note}")
    # The entries that could not be read first, then the warnings.
    for problem in sorted(report.problems, key=lambda p: not p.error):
        line = f" line {problem.line}" if problem.line else ""
        kind = "error" if problem.error else "warning"
        print(f"  {kind}: {problem.source}{line}: {problem.message}")
    print(f"The library now holds {report.papers} paper(s).")


def _progress_printer(name: str) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        if sys.stderr.isatty() and (done == total or done % 200 == 0):
            end = "\n" if done == total else ""
            print(f"\r{name}: {done}/{total}", end=end, file=sys.stderr, flush=True)

    return show


def _export(library: Library, args: argparse.Namespace) -> None:
    if args.list_name:
        ids = [item.paper.id or 0 for item in library.list_items(args.list_name)]
    elif args.query is not None:
        everything = library.count()
        ids = [hit.paper_id for hit in library.search(args.query, limit=max(everything, 1))]
    elif args.ids:
        ids = args.ids
        for paper_id in ids:
            library.paper(paper_id)  # a clear error for an id that does not exist
    else:
        ids = library.view_ids(sort="added")
    everything = not (args.list_name or args.query is not None or args.ids)
    preambles = everything if args.preambles is None else args.preambles
    options = api.ExportOptions(
        preambles=preambles,
        parents=args.with_parents,
        ascii_only=args.ascii_only,
        our_fields=args.our_fields,
    )
    if args.output is None:
        text = library.export(ids, args.format, options=options)
        sys.stdout.write(text)
        left = api.find_unspelled(text) if args.ascii_only else api.Unspelled()
    else:
        left = library.export_to_file(ids, args.format, args.output, options=options)
        print(f"Exported {len(ids)} paper(s) to {args.output}.", file=sys.stderr)
    if left.count:
        print(f"papershelf: {left.sentence()}", file=sys.stderr)


def _add_identifiers(library: Library, args: argparse.Namespace) -> None:
    added, failures = [], []
    # Several identifiers pasted as one argument ("10.1/x, 1706.03762") are each added.
    for text in api.split_identifiers(" ".join(args.identifiers)):
        try:
            added.append(library.add_by_identifier(text))
        except KnownError as error:
            failures.append(f"{text}: {error}")
    if args.json:
        _print_json({"added": [_paper_json(d) for d in added], "failed": failures})
    else:
        for details in added:
            _print_paper(details, as_json=False)
    for failure in failures:
        print(f"papershelf: {failure}", file=sys.stderr)
    if failures:
        raise SystemExit(1)


def _search(library: Library, args: argparse.Namespace) -> None:
    notice = api.query_notice(args.query)
    if notice:
        print(notice, file=sys.stderr)
    hits = library.search(args.query, limit=args.limit)
    rows: list[dict[str, Any]] = []
    for hit in hits:
        details = library.paper(hit.paper_id)
        rows.append(
            {
                "id": hit.paper_id,
                "citekey": details.paper.citekey,
                "title": details.paper.title,
                "authors": [p.display() for p in details.authors],
                "year": details.paper.year,
                "score": round(hit.score, 1),
            }
        )
    if args.json:
        _print_json(rows)
        return
    for row in rows:
        title = row["title"] or "(untitled)"
        print(f"[{row['id']}] {title} ({row['year'] or 'n.d.'}), {'; '.join(row['authors'][:3])}")
    if not rows:
        print("No paper matches.")


def _db_upgrade(library: Library, args: argparse.Namespace) -> None:
    if library.upgrade():
        print("Upgraded the library's database to this version of Papershelf.")
    else:
        print("The library's database is already up to date.")


def _db_check(library: Library, args: argparse.Namespace) -> None:
    problems = library.check()
    if problems:
        for problem in problems:
            print(problem)
        raise KnownError(f"The check found {len(problems)} problem(s); see above.")
    print("The library's database is healthy.")


def _db_backup(library: Library, args: argparse.Namespace) -> None:
    print(f"Backed up the library to {library.backup(args.path)}")


# -- from library to manuscript: citations, files kept in sync, lists from a .aux ---------


def _add_cite_command(commands: Any, common: argparse.ArgumentParser) -> None:
    cite = _command(
        commands,
        "cite",
        _cite,
        help_text="print the formatted bibliography (or in-text citation) of papers",
        common=common,
    )
    which = cite.add_mutually_exclusive_group(required=True)
    which.add_argument("--ids", type=int, nargs="+", metavar="ID")
    which.add_argument("--list", dest="list_name", metavar="NAME")
    which.add_argument("--query", metavar="Q", help="the papers a search finds, best first")
    cite.add_argument(
        "--style",
        default=api.DEFAULT_STYLE,
        help="a CSL style id (apa, ieee, chicago-author-date, "
        "china-national-standard-gb-t-7714-2015-numeric...) or a .csl file",
    )
    cite.add_argument("--format", default="text", choices=list(api.CITATION_OUTPUTS))
    cite.add_argument("--inline", action="store_true", help="print the in-text citation instead")


def _cite(library: Library, args: argparse.Namespace) -> None:
    if args.list_name:
        ids = [item.paper.id or 0 for item in library.list_items(args.list_name)]
    elif args.query is not None:
        ids = [hit.paper_id for hit in library.search(args.query, limit=max(library.count(), 1))]
    else:
        ids = args.ids
    if args.inline:
        sys.stdout.write(library.cite(ids, style=args.style, output=args.format).citation + "\n")
        return
    formatted = library.bibliography(
        ids, style=args.style, output=args.format, progress=_progress_printer("formatted")
    )
    sys.stdout.write(formatted.bibliography)
    unwritten = formatted.unwritten_sentence()
    if unwritten is not None:  # left out of what was printed: said where a person sees it
        print(f"papershelf: {unwritten}", file=sys.stderr)


def _add_from_aux_command(group: Any, common: argparse.ArgumentParser) -> None:
    from_aux = _command(
        group,
        "from-aux",
        _list_from_aux,
        help_text="make a list of the papers a LaTeX document cites (its .aux file)",
        common=common,
    )
    from_aux.add_argument("aux", type=Path, metavar="FILE.aux")
    from_aux.add_argument("--name", required=True, help="the new list's name")


def _list_from_aux(library: Library, args: argparse.Namespace) -> None:
    made = library.list_from_aux(args.aux, name=args.name)
    print(f"Created “{made.reading_list.name}” with {len(made.paper_ids)} cited paper(s).")
    if made.cites_everything:
        print("The document also cites everything in its .bib (\\nocite{*}), which names no paper.")
    if made.missing_keys:
        print(f"{len(made.missing_keys)} cited key(s) are not in the library:")
        for key in made.missing_keys:
            print(f"  {key}")


def _add_autoexport_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    group = _group(commands, "autoexport", "files kept in sync with a reading list or search")
    add = _command(
        group,
        "add",
        _autoexport_add,
        help_text="keep FILE in sync with a list or a saved search (rewritten after every "
        "change to what it holds)",
        common=common,
    )
    bound_to = add.add_mutually_exclusive_group(required=True)
    bound_to.add_argument("--list", dest="list_name", metavar="NAME")
    bound_to.add_argument(
        "--search", dest="search_name", metavar="NAME", help="a saved search: all it finds"
    )
    add.add_argument("path", type=Path, metavar="FILE")
    add.add_argument("--format", default="bibtex", choices=[f.name for f in api.export_formats()])
    add.add_argument("--replace", action="store_true", help="replace FILE if it exists")
    _command(group, "list", _autoexport_list, help_text="the files kept in sync", common=common)
    remove = _command(
        group, "remove", _autoexport_remove, help_text="stop keeping FILE in sync", common=common
    )
    remove.add_argument("path", type=Path, metavar="FILE")
    resume = _command(
        group,
        "resume",
        _autoexport_resume,
        help_text="sync a file changed elsewhere again (your version is kept beside it)",
        common=common,
    )
    resume.add_argument("path", type=Path, metavar="FILE")


def _autoexport_add(library: Library, args: argparse.Namespace) -> None:
    if args.search_name is not None:
        report = library.add_synced_search(
            args.search_name, args.path, format=args.format, replace=args.replace
        )
        bound_to = f"the saved search “{args.search_name}”"
    else:
        report = library.add_synced_file(
            args.list_name, args.path, format=args.format, replace=args.replace
        )
        bound_to = f"“{args.list_name}”"
    _fail_unless_synced(report)
    print(f"{report.path} is now kept in sync with {bound_to}.")


def _autoexport_list(library: Library, args: argparse.Namespace) -> None:
    for synced in library.synced_files():
        state = f"  (stopped: {synced.paused})" if synced.paused else ""
        source = f"search “{synced.search_name}”" if synced.search_name else f"“{synced.list_name}”"
        print(f"{synced.path}  <- {source} as {synced.format}{state}")


def _autoexport_remove(library: Library, args: argparse.Namespace) -> None:
    library.remove_synced_file(args.path)
    print(f"{args.path} is no longer kept in sync (the file stays as it is).")


def _autoexport_resume(library: Library, args: argparse.Namespace) -> None:
    report, kept = library.resume_synced_file(args.path)
    if kept is not None:
        print(f"Your version was kept as {kept}.")
    _fail_unless_synced(report)


def _fail_unless_synced(report: api.SyncReport) -> None:
    """A file that could not be written now is the command's failure, told as a sentence."""
    if report.outcome in (api.Outcome.FAILED, api.Outcome.PAUSED):
        raise KnownError(report.message)


def _print_sync_reports(library: Library) -> None:
    """Say what keeping files in sync could not do during the command."""
    for report in library.take_sync_reports():
        print(f"papershelf: {report.message}", file=sys.stderr)


# -- output ------------------------------------------------------------------------------


def _status(library: Library, args: argparse.Namespace) -> None:
    where = api.sqlite_path(library.url) or library.engine.url.render_as_string(hide_password=True)
    print(f"Library: {where}")
    print(
        f"Papers: {library.count()} (trash: {library.count(trash=True)}), "
        f"reading lists: {len(library.lists())}, tags: {len(library.tags())}"
    )


def _paper_json(details: PaperDetails) -> dict[str, Any]:
    data = {
        name: value.isoformat() if isinstance(value, datetime) else value
        for name, value in dataclasses.asdict(details.paper).items()
    }
    data["authors"] = [vars(p) for p in details.authors]
    data["editors"] = [vars(p) for p in details.editors]
    data["tags"] = [t.name for t in details.tags]
    data["lists"] = [rl.name for rl in details.lists]
    data["notes"] = [{"id": n.id, "body": n.body} for n in details.notes]
    data["annotations"] = [
        {"id": a.id, "start": a.start, "end": a.end, "quote": a.quote, "note": a.note}
        for a in details.annotations
    ]
    data["attachments"] = [
        {"id": a.id, "target": a.target, "label": a.label} for a in details.attachments
    ]
    return data


def _print_paper(details: PaperDetails, as_json: bool) -> None:
    if as_json:
        _print_json(_paper_json(details))
        return
    paper = details.paper
    print(f"[{paper.id}] {paper.citekey}  (version {paper.version})")
    print(f"  {_title_line(paper.title, paper.year)}")
    if details.authors:
        print(f"  by {'; '.join(p.display() for p in details.authors)}")
    venue = paper.journal or paper.booktitle or paper.publisher
    if venue:
        print(f"  in {venue}")
    if paper.doi:
        print(f"  doi: {paper.doi}")
    print(
        f"  status: {paper.status}, priority: {paper.priority}"
        + ("  (in the trash)" if paper.deleted_at else "")
    )
    if details.tags:
        print(f"  tags: {', '.join(t.name for t in details.tags)}")
    if details.lists:
        print(f"  lists: {', '.join(rl.name for rl in details.lists)}")
    for note in details.notes:
        print(f"  note {note.id}: {note.body}")


def _title_line(title: str, year: int | None) -> str:
    shown = title or "(untitled)"
    return f"{shown} ({year})" if year else shown


# -- complete: untitled papers looked up on arXiv and Crossref ----------------------------


def _add_complete_command(commands: Any, common: argparse.ArgumentParser) -> None:
    command = _command(
        commands,
        "complete",
        _complete,
        help_text="find missing titles and identifiers on arXiv and Crossref "
        "(from each paper's authors and abstract)",
        common=common,
        json_output=True,
    )
    which = command.add_mutually_exclusive_group(required=True)
    which.add_argument("--untitled", action="store_true", help="every paper without a title")
    which.add_argument("--ids", nargs="+", type=int, metavar="ID", help="these papers")
    which.add_argument("--list", dest="list_name", metavar="NAME", help="the papers of a list")
    command.add_argument(
        "--yes",
        action="store_true",
        help="fill in the sure matches without asking (only empty fields) and report the rest",
    )
    command.add_argument(
        "--mailto",
        metavar="ADDRESS",
        help="your e-mail address, sent to Crossref with each search as it asks "
        "(remembered in the library)",
    )


def _complete(library: Library, args: argparse.Namespace) -> None:
    if args.mailto is not None:
        library.set_contact_address(args.mailto)
    if args.untitled:
        ids = library.untitled_ids()
    elif args.list_name:
        ids = [item.paper.id for item in library.list_items(args.list_name)]
    else:
        ids = args.ids
    if not ids:
        print("No paper to complete: every paper has a title." if args.untitled else "No paper.")
        return
    print(
        f"Looking up {len(ids)} paper(s) on arXiv and Crossref; arXiv asks for three seconds "
        f"between searches, so this takes about {_duration(len(ids))}.",
        file=sys.stderr,
    )
    found = library.find_completions(ids, progress=_progress_printer("looked up"))
    interactive = not args.yes and not args.json and sys.stdin.isatty()
    if args.yes:
        choices = api.confident_completions(found)
    elif interactive:
        choices = [c for c in (_ask_choice(library, p) for p in found) if c is not None]
    else:
        choices = []
    step = api.completion_step(choices)
    if step.fills:
        library.apply(step)
    applied = {fill.paper_id: fill for fill in step.fills}
    if args.json:
        _print_json([_completion_json(library, p, applied.get(p.paper.paper_id)) for p in found])
        return
    for proposal in found:
        _print_completion(library, proposal, applied.get(proposal.paper.paper_id))
    print(f"Filled in {len(applied)} of {len(found)} paper(s).")
    if not args.yes and not interactive and any(p.confident for p in found):
        print("Nothing was changed: run again with --yes to fill in the sure matches.")


def _duration(papers: int) -> str:
    seconds = papers * 3
    return f"{seconds} seconds" if seconds < 90 else f"{round(seconds / 60)} minutes"


def _ask_choice(library: Library, proposal: api.Proposal) -> api.Choice | None:
    """Ask on the terminal which candidate (if any) is the paper, and about typed fields."""
    if not proposal.candidates:
        return None
    paper = library.paper(proposal.paper.paper_id).paper
    print(f"\nPaper {paper.id} ({paper.citekey}): {proposal.paper.label}")
    shown = proposal.candidates[:5]
    for number, candidate in enumerate(shown, start=1):
        print(f"  {number}. {_candidate_line(candidate)}")
        print(f"     {candidate.evidence.sentence()}")
    default = "1" if proposal.confident else ""
    hint = "1 is a sure match; " if proposal.confident else ""
    answer = input(f"  Which is it? ({hint}a number, Enter for {default or 'none'}): ").strip()
    answer = answer or default
    if not answer.isdigit() or not 1 <= int(answer) <= len(shown):
        return None
    candidate = shown[int(answer) - 1]
    overwrite = set()
    for name, (have, proposed) in proposal.plan(candidate).asks.items():
        reply = input(f"  Replace the {name} “{have}” with “{proposed}”? [y/N] ")
        if reply.strip().casefold() in ("y", "yes"):
            overwrite.add(name)
    return api.Choice(proposal, candidate, frozenset(overwrite))


def _candidate_line(candidate: api.Candidate) -> str:
    record = candidate.record
    venue = record.journal or record.booktitle
    parts = [_title_line(record.title, record.year), venue, candidate.reference]
    return f"{candidate.score:.2f}  " + " | ".join(p for p in parts if p)


def _print_completion(
    library: Library, proposal: api.Proposal, applied: api.undo.Fill | None
) -> None:
    paper = library.paper(proposal.paper.paper_id).paper
    if applied is not None:
        filled = ", ".join(applied.values)
        print(f"paper {paper.id}: {_title_line(paper.title, paper.year)} (filled: {filled})")
        kept = proposal.plan().asks
        for name, (have, proposed) in kept.items():
            if name not in applied.values:
                print(f"  kept your {name} “{have}” (the match says “{proposed}”)")
        return
    if not proposal.candidates:
        print(f"paper {paper.id}: nothing found ({proposal.paper.label})")
        return
    state = "sure match, not applied" if proposal.confident else "not sure; candidates"
    print(f"paper {paper.id}: {state} ({proposal.paper.label})")
    for candidate in proposal.candidates[:3]:
        print(f"  {_candidate_line(candidate)}; {candidate.evidence.sentence()}")


def _completion_json(
    library: Library, proposal: api.Proposal, applied: api.undo.Fill | None
) -> dict[str, Any]:
    best = proposal.best
    return {
        "id": proposal.paper.paper_id,
        "citekey": library.paper(proposal.paper.paper_id).paper.citekey,
        "confident": proposal.confident,
        "score": round(best.score, 4) if best else None,
        "filled": dict(applied.values) if applied else {},
        "asked": {k: list(v) for k, v in proposal.plan().asks.items()},
        "candidates": [
            _candidate_json(c) for c in proposal.candidates if applied is None or c is not best
        ],
    }


def _candidate_json(candidate: api.Candidate) -> dict[str, Any]:
    record, evidence = candidate.record, candidate.evidence
    return {
        "title": record.title,
        "doi": record.doi,
        "arxiv_id": record.arxiv_id,
        "venue": record.journal or record.booktitle,
        "year": record.year,
        "sources": list(candidate.sources),
        "score": round(candidate.score, 4),
        "evidence": {
            "abstract": None if evidence.abstract is None else round(evidence.abstract, 4),
            "authors_in_order": evidence.authors_matched,
            "authors": evidence.authors_theirs,
            "year": evidence.year_theirs,
        },
    }


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2, sort_keys=True)
    sys.stdout.write("\n")
