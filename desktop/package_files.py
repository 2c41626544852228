"""The folders Papershelf carries besides its code: `migrations` and `resources`.

The repository keeps both at its top level. A wheel (and the PyInstaller bundle) carries them
inside the package, as `desktop/migrations` and `desktop/resources` (setup.py maps them
there), so an installed Papershelf finds them through `importlib.resources` wherever it is.
A source checkout, run in place or installed editable, has them beside the package instead.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

#: The folders a build must carry; setup.py and the bundle's spec read this list.
CARRIED = ("migrations", "resources")


def folder(name: str) -> Path:
    """The carried folder `name`, inside the installed package or beside it in a checkout."""
    if name not in CARRIED:
        raise ValueError(f"{name!r} is not a folder Papershelf carries")
    package = Path(str(resources.files("desktop")))
    inside = package / name
    if inside.is_dir():
        return inside
    return package.parent / name
