"""The main window and the helpers that build its menus and actions."""
