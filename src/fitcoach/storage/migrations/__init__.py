"""Alembic migrations shipped with the package (run by `fitcoach.storage.db.migrate`)."""
