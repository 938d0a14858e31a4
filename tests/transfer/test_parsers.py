"""The export readers on fixtures shaped like the apps' real files (both Strong layouts, Hevy in kg and
lb): quoting, empty cells, locale decimals, a byte-order mark, the apps' date formats, set marks."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from fitcoach.errors import BadInput
from fitcoach.transfer.cells import RowError
from fitcoach.transfer.model import ExportFormat
from fitcoach.transfer.read import read_export

FIXTURES = Path(__file__).parent / "fixtures"
PARIS = ZoneInfo("Europe/Paris")


def read(name: str, **kwargs: object) -> list:  # type: ignore[type-arg]
    return read_export((FIXTURES / name).read_bytes(), zone=kwargs.pop("zone", PARIS), **kwargs).sets  # type: ignore[arg-type]


def test_strong_semicolon_layout() -> None:
    data = (FIXTURES / "strong_semicolon_kg.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    parsed = read_export(data, zone=PARIS)
    assert parsed.format is ExportFormat.STRONG_SEMICOLON
    deadlifts = [s for s in parsed.sets if s.exercise_name == "Deadlift (Barbell)"]
    assert [s.weight for s in deadlifts] == [20, 22.5, 22.5]  # '22,5' is 22.5
    assert [s.rpe for s in deadlifts] == [None, 8, 8.5]
    assert all(s.unit == "kg" for s in parsed.sets)
    # Wall-clock 12:31:54 in Paris is 11:31:54 UTC; the layout has no duration, so an hour is assumed.
    assert deadlifts[0].started_at.astimezone(UTC) == datetime(2019, 1, 11, 11, 31, 54, tzinfo=UTC)
    assert deadlifts[0].completed_at.astimezone(UTC) == datetime(2019, 1, 11, 12, 31, 54, tzinfo=UTC)
    assert deadlifts[2].notes == 'grip "slipped"\nlast rep'
    assert parsed.session_notes[deadlifts[0].session_key] == "Felt strong; slept well"
    running = next(s for s in parsed.sets if s.exercise_name == "Running")
    assert running.distance == 3.2 and running.seconds == 1200
    plank = next(s for s in parsed.sets if s.exercise_name == "Plank")
    assert plank.reps == 0 and plank.seconds == 60


def test_strong_comma_layout() -> None:
    parsed = read_export((FIXTURES / "strong_comma_lb.csv").read_bytes(), zone=PARIS, unit="lb")
    assert parsed.format is ExportFormat.STRONG_COMMA
    assert parsed.skipped_rows == 1  # the rest-timer row
    bench = [s for s in parsed.sets if s.exercise_name == "Bench Press (Dumbbell)"]
    assert [(s.weight, s.reps, s.is_warmup) for s in bench] == [
        (25, 12, True),
        (50, 10, False),
        (50, 9, False),
        (35, 12, False),
    ]
    assert bench[2].notes == "slow, controlled" and bench[2].rpe == 8.5
    assert all(s.unit == "lb" for s in parsed.sets)
    # '7:31:12\u202fPM' plus the '1h 5m' duration, in Paris (UTC+1 in March).
    assert bench[0].completed_at.astimezone(UTC) == datetime(2024, 3, 5, 19, 36, 12, tzinfo=UTC)
    squat = next(s for s in parsed.sets if s.exercise_name == "Squat (Barbell)")
    assert squat.workout_name == "Lower, heavy"
    assert squat.completed_at.astimezone(UTC) == datetime(2024, 3, 8, 5, 57, tzinfo=UTC)  # 06:05 + 52m - 1h


def test_strong_comma_layout_needs_the_unit() -> None:
    with pytest.raises(BadInput) as caught:
        read_export((FIXTURES / "strong_comma_lb.csv").read_bytes(), zone=PARIS)
    assert caught.value.code == "import_unit_required"


@pytest.mark.parametrize(("name", "unit"), [("hevy_kg.csv", "kg"), ("hevy_lbs.csv", "lb")])
def test_hevy(name: str, unit: str) -> None:
    parsed = read_export((FIXTURES / name).read_bytes(), zone=ZoneInfo("UTC"))
    assert parsed.format is ExportFormat.HEVY
    assert {s.unit for s in parsed.sets} == {unit}
    first = parsed.sets[0]
    assert first.is_warmup and not parsed.sets[1].is_warmup
    if unit == "kg":
        assert first.started_at == datetime(2025, 7, 26, 7, 6, tzinfo=ZoneInfo("UTC"))
        assert first.completed_at == datetime(2025, 7, 26, 8, 11, tzinfo=ZoneInfo("UTC"))
        assert parsed.session_notes[first.session_key] == 'Gym, "busy"'
        plank = next(s for s in parsed.sets if s.exercise_name == "Plank")
        assert plank.weight == 0 and plank.reps == 0 and plank.seconds == 45  # empty cells
        treadmill = next(s for s in parsed.sets if s.exercise_name == "Treadmill")
        assert treadmill.distance == 2.5
        failure = next(s for s in parsed.sets if s.rpe == 10)
        assert not failure.is_warmup  # 'failure' and 'dropset' are working sets
    else:
        assert parsed.sets[1].weight == 185 and parsed.sets[1].rpe == 8.5


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"a,b,c\n1,2,3\n", "import_unknown_format"),
        (b"\xff\xfe\x00D\x00a", "import_not_utf8"),
        (b"Date;Workout Name;Exercise Name;Set Order;Weight;Reps\n", "import_missing_columns"),
        (
            b"Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps\n"
            b"2019-01-11 12:31:54;Leg;Squat (Barbell);1;heavy;kg;5\n",
            "import_invalid_row",
        ),
        (
            b"Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps\n"
            b"yesterday;Leg;Squat (Barbell);1;100;kg;5\n",
            "import_invalid_row",
        ),
    ],
)
def test_bad_files_are_refused_with_a_code(content: bytes, code: str) -> None:
    with pytest.raises(BadInput) as caught:
        read_export(content, zone=PARIS, unit="kg")
    assert caught.value.code == code


def test_a_bad_cell_names_its_line() -> None:
    text = (FIXTURES / "hevy_kg.csv").read_text("utf-8").replace(",42.5,", ",4x2,")
    with pytest.raises(RowError) as caught:
        read_export(text.encode(), zone=PARIS)
    assert caught.value.details["line"] == 3 and caught.value.details["column"] == "weight_kg"


def test_an_empty_unit_cell_on_a_bodyweight_row_is_read() -> None:
    text = (
        "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps\n"
        "2019-01-11 12:31:54;Pull;Pull Up;1;;;8\n"
        "2019-01-11 12:31:54;Pull;Pull Up;2;10;;6\n"
    )
    with pytest.raises(RowError) as caught:
        read_export(text.encode(), zone=PARIS)
    assert caught.value.details["line"] == 3  # a weight without a unit is not guessed
    first = read_export(text.encode().rsplit(b"2019", 1)[0], zone=PARIS).sets[0]
    assert (first.weight, first.reps) == (0, 8)


def test_our_own_export_needs_aware_times() -> None:
    document = {
        "format": "fitcoach-export",
        "version": 1,
        "workouts": [
            {
                "id": "log_1",
                "completed_at": "2025-01-01T10:00:00",
                "exercises_logged": [
                    {
                        "exercise_id": "plank",
                        "sets": [
                            {
                                "weight": 0,
                                "unit": "kg",
                                "reps": 1,
                                "rpe": None,
                                "duration_seconds": 60,
                                "is_warmup": False,
                            }
                        ],
                    }
                ],
            }
        ],
    }
    with pytest.raises(BadInput) as caught:
        read_export(json.dumps(document).encode(), zone=PARIS)
    assert caught.value.code == "import_invalid_row"
    document["workouts"][0]["completed_at"] = "2025-01-01T10:00:00Z"  # type: ignore[index]
    parsed = read_export(json.dumps(document).encode(), zone=PARIS)
    assert parsed.format is ExportFormat.FITCOACH_JSON and parsed.sets[0].exercise_is_slug
