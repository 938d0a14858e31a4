"""The workout log a client posts (R38, eval FORMAT.md), with strict bounds so nothing absurd is stored,
and the log as the server returns it (`LogPublic`)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from fitcoach.contract.models import InstantZ, PlausibleInstant, Weekday

Unit = Literal["kg", "lb"]
KG_TO_LB = 2.20462262185
MAX_WEIGHT_LB = 1500.0
"""Above any human lift (the deadlift world record is about 1,100 lb): a typo, not a set."""
MAX_REPS = 100
MAX_EXERCISES = 50
MAX_SETS_PER_EXERCISE = 50
MAX_FUTURE = dt.timedelta(hours=24)
"""Clients in any time zone may log "today" a little ahead of UTC; more than a day ahead is a mistake."""


def to_lb(weight: float, unit: Unit) -> float:
    return weight * KG_TO_LB if unit == "kg" else weight


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class SetLog(_Strict):
    weight: float = Field(ge=0, le=MAX_WEIGHT_LB)
    unit: Unit = "lb"
    reps: int = Field(ge=0, le=MAX_REPS, strict=True)
    rpe: float | None = Field(default=None, ge=1, le=10)
    duration_seconds: int | None = Field(default=None, ge=0, le=4 * 3600)
    is_warmup: bool = False

    @field_validator("rpe")
    @classmethod
    def _half_steps(cls, value: float | None) -> float | None:
        if value is not None and (value * 2) % 1 != 0:
            raise ValueError("rpe goes in steps of 0.5")
        return value

    @model_validator(mode="after")
    def _plausible_weight(self) -> SetLog:
        if to_lb(self.weight, self.unit) > MAX_WEIGHT_LB + 1e-9:
            raise ValueError(f"weight above {MAX_WEIGHT_LB:.0f} lb")
        return self

    @property
    def weight_lb(self) -> float:
        return to_lb(self.weight, self.unit)


class ExerciseLog(_Strict):
    exercise_id: str = Field(min_length=1, max_length=80)
    sets: list[SetLog] = Field(min_length=1, max_length=MAX_SETS_PER_EXERCISE)


class LogCreate(_Strict):
    """Body of `POST /api/workouts/log`."""

    plan_day: Weekday
    completed_at: PlausibleInstant
    exercises_logged: list[ExerciseLog] = Field(min_length=1, max_length=MAX_EXERCISES)
    notes: str | None = Field(default=None, max_length=2000)

    @field_validator("completed_at")
    @classmethod
    def _aware(cls, value: dt.datetime) -> dt.datetime:
        if value.tzinfo is None:
            raise ValueError("completed_at needs a time zone (e.g. a trailing Z)")
        return value.astimezone(dt.UTC)

    @property
    def week_start(self) -> dt.date:
        """Monday of the log's week (UTC), the week whose plan day it completes."""
        day = self.completed_at.date()
        return day - dt.timedelta(days=day.weekday())


# --- as returned ------------------------------------------------------------------------------------


class _Public(BaseModel):
    # Closed and fully required in the API document, like every response model (api.schemas.base).
    model_config = ConfigDict(
        extra="forbid", json_schema_serialization_defaults_required=True, allow_inf_nan=False
    )


class SetPublic(_Public):
    weight: float
    unit: Unit
    reps: int
    rpe: float | None
    duration_seconds: int | None
    is_warmup: bool


class ExerciseLogPublic(_Public):
    exercise_id: str
    name: str = Field(description="The library's name, or the slug when it is no longer in the library.")
    sets: list[SetPublic]


class LogPublic(_Public):
    id: str
    plan_day: Weekday
    completed_at: InstantZ
    created_at: InstantZ
    week_start_date: dt.date = Field(description="Monday of the week whose plan day the log completes.")
    notes: str | None
    exercises_logged: list[ExerciseLogPublic]


class LogPage(_Public):
    """Newest first; `next_offset` is null on the last page."""

    items: list[LogPublic]
    limit: int
    offset: int
    next_offset: int | None
