"""Which packages and files the wheel carries (the rest of the metadata is in pyproject.toml).

The repository keeps `migrations/` and `resources/` at its top level; the wheel carries them
inside the package as `desktop/migrations` and `desktop/resources`, never as top-level
packages of their own that could clash with another project's in site-packages. Every folder
under them is declared (setuptools wants each folder it copies named as a package).
"""

import subprocess
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent
CARRIED = ("migrations", "resources")  # as desktop/package_files.py finds them


def _carried_packages() -> dict[str, str]:
    """Package name -> folder, for each carried folder and every folder beneath it."""
    packages = {}
    for top in CARRIED:
        for folder in [HERE / top, *sorted((HERE / top).rglob("*"))]:
            if folder.is_dir() and folder.name != "__pycache__":
                relative = folder.relative_to(HERE)
                packages[".".join(("desktop", *relative.parts))] = relative.as_posix()
    return packages


class BuildWithTranslations(build_py):
    """Also compile the window's translations (.ts, committed) into the .qm files Qt loads,
    with the lrelease of the PySide6 that pyproject's build requirements bring."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # a checkout runs with the .qm files `make translations` builds in place
        import PySide6  # a build requirement (pyproject.toml)

        lrelease = Path(PySide6.__file__).parent / "lrelease"
        target = Path(self.build_lib) / "desktop" / "resources" / "translations"
        target.mkdir(parents=True, exist_ok=True)
        for source in sorted((HERE / "resources" / "translations").glob("*.ts")):
            compiled = target / f"{source.stem}.qm"
            command = [str(lrelease), "-silent", str(source), "-qm", str(compiled)]
            subprocess.run(command, check=True)


carried = _carried_packages()
setup(
    cmdclass={"build_py": BuildWithTranslations},
    packages=[*find_packages(include=["desktop", "desktop.*"]), *carried],
    package_dir={name: carried[name] for name in ("desktop.migrations", "desktop.resources")},
    package_data={name: ["*"] for name in carried},
    exclude_package_data={name: ["*.py[cod]"] for name in carried},
)
