"""Every edit returns a valid day or week with a short summary_diff; repair fixes what it can."""

from __future__ import annotations

from datetime import timedelta

import pytest

from fitcoach.contract.models import Weekday
from fitcoach.engine.bodyparts import BodyArea, loads_area
from fitcoach.engine.edits import (
    avoid_area,
    compress_day,
    move_days,
    rank_alternatives,
    repair_day,
    repair_week,
    swap_exercise,
    taper_for_event,
)
from fitcoach.engine.history import LoggedExercise, LoggedSet, WorkoutLog, recovery_view
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.errors import BadInput
from fitcoach.library import Gear, get_library
from fitcoach.library.models import MuscleGroup
from tests.engine.helpers import GYM, NOW, day, ex, fixture_week, seed_profile, week_of

MON = Weekday.MONDAY


def test_compress_day_keeps_focus_and_fits() -> None:
    week = fixture_week("home_db_4day")
    result = compress_day(
        week.days[MON], 30, seed_profile(), keep_focus={MuscleGroup.CHEST}, library=get_library()
    )
    assert result.data.duration_minutes <= 30  # type: ignore[union-attr]
    assert "incline-db-bench-press" in result.data.slugs()  # type: ignore[union-attr]
    assert validate_day(result.data, MON, seed_profile(), minutes=30, library=get_library()).ok  # type: ignore[arg-type]
    assert result.summary_diff and len(result.summary_diff) <= 300


def test_compress_day_refuses_the_impossible() -> None:
    with pytest.raises(BadInput):
        compress_day(fixture_week("home_db_4day").days[MON], 5, seed_profile(), library=get_library())


def test_swap_when_bench_is_taken() -> None:
    monday = fixture_week("home_db_4day").days[MON]
    result = swap_exercise(
        monday, "incline-db-bench-press", seed_profile(), unavailable_gear={Gear.BENCH}, library=get_library()
    )
    library = get_library()
    for slug in result.data.slugs():  # type: ignore[union-attr]
        assert not library.require(slug).gear.mentions() & {Gear.BENCH, Gear.FLAT_BENCH, Gear.INCLINE_BENCH}
    assert result.summary_diff.startswith("Swapped Incline DB Bench Press ➔ ")
    assert result.alternatives[0] == "push-up"


def test_rank_alternatives_prefers_same_pattern_and_respects_constraints() -> None:
    ranked = [e.slug for e in rank_alternatives("barbell-bent-over-row", GYM, library=get_library())]
    assert ranked[0] in {"seated-cable-row", "single-arm-db-row", "chest-supported-db-row"}
    assert "barbell-bent-over-row" not in ranked
    safe = [
        e.slug for e in rank_alternatives("chest-supported-db-row", seed_profile(), library=get_library())
    ]
    assert "barbell-bent-over-row" not in safe and "single-arm-db-row" in safe


def test_avoid_area_removes_loading_for_the_day() -> None:
    tuesday = fixture_week("home_db_4day").days[Weekday.TUESDAY]
    result = avoid_area(tuesday, "genou", seed_profile(), weekday=Weekday.TUESDAY, library=get_library())
    library = get_library()
    assert not any(loads_area(library.require(s), BodyArea.KNEE) for s in result.data.slugs())  # type: ignore[union-attr]
    assert result.data.blocks  # type: ignore[union-attr]
    assert "knee" in result.summary_diff


def test_move_days_keeps_sessions_when_valid() -> None:
    week = fixture_week("home_db_4day")
    targets = [Weekday.MONDAY, Weekday.TUESDAY, Weekday.THURSDAY, Weekday.SATURDAY]
    result = move_days(week, targets, seed_profile(), library=get_library())
    plan = result.data
    assert plan.training_days() == targets  # type: ignore[union-attr]
    assert plan.days[Weekday.SATURDAY].slugs() == week.days[Weekday.FRIDAY].slugs()  # type: ignore[union-attr]
    assert validate_week(plan, seed_profile(), library=get_library()).ok  # type: ignore[arg-type]


def test_move_days_with_focus_replans() -> None:
    from fitcoach.library.models import IndexGroup

    week = fixture_week("home_db_4day")
    targets = [Weekday.MONDAY, Weekday.WEDNESDAY, Weekday.SATURDAY]
    result = move_days(
        week,
        targets,
        seed_profile(),
        focus={Weekday.SATURDAY: [IndexGroup.ARMS, IndexGroup.SHOULDERS]},
        library=get_library(),
    )
    plan = result.data
    assert plan.training_days() == targets  # type: ignore[union-attr]
    assert validate_week(plan, seed_profile(), library=get_library()).ok  # type: ignore[arg-type]


def test_taper_rests_event_day_and_spares_protected_areas() -> None:
    week = fixture_week("gym_fullbody_3day")
    result = taper_for_event(
        week, week.week_start_date + timedelta(days=4), ["legs", "quads"], GYM, library=get_library()
    )
    plan = result.data
    assert plan.days[Weekday.FRIDAY].is_rest_day  # type: ignore[union-attr]
    library = get_library()
    for slug in plan.days[Weekday.WEDNESDAY].slugs():  # type: ignore[union-attr]
        entry = library.require(slug)
        assert entry.priority_tier > 1 or entry.type != "compound"
        assert not loads_area(entry, BodyArea.QUADS)
    assert validate_week(plan, GYM, library=get_library()).ok  # type: ignore[arg-type]


def test_repair_day_fixes_gear_order_superset_and_volume() -> None:
    broken = day(
        [ex("leg-extension")],
        [ex("barbell-back-squat"), ex("barbell-bent-over-row")],
        [ex("flat-db-bench-press", 5), ex("db-chest-flye", 5)],
        [ex("not-an-exercise")],
    )
    assert not validate_day(broken, MON, seed_profile(), library=get_library()).ok
    fixed, repairs = repair_day(broken, MON, seed_profile(), library=get_library())
    assert validate_day(fixed, MON, seed_profile(), library=get_library()).ok
    kinds = {r.kind.value for r in repairs}
    assert {"substituted", "split", "trimmed"} <= kinds
    # The unknown slug names nothing, so it becomes work for the day's main group (chest), not a gap.
    unknown = next(r for r in repairs if r.exercise_id == "not-an-exercise")
    assert unknown.kind.value == "substituted"
    replacement = unknown.detail.split()[1]
    assert replacement in fixed.slugs()
    assert MuscleGroup.CHEST in get_library().require(replacement).primary_groups


def test_repair_day_raises_when_nothing_is_possible() -> None:
    from fitcoach.engine.profile import Profile
    from fitcoach.library.gear import Inventory

    nothing = Profile(inventory=Inventory(gear=frozenset()))
    with pytest.raises(BadInput):
        repair_day(day([ex("barbell-back-squat")]), MON, nothing, library=get_library())


def test_repair_week_fills_missing_days_and_trims_weekly_volume() -> None:
    chest = [ex("flat-bb-bench-press", 4)], [ex("cable-chest-flye", 4)]
    week = week_of({d: day(*chest) for d in ("monday", "wednesday", "friday")})
    del week.days[Weekday.SUNDAY]
    fixed, repairs = repair_week(week, GYM, library=get_library())
    assert validate_week(fixed, GYM, library=get_library()).ok
    assert Weekday.SUNDAY in fixed.days and repairs


def test_recovery_view_weights_volume() -> None:
    logs = [
        WorkoutLog(
            NOW - timedelta(hours=20), [LoggedExercise("flat-db-bench-press", [LoggedSet(40, 8, 8)] * 4)]
        ),
        WorkoutLog(
            NOW - timedelta(hours=30), [LoggedExercise("db-lateral-raise", [LoggedSet(15, 12, 8)] * 2)]
        ),
        WorkoutLog(
            NOW - timedelta(hours=10),
            [LoggedExercise("goblet-squat", [LoggedSet(40, 10, 4, is_warmup=True)])],
        ),
    ]
    view = recovery_view(logs, NOW, library=get_library())
    assert view[MuscleGroup.CHEST].hours_since == 20 and not view[MuscleGroup.CHEST].recovered
    assert view[MuscleGroup.SHOULDERS].hours_since == 20  # bench's secondary front delts are more recent
    assert MuscleGroup.QUADS not in view
