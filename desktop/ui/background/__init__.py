"""Running core work off the GUI thread and hearing of changes made elsewhere."""
