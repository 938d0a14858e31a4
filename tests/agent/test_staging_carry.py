"""A coach's day keeps the program's prescriptions (issue 18, `agent/staging.carry_loads`): the
`target_load` and the `tempo` the program wrote come back on the coach's exercises, which models never
give either; that day's exercise is the source before any other day's, and both fields come from it."""

from __future__ import annotations

from pathlib import Path

from fitcoach.agent.staging import StagedChange, apply_change, carry_loads
from fitcoach.contract.models import DayPlan, Load, PlannedExercise, ProposalType, Weekday, WeeklyPlan

FIXTURE = Path(__file__).parents[1] / "data" / "fixtures" / "home_db_4day.json"


def prescribe(plan: WeeklyPlan, day: Weekday, exercise_id: str, **fields: object) -> WeeklyPlan:
    """`plan` with `fields` set on `exercise_id` in `day` (as the program writes them)."""
    blocks = [
        block.model_copy(
            update={
                "exercises": [
                    ex.model_copy(update=fields) if ex.exercise_id == exercise_id else ex
                    for ex in block.exercises
                ]
            }
        )
        for block in plan.days[day].blocks
    ]
    return plan.model_copy(
        update={"days": {**plan.days, day: plan.days[day].model_copy(update={"blocks": blocks})}}
    )


def as_a_model_writes_it(day: DayPlan, extra: tuple[PlannedExercise, ...] = ()) -> DayPlan:
    """The day without loads or tempo (models never write them), with `extra` added to its last block."""
    blocks = [
        block.model_copy(
            update={
                "exercises": [
                    ex.model_copy(update={"target_load": None, "tempo": None}) for ex in block.exercises
                ]
            }
        )
        for block in day.blocks
    ]
    last = blocks[-1]
    blocks[-1] = last.model_copy(update={"exercises": [*last.exercises, *extra][:4]})
    return day.model_copy(update={"blocks": blocks})


def by_id(day: DayPlan) -> dict[str, PlannedExercise]:
    return {ex.exercise_id: ex for ex in day.exercises()}


def program_week() -> WeeklyPlan:
    plan = WeeklyPlan.model_validate_json(FIXTURE.read_text())
    plan = prescribe(
        plan, Weekday.MONDAY, "incline-db-bench-press", target_load=Load(value=40, unit="lb"), tempo="3-1-1"
    )
    plan = prescribe(plan, Weekday.FRIDAY, "incline-db-bench-press", target_load=Load(value=45, unit="lb"))
    plan = prescribe(plan, Weekday.TUESDAY, "goblet-squat", target_load=Load(value=50, unit="lb"))
    plan = prescribe(plan, Weekday.TUESDAY, "plank", tempo="2-0-2")
    return prescribe(plan, Weekday.FRIDAY, "db-walking-lunge", tempo="3-1-1")


def test_the_days_own_load_and_tempo_come_back() -> None:
    current = program_week()
    coach = as_a_model_writes_it(current.days[Weekday.TUESDAY])
    carried = by_id(carry_loads(coach, current, Weekday.TUESDAY))
    assert carried["goblet-squat"].target_load == Load(value=50, unit="lb")
    assert carried["goblet-squat"].tempo is None
    assert carried["plank"].tempo == "2-0-2"
    assert (
        carried["bulgarian-split-squat"].tempo is None
        and carried["bulgarian-split-squat"].target_load is None
    )


def test_an_exercise_from_another_day_brings_that_days_tempo() -> None:
    current = program_week()
    lunge = next(
        ex for ex in current.days[Weekday.FRIDAY].exercises() if ex.exercise_id == "db-walking-lunge"
    )
    coach = as_a_model_writes_it(current.days[Weekday.THURSDAY], (lunge.model_copy(update={"tempo": None}),))
    carried = by_id(carry_loads(coach, current, Weekday.THURSDAY))
    assert carried["db-walking-lunge"].tempo == "3-1-1"


def test_load_and_tempo_come_from_the_same_days_exercise() -> None:
    """Monday's incline press has a tempo, Friday's a heavier load and none: Friday's coach day takes
    Friday's prescription whole, not Monday's tempo on top of it."""
    current = program_week()
    friday = by_id(carry_loads(as_a_model_writes_it(current.days[Weekday.FRIDAY]), current, Weekday.FRIDAY))
    assert friday["incline-db-bench-press"].target_load == Load(value=45, unit="lb")
    assert friday["incline-db-bench-press"].tempo is None
    monday = by_id(carry_loads(as_a_model_writes_it(current.days[Weekday.MONDAY]), current, Weekday.MONDAY))
    assert monday["incline-db-bench-press"].target_load == Load(value=40, unit="lb")
    assert monday["incline-db-bench-press"].tempo == "3-1-1"


def test_a_tempo_on_the_coachs_day_is_kept() -> None:
    current = program_week()
    coach = as_a_model_writes_it(current.days[Weekday.TUESDAY])
    coach = prescribe(
        current.model_copy(update={"days": {**current.days, Weekday.TUESDAY: coach}}),
        Weekday.TUESDAY,
        "plank",
        tempo="1-1-1",
    ).days[Weekday.TUESDAY]
    assert by_id(carry_loads(coach, current, Weekday.TUESDAY))["plank"].tempo == "1-1-1"


def test_an_accepted_day_change_keeps_the_tempo() -> None:
    current = program_week()
    change = StagedChange(
        type=ProposalType.UPDATE_DAY,
        target_day=Weekday.TUESDAY,
        data=as_a_model_writes_it(current.days[Weekday.TUESDAY]),
        base_version=1,
    )
    after = apply_change(change, current)
    assert by_id(after.days[Weekday.TUESDAY])["plank"].tempo == "2-0-2"
    assert by_id(after.days[Weekday.TUESDAY])["goblet-squat"].target_load == Load(value=50, unit="lb")
