"""The analytics tools' answers (R35-R37) as the API returns them."""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from fitcoach.api.schemas.base import PublicModel
from fitcoach.contract.logs import SetPublic, Unit
from fitcoach.contract.models import InstantZ


class ExerciseSession(PublicModel):
    log_id: str
    completed_at: InstantZ
    sets: list[SetPublic]


class ExerciseHistory(PublicModel):
    """The latest sessions containing the exercise, newest first, with every set of it."""

    exercise_slug: str
    exercise_name: str
    limit_sessions: int
    sessions: list[ExerciseSession]


class WeekVolume(PublicModel):
    week_start: dt.date
    tonnage_lbs: float
    hard_sets: float = Field(description="Fractional: a secondary muscle group counts a set as 0.5.")


class VolumeTrends(PublicModel):
    muscle_group: str
    weeks_back: int
    since: InstantZ
    until: InstantZ
    counting: str = Field(description="The counting rule, in words.")
    weeks: list[WeekVolume]


class RecordSet(PublicModel):
    """A record-holding set, as logged."""

    weight: float
    reps: int
    unit: Unit
    log_id: str
    completed_at: InstantZ


class EstimatedOneRepMax(PublicModel):
    value_lbs: float
    formula: str
    from_set: RecordSet


class PersonalRecords(PublicModel):
    """All-time records; nulls (and `sets_counted` 0) when the exercise was never logged."""

    exercise_slug: str
    exercise_name: str
    estimated_1rm: EstimatedOneRepMax | None
    max_weight_set: RecordSet | None
    rep_records: dict[str, RecordSet | None] = Field(
        description="The heaviest set of at least N reps, keyed by N (1, 3, 5, 8, 10, 12)."
    )
    sets_counted: int
