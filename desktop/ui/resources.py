"""Where the files in the repository's `resources/` folder live."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "resources"
ICONS = ROOT / "icons"
SAMPLE_BIB = ROOT / "sample" / "sample.bib"
#: The .ts translations (committed) and the .qm files `make` builds from them.
TRANSLATIONS = ROOT / "translations"
