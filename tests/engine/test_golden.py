"""Golden tests: the seeds' fixtures validate clean and the seed onboarding yields the seeds' kind of plan."""

from __future__ import annotations

import pytest

from fitcoach.engine.generator import ScheduleRequest, generate_week
from fitcoach.engine.profile import build_profile
from fitcoach.engine.validator import validate_week
from fitcoach.library import Gear, get_library
from fitcoach.memory.model import MemoryItem
from tests.engine.helpers import GYM, MONDAY, NOW, fixture_week, seed_profile, staple


@pytest.mark.parametrize(("name", "profile"), [("home_db_4day", seed_profile()), ("gym_fullbody_3day", GYM)])
def test_fixtures_validate_with_zero_errors(name: str, profile: object) -> None:
    week = fixture_week(name)
    report = validate_week(week, profile, library=get_library(), minutes=None)  # type: ignore[arg-type]
    assert report.errors == []


def test_seed_onboarding_yields_dumbbell_four_day_plan() -> None:
    generated = generate_week(seed_profile(), ScheduleRequest(), library=get_library(), week_start=MONDAY)
    plan = generated.plan
    library = get_library()
    assert len(plan.training_days()) == 4
    slugs = [slug for d in plan.training_days() for slug in plan.days[d].slugs()]
    assert "chest-supported-db-row" in slugs
    for slug in slugs:
        entry = library.require(slug)
        assert entry.gear.satisfied_by({Gear.DUMBBELLS, Gear.BENCH, Gear.FLAT_BENCH, Gear.INCLINE_BENCH})
        assert entry.spinal_loading != "high" and entry.movement_pattern != "hip_hinge"
    assert all(plan.days[d].duration_minutes <= 45 for d in plan.training_days())
    assert validate_week(plan, seed_profile(), library=library).errors == []


def test_generation_is_deterministic() -> None:
    first = generate_week(seed_profile(), ScheduleRequest(), library=get_library(), week_start=MONDAY)
    second = generate_week(seed_profile(), ScheduleRequest(), library=get_library(), week_start=MONDAY)
    assert first.plan == second.plan


def test_unknown_inventory_means_bodyweight_and_a_note() -> None:
    memory: list[MemoryItem] = [staple("goal", "get fitter, 3 days a week, 30 min")]
    generated = generate_week(
        build_profile(memory, NOW), ScheduleRequest(), library=get_library(), week_start=MONDAY
    )
    assert generated.notes and "bodyweight" in generated.notes[0]
    for weekday in generated.plan.training_days():
        for slug in generated.plan.days[weekday].slugs():
            assert get_library().require(slug).gear.all_of == []


def test_per_day_focus_and_fields() -> None:
    from fitcoach.contract.models import Weekday
    from fitcoach.library.models import IndexGroup

    request = ScheduleRequest(
        days=(Weekday.MONDAY, Weekday.SATURDAY), minutes=40, focus={Weekday.SATURDAY: [IndexGroup.ARMS]}
    )
    plan = generate_week(GYM, request, library=get_library(), week_start=MONDAY).plan
    saturday = plan.days[Weekday.SATURDAY]
    assert {get_library().require(s).group for s in saturday.slugs()} == {IndexGroup.ARMS}
    assert saturday.title and saturday.focus_tag and saturday.suggested_edits and saturday.coach_note
    assert plan.days[Weekday.SUNDAY].is_rest_day and plan.days[Weekday.SUNDAY].blocks == []
    assert plan.suggested_edits and plan.theme


def test_generator_respects_recovery_view() -> None:
    from datetime import timedelta

    from fitcoach.contract.models import Weekday
    from fitcoach.engine.history import LoggedExercise, LoggedSet, WorkoutLog, recovery_view
    from fitcoach.library.models import MuscleGroup

    sunday_evening = NOW - timedelta(hours=16)
    bench = LoggedExercise("flat-bb-bench-press", [LoggedSet(185, 6, 9)] * 8)
    view = recovery_view([WorkoutLog(sunday_evening, [bench])], NOW, library=get_library())
    request = ScheduleRequest(days=(Weekday.MONDAY, Weekday.THURSDAY), minutes=60)
    plan = generate_week(GYM, request, library=get_library(), week_start=MONDAY, recovery=view, now=NOW).plan
    library = get_library()
    monday = [library.require(s) for s in plan.days[Weekday.MONDAY].slugs()]
    thursday = [library.require(s) for s in plan.days[Weekday.THURSDAY].slugs()]
    assert monday and not any(MuscleGroup.CHEST in e.primary_groups for e in monday)
    assert any(MuscleGroup.CHEST in e.primary_groups for e in thursday)
