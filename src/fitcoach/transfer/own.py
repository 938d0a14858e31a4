"""Reading back our own JSON export (`GET /api/export?format=json`): its workouts, by library slug."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fitcoach.contract.logs import SetPublic
from fitcoach.contract.models import InstantZ
from fitcoach.errors import BadInput
from fitcoach.transfer.model import ExportFormat, ParsedExport, RawSet

EXPORT_FORMAT = "fitcoach-export"
EXPORT_VERSION = 1


class _Loose(BaseModel):
    model_config = ConfigDict(extra="ignore")


class _Exercise(_Loose):
    exercise_id: str = Field(min_length=1, max_length=80)
    sets: list[SetPublic]


class _Workout(_Loose):
    id: str
    completed_at: InstantZ
    notes: str | None = None
    exercises_logged: list[_Exercise]


class _Export(_Loose):
    format: str
    version: int
    workouts: list[_Workout]


def parse_own(text: str) -> ParsedExport:
    try:
        document: Any = json.loads(text)
        export = _Export.model_validate(document)
    except (ValueError, ValidationError) as error:
        raise BadInput("not a fitcoach export", code="import_unknown_format") from error
    if export.format != EXPORT_FORMAT or export.version != EXPORT_VERSION:
        raise BadInput(
            f"not a version-{EXPORT_VERSION} fitcoach export",
            code="import_unknown_format",
            details={"format": export.format, "version": export.version},
        )
    parsed = ParsedExport(ExportFormat.FITCOACH_JSON)
    for number, workout in enumerate(export.workouts, start=1):
        if workout.completed_at.tzinfo is None:
            raise BadInput(
                "completed_at needs a time zone (e.g. a trailing Z)",
                code="import_invalid_row",
                details={"line": number, "column": "completed_at", "value": workout.completed_at.isoformat()},
            )
        key = f"{workout.id}|{workout.completed_at.isoformat()}"
        if workout.notes:
            parsed.session_notes[key] = workout.notes
        for exercise in workout.exercises_logged:
            for order, item in enumerate(exercise.sets, start=1):
                parsed.sets.append(
                    RawSet(
                        line=number,
                        session_key=key,
                        workout_name="",
                        started_at=workout.completed_at,
                        completed_at=workout.completed_at,
                        exercise_name=exercise.exercise_id,
                        exercise_is_slug=True,
                        set_order=order,
                        weight=item.weight,
                        unit=item.unit,
                        reps=item.reps,
                        rpe=item.rpe,
                        distance=None,
                        seconds=item.duration_seconds,
                        is_warmup=item.is_warmup,
                    )
                )
    return parsed
