"""`python -m desktop` runs the Papershelf command line (and, with no command, the app)."""

from desktop.cli import run

run()
