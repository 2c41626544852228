"""Where the files of the `resources` folder (icons, the sample library...) live."""

from __future__ import annotations

from desktop import package_files

ROOT = package_files.folder("resources")
ICONS = ROOT / "icons"
SAMPLE_BIB = ROOT / "sample" / "sample.bib"
#: The .ts translations (committed) and the .qm files `make` builds from them.
TRANSLATIONS = ROOT / "translations"
