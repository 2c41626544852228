"""The main window, the small context its helpers take, and the helpers (each with its actions)."""
