"""Four writers in four processes on one library for a bounded time (imports into a list,
removals from it, merges, note edits), on both backends: no traceback, nothing lost, the
list consistent (its positions unique, every paper that should be in it still there)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from desktop.core.library import Library

REPO = Path(__file__).resolve().parents[2]
#: How long the writers run, per backend.
SOAK_SECONDS = 20
LIST = "Soak"

WRITER = textwrap.dedent(
    """
    import json, random, sys, time
    from desktop.core.errors import KnownError, StaleEditError
    from desktop.core.library import Library

    url, role, seconds, seed = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    done = {"role": role, "imported": [], "removed": [], "merged_away": [], "notes": {},
            "refused": [], "writes": 0}
    deadline = time.monotonic() + seconds

    def bibtex(round_):
        return "\\n".join(
            f"@article{{s{seed}r{round_}n{n}, title={{Soak {seed} {round_} {n}}}, "
            f"author={{Writer, Ada}}, year={{2020}}}}"
            for n in range(4)
        )

    def members(library):
        return [item.paper.id for item in library.list_items(LIST)]

    LIST = "Soak"
    with Library.open(url, upgrade=False) as library:
        round_ = 0
        while time.monotonic() < deadline:
            round_ += 1
            try:
                if role == "importer":
                    report = library.import_text(bibtex(round_), format="bibtex", list_name=LIST)
                    done["imported"] += report.paper_ids
                elif role == "remover":
                    ids = members(library)
                    chosen = rng.sample(ids, min(2, len(ids)))
                    if chosen:
                        library.remove_from_list(LIST, chosen)
                        done["removed"] += chosen
                elif role == "merger":
                    ids = library.paper_ids()
                    if len(ids) >= 2:
                        keep, other = rng.sample(ids, 2)
                        library.merge_papers(keep, other)
                        done["merged_away"].append(other)
                elif role == "noter":
                    ids = library.paper_ids()
                    if ids and (not done["notes"] or rng.random() < 0.2):
                        note = library.add_note(rng.choice(ids), f"note {round_}")
                        done["notes"][str(note.id)] = note.body
                    elif done["notes"]:
                        note_id = int(rng.choice(list(done["notes"])))
                        version = library.note(note_id).version
                        body = f"edit {round_}"
                        library.edit_note(note_id, body, expected_version=version)
                        done["notes"][str(note_id)] = body
                done["writes"] += 1
            except StaleEditError as error:
                done["refused"].append(str(error))
            except KnownError as error:
                # A sentence is allowed (a paper merged away meanwhile); a traceback is not.
                done["refused"].append(str(error))
    print(json.dumps(done))
    """
)

ROLES = ("importer", "remover", "merger", "noter")


@pytest.mark.slow
def test_four_writers_lose_nothing_and_keep_the_list_consistent(db_url: str) -> None:
    with Library.open(db_url) as library:
        library.create_list(LIST)
        library.import_text(
            "\n".join(f"@article{{seed{n}, title={{Seed {n}}}, year={{2019}}}}" for n in range(8)),
            format="bibtex",
            list_name=LIST,
        )
        seeded = library.paper_ids()
    started = time.monotonic()
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, db_url, role, str(SOAK_SECONDS), str(seed)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed, role in enumerate(ROLES)
    ]
    results = {}
    for writer in writers:
        out, err = writer.communicate(timeout=SOAK_SECONDS + 120)
        assert writer.returncode == 0, err
        assert "Traceback" not in err, err
        summary = json.loads(out)
        results[summary["role"]] = summary
    assert time.monotonic() - started < SOAK_SECONDS + 120
    for summary in results.values():
        assert summary["writes"] > 0, summary  # each writer got work done
        # Refusals are rare sentences, never the rule.
        assert len(summary["refused"]) <= summary["writes"], summary

    with Library.open(db_url, upgrade=False) as library:
        imported = set(seeded) | set(results["importer"]["imported"])
        alive = set(library.paper_ids())
        trashed = set(library.paper_ids(trash=True))
        assert imported == alive | trashed  # nothing lost: a merged paper is in the trash
        merged_away = set(results["merger"]["merged_away"])
        assert trashed == merged_away

        items = library.list_items(LIST)
        positions = [item.position for item in items]
        assert len(positions) == len(set(positions)), "two papers share a place in the list"
        in_list = {item.paper.id for item in items}
        should_be = imported - set(results["remover"]["removed"]) - merged_away
        assert should_be <= in_list

        stored = {
            note.id: note.body
            for paper_id in alive | trashed
            for note in library.paper(paper_id).notes
        }
        for note_id, body in results["noter"]["notes"].items():
            assert stored[int(note_id)] == body  # the last edit that was accepted stayed
        assert library.check() == []
