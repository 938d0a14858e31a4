"""Property tests for R14/R15 with an oracle of their own (not the validator): generated weeks, week
edits and day edits checked against their week never load a group heavily on consecutive days."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from functools import partial

from hypothesis import given
from hypothesis import strategies as st

from fitcoach.contract.models import WEEKDAYS, DayPlan, Weekday, WeeklyPlan
from fitcoach.engine.bodyparts import BodyArea
from fitcoach.engine.edits import EditResult, avoid_area, compress_day, move_days, swap_exercise
from fitcoach.engine.generator import ScheduleRequest, generate_week
from fitcoach.engine.profile import Profile
from fitcoach.engine.rules.base import is_lower_back_dominant, needs_48h
from fitcoach.errors import BadInput
from fitcoach.library import Gear, get_library
from fitcoach.library.models import MuscleGroup
from tests.engine.helpers import MONDAY
from tests.engine.test_properties import LIBRARY, budget, profiles

# Weekends and back-to-back days are where R14 bites: draw the days, do not let the defaults spread them.
day_sets = st.lists(st.sampled_from(WEEKDAYS), min_size=2, max_size=6, unique=True).map(tuple)


def clashes(plan: WeeklyPlan) -> list[str]:
    """Every pair of consecutive days sharing a heavily loaded group, or both with spinal work."""
    found: list[str] = []
    for first, second in itertools.pairwise(WEEKDAYS):
        days = plan.days[first], plan.days[second]
        if any(d.is_rest_day for d in days):
            continue
        entries = [[LIBRARY.require(s) for s in d.slugs()] for d in days]
        heavy: list[set[MuscleGroup]] = [
            {g for e in es if needs_48h(e) for g in e.primary_groups} for es in entries
        ]
        if heavy[0] & heavy[1]:
            found.append(f"{first.value}/{second.value}: {sorted(g.value for g in heavy[0] & heavy[1])}")
        if all(any(is_lower_back_dominant(e) for e in es) for es in entries):
            found.append(f"{first.value}/{second.value}: lower back")
    return found


def with_day(plan: WeeklyPlan, weekday: Weekday, day: DayPlan) -> WeeklyPlan:
    return plan.model_copy(update={"days": {**plan.days, weekday: day}})


@budget(300)
@given(profile=profiles, days=day_sets, minutes=st.integers(min_value=20, max_value=90))
def test_generated_weeks_keep_48_hours(profile: Profile, days: tuple[Weekday, ...], minutes: int) -> None:
    request = ScheduleRequest(days=days, minutes=minutes)
    plan = generate_week(profile, request, library=LIBRARY, week_start=MONDAY).plan
    assert clashes(plan) == []


@budget(150)
@given(profile=profiles, days=day_sets, targets=day_sets)
def test_moved_weeks_keep_48_hours(
    profile: Profile, days: tuple[Weekday, ...], targets: tuple[Weekday, ...]
) -> None:
    plan = generate_week(
        profile, ScheduleRequest(days=days, minutes=60), library=LIBRARY, week_start=MONDAY
    ).plan
    moved = move_days(plan, list(targets), profile, minutes=60, library=get_library()).data
    assert isinstance(moved, WeeklyPlan)
    assert clashes(moved) == []


def day_edits(
    plan: WeeklyPlan, weekday: Weekday, profile: Profile, pick: int, taken: Gear, area: BodyArea, cut: int
) -> Iterator[DayPlan]:
    """A gym-floor swap, a shorter day and a spared area for `weekday`, each checked against `plan`."""
    current = plan.days[weekday]
    slug = current.slugs()[pick % len(current.slugs())]
    attempts: list[Callable[[], object]] = [
        partial(
            swap_exercise,
            current,
            slug,
            profile,
            unavailable_gear={taken},
            weekday=weekday,
            week=plan,
            library=get_library(),
        ),
        partial(compress_day, current, 60 - cut, profile, weekday=weekday, week=plan, library=get_library()),
        partial(avoid_area, current, area, profile, weekday=weekday, week=plan, library=get_library()),
    ]
    for attempt in attempts:
        try:
            result = attempt()
        except BadInput:
            continue
        assert isinstance(result, EditResult) and isinstance(result.data, DayPlan)
        yield result.data


@budget(200)
@given(
    profile=profiles,
    days=day_sets,
    pick=st.integers(min_value=0, max_value=50),
    taken=st.sampled_from(list(Gear)),
    area=st.sampled_from(list(BodyArea)),
    cut=st.integers(min_value=5, max_value=25),
)
def test_day_edits_keep_48_hours_against_their_week(
    profile: Profile, days: tuple[Weekday, ...], pick: int, taken: Gear, area: BodyArea, cut: int
) -> None:
    """A swap, a shorter day or a spared area staged for one day must not clash with the days beside it."""
    plan = generate_week(
        profile, ScheduleRequest(days=days, minutes=60), library=LIBRARY, week_start=MONDAY
    ).plan
    for weekday in plan.training_days():
        for edited in day_edits(plan, weekday, profile, pick, taken, area, cut):
            assert clashes(with_day(plan, weekday, edited)) == []
