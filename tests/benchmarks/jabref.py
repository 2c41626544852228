"""JabRef 3.8.2 (Debian's `jabref`) run beside us on the same file, when it is installed.

`make bench` installs it; the normal suite never needs it. Each run gets a scratch home
folder (JabRef writes its preferences under `user.home`), and a first run on a tiny file
creates those preferences, so that the timed runs measure reading and writing only."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

TIMEOUT = 900


def command() -> str | None:
    return shutil.which("jabref")


def _run(arguments: list[str], home: Path) -> float:
    environment = dict(os.environ)
    environment["JAVA_ARGS"] = f"-Duser.home={home} -Djava.awt.headless=true"
    started = time.perf_counter()
    done = subprocess.run(
        [command() or "jabref", "-n", *arguments],
        capture_output=True,
        text=True,
        env=environment,
        timeout=TIMEOUT,
        check=False,
    )
    seconds = time.perf_counter() - started
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Exception" not in done.stdout + done.stderr, done.stdout[-2000:] + done.stderr[-2000:]
    return seconds


def prepare(home: Path) -> None:
    """JabRef's first start, which writes its preferences, on a one-entry file."""
    home.mkdir(parents=True, exist_ok=True)
    tiny = home / "tiny.bib"
    tiny.write_text("@article{a, title = {A}, author = {B, C}, year = {2000}}\n")
    _run(["-i", f"{tiny},bibtex"], home)


def load_seconds(bib: Path, home: Path) -> float:
    """Wall-clock time of `jabref -n -i FILE,bibtex`: start, read the file, stop."""
    return _run(["-i", f"{bib},bibtex"], home)


def round_trip_seconds(bib: Path, written: Path, home: Path) -> float:
    """Wall-clock time of reading the file and saving it again as BibTeX."""
    seconds = _run(["-i", f"{bib},bibtex", "-o", str(written)], home)
    assert written.exists(), "JabRef wrote nothing"
    return seconds
