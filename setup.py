"""Which packages and files the wheel carries (the rest of the metadata is in pyproject.toml).

The repository keeps `migrations/` and `resources/` at its top level; the wheel carries them
inside the package as `desktop/migrations` and `desktop/resources`, never as top-level
packages of their own that could clash with another project's in site-packages. Every folder
under them is declared (setuptools wants each folder it copies named as a package).
"""

from pathlib import Path

from setuptools import find_packages, setup

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


carried = _carried_packages()
setup(
    packages=[*find_packages(include=["desktop", "desktop.*"]), *carried],
    package_dir={name: carried[name] for name in ("desktop.migrations", "desktop.resources")},
    package_data={name: ["*"] for name in carried},
    exclude_package_data={name: ["*.py[cod]"] for name in carried},
)
