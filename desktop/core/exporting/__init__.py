"""The export pipeline: read stored papers, write them, in one or two processes."""
