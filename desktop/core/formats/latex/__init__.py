"""LaTeX in field values: decoded to Unicode, and Unicode encoded back."""
