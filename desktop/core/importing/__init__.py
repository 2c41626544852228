"""The import pipeline: read files, store what was read, look up ids."""
