"""R18's "modify" path: the registry, the validator's check, and the generator and edits using it."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fitcoach.contract.models import PlannedExercise, Weekday
from fitcoach.engine.alternatives import rank_alternatives
from fitcoach.engine.bodyparts import BodyArea, is_severe, loads_area
from fitcoach.engine.edits import avoid_area, swap_exercise
from fitcoach.engine.generator import ScheduleRequest, generate_week
from fitcoach.engine.modifications import (
    BY_ID,
    MODIFICATIONS,
    adapt,
    carries,
    fallback_exercises,
    modification_for,
)
from fitcoach.engine.profile import Constraint, ConstraintKind, Profile, build_profile
from fitcoach.engine.repair import RepairKind, repair_day
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.errors import BadInput
from fitcoach.library import Gear, get_library
from fitcoach.library.gear import COMMERCIAL_GYM, Inventory
from tests.engine.helpers import MONDAY, NOW, day, ex, staple

LIBRARY = get_library()
MON = Weekday.MONDAY
CHRONIC = ConstraintKind.CHRONIC


def _profile(gear: set[Gear], *constraints: Constraint) -> Profile:
    chronic = tuple(c for c in constraints if c.kind is CHRONIC)
    acute = tuple(c for c in constraints if c.kind is not CHRONIC)
    return Profile(inventory=Inventory(gear=frozenset(gear), known=True), chronic=chronic, acute=acute)


WRIST = Constraint(BodyArea.WRIST, CHRONIC)
BAR_WRIST = _profile({Gear.PULL_UP_BAR}, WRIST)
GYM_WRIST = _profile(set(COMMERCIAL_GYM), WRIST)


def _modified(slug: str, modification: str | None, rir: int | None = 3) -> PlannedExercise:
    return ex(slug, rir=rir).model_copy(update={"modification": modification})


RULE_CASES: list[tuple[str, PlannedExercise, Profile, bool]] = [
    ("push-up, chronic wrist, no modification", ex("push-up", rir=2), BAR_WRIST, False),
    ("push-up on fists at RIR 3", _modified("push-up", "wrist-neutral-push-up"), BAR_WRIST, True),
    ("modified but pushed to RIR 2", _modified("push-up", "wrist-neutral-push-up", 2), BAR_WRIST, False),
    ("modified without a target RIR", _modified("push-up", "wrist-neutral-push-up", None), BAR_WRIST, False),
    ("another exercise's modification", _modified("push-up", "forearm-plank"), BAR_WRIST, False),
    ("unknown modification id", _modified("push-up", "be-careful"), BAR_WRIST, False),
    ("modified is fine in a gym too", _modified("push-up", "wrist-neutral-push-up"), GYM_WRIST, True),
    (
        "acute wrist strain: no modification helps",
        _modified("push-up", "wrist-neutral-push-up"),
        _profile({Gear.PULL_UP_BAR}, WRIST, Constraint(BodyArea.WRIST, ConstraintKind.MINOR_STRAIN)),
        False,
    ),
    (
        "severe chronic wrist pain",
        _modified("push-up", "wrist-neutral-push-up"),
        _profile({Gear.PULL_UP_BAR}, Constraint(BodyArea.WRIST, CHRONIC, severe=True)),
        False,
    ),
    (
        "strapped pull-up for wrist and forearms together",
        _modified("pull-up", "strapped-grip"),
        _profile({Gear.PULL_UP_BAR}, WRIST, Constraint(BodyArea.FOREARMS, CHRONIC)),
        True,
    ),
    (
        "a second area the modification does not answer",
        _modified("push-up", "wrist-neutral-push-up"),
        _profile({Gear.PULL_UP_BAR}, WRIST, Constraint(BodyArea.CHEST, CHRONIC)),
        False,
    ),
    (
        "box squat for a chronic knee",
        _modified("goblet-squat", "box-squat-depth"),
        _profile({Gear.DUMBBELLS}, Constraint(BodyArea.KNEE, CHRONIC)),
        True,
    ),
    (
        "lower back: unsupported spinal loading is never modified (R18's own example)",
        _modified("barbell-bent-over-row", "supported-row"),
        _profile(set(COMMERCIAL_GYM), Constraint(BodyArea.LOWER_BACK, CHRONIC)),
        False,
    ),
]


@pytest.mark.parametrize(("name", "planned", "profile", "ok"), RULE_CASES, ids=[c[0] for c in RULE_CASES])
def test_r18_accepts_a_modified_exercise_only_when_the_modification_is_in_the_plan(
    name: str, planned: PlannedExercise, profile: Profile, ok: bool
) -> None:
    report = validate_day(day([planned]), MON, profile, library=get_library())
    assert ("contraindicated" not in report.codes()) is ok, name


def test_the_registry_only_modifies_exercises_its_areas_exclude() -> None:
    for modification in MODIFICATIONS:
        assert BY_ID[modification.id] is modification
        for slug in modification.slugs:
            entry = LIBRARY.require(slug)
            assert any(loads_area(entry, area) for area in modification.areas), (modification.id, slug)
            assert modification.cue and modification.min_rir == 3


@pytest.mark.parametrize(
    ("text", "severe"),
    [
        ("Wrists get sore on push ups sometimes (had a fracture years ago)", False),
        ("Severe wrist pain since my surgery", True),
        ("J'ai des douleurs chroniques aux poignets", False),
        ("Poignet opéré en mars", True),
        ("Запястья часто болят, старый перелом", False),
        ("Сильная боль в колене после разрыва мениска", True),
        ("Dor forte no ombro, cirurgia marcada", True),
        ("手腕舊傷常常會痛", False),
        ("膝蓋手術後還會劇痛", True),
    ],
)
def test_severe_wording_is_recognised_in_every_language(text: str, severe: bool) -> None:
    assert is_severe(text) is severe


def test_build_profile_marks_severe_chronic_conditions() -> None:
    mild = build_profile([staple("chronic_condition", "Old wrist fracture, sore on push-ups")], NOW)
    severe = build_profile([staple("chronic_condition", "Torn wrist ligament, surgery pending")], NOW)
    assert [c.severe for c in mild.chronic] == [False]
    assert [c.severe for c in severe.chronic] == [True]


def test_bodyweight_and_bar_with_a_wrist_gets_a_modified_week() -> None:
    week = generate_week(
        BAR_WRIST, ScheduleRequest(days_per_week=2, minutes=30), library=LIBRARY, week_start=MONDAY
    ).plan
    assert len(week.training_days()) == 2
    assert validate_week(week, BAR_WRIST, minutes=30, library=get_library()).ok
    for weekday in week.training_days():
        current = week.days[weekday]
        for planned in current.exercises():
            modification = modification_for(LIBRARY.require(planned.exercise_id), BAR_WRIST)
            assert modification is not None and carries(planned, modification)
            assert modification.cue in (current.coach_note or "")


def test_exclusion_wins_when_something_unmodified_trains_the_group() -> None:
    week = generate_week(
        GYM_WRIST, ScheduleRequest(days_per_week=3, minutes=60), library=LIBRARY, week_start=MONDAY
    ).plan
    assert all(p.modification is None for d in week.days.values() for p in d.exercises())
    assert fallback_exercises(GYM_WRIST, LIBRARY, [LIBRARY.require("flat-db-bench-press")]) != []
    assert "push-up" not in {e.slug for e in fallback_exercises(GYM_WRIST, LIBRARY, list(LIBRARY))}


def test_repair_modifies_an_unmodified_exercise_only_when_nothing_can_replace_it() -> None:
    lone = day([ex("push-up", rir=2)])
    repaired, repairs = repair_day(lone, MON, BAR_WRIST, library=get_library())
    assert repaired.exercises()[0].modification == "wrist-neutral-push-up"
    assert repaired.exercises()[0].target_rir == 3
    assert [r.kind for r in repairs] == [RepairKind.MODIFIED]
    in_gym, repairs = repair_day(lone, MON, GYM_WRIST, library=get_library())
    assert in_gym.slugs() != ["push-up"] and in_gym.exercises()[0].modification is None
    assert RepairKind.SUBSTITUTED in [r.kind for r in repairs]


def test_repair_raises_the_effort_floor_of_an_intended_modification() -> None:
    repaired, repairs = repair_day(
        day([_modified("push-up", "wrist-neutral-push-up", 1)]), MON, BAR_WRIST, library=get_library()
    )
    assert repaired.exercises()[0].target_rir == 3
    assert validate_day(repaired, MON, BAR_WRIST, library=get_library()).ok and repairs


def test_adapt_strips_a_modification_nothing_calls_for() -> None:
    stale = _modified("flat-db-bench-press", "wrist-neutral-push-up", 2)
    assert adapt(stale, LIBRARY.require("flat-db-bench-press"), GYM_WRIST).modification is None


def test_rank_alternatives_falls_back_to_the_same_group_with_a_lower_rank() -> None:
    dumbbells = _profile({Gear.DUMBBELLS})
    assert [e.slug for e in rank_alternatives("db-lateral-raise", dumbbells, library=get_library())] == [
        "rear-delt-db-flye"
    ]
    with_bench = [
        e.slug
        for e in rank_alternatives(
            "db-lateral-raise", _profile({Gear.DUMBBELLS, Gear.BENCH}), library=get_library()
        )
    ]
    assert with_bench[0] == "rear-delt-db-flye" and "seated-db-shoulder-press" in with_bench
    # a same-pattern alternative exists: the same-group fallback does not dilute the list
    gym = [
        e.slug
        for e in rank_alternatives("db-lateral-raise", _profile(set(COMMERCIAL_GYM)), library=get_library())
    ]
    assert gym[0] == "cable-lateral-raise" and "rear-delt-db-flye" not in gym


def test_swap_lateral_raise_on_home_dumbbells() -> None:
    dumbbells = _profile({Gear.DUMBBELLS})
    result = swap_exercise(
        day([ex("goblet-squat")], [ex("db-lateral-raise")]),
        "db-lateral-raise",
        dumbbells,
        weekday=MON,
        library=get_library(),
    )
    assert "rear-delt-db-flye" in result.data.slugs()  # type: ignore[union-attr]
    assert result.summary_diff.startswith("Swapped DB Lateral Raise ➔ Rear Delt DB Flye")


def test_swap_reaches_for_a_modified_exercise_last() -> None:
    plank = _modified("plank", "forearm-plank")
    result = swap_exercise(day([plank]), "plank", BAR_WRIST, weekday=MON, library=get_library())
    swapped = result.data.exercises()  # type: ignore[union-attr]
    assert [(p.exercise_id, p.modification) for p in swapped] == [("hanging-leg-raise", "strapped-hang")]
    assert validate_day(result.data, MON, BAR_WRIST, library=get_library()).ok  # type: ignore[arg-type]


def test_avoid_area_keeps_chronic_modifications_and_excludes_the_acute_area() -> None:
    today = day([_modified("pull-up", "strapped-grip")], [_modified("push-up", "wrist-neutral-push-up")])
    spared = avoid_area(today, "chest", BAR_WRIST, weekday=MON, library=get_library()).data
    assert [(p.exercise_id, p.modification) for p in spared.exercises()] == [("pull-up", "strapped-grip")]  # type: ignore[union-attr]
    with pytest.raises(BadInput):  # acute wrist pain on top: nothing modified is acceptable any more
        avoid_area(today, "wrist", BAR_WRIST, weekday=MON, library=get_library())


SCARCE_GEAR = [Gear.PULL_UP_BAR, Gear.DUMBBELLS, Gear.BENCH, Gear.INCLINE_BENCH, Gear.CABLE_MACHINE]
MODIFIABLE_AREAS = sorted({area for m in MODIFICATIONS for area in m.areas})


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    gear=st.frozensets(st.sampled_from(SCARCE_GEAR), max_size=2),
    areas=st.lists(st.sampled_from(MODIFIABLE_AREAS), min_size=1, max_size=2, unique=True),
    days=st.integers(min_value=2, max_value=5),
    minutes=st.integers(min_value=25, max_value=75),
    sore=st.sampled_from(list(BodyArea)),
)
def test_chronic_conditions_with_scarce_gear_give_valid_modified_weeks(
    gear: frozenset[Gear], areas: list[BodyArea], days: int, minutes: int, sore: BodyArea
) -> None:
    profile = _profile(set(gear), *(Constraint(area, CHRONIC) for area in areas))
    week = generate_week(
        profile, ScheduleRequest(days_per_week=days, minutes=minutes), library=LIBRARY, week_start=MONDAY
    ).plan
    assert validate_week(week, profile, minutes=minutes, library=get_library()).errors == []
    for weekday in week.training_days():
        current = week.days[weekday]
        for planned in current.exercises():
            entry = LIBRARY.require(planned.exercise_id)
            if profile.contraindication(entry) is None:
                assert planned.modification is None
                continue
            modification = modification_for(entry, profile)
            assert modification is not None and carries(planned, modification)
        # edits keep validity (swap's time budget is the profile's, as in test_properties)
        for planned in current.exercises():
            try:
                swapped = swap_exercise(
                    current, planned.exercise_id, profile, weekday=weekday, library=get_library()
                ).data
            except BadInput:
                continue
            assert validate_day(swapped, weekday, profile, library=get_library()).ok  # type: ignore[arg-type]
        try:
            spared = avoid_area(current, sore, profile, weekday=weekday, library=get_library()).data
        except BadInput:
            continue
        assert validate_day(
            spared,
            weekday,
            profile.with_acute(Constraint(sore, ConstraintKind.MINOR_STRAIN)),
            library=get_library(),
        ).ok  # type: ignore[arg-type]
