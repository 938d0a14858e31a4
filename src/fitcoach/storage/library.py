"""Admin-imported library entries and the effective library (packaged entries plus imports)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from fitcoach.errors import Conflict
from fitcoach.library import Exercise, ExerciseLibrary, get_library
from fitcoach.storage.tables import ExerciseImport

_IMPORTS = select(ExerciseImport).order_by(ExerciseImport.imported_at, ExerciseImport.slug)
"""Built once: every chat request reads it, and building a statement costs more than running it."""


def imported_exercises(session: Session) -> list[Exercise]:
    rows = session.execute(_IMPORTS)
    return [Exercise.model_validate(row.entry) for row in rows.scalars()]


def effective_library(session: Session) -> ExerciseLibrary:
    """Without imports this is the packaged library object itself, so per-library caches (the prompt
    prefix) hit on every request instead of rebuilding for a fresh but equal copy."""
    imported = imported_exercises(session)
    return get_library().with_entries(imported) if imported else get_library()


def import_exercises(session: Session, *, entries: list[Exercise], now: datetime) -> list[str]:
    """Add validated entries; any slug already known rejects the whole batch (nothing is written)."""
    known = set(effective_library(session).slugs)
    seen: set[str] = set()
    clashes = []
    for entry in entries:
        if entry.slug in known or entry.slug in seen:
            clashes.append(entry.slug)
        seen.add(entry.slug)
    if clashes:
        raise Conflict("these slugs already exist in the library", code="duplicate_slug", details=clashes)
    for entry in entries:
        session.add(ExerciseImport(slug=entry.slug, entry=entry.model_dump(mode="json"), imported_at=now))
    session.flush()
    return [entry.slug for entry in entries]
