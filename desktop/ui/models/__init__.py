"""Qt item models over the library: the sidebar tree and the paper table."""
