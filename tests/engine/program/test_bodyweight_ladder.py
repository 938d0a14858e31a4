"""Bodyweight work past its reps and sets (issue 18 item 2, "by reps and variants"): a slower tempo, a
dumbbell held where the movement can hold one, a harder library exercise; and months of a simulated
lifter with a bodyweight exercise, a timed hold and the dumbbell pairs they own."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fitcoach.contract.models import Load, PlannedExercise, WeeklyPlan
from fitcoach.engine.bodyparts import loads_area
from fitcoach.engine.profile import Goal, GoalType, Profile
from fitcoach.engine.program import DoneExercise, DoneSession, DoneSet, ProgramHistory, propose_next_week
from fitcoach.engine.program.bodyweight import RESTART_REPS, SLOW_TEMPO
from fitcoach.engine.program.holds import HOLD_CAP, hold_seconds
from fitcoach.engine.program.loads import (
    MAX_REP_TOP,
    MAX_SETS_AT_CAP,
    GearKind,
    Outcome,
    gear_kind,
    owned_pairs,
    rep_range,
    rep_text,
)
from fitcoach.engine.program.progress import progress
from fitcoach.engine.program.words import Words
from fitcoach.engine.validator import validate_week
from fitcoach.facts.model import BodyArea
from fitcoach.languages.registry import understood
from fitcoach.library import get_library
from fitcoach.library.gear import Gear, Inventory
from fitcoach.library.models import MuscleGroup
from tests.engine.program.simulate import Lifter, Week, at, seed_plan

LIBRARY = get_library()
HOME = frozenset({Gear.DUMBBELLS, Gear.BENCH, Gear.INCLINE_BENCH, Gear.PULL_UP_BAR})
PAIRS = Inventory(gear=HOME, dumbbell_pairs_lb=(10, 15, 25))
BARE = Inventory(gear=frozenset({Gear.PULL_UP_BAR}))
TOP = rep_text(MAX_REP_TOP - 4, MAX_REP_TOP)


def pull_up(reps: str = TOP, sets: int = MAX_SETS_AT_CAP, **update: object) -> PlannedExercise:
    planned = PlannedExercise(
        exercise_id="pull-up", target_sets=sets, target_reps=reps, rest_seconds=120, target_rir=2
    )
    return planned.model_copy(update=update)


def done(slug: str, reps: int, sets: int, weight: float = 0.0, unit: str = "lb") -> DoneExercise:
    return DoneExercise(slug, tuple(DoneSet(weight, reps, unit, 8.0) for _ in range(sets)))  # type: ignore[arg-type]


def step(planned: PlannedExercise, logged: DoneExercise | None, inventory: Inventory, lang: str = "en"):  # type: ignore[no-untyped-def]
    entry = LIBRARY.require(planned.exercise_id)
    return progress(
        planned, entry, logged, last_load=planned.target_load, inventory=inventory, words=Words(lang)
    )


def loaded(value: float) -> PlannedExercise:
    return pull_up("8-12", 5, target_load=Load(value=value, unit="lb"))


def pulled(reps: int, weight: float = 0.0) -> DoneExercise:
    return done("pull-up", reps, 5, weight)


MAXED = pull_up(tempo=SLOW_TEMPO)
PUSH = pull_up(exercise_id="push-up")
PUSHED = done("push-up", MAX_REP_TOP, 5)


@pytest.mark.parametrize(
    ("planned", "logged", "inventory", "reps", "sets", "tempo", "load", "exhausted"),
    [
        # reps first, then a set (as before)
        (pull_up("6-10", 3), done("pull-up", 10, 3), PAIRS, "8-12", 3, None, None, False),
        (pull_up(TOP, 3), done("pull-up", MAX_REP_TOP, 3), PAIRS, TOP, 4, None, None, False),
        # reps and sets at their cap: a slower tempo
        (pull_up(), pulled(MAX_REP_TOP), PAIRS, TOP, 5, SLOW_TEMPO, None, False),
        # the tempo done too: the lightest pair owned between the feet, reps back to 8-12
        (MAXED, pulled(MAX_REP_TOP), PAIRS, "8-12", 5, None, 10, False),
        # no dumbbells: nothing left on this exercise (the roll looks for a harder one)
        (MAXED, pulled(MAX_REP_TOP), BARE, TOP, 5, SLOW_TEMPO, None, True),
        # an added load moves along the pairs owned, one at a time
        (loaded(10), pulled(12, 10), PAIRS, "8-12", 5, None, 15, False),
        (loaded(15), pulled(12, 15), PAIRS, "8-12", 5, None, 25, False),
        (loaded(25), pulled(12, 25), PAIRS, "8-12", 5, None, 25, True),
        # sets below the range: a pair down, and off the body from the lightest
        (loaded(15), pulled(6, 15), PAIRS, "8-12", 5, None, 10, False),
        (loaded(10), pulled(6, 10), PAIRS, "8-12", 5, None, None, False),
        # a week not trained: a pair down; in range: the same load
        (loaded(15), None, PAIRS, "8-12", 5, None, 10, False),
        (loaded(15), pulled(9, 15), PAIRS, "8-12", 5, None, 15, False),
        # the dumbbells gone: bodyweight again
        (loaded(15), pulled(12, 15), BARE, "8-12", 5, None, None, False),
        # a push-up cannot hold a dumbbell: tempo, then nothing left here
        (PUSH, PUSHED, PAIRS, TOP, 5, SLOW_TEMPO, None, False),
        (PUSH.model_copy(update={"tempo": SLOW_TEMPO}), PUSHED, PAIRS, TOP, 5, SLOW_TEMPO, None, True),
    ],
)
def test_the_bodyweight_ladder(
    planned: PlannedExercise,
    logged: DoneExercise | None,
    inventory: Inventory,
    reps: str,
    sets: int,
    tempo: str | None,
    load: float | None,
    exhausted: bool,
) -> None:
    result = step(planned, logged, inventory)
    new = result.exercise
    assert (new.target_reps, new.target_sets, new.tempo) == (reps, sets, tempo)
    assert (new.target_load.value if new.target_load else None) == load
    assert result.exhausted is exhausted
    assert (result.change is None) == (new == planned)


def test_a_miss_never_climbs_the_ladder() -> None:
    for planned in (pull_up(), pull_up(tempo=SLOW_TEMPO), pull_up("8-12", 3)):
        for logged in (None, done("pull-up", 1, 5)):
            result = step(planned, logged, PAIRS)
            assert result.outcome in (Outcome.MISSED, Outcome.FAILED)
            assert result.exercise == planned and result.change is None and not result.exhausted


@pytest.mark.parametrize("lang", sorted(understood()))
def test_each_step_is_said_in_every_language(lang: str) -> None:
    name = LIBRARY.require("pull-up").localized_name(lang)
    loaded = Load(value=15, unit="lb")
    results = [
        step(pull_up(), done("pull-up", MAX_REP_TOP, 5), PAIRS, lang),
        step(pull_up(tempo=SLOW_TEMPO), done("pull-up", MAX_REP_TOP, 5), PAIRS, lang),
        step(pull_up("8-12", 5, target_load=loaded), done("pull-up", 12, 5, 15), PAIRS, lang),
        step(pull_up("8-12", 5, target_load=loaded), done("pull-up", 5, 5, 15), PAIRS, lang),
        step(pull_up("8-12", 5, target_load=loaded), None, PAIRS, lang),
        step(pull_up("8-12", 5, target_load=loaded), done("pull-up", 12, 5, 15), BARE, lang),
    ]
    texts = [r.change.text for r in results if r.change is not None]
    assert len(texts) == len(results) and len(set(texts)) == len(texts)
    assert all(name in text for text in texts)
    assert "10" in texts[1] and "25" in texts[2] and "10" in texts[3]
    if lang != "en":
        english = step(pull_up(), done("pull-up", MAX_REP_TOP, 5), PAIRS)
        assert english.change is not None and english.change.text != texts[0]


# --- the roll: harder variations, and the validator ---------------------------------------------------


def _profile(gear: frozenset[Gear], pairs: tuple[float, ...] = (10, 15, 25)) -> Profile:
    return Profile(
        inventory=Inventory(gear=gear, dumbbell_pairs_lb=pairs if Gear.DUMBBELLS in gear else ()),
        goal=Goal(GoalType.HYPERTROPHY, (MuscleGroup.BACK,)),
    )


def _one_exercise_week(planned: PlannedExercise) -> WeeklyPlan:
    """The seed plan with its Tuesday's last exercise (the plank) replaced by `planned`."""
    plan = seed_plan()
    day = plan.days[next(d for d in plan.training_days() if "plank" in plan.days[d].slugs())]
    blocks = [
        b.model_copy(update={"exercises": [planned if p.exercise_id == "plank" else p for p in b.exercises]})
        for b in day.blocks
    ]
    weekday = next(d for d in plan.training_days() if "plank" in plan.days[d].slugs())
    return plan.model_copy(update={"days": {**plan.days, weekday: day.model_copy(update={"blocks": blocks})}})


def _roll_after_hit(planned: PlannedExercise, profile: Profile, logged: DoneExercise) -> WeeklyPlan:
    plan = _one_exercise_week(planned)
    weekday = next(d for d in plan.training_days() if planned.exercise_id in plan.days[d].slugs())
    session = DoneSession(at(plan.week_start_date + timedelta(days=weekday.position)), weekday, (logged,))
    now = at(plan.week_start_date + timedelta(days=6), 20)
    proposed = propose_next_week(plan, ProgramHistory((session,)), profile, now=now, library=LIBRARY)
    assert validate_week(proposed.plan, profile, library=LIBRARY).ok
    return proposed.plan


def _find(plan: WeeklyPlan, slug: str) -> PlannedExercise | None:
    return next(
        (p for d in plan.training_days() for p in plan.days[d].exercises() if p.exercise_id == slug), None
    )


def test_a_plank_at_its_cap_becomes_an_ab_wheel_rollout_when_the_user_has_one() -> None:
    plank = PlannedExercise(
        exercise_id="plank", target_sets=MAX_SETS_AT_CAP, target_reps=f"{HOLD_CAP}s", rest_seconds=60
    )
    logged = DoneExercise("plank", tuple(DoneSet(0, 1, "lb", None, False, HOLD_CAP) for _ in range(5)))
    wheel = _roll_after_hit(plank, _profile(HOME | {Gear.AB_WHEEL}), logged)
    rollout = _find(wheel, "ab-wheel-rollout")
    assert _find(wheel, "plank") is None and rollout is not None
    assert rollout.target_reps == rep_text(*RESTART_REPS) and rollout.target_sets == MAX_SETS_AT_CAP
    assert wheel.program is not None
    assert [c.exercise_id for c in wheel.program.changes if c.kind == "variation"] == ["plank"]
    kept = _roll_after_hit(plank, _profile(HOME), logged)
    assert _find(kept, "plank") == plank.model_copy(update={"name": _find(kept, "plank").name})  # type: ignore[union-attr]


def test_a_push_up_with_nothing_left_becomes_a_free_weight_press_the_gear_allows() -> None:
    push = pull_up(exercise_id="push-up", tempo=SLOW_TEMPO)
    logged = done("push-up", MAX_REP_TOP, MAX_SETS_AT_CAP)
    # the seed week has both dumbbell presses already: a barbell lets the push-up become a bench press
    barbell = _roll_after_hit(push, _profile(HOME | {Gear.BARBELL}), logged)
    assert _find(barbell, "push-up") is None
    press = _find(barbell, "flat-bb-bench-press")
    assert press is not None and press.tempo is None and press.target_load is None
    # with nothing harder in the library for this gear, the push-up stays as it is
    stays = _roll_after_hit(push, _profile(HOME), logged)
    assert _find(stays, "push-up") is not None


def test_the_validator_holds_an_added_load_to_the_dumbbells_owned() -> None:
    def week(load: float) -> WeeklyPlan:
        return _one_exercise_week(pull_up("8-12", 3, target_load=Load(value=load, unit="lb")))

    owned = _profile(HOME)
    assert "load_above_gear" not in validate_week(week(25), owned, library=LIBRARY).codes()
    assert "load_above_gear" in validate_week(week(30), owned, library=LIBRARY).codes()
    bare = _profile(frozenset({Gear.PULL_UP_BAR, Gear.BENCH, Gear.INCLINE_BENCH}))
    assert "load_above_gear" in validate_week(week(10), bare, library=LIBRARY).codes()


# --- months of a lifter with a bodyweight exercise, a hold and owned pairs -----------------------------


def _bodyweight_plan(reps: str, sets: int, hold: str) -> WeeklyPlan:
    """The seed plan with a pull-up in place of Thursday's chest-supported row and the plank at `hold`."""
    plan = seed_plan()
    days = dict(plan.days)
    for weekday in plan.training_days():
        blocks = []
        for block in days[weekday].blocks:
            out = []
            for p in block.exercises:
                if p.exercise_id == "chest-supported-db-row":
                    p = pull_up(reps, sets)
                elif p.exercise_id == "plank":
                    p = p.model_copy(update={"target_reps": hold})
                out.append(p)
            blocks.append(block.model_copy(update={"exercises": out}))
        days[weekday] = days[weekday].model_copy(update={"blocks": blocks})
    return plan.model_copy(update={"days": days})


def _at_the_end(p: PlannedExercise, owned: set[float]) -> bool:
    """Nothing left on this exercise: a hold at its cap with every set, reps and sets at their cap with
    the slower tempo (nothing to hold a dumbbell with), or the heaviest pair owned held."""
    seconds = hold_seconds(p.target_reps)
    top = (rep_range(p.target_reps) or (0, 0))[1]
    if p.target_load is not None:
        return p.target_load.value >= max(owned)
    maxed = (seconds or 0) >= HOLD_CAP if seconds is not None else top >= MAX_REP_TOP and p.tempo is not None
    return maxed and p.target_sets >= MAX_SETS_AT_CAP


def _rung(p: PlannedExercise) -> tuple[object, ...]:
    """How far up its ladder an exercise is, comparable between weeks of the same exercise."""
    seconds = hold_seconds(p.target_reps)
    top = (rep_range(p.target_reps) or (0, 0))[1]
    load = p.target_load.value if p.target_load else 0.0
    return (load, p.tempo is not None and load == 0, seconds or top, p.target_sets)


@settings(max_examples=25, deadline=None)
@given(
    weeks=st.lists(
        st.sampled_from([Week.HIT, Week.HIT, Week.EXCEED, Week.IN_RANGE, Week.MISS, Week.SKIP, Week.HURT]),
        min_size=4,
        max_size=20,
    ),
    pairs=st.lists(st.integers(2, 16).map(lambda n: n * 5.0), min_size=2, max_size=6, unique=True),
    start=st.sampled_from([("8-12", 3), ("22-26", 4), (TOP, 5)]),
    hold=st.sampled_from(["45s", "80s"]),
    wheel=st.booleans(),
    unit=st.sampled_from(["lb", "kg"]),
)
def test_months_with_bodyweight_work_a_hold_and_owned_pairs(
    weeks: list[Week],
    pairs: list[float],
    start: tuple[str, int],
    hold: str,
    wheel: bool,
    unit: str,
) -> None:
    gear = HOME | ({Gear.AB_WHEEL} if wheel else set())
    profile = Profile(
        inventory=Inventory(gear=frozenset(gear), dumbbell_pairs_lb=tuple(pairs)),
        goal=Goal(GoalType.HYPERTROPHY, (MuscleGroup.BACK, MuscleGroup.CHEST)),
    )
    owned = set(owned_pairs(GearKind.DUMBBELL, profile.inventory, unit))  # type: ignore[arg-type]
    lifter = Lifter(profile, unit, plan=_bodyweight_plan(*start, hold), holds=True)
    for kind in weeks:
        before = lifter.plan
        lifter.train(kind)
        lifter.roll()
        plan = lifter.plan
        info = plan.program
        assert info is not None
        report = validate_week(plan, lifter.profile_at(at(plan.week_start_date, 9)), library=LIBRARY)
        assert report.ok, report.codes()
        for weekday in plan.training_days():
            for p in plan.days[weekday].exercises():
                entry = LIBRARY.require(p.exercise_id)
                if p.target_load is not None and gear_kind(entry) in (GearKind.DUMBBELL, GearKind.BODYWEIGHT):
                    assert p.target_load.unit == unit and p.target_load.value in owned, (p, owned)
        judged = info.block.week > 1 and not info.block.deload
        ramping = {r.exercise_id for r in info.ramp} | (
            {r.exercise_id for r in before.program.ramp} if before.program else set()
        )
        if not judged:
            continue
        for weekday in plan.training_days():
            after = {p.exercise_id: p for p in plan.days[weekday].exercises()}
            for old in before.days[weekday].exercises():
                entry = LIBRARY.require(old.exercise_id)
                bodyweight = gear_kind(entry) is GearKind.BODYWEIGHT
                if not bodyweight or old.exercise_id in ramping:
                    continue
                new = after.get(old.exercise_id)
                if new is None:
                    # a harder variation: only after a hit, never after a miss, and said
                    # (a hurt week trains what does not load the shoulder as planned: a hit)
                    hit = kind in (Week.HIT, Week.EXCEED, Week.PAIN) or (
                        kind is Week.HURT and not loads_area(entry, BodyArea.SHOULDER)
                    )
                    assert hit, (kind, old)
                    assert any(
                        c.kind == "variation" and c.exercise_id == old.exercise_id for c in info.changes
                    )
                    continue
                seconds = hold_seconds(old.target_reps)
                if kind in (Week.HIT, Week.EXCEED):
                    # a hit progresses by one of the steps, or the ladder is at its end
                    full = _at_the_end(old, owned)
                    assert new != old or full, (kind, old, new)
                    moved = _rung(new) > _rung(old) or (
                        new.target_load is not None and old.target_load is None
                    )
                    volume_only = new.target_sets < old.target_sets  # the block's volume took a set back
                    assert moved or full or volume_only, (kind, old, new)
                    if seconds is not None and not full and new.target_sets == old.target_sets:
                        new_seconds = hold_seconds(new.target_reps)
                        assert new_seconds is not None and new_seconds > seconds  # holds progress by time
                elif kind in (Week.MISS, Week.SKIP):
                    # a miss never climbs: no more time, reps, tempo or load
                    new_seconds, old_top = hold_seconds(new.target_reps), rep_range(old.target_reps)
                    if seconds is not None:
                        assert new_seconds is not None and new_seconds <= seconds
                    elif old_top is not None:
                        assert (rep_range(new.target_reps) or (0, 0))[1] <= old_top[1]
                    assert not (new.tempo and not old.tempo)
                    old_load = old.target_load.value if old.target_load else 0.0
                    assert (new.target_load.value if new.target_load else 0.0) <= old_load


def test_months_of_hits_climb_the_whole_ladder() -> None:
    """Sixteen weeks hit in kg with pairs 10, 20 and 35 lb and an ab wheel: the pull-up gets the slower
    tempo, then the lightest pair between the feet and the next pairs; the plank becomes a rollout."""
    profile = Profile(
        inventory=Inventory(gear=HOME | {Gear.AB_WHEEL}, dumbbell_pairs_lb=(10.0, 20.0, 35.0)),
        goal=Goal(GoalType.HYPERTROPHY, (MuscleGroup.BACK, MuscleGroup.CHEST)),
    )
    lifter = Lifter(profile, "kg", plan=_bodyweight_plan("22-26", 4, "80s"), holds=True)
    tempos, loads, slugs = set(), [], set()
    for _ in range(16):
        lifter.train(Week.HIT)
        lifter.roll()
        assert validate_week(lifter.plan, profile, library=LIBRARY).ok
        pull = _find(lifter.plan, "pull-up")
        assert pull is not None
        tempos.add(pull.tempo)
        if lifter.plan.program is not None and not lifter.plan.program.block.deload:
            loads.append(pull.target_load.value if pull.target_load else 0.0)
        slugs |= {p.exercise_id for d in lifter.plan.training_days() for p in lifter.plan.days[d].exercises()}
    assert SLOW_TEMPO in tempos
    assert loads == sorted(loads) and {4.5, 9.0, 16.0} <= set(loads)  # the pairs owned, in kg
    assert "ab-wheel-rollout" in slugs and _find(lifter.plan, "plank") is None
