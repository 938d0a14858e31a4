"""Persistence: SQLAlchemy tables, in-package Alembic migrations, repositories scoped by user."""
