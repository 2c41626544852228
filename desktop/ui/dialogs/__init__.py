"""Dialogs of the window: the import report, with its problems and likely duplicates."""
