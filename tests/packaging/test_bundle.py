"""The bundled app (`make dist`, PyInstaller's one-folder build) runs on its own: from a
temporary folder, with an environment that names no Python, its command line creates and
migrates a library, imports and exports, and its window opens."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _bare_environment(home: Path) -> dict[str, str]:
    # No PYTHONPATH, no virtual environment, no Python on the PATH beyond the system's.
    return {
        "HOME": str(home),
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "QT_QPA_PLATFORM": "offscreen",
    }


def test_the_bundle_runs_without_the_repository_or_a_python(
    tmp_path: Path, corpus_dir: Path
) -> None:
    pyinstaller = Path(sys.executable).parent / "pyinstaller"
    subprocess.run(
        [
            pyinstaller,
            "--noconfirm",
            "--log-level",
            "ERROR",
            "--distpath",
            tmp_path / "dist",
            "--workpath",
            tmp_path / "work",
            REPO / "packaging" / "papershelf.spec",
        ],
        check=True,
        cwd=tmp_path,
        timeout=900,
    )
    program = str(tmp_path / "dist" / "papershelf" / "papershelf")
    home = tmp_path / "home"
    home.mkdir()
    db = f"sqlite:///{home / 'library.db'}"

    def run(*args: str) -> str:
        done = subprocess.run(
            [program, *args],
            cwd=home,
            env=_bare_environment(home),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
        return done.stdout

    assert run("--version").startswith("papershelf ")
    run("--db", db, "paper", "add", "--title", "Bundled")
    run("--db", db, "import", str(corpus_dir / "biber" / "test.bib"))
    exported = run("--db", db, "export")
    assert "title = {Bundled}" in exported and "Testing is Trying" in exported
    assert "healthy" in run("--db", db, "db", "check")

    window = subprocess.Popen(
        [program, "--db", db],
        cwd=home,
        env=_bare_environment(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(8)  # long enough to import the UI, open the library and show the window
    still_running = window.poll() is None
    window.terminate()
    _, errors = window.communicate(timeout=30)
    assert still_running, f"the window exited at once: {errors}"
    assert "Traceback" not in errors, errors
