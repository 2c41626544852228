"""Tricks of the running process: helper processes, collector pauses."""
