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


#: Where JabRef 3.8's preferences are (Java's user preferences of its package).
_PREFERENCES = Path(".java/.userPrefs/net/sf/jabref/prefs.xml")
#: With its remote server on (the default), a second JabRef hands its arguments to one
#: already running on port 6050 and exits: two benchmarks at once would time nothing.
_NO_REMOTE_SERVER = '<entry key="useRemoteServer" value="false"/>'


def prepare(home: Path) -> None:
    """JabRef's first start, which writes its preferences, on a one-entry file; then its
    remote server turned off in them."""
    home.mkdir(parents=True, exist_ok=True)
    tiny = home / "tiny.bib"
    tiny.write_text("@article{a, title = {A}, author = {B, C}, year = {2000}}\n")
    _run(["-i", f"{tiny},bibtex"], home)
    preferences = home / _PREFERENCES
    text = preferences.read_text(encoding="utf-8")
    if "useRemoteServer" not in text:
        text = text.replace('<map MAP_XML_VERSION="1.0"/>', '<map MAP_XML_VERSION="1.0">\n</map>')
        text = text.replace("</map>", f"  {_NO_REMOTE_SERVER}\n</map>")
        preferences.write_text(text, encoding="utf-8")
    assert _NO_REMOTE_SERVER in preferences.read_text(encoding="utf-8")


def load_seconds(bib: Path, home: Path) -> float:
    """Wall-clock time of `jabref -n -i FILE,bibtex`: start, read the file, stop."""
    return _run(["-i", f"{bib},bibtex"], home)


def round_trip_seconds(bib: Path, written: Path, home: Path) -> float:
    """Wall-clock time of reading the file and saving it again as BibTeX."""
    seconds = _run(["-i", f"{bib},bibtex", "-o", str(written)], home)
    assert written.exists(), "JabRef wrote nothing"
    return seconds
