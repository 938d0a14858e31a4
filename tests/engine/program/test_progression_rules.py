"""Tables of the program's rules: double progression per gear and unit, caps, misses and failed sets,
bodyweight work, the block's calendar, the return ramp's steps, and the week's timing."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from fitcoach.contract.models import BlockPosition, Load, PlannedExercise, RampStep
from fitcoach.engine.profile import GoalType
from fitcoach.engine.program import DoneExercise, DoneSet, roll_due, rolled_forward, target_week_start
from fitcoach.engine.program.blocks import Signal, block_length, next_position, volume_step
from fitcoach.engine.program.loads import Outcome, rep_range
from fitcoach.engine.program.progress import progress
from fitcoach.engine.program.ramp import ramp_exercise
from fitcoach.engine.program.words import Words
from fitcoach.library import get_library
from fitcoach.library.gear import COMMERCIAL_GYM, Gear, Inventory
from tests.engine.program.simulate import seed_plan

LIBRARY = get_library()
HOME_50 = Inventory(gear=frozenset({Gear.DUMBBELLS, Gear.BENCH, Gear.INCLINE_BENCH}), dumbbell_max_lb=50)


def planned(slug: str, reps: str = "8-10", sets: int = 3, load: Load | None = None) -> PlannedExercise:
    return PlannedExercise(
        exercise_id=slug, target_sets=sets, target_reps=reps, rest_seconds=90, target_rir=2, target_load=load
    )


def done(slug: str, weight: float, reps: list[int], unit: str = "lb", rpe: float = 8.0) -> DoneExercise:
    return DoneExercise(slug, tuple(DoneSet(weight, r, unit, rpe) for r in reps))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("slug", "unit", "weight", "reps", "outcome", "expected", "sets"),
    [
        # dumbbells: the next pair, 5 lb / 2 kg
        ("incline-db-bench-press", "lb", 40, [10, 10, 10], Outcome.HIT, 45, 3),
        ("incline-db-bench-press", "kg", 18, [10, 10, 10], Outcome.HIT, 20, 3),
        # barbell: 2 × 2.5 lb or 2 × 1.25 kg
        ("flat-bb-bench-press", "lb", 135, [10, 10, 10], Outcome.HIT, 140, 3),
        ("flat-bb-bench-press", "kg", 60, [10, 10, 10], Outcome.HIT, 62.5, 3),
        # in the range: same load, reps to come
        ("incline-db-bench-press", "lb", 40, [10, 9, 8], Outcome.IN_RANGE, 40, 3),
        # too hard (RPE 10 at RIR 2 prescribed): not a hit
        ("incline-db-bench-press", "lb", 40, [10, 10, 10], Outcome.IN_RANGE, 40, 3),
        # a set below the range: one step down
        ("incline-db-bench-press", "lb", 40, [9, 7, 6], Outcome.FAILED, 35, 3),
        # fewer sets than prescribed at the top reps: not a hit
        ("incline-db-bench-press", "lb", 40, [10, 10], Outcome.IN_RANGE, 40, 3),
        # at the heaviest pair: a set, not a heavier load
        ("incline-db-bench-press", "lb", 50, [10, 10, 10], Outcome.HIT, 50, 4),
        # a cable stack: one plate
        ("seated-cable-row", "lb", 100, [10, 10, 10], Outcome.HIT, 105, 3),
        # two reps over on every set: two steps when they add at most 10 % (100 → 110), else one
        ("seated-cable-row", "lb", 100, [12, 12, 12], Outcome.HIT, 110, 3),
        ("incline-db-bench-press", "lb", 40, [12, 12, 12], Outcome.HIT, 45, 3),
    ],
)
def test_double_progression(
    slug: str, unit: str, weight: float, reps: list[int], outcome: Outcome, expected: float, sets: int
) -> None:
    entry = LIBRARY.get(slug)
    assert entry is not None
    rpe = 10.0 if reps == [10, 10, 10] and expected == 40 else 8.0
    result = progress(
        planned(slug),
        entry,
        done(slug, weight, reps, unit, rpe),
        last_load=None,
        inventory=HOME_50 if "db" in slug else Inventory(gear=COMMERCIAL_GYM),
        words=Words(),
    )
    assert result.outcome is outcome
    assert result.exercise.target_load == Load(value=expected, unit=unit)  # type: ignore[arg-type]
    assert result.exercise.target_sets == sets


def test_each_change_says_why_in_the_users_language() -> None:
    entry = LIBRARY.get("incline-db-bench-press")
    assert entry is not None
    hit = done("incline-db-bench-press", 40, [10, 10, 10])
    english = progress(planned(entry.slug), entry, hit, last_load=None, inventory=HOME_50, words=Words("en"))
    assert (
        english.change is not None
        and english.change.text == "Incline DB Bench Press 40 → 45 lb: 10 reps on every set"
    )
    french = progress(planned(entry.slug), entry, hit, last_load=None, inventory=HOME_50, words=Words("fr"))
    assert (
        french.change is not None and "40 → 45" in french.change.text and "répétitions" in french.change.text
    )
    chinese = progress(
        planned(entry.slug), entry, hit, last_load=None, inventory=HOME_50, words=Words("zh-Hant")
    )
    assert chinese.change is not None and "每組" in chinese.change.text


def test_a_missed_week_steps_down_from_the_last_target() -> None:
    entry = LIBRARY.get("incline-db-bench-press")
    assert entry is not None
    last = Load(value=45, unit="lb")
    result = progress(
        planned(entry.slug, load=last), entry, None, last_load=last, inventory=HOME_50, words=Words()
    )
    assert result.outcome is Outcome.MISSED
    assert result.exercise.target_load == Load(value=40, unit="lb")
    assert result.change is not None and result.change.text.endswith("not trained last week")


def test_loads_never_pass_the_heaviest_pair_even_after_the_gear_changed() -> None:
    entry = LIBRARY.get("incline-db-bench-press")
    assert entry is not None
    small = Inventory(gear=HOME_50.gear, dumbbell_max_lb=30)
    result = progress(
        planned(entry.slug),
        entry,
        done(entry.slug, 40, [9, 9, 9]),
        last_load=None,
        inventory=small,
        words=Words(),
    )
    assert result.exercise.target_load == Load(value=30, unit="lb")


def test_bodyweight_work_progresses_by_reps_without_a_load() -> None:
    entry = LIBRARY.get("push-up")
    assert entry is not None
    result = progress(
        planned("push-up", "10-15"),
        entry,
        done("push-up", 0, [15, 15, 15]),
        last_load=None,
        inventory=HOME_50,
        words=Words(),
    )
    assert result.exercise.target_reps == "12-17" and result.exercise.target_load is None


def test_rep_ranges() -> None:
    assert rep_range("8-10") == (8, 10) and rep_range("12") == (12, 12)
    assert rep_range("45s") is None and rep_range("AMRAP") is None


@pytest.mark.parametrize(
    ("goal", "weeks", "length"),
    [
        (GoalType.HYPERTROPHY, 0, 6),
        (GoalType.HYPERTROPHY, 40, 5),
        (GoalType.STRENGTH, 40, 4),
        (GoalType.STRENGTH, 3, 5),
    ],
)
def test_block_length_by_experience_and_goal(goal: GoalType, weeks: int, length: int) -> None:
    assert block_length(goal, weeks) == length


def test_the_block_ends_in_a_deload_then_a_new_block_begins() -> None:
    position = next_position(None, 5)
    seen = [position]
    for _ in range(5):
        position = next_position(position, 5)
        seen.append(position)
    assert [(p.number, p.week, p.deload) for p in seen] == [
        (1, 2, False),
        (1, 3, False),
        (1, 4, False),
        (1, 5, True),
        (2, 1, False),
        (2, 2, False),
    ]


@pytest.mark.parametrize(
    ("current", "signals", "delta"),
    [
        (12, [], 2),
        (19, [], 1),
        (20, [], 0),
        (14, [Signal.SORENESS], 0),
        (14, [Signal.FAILED, Signal.DRIFT], -2),
        (11, [Signal.FAILED, Signal.SORENESS], -1),
    ],
)
def test_volume_moves_with_recovery_signals(current: int, signals: list[Signal], delta: int) -> None:
    assert volume_step(current, signals).delta == delta


def test_ramp_steps_come_back_to_the_previous_load() -> None:
    base = planned("incline-db-bench-press", sets=4)
    previous = Load(value=50, unit="lb")
    loads = []
    for step in (1, 2, 3):
        ramped = ramp_exercise(
            base,
            RampStep(
                exercise_id=base.exercise_id,
                step=step,
                steps=3,
                previous_load=previous,
                target_sets=4,
                target_rir=2,
            ),
            load_step=5,
        )
        assert ramped.target_load is not None
        loads.append(ramped.target_load.value)
        assert ramped.target_rir == (3 if step < 3 else 2)
        assert ramped.target_sets == (3 if step == 1 else 4)
    assert loads == [35, 40, 50]


def test_the_week_is_due_after_its_last_session_and_shown_rolled_forward() -> None:
    plan = seed_plan()  # Monday 2026-09-14, last session Friday
    assert not roll_due(plan, datetime(2026, 9, 18, 10, tzinfo=UTC))
    assert roll_due(plan, datetime(2026, 9, 19, 10, tzinfo=UTC))
    friday = plan.days[plan.training_days()[-1]].model_copy(update={"status": "completed"})
    done_early = plan.model_copy(update={"days": {**plan.days, plan.training_days()[-1]: friday}})
    assert roll_due(done_early, datetime(2026, 9, 18, 20, tzinfo=UTC))
    assert target_week_start(plan, datetime(2026, 9, 19, tzinfo=UTC)) == date(2026, 9, 21)
    # three weeks later, mid-week: this week; after this week's last planned day: next week
    assert target_week_start(plan, datetime(2026, 10, 6, tzinfo=UTC)) == date(2026, 10, 5)
    assert target_week_start(plan, datetime(2026, 10, 10, tzinfo=UTC)) == date(2026, 10, 12)
    shown = rolled_forward(done_early, date(2026, 10, 5))
    assert shown.days[plan.training_days()[-1]].date == date(2026, 10, 9)
    assert all(day.status == "scheduled" for day in shown.days.values())


def test_block_position_in_the_contract_is_bounded() -> None:
    with pytest.raises(ValueError):
        BlockPosition(number=1, week=9, length=5)


@pytest.mark.parametrize(
    ("lang", "area", "group"),
    [
        ("en", "shoulder", "chest"),
        ("fr", "épaule", "pectoraux"),
        ("pt", "ombro", "peito"),
        ("ru", "плечо", "грудь"),
        ("zh-Hant", "肩膀", "胸部"),
    ],
)
def test_areas_and_groups_are_named_in_the_users_language(lang: str, area: str, group: str) -> None:
    words = Words(lang)
    assert words.area("shoulder") == area and words.group("Chest") == group
    assert words.area("lower_back") != "lower_back"
