"""BibTeX and BibLaTeX: reading, cutting a file into parts, writing."""
