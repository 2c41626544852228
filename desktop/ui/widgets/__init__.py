"""The window's widgets: search bar, detail pane, notes, abstract, welcome panel."""
