"""engine.dayops: a day off, a focus session inside an existing week, a harder day - each valid
against its week (R11, R12, R14, R15, R17, R19)."""

from __future__ import annotations

from datetime import date

import pytest

from fitcoach.contract.models import DayPlan, Weekday
from fitcoach.engine.dayops import day_off, done_so_far, focus_day, harder_day
from fitcoach.engine.estimators import direct_sets
from fitcoach.engine.validator import validate_day
from fitcoach.errors import BadInput
from fitcoach.library import get_library
from fitcoach.library.models import IndexGroup

from .helpers import fixture_week, seed_profile

LIBRARY = get_library()
WEEK = fixture_week("home_db_4day")
UPPER = [IndexGroup.CHEST, IndexGroup.BACK, IndexGroup.SHOULDERS, IndexGroup.ARMS]
LEGS = [IndexGroup.LEGS_QUAD, IndexGroup.LEGS_POSTERIOR]


def test_day_off_keeps_the_date_and_has_no_blocks() -> None:
    result = day_off(WEEK, Weekday.TUESDAY, library=get_library())
    assert isinstance(result.data, DayPlan)
    assert result.data.is_rest_day and not result.data.blocks
    assert result.data.date == WEEK.days[Weekday.TUESDAY].date


@pytest.mark.parametrize(
    ("weekday", "focus", "minutes"),
    [(Weekday.FRIDAY, UPPER, 45), (Weekday.SATURDAY, [IndexGroup.ARMS], 20), (Weekday.SUNDAY, LEGS, 45)],
)
def test_focus_day_trains_only_the_focus_and_validates(
    weekday: Weekday, focus: list[IndexGroup], minutes: int
) -> None:
    profile = seed_profile()
    result = focus_day(WEEK, weekday, focus, profile, minutes=minutes, library=LIBRARY)
    assert isinstance(result.data, DayPlan)
    trained = {LIBRARY.require(s).group for s in result.data.slugs()} - {IndexGroup.CORE}
    assert trained and trained <= set(focus)
    assert result.data.duration_minutes <= minutes
    assert validate_day(result.data, weekday, profile, library=LIBRARY, week=WEEK, minutes=minutes).ok


def test_legs_beside_a_leg_day_are_refused_rather_than_squatted_again() -> None:
    # Wednesday sits after Tuesday's goblet squats, split squats and calf raises: R14 keeps 48 h
    # for every squat, lunge and hinge with dumbbells, and for the same lift taken to 0-1 RIR, so
    # no leg work fits and the edit is refused (the coach then says so) instead of staging squats
    with pytest.raises(BadInput) as refused:
        focus_day(WEEK, Weekday.WEDNESDAY, LEGS, seed_profile(), minutes=45, library=LIBRARY)
    assert refused.value.code == "edit_impossible"


def test_a_missed_past_day_no_longer_holds_recovery_back() -> None:
    week = done_so_far(WEEK, date(2026, 9, 16))
    assert week.days[Weekday.TUESDAY].is_rest_day and not week.days[Weekday.THURSDAY].is_rest_day
    result = focus_day(week, Weekday.WEDNESDAY, LEGS, seed_profile(), minutes=45, library=LIBRARY)
    assert isinstance(result.data, DayPlan)
    assert {"goblet-squat", "bulgarian-split-squat"} & set(result.data.slugs())


def test_harder_day_adds_sets_within_the_session_cap_and_time() -> None:
    profile = seed_profile()
    before = WEEK.days[Weekday.THURSDAY]
    result = harder_day(WEEK, Weekday.THURSDAY, profile, minutes=45, library=LIBRARY)
    assert isinstance(result.data, DayPlan)
    after = result.data
    assert sum(p.target_sets for p in after.exercises()) > sum(p.target_sets for p in before.exercises())
    assert max(direct_sets(after, LIBRARY).values()) <= 8
    assert validate_day(after, Weekday.THURSDAY, profile, library=LIBRARY, week=WEEK, minutes=45).ok


def test_harder_on_a_rest_day_is_refused() -> None:
    with pytest.raises(BadInput):
        harder_day(WEEK, Weekday.WEDNESDAY, seed_profile(), minutes=45, library=LIBRARY)
