"""Each rule has cases that pass and cases that fail."""

from __future__ import annotations

import pytest

from fitcoach.contract.models import DayPlan, Load, PlannedExercise, Weekday
from fitcoach.engine.profile import Profile
from fitcoach.engine.rules import ALL_RULES
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.library import get_library
from fitcoach.library.gear import Gear, Inventory
from tests.engine.helpers import GYM, day, ex, seed_profile, week_of

MON = Weekday.MONDAY
DUMBBELLS = Profile(inventory=Inventory(gear=frozenset({Gear.DUMBBELLS, Gear.BENCH, Gear.INCLINE_BENCH})))


def loaded(slug: str, value: float, unit: str) -> PlannedExercise:
    return ex(slug).model_copy(update={"target_load": Load.model_validate({"value": value, "unit": unit})})


DAY_CASES: list[tuple[str, DayPlan, Profile, int | None, str | None]] = [
    ("known slugs", day([ex("goblet-squat")]), GYM, None, None),
    ("unknown slug", day([ex("db-sissy-squat")]), GYM, None, "unknown_exercise"),
    ("training day without blocks", DayPlan(is_rest_day=False, title="x"), GYM, None, "invalid_field"),
    ("rest day with blocks", day([ex("plank", reps="45s")], rest=True), GYM, None, "invalid_field"),
    ("reps parse", day([ex("goblet-squat", reps="10-12")]), GYM, None, None),
    ("reps do not parse", day([ex("goblet-squat", reps="lots")]), GYM, None, "invalid_reps"),
    ("rir 2", day([ex("goblet-squat", rir=2)]), GYM, None, None),
    ("rir 0", day([ex("goblet-squat", rir=0)]), GYM, None, "rir_out_of_range"),
    ("tier order", day([ex("barbell-back-squat")], [ex("leg-extension")]), GYM, None, None),
    ("isolation first", day([ex("leg-extension")], [ex("barbell-back-squat")]), GYM, None, "order_priority"),
    (
        "isolation superset before a compound",
        day([ex("flat-bb-bench-press"), ex("cable-lateral-raise")], [ex("goblet-squat")]),
        GYM,
        None,
        "order_priority",
    ),
    (
        "core superset before isolation",
        day([ex("leg-extension"), ex("plank", reps="45s")], [ex("barbell-curl")]),
        GYM,
        None,
        "order_priority",
    ),
    (
        "compound + isolation superset closing the compounds",
        day(
            [ex("barbell-back-squat")], [ex("flat-db-bench-press"), ex("barbell-curl")], [ex("leg-extension")]
        ),
        GYM,
        None,
        None,
    ),
    (
        "tier 1 + tier 2 antagonists before a tier-1 lift",
        day(
            [ex("barbell-back-squat")],
            [ex("flat-bb-bench-press"), ex("chest-supported-db-row")],
            [ex("pull-up")],
        ),
        GYM,
        None,
        None,
    ),
    ("8 chest sets", day([ex("flat-bb-bench-press", 4)], [ex("cable-chest-flye", 4)]), GYM, None, None),
    (
        "9 chest sets",
        day([ex("flat-bb-bench-press", 5)], [ex("cable-chest-flye", 4)]),
        GYM,
        None,
        "session_volume_high",
    ),
    ("antagonist superset", day([ex("flat-db-bench-press"), ex("single-arm-db-row")]), GYM, None, None),
    ("non-competing superset", day([ex("db-lateral-raise"), ex("standing-calf-raise")]), GYM, None, None),
    (
        "squat + barbell row",
        day([ex("barbell-back-squat"), ex("barbell-bent-over-row")]),
        GYM,
        None,
        "superset_pairing",
    ),
    ("two chest moves", day([ex("flat-db-bench-press"), ex("db-chest-flye")]), GYM, None, "superset_pairing"),
    ("dumbbells at home", day([ex("goblet-squat")]), DUMBBELLS, None, None),
    ("barbell at home", day([ex("barbell-back-squat")]), DUMBBELLS, None, "equipment_unavailable"),
    ("chest-supported row, bad back", day([ex("chest-supported-db-row")]), seed_profile(), None, None),
    ("the heaviest pair", day([loaded("goblet-squat", 50, "lb")]), seed_profile(), None, None),
    ("22 kg under 50 lb", day([loaded("goblet-squat", 22, "kg")]), seed_profile(), None, None),
    (
        "past the heaviest pair",
        day([loaded("goblet-squat", 55, "lb")]),
        seed_profile(),
        None,
        "load_above_gear",
    ),
    ("24 kg over 50 lb", day([loaded("goblet-squat", 24, "kg")]), seed_profile(), None, "load_above_gear"),
    ("a bar has no known top", day([loaded("barbell-back-squat", 300, "lb")]), GYM, None, None),
    ("barbell row, bad back", day([ex("barbell-bent-over-row")]), seed_profile(), None, "contraindicated"),
    ("fits 30 min", day([ex("goblet-squat")]), GYM, 30, None),
    (
        "over 20 min",
        day([ex("barbell-back-squat", 5, rest=180)], [ex("flat-bb-bench-press", 5, rest=180)]),
        GYM,
        20,
        "duration_over_budget",
    ),
]


@pytest.mark.parametrize(
    ("name", "plan", "profile", "minutes", "code"), DAY_CASES, ids=[c[0] for c in DAY_CASES]
)
def test_day_rules(name: str, plan: DayPlan, profile: Profile, minutes: int | None, code: str | None) -> None:
    report = validate_day(plan, MON, profile, minutes=minutes, library=get_library())
    if code is None:
        assert report.errors == []
    else:
        assert code in report.codes()
        hit = next(v for v in report.errors if v.code == code)
        assert hit.day == MON


def test_violation_names_block_and_exercise() -> None:
    report = validate_day(
        day([ex("goblet-squat")], [ex("barbell-curl")]), MON, DUMBBELLS, library=get_library()
    )
    (violation,) = report.errors
    assert (violation.code, violation.block, violation.exercise_id) == (
        "equipment_unavailable",
        1,
        "barbell-curl",
    )
    assert violation.to_dict()["day"] == "monday"


def test_unavailable_gear_counts_as_missing() -> None:
    taken = Profile(inventory=DUMBBELLS.inventory.model_copy(update={"unavailable": frozenset({Gear.BENCH})}))
    report = validate_day(day([ex("incline-db-bench-press")]), MON, taken, library=get_library())
    assert report.codes() == ["equipment_unavailable"]


def test_recovery_48h_flags_heavy_compound_next_day() -> None:
    bad = week_of(
        {
            "monday": day([ex("barbell-back-squat")]),
            "tuesday": day([ex("leg-press")], [ex("barbell-back-squat")]),
        }
    )
    report = validate_week(bad, GYM, library=get_library())
    assert "recovery_48h" in report.codes()
    ok = week_of({"monday": day([ex("barbell-back-squat")]), "wednesday": day([ex("barbell-back-squat")])})
    assert "recovery_48h" not in validate_week(ok, GYM, library=get_library()).codes()


def test_db_row_after_chest_supported_row_is_fine() -> None:
    week = week_of({"monday": day([ex("chest-supported-db-row")]), "tuesday": day([ex("single-arm-db-row")])})
    assert validate_week(week, GYM, library=get_library()).errors == []


def test_lower_back_work_not_on_consecutive_days() -> None:
    bad = week_of(
        {"monday": day([ex("conventional-deadlift")]), "tuesday": day([ex("barbell-bent-over-row")])}
    )
    assert "lower_back_consecutive" in validate_week(bad, GYM, library=get_library()).codes()
    ok = week_of(
        {"monday": day([ex("conventional-deadlift")]), "wednesday": day([ex("barbell-bent-over-row")])}
    )
    assert "lower_back_consecutive" not in validate_week(ok, GYM, library=get_library()).codes()


def test_weekly_volume_bounds() -> None:
    chest = [ex("flat-bb-bench-press", 4)], [ex("cable-chest-flye", 4)]
    heavy = week_of({d: day(*chest) for d in ("monday", "wednesday", "friday")})
    assert "weekly_volume_high" in validate_week(heavy, GYM, library=get_library()).codes()
    light = week_of({"monday": day(*chest)})
    report = validate_week(light, GYM, library=get_library())
    assert report.errors == []
    assert any(v.code == "weekly_volume_low" and "Chest" in v.message for v in report.warnings)


def test_week_needs_seven_days() -> None:
    week = week_of({"monday": day([ex("goblet-squat")])})
    del week.days[Weekday.SUNDAY]
    assert "invalid_week" in validate_week(week, GYM, library=get_library()).codes()


def test_validate_day_uses_week_neighbours() -> None:
    week = week_of({"monday": day([ex("flat-bb-bench-press")])})
    report = validate_day(
        day([ex("flat-bb-bench-press")]), Weekday.TUESDAY, GYM, week=week, library=get_library()
    )
    assert report.codes() == ["recovery_48h"]
    assert (
        validate_day(day([ex("flat-bb-bench-press")]), Weekday.TUESDAY, GYM, library=get_library()).errors
        == []
    )


def test_every_rule_has_code_severity_and_cited_docstring() -> None:
    codes = [rule.code for rule in ALL_RULES]
    assert len(codes) == len(set(codes))
    for rule in ALL_RULES:
        doc = type(rule).__doc__ or ""
        assert "R" in doc and any(ch.isdigit() for ch in doc), type(rule).__name__


def test_event_taper_warns_before_an_event() -> None:
    from datetime import date

    from fitcoach.engine.bodyparts import BodyArea
    from fitcoach.engine.profile import Event

    race = Profile(inventory=GYM.inventory, events=(Event("10k race", date(2026, 9, 17), (BodyArea.QUADS,)),))
    week = week_of({"tuesday": day([ex("leg-extension")]), "thursday": day([ex("plank", reps="45s")])})
    days = {w: d.model_copy(update={"date": date(2026, 9, 14 + w.position)}) for w, d in week.days.items()}
    dated = week.model_copy(update={"days": days})
    report = validate_week(dated, race, library=get_library())
    assert report.errors == []
    flagged = {(v.day, v.exercise_id) for v in report.warnings if v.code == "event_taper"}
    assert flagged == {(Weekday.TUESDAY, "leg-extension"), (Weekday.THURSDAY, None)}
