"""Duration formula (science.md §8), volume, muscle focus and the week summary."""

from __future__ import annotations

import math

import pytest

from fitcoach.contract.models import DayPlan, WeeklyPlan
from fitcoach.engine.estimators import (
    DurationParams,
    day_minutes,
    fill_estimates,
    fill_missing_estimates,
    fractional_sets,
    muscle_focus,
)
from fitcoach.library import get_library
from fitcoach.library.models import MuscleGroup
from tests.engine.helpers import day, ex, fixture_week

SLUGS = [
    "flat-bb-bench-press",
    "barbell-bent-over-row",
    "standing-overhead-press",
    "lat-pulldown",
    "barbell-curl",
    "skull-crusher",
]


def test_published_example_is_69_minutes() -> None:
    # theprimecalculator: 6 exercises x 4 sets, 90 s rest, 10 min warm-up, 5 min cool-down → 69 min.
    plan = day(*[[ex(slug, sets=4, rest=90)] for slug in SLUGS])
    params = DurationParams(warmup_minutes=10, cooldown_minutes=5, work_seconds_per_set=45)
    assert day_minutes(plan, get_library(), params) == pytest.approx(69.0)


def test_superset_rests_once_per_round() -> None:
    single = day([ex("db-lateral-raise", rest=60)], [ex("standing-calf-raise", rest=60)])
    paired = day([ex("db-lateral-raise", rest=60), ex("standing-calf-raise", rest=60)])
    saved = day_minutes(single, get_library()) - day_minutes(paired, get_library())
    assert saved == pytest.approx(2 * 60 / 60)


@pytest.mark.parametrize("name", ["home_db_4day", "gym_fullbody_3day"])
def test_fixture_days_fit_their_duration(name: str) -> None:
    week = fixture_week(name)
    for weekday in week.training_days():
        plan = week.days[weekday]
        assert math.ceil(day_minutes(plan, get_library())) <= plan.duration_minutes


def test_fractional_sets_count_secondaries_half() -> None:
    sets = fractional_sets(day([ex("flat-bb-bench-press", sets=3)]), get_library())
    assert sets == {MuscleGroup.CHEST: 3, MuscleGroup.SHOULDERS: 1.5, MuscleGroup.TRICEPS: 1.5}


def test_fill_estimates_recomputes_week() -> None:
    week = fill_estimates(
        fixture_week("home_db_4day"), get_library(), records={"incline-db-bench-press": 45.0}
    )
    monday = week.days[week.training_days()[0]]
    assert monday.muscle_focus[0].muscle == "Chest"
    assert week.summary.frequency == 4
    assert week.summary.total_time_minutes == sum(week.days[d].duration_minutes for d in week.training_days())
    default = fill_estimates(fixture_week("home_db_4day"), get_library())
    assert week.summary.total_volume_lbs > default.summary.total_volume_lbs


def test_muscle_focus_intensity_is_bounded() -> None:
    focus = muscle_focus(
        day([ex("flat-bb-bench-press", sets=5)], [ex("cable-chest-flye", sets=5)]), get_library()
    )
    assert focus[0].muscle == "Chest" and focus[0].intensity == 100


def test_fill_missing_estimates_fills_only_what_the_author_left_out() -> None:
    written = fixture_week("home_db_4day").model_dump(mode="json")
    monday = written["days"]["monday"]
    for name in ("duration_minutes", "estimated_volume_lbs", "muscle_focus"):
        del monday[name]
    del written["summary"]
    written["days"]["tuesday"]["duration_minutes"] = 44  # written by the author: kept
    week = fill_missing_estimates(WeeklyPlan.model_validate(written), get_library())
    computed = fill_estimates(WeeklyPlan.model_validate(written), get_library())
    assert week.days["monday"] == computed.days["monday"]
    assert week.days["monday"].duration_minutes > 0 and week.days["monday"].muscle_focus
    assert week.days["tuesday"].duration_minutes == 44
    assert week.days["tuesday"] == WeeklyPlan.model_validate(written).days["tuesday"]
    assert week.summary.frequency == 4
    assert week.summary.total_time_minutes == sum(week.days[d].duration_minutes for d in week.training_days())


def test_fill_missing_estimates_gives_a_rest_day_zeros_and_keeps_its_blocks() -> None:
    rest = DayPlan.model_validate(
        {"is_rest_day": True, "blocks": [{"label": "Mobility", "exercises": [ex("plank").model_dump()]}]}
    )
    filled = fill_missing_estimates(rest, get_library())
    assert (filled.duration_minutes, filled.estimated_volume_lbs, filled.muscle_focus) == (0, 0, [])
    assert filled.blocks == rest.blocks
    complete = fill_estimates(fixture_week("home_db_4day"), get_library()).days["monday"]
    assert fill_missing_estimates(complete, get_library()) is complete
