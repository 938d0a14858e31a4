"""Strong's two CSV exports.

Older (`;`): Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;
Seconds;Notes;Workout Notes — the unit per row, dates like `2019-01-11 12:31:54`.
Newer (`,`): Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,
Workout Notes,RPE — the unit chosen at export (so the importer is told it), dates in 24-hour or
`2024-03-05 7:31:12 PM` form, the duration like `1h 5m`.
`Set Order` is a number, `W` for a warm-up, `D` a drop set, `F` a set to failure; other rows (rest
timers, notes) are not sets.
"""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from fitcoach.contract.logs import Unit
from fitcoach.errors import BadInput
from fitcoach.transfer.cells import (
    STRONG_DATE_FORMATS,
    Columns,
    RowError,
    duration,
    local_time,
    number,
    rows,
    whole,
)
from fitcoach.transfer.model import ExportFormat, ParsedExport, RawSet

SEMICOLON_COLUMNS = ("Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Weight Unit", "Reps")
COMMA_COLUMNS = ("Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Reps")
WARM_UP_MARK = "W"
WORKING_MARKS = frozenset({"D", "F"})
"""Drop sets and sets to failure are working sets."""
UNIT_CELLS: dict[str, Unit] = {"kg": "kg", "kgs": "kg", "lb": "lb", "lbs": "lb"}
DEFAULT_SESSION = timedelta(hours=1)
"""The older export has no duration: a session is taken to end an hour after it starts."""


def _unit(value: str, *, line: int) -> Unit:
    unit = UNIT_CELLS.get(value.strip().lower())
    if unit is None:
        raise RowError(line, "Weight Unit", value, "not kg or lbs")
    return unit


def parse_strong(text: str, *, delimiter: str, zone: ZoneInfo, unit: Unit | None) -> ParsedExport:
    fmt = ExportFormat.STRONG_SEMICOLON if delimiter == ";" else ExportFormat.STRONG_COMMA
    records = rows(text, delimiter)
    _, header = next(records)
    columns = Columns(header, SEMICOLON_COLUMNS if fmt is ExportFormat.STRONG_SEMICOLON else COMMA_COLUMNS)
    if fmt is ExportFormat.STRONG_COMMA and unit is None:
        raise BadInput(
            "this Strong export does not say kg or lb: choose the unit it was exported in",
            code="import_unit_required",
        )
    parsed = ParsedExport(fmt)
    for line, cells in records:
        order = columns.get(cells, "Set Order").upper()
        if order.isdigit():
            set_order, warm_up = int(order), False
        elif order == WARM_UP_MARK or order in WORKING_MARKS:
            set_order, warm_up = 0, order == WARM_UP_MARK
        else:
            parsed.skipped_rows += 1
            continue
        date_text = columns.get(cells, "Date")
        started = local_time(date_text, STRONG_DATE_FORMATS, zone, line=line, column="Date")
        length = duration(columns.get(cells, "Duration")) if columns.has("Duration") else None
        title = columns.get(cells, "Workout Name")
        key = f"{date_text}|{title}"
        weight = number(columns.get(cells, "Weight"), line=line, column="Weight") or 0.0
        row_unit = unit
        if columns.has("Weight Unit"):
            cell = columns.get(cells, "Weight Unit")
            # A bodyweight or cardio row may leave the unit empty: any unit reads 0 the same.
            row_unit = _unit(cell, line=line) if cell or weight else (unit or "kg")
        assert row_unit is not None  # the newer layout refused a missing unit above
        rpe = columns.get(cells, "RPE") if columns.has("RPE") else ""
        seconds = columns.get(cells, "Seconds") if columns.has("Seconds") else ""
        distance = columns.get(cells, "Distance") if columns.has("Distance") else ""
        notes = columns.get(cells, "Workout Notes") if columns.has("Workout Notes") else ""
        if notes:
            parsed.session_notes.setdefault(key, notes)
        parsed.sets.append(
            RawSet(
                line=line,
                session_key=key,
                workout_name=title,
                started_at=started,
                completed_at=started + (length or DEFAULT_SESSION),
                exercise_name=columns.get(cells, "Exercise Name"),
                set_order=set_order,
                weight=weight,
                unit=row_unit,
                reps=whole(columns.get(cells, "Reps"), line=line, column="Reps") or 0,
                rpe=number(rpe, line=line, column="RPE"),
                distance=number(distance, line=line, column="Distance"),
                seconds=whole(seconds, line=line, column="Seconds"),
                is_warmup=warm_up,
                notes=(columns.get(cells, "Notes") if columns.has("Notes") else "") or None,
            )
        )
    return parsed
