"""The `papershelf` command: parses arguments, calls `Library`, prints. No logic of its own."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from desktop.core import api
from desktop.core.api import MODELLED_FIELDS, PaperDetails, Record
from desktop.core.errors import KnownError
from desktop.core.library import Library

Handler = Callable[[Library, argparse.Namespace], None]


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "handler"):
        # No command: the window. Imported here so that commands never load Qt.
        from desktop.ui import app

        return app.run(args.db)
    try:
        # The db commands look at the library as it is; every other command upgrades it.
        with Library.open(args.db, upgrade=not getattr(args, "as_is", False)) as library:
            args.handler(library, args)
    except KnownError as error:
        print(f"papershelf: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(
            "papershelf: interrupted; nothing was changed by the unfinished step.", file=sys.stderr
        )
        return 130
    return 0


# -- parser ------------------------------------------------------------------------------


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
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    _add_paper_commands(commands, common)
    _add_list_commands(commands, common)
    _add_tag_commands(commands, common)
    _add_note_commands(commands, common)
    _add_db_commands(commands, common)
    _add_exchange_commands(commands, common)
    _add_status_command(commands, common)
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
        help="a field to change, e.g. --set title='A better title'; repeatable",
    )
    edit.add_argument("--status", choices=["unread", "reading", "read"])
    edit.add_argument("--priority", type=int, choices=range(6))
    edit.add_argument(
        "--expect-version",
        type=int,
        metavar="N",
        help="refuse the edit unless the paper is still at version N",
    )

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


def _add_status_command(commands: Any, common: argparse.ArgumentParser) -> None:
    _command(
        commands,
        "status",
        _status,
        help_text="say where the library is and what it holds",
        common=common,
    )


def _add_exchange_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    imp = _command(
        commands,
        "import",
        _import,
        help_text="import BibTeX, RIS, CSL-JSON or listing files",
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
    _print_paper(library.paper(args.paper_id), args.json)


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
    return value


def _paper_delete(library: Library, args: argparse.Namespace) -> None:
    moved = library.delete_papers(args.paper_ids)
    print(f"Moved {moved} paper(s) to the trash.")


def _paper_restore(library: Library, args: argparse.Namespace) -> None:
    print(f"Restored {library.restore_papers(args.paper_ids)} paper(s) from the trash.")


def _paper_empty_trash(library: Library, args: argparse.Namespace) -> None:
    print(f"Deleted {library.empty_trash()} paper(s) for good.")


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
        progress=None if args.json else _progress_printer("import"),
    )
    if args.json:
        _print_json(report.to_json())
        return
    print(
        f"Imported {report.imported} paper(s) ({report.format}); "
        f"{len(report.duplicates)} likely duplicate(s), {len(report.problems)} problem(s)."
    )
    for duplicate in report.duplicates:
        print(
            f"  paper {duplicate.paper_id} looks like paper {duplicate.other_id}: "
            f"{'; '.join(duplicate.evidence)}"
        )
    for problem in report.problems:
        line = f" line {problem.line}" if problem.line else ""
        print(f"  {problem.source}{line}: {problem.message}")
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
    if args.output is None:
        sys.stdout.write(library.export(ids, args.format))
        return
    library.export_to_file(ids, args.format, args.output)
    print(f"Exported {len(ids)} paper(s) to {args.output}.", file=sys.stderr)


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


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2, sort_keys=True)
    sys.stdout.write("\n")
