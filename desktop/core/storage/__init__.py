"""Where the library is kept: engine, models, schema, revisions, backups."""
