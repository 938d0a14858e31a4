"""What a parsed export is: one row per set, as the other app logged it, before any name is matched."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from fitcoach.contract.logs import Unit


class ExportFormat(StrEnum):
    STRONG_SEMICOLON = "strong_semicolon"
    """Strong's older export: `;`-separated, a `Weight Unit` column, no workout duration."""
    STRONG_COMMA = "strong_comma"
    """Strong's newer export: `,`-separated with a `Duration` column; the unit was chosen at export."""
    HEVY = "hevy"
    FITCOACH_JSON = "fitcoach_json"
    """Our own `GET /api/export?format=json`, so an export can come back (the round trip)."""


@dataclass(frozen=True)
class RawSet:
    """One set row of an export. `exercise_name` is the app's own name, or a library slug when
    `exercise_is_slug` (our own export)."""

    line: int
    session_key: str
    """What identifies the row's session in the file (its start time and title as written)."""
    workout_name: str
    started_at: datetime
    completed_at: datetime
    exercise_name: str
    set_order: int
    weight: float
    unit: Unit
    reps: int
    rpe: float | None
    distance: float | None
    seconds: int | None
    is_warmup: bool
    exercise_is_slug: bool = False
    notes: str | None = None


@dataclass
class ParsedExport:
    format: ExportFormat
    sets: list[RawSet] = field(default_factory=list)
    skipped_rows: int = 0
    """Rows that are not sets (Strong's rest-timer and note rows)."""
    session_notes: dict[str, str] = field(default_factory=dict)
    """Workout notes by session key."""
