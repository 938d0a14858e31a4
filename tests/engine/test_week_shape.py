"""Focus days, event tapers and bodyweight-only weeks: how the week looks, not only that it validates."""

from __future__ import annotations

import itertools
from datetime import timedelta

import pytest

from fitcoach.contract.models import Tier, Tier3Entry, Weekday, WeeklyPlan
from fitcoach.engine.bodyparts import BodyArea, loads_area
from fitcoach.engine.edits import move_days
from fitcoach.engine.generator import FocusGroup, ScheduleRequest, generate_week
from fitcoach.engine.profile import Constraint, ConstraintKind, Goal, GoalType, Profile, build_profile
from fitcoach.engine.rules import ALL_RULES, Severity
from fitcoach.engine.rules.base import is_heavy_compound
from fitcoach.engine.topup import matches_focus
from fitcoach.engine.validator import validate_week
from fitcoach.library import Gear, get_library
from fitcoach.library.gear import Inventory
from fitcoach.library.models import IndexGroup, MuscleGroup
from fitcoach.memory.model import MemoryItem
from tests.engine.helpers import GYM, MONDAY, NOW, fixture_week, seed_memory, seed_profile

LIBRARY = get_library()
W = Weekday


def assert_focus_day(plan: WeeklyPlan, weekday: Weekday, focus: list[FocusGroup]) -> None:
    entries = [LIBRARY.require(slug) for slug in plan.days[weekday].slugs()]
    assert entries, f"{weekday.display} should train"
    assert all(e.type == "core" or matches_focus(e, focus) for e in entries)
    for item in focus:
        assert any(matches_focus(e, [item]) for e in entries), f"{item} missing on {weekday.display}"


@pytest.mark.parametrize(
    ("profile", "days", "focus"),
    [
        (
            GYM,
            (W.MONDAY, W.WEDNESDAY, W.THURSDAY, W.SATURDAY, W.SUNDAY),
            [IndexGroup.BACK, IndexGroup.SHOULDERS],
        ),
        (seed_profile(), (W.TUESDAY, W.WEDNESDAY, W.THURSDAY), [IndexGroup.BACK, IndexGroup.SHOULDERS]),
        (
            seed_profile(),
            (W.MONDAY, W.THURSDAY, W.FRIDAY, W.SUNDAY),
            [MuscleGroup.SHOULDERS, MuscleGroup.CHEST],
        ),
        (GYM, (W.MONDAY, W.WEDNESDAY, W.SATURDAY), [IndexGroup.ARMS, IndexGroup.SHOULDERS]),
    ],
    ids=["gym-5day", "home-3day", "home-muscles", "gym-arms"],
)
def test_focus_day_holds_only_and_every_requested_group(
    profile: Profile, days: tuple[Weekday, ...], focus: list[FocusGroup]
) -> None:
    # The focus day is the last one: the weekly budget must be kept for it, not spent before it.
    request = ScheduleRequest(days=days, minutes=45, focus={days[-1]: focus})
    generated = generate_week(profile, request, library=LIBRARY, week_start=MONDAY)
    assert_focus_day(generated.plan, days[-1], focus)
    assert validate_week(generated.plan, profile, library=LIBRARY, minutes=45).ok


def test_top_up_never_trades_away_a_focus_days_last_work_for_a_group() -> None:
    # A chronic shoulder rules out presses, so one lateral raise (not the anchor) is Tuesday's shoulder
    # work; shoulders stay above target from Monday and Thursday, so the arms' top-up used to drop it.
    chronic = (Constraint(area=BodyArea.SHOULDER, kind=ConstraintKind.CHRONIC),)
    profile = Profile(
        inventory=Inventory(gear=frozenset({Gear.DUMBBELLS, Gear.BARBELL, Gear.BENCH})),
        goal=Goal(type=GoalType.STRENGTH),
        chronic=chronic,
    )
    focus: list[FocusGroup] = [IndexGroup.ARMS, IndexGroup.SHOULDERS]
    days = (W.MONDAY, W.TUESDAY, W.WEDNESDAY, W.THURSDAY, W.FRIDAY)
    request = ScheduleRequest(days=days, minutes=30, focus={W.TUESDAY: focus})
    generated = generate_week(profile, request, library=LIBRARY, week_start=MONDAY)
    assert_focus_day(generated.plan, W.TUESDAY, focus)
    assert not [note for note in generated.notes if note.startswith("Tuesday")]
    assert validate_week(generated.plan, profile, library=LIBRARY, minutes=30).ok


def test_move_days_with_focus_honours_it() -> None:
    focus: list[FocusGroup] = [IndexGroup.ARMS, IndexGroup.SHOULDERS]
    result = move_days(
        fixture_week("home_db_4day"),
        [W.MONDAY, W.WEDNESDAY, W.SATURDAY],
        seed_profile(),
        focus={W.SATURDAY: focus},
        library=get_library(),
    )
    assert_focus_day(result.data, W.SATURDAY, focus)  # type: ignore[arg-type]


def event(day_offset: int, areas: list[str]) -> MemoryItem:
    entry = Tier3Entry(
        event="Trail half marathon",
        fact="Running a trail half marathon on Friday",
        event_date=MONDAY + timedelta(days=day_offset),
        protected_areas=areas,
    )
    expires = NOW + timedelta(days=day_offset + 1)
    return MemoryItem(
        id="e1", tier=Tier.SITUATIONAL, entry=entry, created_at=NOW, updated_at=NOW, expires_at=expires
    )


def test_generator_tapers_for_an_active_event() -> None:
    profile = build_profile([*seed_memory(), event(4, ["quads", "knee"])], NOW)
    generated = generate_week(profile, ScheduleRequest(), library=LIBRARY, week_start=MONDAY)
    plan = generated.plan
    assert plan.days[W.FRIDAY].is_rest_day
    assert any("Friday" in note and "Trail half marathon" in note for note in generated.notes)
    for weekday in (W.WEDNESDAY, W.THURSDAY):
        for slug in plan.days[weekday].slugs():
            entry = LIBRARY.require(slug)
            assert not is_heavy_compound(entry)
            assert not loads_area(entry, BodyArea.QUADS) and not loads_area(entry, BodyArea.KNEE)
    report = validate_week(plan, profile, library=LIBRARY)
    assert report.ok and not [w for w in report.warnings if w.code == "event_taper"]


def test_event_taper_stays_a_warning() -> None:
    rule = next(r for r in ALL_RULES if r.code == "event_taper")
    assert rule.severity is Severity.WARNING
    profile = build_profile([*seed_memory(), event(4, ["quads"])], NOW)
    untapered = fixture_week("home_db_4day")  # trains Friday, the event day
    report = validate_week(untapered, profile, library=LIBRARY)
    assert report.ok and any(w.code == "event_taper" for w in report.warnings)


def test_expired_event_changes_nothing() -> None:
    later = NOW + timedelta(days=30)
    profile = build_profile([*seed_memory(), event(4, ["quads"])], later)
    plain = build_profile(seed_memory(), later)
    start = MONDAY + timedelta(days=28)
    first = generate_week(profile, ScheduleRequest(), library=LIBRARY, week_start=start).plan
    second = generate_week(plain, ScheduleRequest(), library=LIBRARY, week_start=start).plan
    assert first == second


def test_no_equipment_week_is_short_and_says_how_to_unlock_more() -> None:
    request = ScheduleRequest(days_per_week=5, minutes=60)
    generated = generate_week(Profile(), request, library=LIBRARY, week_start=MONDAY)
    plan = generated.plan
    days = plan.training_days()
    assert 2 <= len(days) <= 3
    assert all(b.position - a.position >= 2 for a, b in itertools.pairwise(days))
    assert all(plan.days[d].duration_minutes <= 25 for d in days)
    assert {s for d in days for s in plan.days[d].slugs()} <= {"push-up", "plank"}
    note = generated.notes[0]
    assert "bodyweight" in note and "equipment" in note
    for weekday in set(request.training_days(Profile())) - set(days):
        assert weekday.display in note  # the requested days it leaves off
    chest = sum(s.target_sets for d in days for s in plan.days[d].exercises() if s.exercise_id == "push-up")
    assert chest >= 10
