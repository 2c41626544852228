"""The wheel works outside the repository: built, installed into a fresh virtual environment,
and used from a temporary folder, it finds its migrations and resources and runs every
kind of command, the window included."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# One worker takes both (each worker would build and install the wheel, 35 s, again).
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("installed-wheel")]

_WINDOW_SCRIPT = """
import sys
from PySide6.QtWidgets import QApplication
from desktop.core.library import Library
from desktop.ui import sample_library, translations
from desktop.ui.window.main_window import MainWindow

app = QApplication([])
loaded = translations.install(app, "zh_CN")
print("translators", len(loaded))
library = Library.open(sys.argv[1])
window = MainWindow(library)
window.show()
app.processEvents()
report = sample_library.load(library)
print("sample", report.imported)
window.close()
library.close()
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The `bin` folder of a fresh virtual environment holding only the built wheel."""
    root = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", root / "dist", REPO],
        check=True,
        cwd=root,
    )
    (wheel,) = (root / "dist").glob("papershelf-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert "desktop/resources/translations/papershelf_zh_CN.qm" in archive.namelist()
    venv.EnvBuilder(with_pip=True).create(root / "venv")
    bin_folder = root / "venv" / "bin"
    subprocess.run([bin_folder / "python", "-m", "pip", "install", "--quiet", wheel], check=True)
    yield bin_folder


def _run(bin_folder: Path, *args: str, cwd: Path) -> str:
    # A clean environment: nothing of the repository (PYTHONPATH, an editable install) leaks in.
    environment = {
        "PATH": f"{bin_folder}:{os.environ['PATH']}",
        "HOME": str(cwd),
        "XDG_DATA_HOME": str(cwd / "data"),
        "XDG_CONFIG_HOME": str(cwd / "config"),
        "QT_QPA_PLATFORM": "offscreen",
    }
    done = subprocess.run(
        [*args], cwd=cwd, env=environment, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_installed_wheel_runs_from_any_folder(
    installed: Path, tmp_path: Path, corpus_dir: Path
) -> None:
    papershelf = str(installed / "papershelf")
    version = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    db = f"sqlite:///{tmp_path / 'library.db'}"

    assert _run(installed, papershelf, "--version", cwd=tmp_path).strip() == f"papershelf {version}"
    assert "commands" in _run(installed, papershelf, "--help", cwd=tmp_path)
    _run(installed, papershelf, "--db", db, "paper", "add", "--title", "Wheels", cwd=tmp_path)
    bib = corpus_dir / "biber" / "test.bib"
    _run(installed, papershelf, "--db", db, "import", str(bib), cwd=tmp_path)
    exported = _run(installed, papershelf, "--db", db, "export", cwd=tmp_path)
    assert "title = {Wheels}" in exported
    assert "title = {Testing is Trying and Troubling}" in exported  # the corpus file's entry
    assert "library.db" in _run(installed, papershelf, "--db", db, "status", cwd=tmp_path)
    _run(installed, papershelf, "--db", db, "db", "check", cwd=tmp_path)

    script = tmp_path / "window.py"
    script.write_text(_WINDOW_SCRIPT)
    shown = _run(installed, str(installed / "python"), str(script), db, cwd=tmp_path)
    assert int(shown.split()[-1]) > 0  # the sample library, found among the resources
    assert "translators 2" in shown  # Qt's own Chinese and ours, from the wheel


def test_the_installed_wheel_writes_a_valid_desktop_entry(installed: Path, tmp_path: Path) -> None:
    papershelf = str(installed / "papershelf")
    data_home = tmp_path / "share"
    said = _run(
        installed,
        papershelf,
        "desktop-entry",
        "install",
        "--data-home",
        str(data_home),
        cwd=tmp_path,
    )
    entry = data_home / "applications" / "papershelf.desktop"
    icon = data_home / "icons" / "hicolor" / "scalable" / "apps" / "papershelf.svg"
    assert str(entry) in said and str(icon) in said
    assert icon.read_text().lstrip().startswith("<svg")
    parsed = configparser.ConfigParser(interpolation=None)
    parsed.read_string(entry.read_text())
    assert parsed["Desktop Entry"]["Exec"] == papershelf  # this installation's own command
    assert parsed["Desktop Entry"]["Icon"] == "papershelf"
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        assert os.environ.get("CI") != "true", "desktop-file-validate is missing"
    else:
        checked = subprocess.run([validator, entry], capture_output=True, text=True)
        assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout

    gone = _run(
        installed,
        papershelf,
        "desktop-entry",
        "uninstall",
        "--data-home",
        str(data_home),
        cwd=tmp_path,
    )
    assert not entry.exists() and not icon.exists()
    assert str(entry) in gone
