"""Alembic environment: runs on the engine handed over by `fitcoach.storage.db.migrate`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine

from fitcoach.storage import auth_tables, transfer_tables  # noqa: F401  (registers their tables)
from fitcoach.storage.db import make_engine
from fitcoach.storage.tables import Base

engine = context.config.attributes.get("engine")
if not isinstance(engine, Engine):
    # `alembic -x url=...` from a checkout, for authoring migrations.
    engine = make_engine(context.get_x_argument(as_dictionary=True)["url"])

with engine.begin() as connection:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()
