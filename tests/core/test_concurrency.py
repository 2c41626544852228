"""Two processes on one library never lose an update; a killed writer leaves all or nothing."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from desktop.core import api
from desktop.core.library import Library

REPO = Path(__file__).resolve().parents[2]

WRITER = textwrap.dedent(
    """
    import sys
    from desktop.core.formats.record import Person, Record
    from desktop.core.library import Library

    url, count = sys.argv[1], int(sys.argv[2])
    records = [
        Record(title=f"Paper {n}", year=2000 + n % 25,
               authors=[Person(given="Ada", family=f"Writer{n % 50}")])
        for n in range(count)
    ]

    def progress(done, total):
        if done >= 200:
            print("writing", flush=True)

    with Library.open(url) as library:
        library.add_records(records, progress=progress)
    print("committed", flush=True)
    """
)


def _start_writer(url: str, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, url, str(count)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_writer_killed_mid_write_leaves_all_or_nothing(db_url: str) -> None:
    Library.open(db_url).close()  # schema ready, so the child goes straight to writing
    child = _start_writer(db_url, 20_000)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "writing", child.stderr.read() if child.stderr else ""
    os.kill(child.pid, signal.SIGKILL)
    child.communicate(timeout=30)  # reaps it and closes its pipes
    assert child.returncode == -signal.SIGKILL
    with Library.open(db_url) as library:
        assert library.count() == 0
        assert library.check() == []
        # The library still takes writes after the crash.
        child = _start_writer(db_url, 300)
        _, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        assert library.count() == 300


INCREMENTER = textwrap.dedent(
    """
    import sys
    from desktop.core.errors import StaleEditError
    from desktop.core.library import Library

    url, paper_id, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    with Library.open(url, upgrade=False) as library:
        done = 0
        while done < rounds:
            paper = library.paper(paper_id).paper
            try:
                library.update_paper(paper_id, expected_version=paper.version,
                                     priority=0, volume=str(int(paper.volume or 0) + 1))
            except StaleEditError:
                continue  # someone else got there first: reread and try again
            done += 1
    """
)


def test_two_processes_never_lose_an_update(library: Library) -> None:
    from desktop.core.formats.record import Record

    paper = library.add_paper(Record(title="Counter", volume="0"))
    rounds = 40
    children = [
        subprocess.Popen(
            [sys.executable, "-c", INCREMENTER, library.url, str(paper.id), str(rounds)],
            cwd=REPO,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for child in children:
        _, err = child.communicate(timeout=180)
        assert child.returncode == 0, err
    final = library.paper(paper.id).paper
    assert final.volume == str(2 * rounds)
    assert final.version == 1 + 2 * rounds


def _tag_import_and_list(
    library: Library, paper: int, round_: int, barrier: object, errors: list[BaseException]
) -> None:
    from desktop.core.errors import ConflictError

    barrier.wait()  # type: ignore[attr-defined]
    try:
        library.tag_papers(f"topic-{round_}", [paper])
        library.import_text(
            f'@preamble{{"\\def\\p{round_}x{id(library)}{{}}"}}\n'
            f"@misc{{k{round_}x{id(library)}, title={{T}}}}"
        )
        # The other user may create it first; this one is then told so in a sentence.
        with contextlib.suppress(ConflictError):
            library.create_list(f"list-{round_}")
    except BaseException as error:
        errors.append(error)


def test_two_users_creating_the_same_things_at_once_both_succeed(db_url: str) -> None:
    import threading

    from desktop.core.formats.record import Record

    with Library.open(db_url) as first, Library.open(db_url) as second:
        paper = first.add_paper(Record(title="Shared")).id
        for round_ in range(8):
            barrier = threading.Barrier(2)
            errors: list[BaseException] = []
            threads = [
                threading.Thread(
                    target=_tag_import_and_list, args=(lib, paper, round_, barrier, errors)
                )
                for lib in (first, second)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert errors == []
        assert len(first.tags()) == 8
        assert {rl.name for rl, _ in first.lists()} == {f"list-{n}" for n in range(8)}
        exported = first.export(
            first.view_ids(), "bibtex", options=api.ExportOptions(preambles=True)
        )
        assert exported.count("\\def\\p") == 16  # nobody's preamble was lost
