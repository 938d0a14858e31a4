"""Hevy's CSV export: title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,
set_index,set_type,weight_lbs|weight_kg,reps,distance_miles|distance_km,duration_seconds,rpe.

Times are the phone's wall clock like `26 Jul 2025, 07:06`; the weight column's name carries the unit;
`set_type` is warmup, normal, failure or dropset (only warmup is a warm-up)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from fitcoach.contract.logs import Unit
from fitcoach.errors import BadInput
from fitcoach.transfer.cells import HEVY_DATE_FORMATS, Columns, local_time, number, rows, whole
from fitcoach.transfer.model import ExportFormat, ParsedExport, RawSet

REQUIRED = ("title", "start_time", "end_time", "exercise_title", "set_index", "set_type", "reps")
WEIGHT_COLUMNS: dict[str, Unit] = {"weight_kg": "kg", "weight_lbs": "lb"}
DISTANCE_COLUMNS = ("distance_km", "distance_miles")
WARM_UP_TYPE = "warmup"


def parse_hevy(text: str, *, zone: ZoneInfo) -> ParsedExport:
    records = rows(text, ",")
    _, header = next(records)
    columns = Columns(header, REQUIRED)
    weight_column = next((name for name in WEIGHT_COLUMNS if columns.has(name)), None)
    if weight_column is None:
        raise BadInput(
            "the file lacks a weight column (weight_kg or weight_lbs)",
            code="import_missing_columns",
            details={"missing": list(WEIGHT_COLUMNS), "found": list(columns.index)},
        )
    distance_column = next((name for name in DISTANCE_COLUMNS if columns.has(name)), None)
    unit = WEIGHT_COLUMNS[weight_column]
    parsed = ParsedExport(ExportFormat.HEVY)
    for line, cells in records:
        start_text = columns.get(cells, "start_time")
        started = local_time(start_text, HEVY_DATE_FORMATS, zone, line=line, column="start_time")
        end_text = columns.get(cells, "end_time")
        ended = (
            local_time(end_text, HEVY_DATE_FORMATS, zone, line=line, column="end_time")
            if end_text
            else started
        )
        title = columns.get(cells, "title")
        key = f"{start_text}|{title}"
        description = columns.get(cells, "description")
        if description:
            parsed.session_notes.setdefault(key, description)
        distance = columns.get(cells, distance_column) if distance_column else ""
        parsed.sets.append(
            RawSet(
                line=line,
                session_key=key,
                workout_name=title,
                started_at=started,
                completed_at=max(started, ended),
                exercise_name=columns.get(cells, "exercise_title"),
                set_order=whole(columns.get(cells, "set_index"), line=line, column="set_index") or 0,
                weight=number(columns.get(cells, weight_column), line=line, column=weight_column) or 0.0,
                unit=unit,
                reps=whole(columns.get(cells, "reps"), line=line, column="reps") or 0,
                rpe=number(columns.get(cells, "rpe"), line=line, column="rpe"),
                distance=number(distance, line=line, column=distance_column or "distance"),
                seconds=whole(columns.get(cells, "duration_seconds"), line=line, column="duration_seconds"),
                is_warmup=columns.get(cells, "set_type").lower() == WARM_UP_TYPE,
                notes=columns.get(cells, "exercise_notes") or None,
            )
        )
    return parsed
