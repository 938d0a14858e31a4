"""Property tests over random profiles: generated weeks are valid, and edits keep a valid plan valid."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fitcoach.contract.models import WEEKDAYS, Weekday
from fitcoach.engine.bodyparts import BodyArea
from fitcoach.engine.edits import compress_day, repair_day, swap_exercise
from fitcoach.engine.estimators import day_minutes
from fitcoach.engine.generator import ScheduleRequest, generate_week
from fitcoach.engine.profile import Constraint, ConstraintKind, Goal, GoalType, Profile, ProfileSchedule
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.errors import BadInput
from fitcoach.library import Gear, get_library
from fitcoach.library.gear import Inventory
from fitcoach.library.models import MuscleGroup
from tests.engine.helpers import MONDAY, day, ex

LIBRARY = get_library()


def budget(examples: int) -> settings:
    """A few seconds per property; the four together run well over 1,000 examples in CI."""
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])


inventories = st.builds(
    Inventory,
    gear=st.frozensets(st.sampled_from(list(Gear))),
    dumbbell_max_lb=st.none() | st.sampled_from([20.0, 50.0, 90.0]),
    unavailable=st.frozensets(st.sampled_from([Gear.BENCH, Gear.CABLE_MACHINE, Gear.BARBELL]), max_size=1),
    known=st.booleans(),
)
constraints = st.builds(
    Constraint, area=st.sampled_from(list(BodyArea)), kind=st.sampled_from(list(ConstraintKind))
)
profiles = st.builds(
    Profile,
    inventory=inventories,
    goal=st.builds(
        Goal,
        type=st.sampled_from(list(GoalType)),
        priority=st.lists(st.sampled_from(list(MuscleGroup)), max_size=2, unique=True).map(tuple),
    ),
    schedule=st.just(ProfileSchedule()),
    chronic=st.lists(constraints, max_size=2).map(tuple),
    acute=st.lists(constraints, max_size=1).map(tuple),
)
requests = st.builds(
    ScheduleRequest,
    days=st.none() | st.lists(st.sampled_from(WEEKDAYS), min_size=2, max_size=6, unique=True).map(tuple),
    days_per_week=st.integers(min_value=2, max_value=6),
    minutes=st.integers(min_value=20, max_value=90),
)


@budget(400)
@given(profile=profiles, request=requests)
def test_generated_week_is_valid(profile: Profile, request: ScheduleRequest) -> None:
    generated = generate_week(profile, request, library=LIBRARY, week_start=MONDAY)
    plan = generated.plan
    assert request.minutes is not None
    wanted = request.training_days(profile)
    assert set(plan.training_days()) <= set(wanted)
    for weekday in set(wanted) - set(plan.training_days()):
        assert any(weekday.display in note for note in generated.notes)
    assert validate_week(plan, profile, library=LIBRARY, minutes=request.minutes).errors == []
    allowed = profile.inventory.expanded()
    for weekday in WEEKDAYS:
        current = plan.days[weekday]
        if current.is_rest_day:
            assert current.blocks == [] and current.duration_minutes == 0
            continue
        assert math.ceil(day_minutes(current, LIBRARY)) <= request.minutes
        assert current.duration_minutes <= request.minutes
        for slug in current.slugs():
            entry = LIBRARY.require(slug)
            assert entry.gear.satisfied_by(allowed)
            assert profile.contraindication(entry) is None


@budget(300)
@given(
    profile=profiles,
    minutes=st.integers(min_value=30, max_value=90),
    cut=st.integers(min_value=5, max_value=25),
)
def test_compress_keeps_validity(profile: Profile, minutes: int, cut: int) -> None:
    plan = generate_week(
        profile, ScheduleRequest(days_per_week=3, minutes=minutes), library=LIBRARY, week_start=MONDAY
    ).plan
    for weekday in plan.training_days():
        try:
            result = compress_day(plan.days[weekday], minutes - cut, profile, weekday=weekday)
        except BadInput:
            continue
        assert validate_day(result.data, weekday, profile, minutes=minutes - cut).ok  # type: ignore[arg-type]


@budget(300)
@given(profile=profiles, pick=st.integers(min_value=0, max_value=50), taken=st.sampled_from(list(Gear)))
def test_swap_keeps_validity(profile: Profile, pick: int, taken: Gear) -> None:
    plan = generate_week(
        profile, ScheduleRequest(days_per_week=4, minutes=60), library=LIBRARY, week_start=MONDAY
    ).plan
    weekday = plan.training_days()[0] if plan.training_days() else None
    if weekday is None:
        return
    slugs = plan.days[weekday].slugs()
    try:
        result = swap_exercise(
            plan.days[weekday], slugs[pick % len(slugs)], profile, unavailable_gear={taken}, weekday=weekday
        )
    except BadInput:
        return
    narrowed = Profile(
        profile.inventory.model_copy(update={"unavailable": profile.inventory.unavailable | {taken}}),
        profile.goal,
        profile.schedule,
        profile.chronic,
        profile.acute,
    )
    assert validate_day(result.data, weekday, narrowed).ok  # type: ignore[arg-type]


@budget(200)
@given(
    profile=profiles,
    slugs=st.lists(st.sampled_from([*LIBRARY.slugs, "made-up-move"]), min_size=1, max_size=6),
    sets=st.integers(min_value=1, max_value=8),
    paired=st.booleans(),
)
def test_repair_returns_valid_or_raises(profile: Profile, slugs: list[str], sets: int, paired: bool) -> None:
    planned = [ex(slug, sets=sets) for slug in dict.fromkeys(slugs)]
    broken = day(*([planned[:2], *[[p] for p in planned[2:]]] if paired else [[p] for p in planned]))
    try:
        fixed, _ = repair_day(broken, Weekday.WEDNESDAY, profile, minutes=60)
    except BadInput:
        return
    assert validate_day(fixed, Weekday.WEDNESDAY, profile, minutes=60).ok


@budget(100)
@given(
    profile=profiles,
    area=st.sampled_from(list(BodyArea)),
    targets=st.lists(st.sampled_from(WEEKDAYS), min_size=2, max_size=5, unique=True),
    event=st.integers(min_value=0, max_value=6),
)
def test_week_edits_keep_validity(
    profile: Profile, area: BodyArea, targets: list[Weekday], event: int
) -> None:
    from fitcoach.engine.edits import avoid_area, move_days, taper_for_event

    plan = generate_week(
        profile, ScheduleRequest(days_per_week=4, minutes=60), library=LIBRARY, week_start=MONDAY
    ).plan
    moved = move_days(plan, targets, profile, minutes=60).data
    assert validate_week(moved, profile, minutes=60).ok  # type: ignore[arg-type]
    # A target day may stay rest only when nothing safe fits (the generator says so in its notes).
    assert set(moved.training_days()) <= set(targets)  # type: ignore[union-attr]
    tapered = taper_for_event(plan, WEEKDAYS[event], [area.value], profile).data
    assert validate_week(tapered, profile).ok  # type: ignore[arg-type]
    assert tapered.days[WEEKDAYS[event]].is_rest_day  # type: ignore[union-attr]
    for weekday in plan.training_days():
        try:
            spared = avoid_area(plan.days[weekday], area, profile, weekday=weekday).data
        except BadInput:
            continue
        assert validate_day(spared, weekday, profile).ok  # type: ignore[arg-type]
