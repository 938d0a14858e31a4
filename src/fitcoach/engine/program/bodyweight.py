"""Bodyweight work past its reps and sets (issue 18 item 2: "bodyweight exercises progress by reps and
variants").

The ladder, one step per week that hit its targets: reps (+2 on the range, to `MAX_REP_TOP`), a set (to
`MAX_SETS_AT_CAP`), then a slower tempo (`SLOW_TEMPO`: a 3-second lowering and a 1-second pause at the
bottom, the same lowering the dumbbell cap asks for), then a load added to the body where the movement
can hold one and the user owns dumbbells, moved along the dumbbell grid (the pairs owned) by double
progression, and last a harder library exercise of the same movement (`harder_variant`, chosen by the
roll, which knows the week and the profile). A week that was not hit never moves up; sets below the range
take an added load one pair down, and off the body from the lightest pair.
"""

from __future__ import annotations

from dataclasses import dataclass

from fitcoach.contract.models import Load, LoadUnit, PlannedExercise, ProgramChange
from fitcoach.engine.program.loads import (
    BODYWEIGHT_REP_STEP,
    MAX_REP_TOP,
    MAX_SETS_AT_CAP,
    GearKind,
    Outcome,
    Performance,
    as_load,
    grid,
    rep_text,
    tidy,
)
from fitcoach.engine.program.words import Words
from fitcoach.library.gear import Gear, Inventory
from fitcoach.library.models import Exercise

SLOW_TEMPO = "3-1-1"
"""Seconds lowering, paused at the bottom, lifting: a slower lowering and a pause make the same reps
harder without gear (time under tension; science.md §6 lists tempo and pauses as the progressions left
at the heaviest load [J])."""

ADDED_LOAD_PATTERNS = frozenset({"vertical_pull", "trunk_flexion"})
"""Movements that can hold a dumbbell the user owns: a pull-up or a hanging leg raise with a dumbbell
between the feet. A push-up, a plank or an ab-wheel rollout cannot hold one (a vest or a plate would be
needed, which the inventory model does not know)."""

RESTART_REPS = (8, 12)
"""A new added load or a harder variation starts at 8-12 reps, where double progression can climb
again (science.md §3: 6–30 reps build muscle when taken close to failure) [J]."""

ISOMETRIC = "_isometric"
"""A hold's movement pattern is its dynamic pattern with this suffix (plank: anti_extension_isometric,
ab-wheel rollout: anti_extension): the dynamic form is the harder variation."""


@dataclass(frozen=True)
class Step:
    exercise: PlannedExercise
    change: ProgramChange | None
    exhausted: bool = False
    """Hit with every step of the ladder taken: the roll may change to a harder variation."""


def can_add_load(entry: Exercise, inventory: Inventory) -> bool:
    return entry.movement_pattern in ADDED_LOAD_PATTERNS and Gear.DUMBBELLS in inventory.expanded()


def progress_bodyweight(
    planned: PlannedExercise,
    entry: Exercise,
    performance: Performance,
    reps: tuple[int, int],
    *,
    unit: LoadUnit,
    inventory: Inventory,
    words: Words,
) -> Step:
    """The next prescription of a bodyweight exercise counted in reps (`performance.load` is the load
    added to the body, 0 without one)."""
    outcome = performance.outcome
    added = planned.target_load
    if added is not None and not can_add_load(entry, inventory):
        # the dumbbells are gone (or never were): bodyweight again, the ladder goes on from there
        text = words.text("bw_load_off_gear", exercise=words.exercise(entry))
        return Step(planned.model_copy(update={"target_load": None}), words.change("load", entry, text))
    if added is not None:
        return _loaded(planned, entry, performance, added, inventory=inventory, words=words)
    if outcome is not Outcome.HIT:
        return Step(planned.model_copy(update={"target_load": None}), None)
    low, high = reps
    name = words.exercise(entry)
    if high + BODYWEIGHT_REP_STEP <= MAX_REP_TOP:
        new = rep_text(low + BODYWEIGHT_REP_STEP, high + BODYWEIGHT_REP_STEP)
        text = words.text("bw_reps", exercise=name, old=planned.target_reps, new=new)
        return Step(planned.model_copy(update={"target_reps": new}), words.change("reps", entry, text))
    if planned.target_sets < MAX_SETS_AT_CAP:
        text = words.text("bw_set", exercise=name)
        update = {"target_sets": planned.target_sets + 1}
        return Step(planned.model_copy(update=update), words.change("sets", entry, text))
    return beyond_sets(planned, entry, unit=unit, inventory=inventory, words=words)


def beyond_sets(
    planned: PlannedExercise, entry: Exercise, *, unit: LoadUnit, inventory: Inventory, words: Words
) -> Step:
    """The step after reps and sets: a slower tempo, then a load added to the body, else `exhausted`
    (the roll looks for a harder variation). Also used when the week has no room for an added set."""
    name = words.exercise(entry)
    if planned.tempo is None:
        text = words.text("bw_tempo", exercise=name, tempo=SLOW_TEMPO)
        return Step(planned.model_copy(update={"tempo": SLOW_TEMPO}), words.change("tempo", entry, text))
    if planned.target_load is None and can_add_load(entry, inventory):
        first = grid(GearKind.DUMBBELL, inventory, unit)
        value = first.pairs[0] if first.pairs else first.step
        if first.top is None or value <= first.top:
            text = words.text(
                "bw_load_on",
                exercise=name,
                load=_n(value),
                unit=words.unit(unit),
                reps=rep_text(*RESTART_REPS),
            )
            update = {
                "target_load": as_load(value, unit),
                "target_reps": rep_text(*RESTART_REPS),
                "tempo": None,
            }
            return Step(planned.model_copy(update=update), words.change("load", entry, text))
    return Step(planned, None, exhausted=True)


def _loaded(
    planned: PlannedExercise,
    entry: Exercise,
    performance: Performance,
    added: Load,
    *,
    inventory: Inventory,
    words: Words,
) -> Step:
    """Double progression on the added load, along the dumbbells owned."""
    unit = added.unit
    loads = grid(GearKind.DUMBBELL, inventory, unit)
    name = words.exercise(entry)
    outcome = performance.outcome
    planned_value = loads.snap(added.value)
    old = performance.load if performance.load > 0 else planned_value
    values = {"exercise": name, "old": _n(old), "unit": words.unit(unit)}
    if outcome is Outcome.HIT and performance.load > 0:
        heavier = loads.up(old)
        if heavier is None:
            return Step(planned.model_copy(update={"target_load": as_load(planned_value, unit)}), None, True)
        text = words.text("bw_load_up", new=_n(heavier), reps=planned.target_reps.split("-")[-1], **values)
        return Step(_with(planned, heavier, unit), words.change("load", entry, text))
    if outcome in (Outcome.FAILED, Outcome.MISSED):
        lightest = loads.pairs[0] if loads.pairs else loads.step
        if old <= lightest + 1e-6:
            key = "bw_load_off_failed" if outcome is Outcome.FAILED else "bw_load_off_missed"
            text = words.text(key, **values)
            return Step(planned.model_copy(update={"target_load": None}), words.change("load", entry, text))
        new = loads.down(old)
        key = "bw_load_down_failed" if outcome is Outcome.FAILED else "bw_load_down_missed"
        text = words.text(key, new=_n(new), **values)
        return Step(_with(planned, new, unit), words.change("load", entry, text))
    # in range, or a hit logged without the load: the same added load
    return Step(planned.model_copy(update={"target_load": as_load(planned_value, unit)}), None)


def harder_variant_options(entry: Exercise, candidates: list[Exercise]) -> list[Exercise]:
    """Of `candidates` (valid substitutes, best first), the harder forms of the same movement: a hold's
    dynamic form (a plank's ab-wheel rollout), or a free-weight lift of the same pattern (a push-up's
    dumbbell press). Machines and cables are left out: they assist more than they load."""
    dynamic = entry.movement_pattern.removesuffix(ISOMETRIC)

    def harder(option: Exercise) -> bool:
        if entry.timed and not option.timed and option.movement_pattern == dynamic:
            return True  # a hold's dynamic form
        free_weight = bool(option.gear.mentions() & {Gear.DUMBBELLS, Gear.BARBELL})
        return option.movement_pattern == entry.movement_pattern and free_weight

    return [option for option in candidates if harder(option)]


def _with(planned: PlannedExercise, value: float, unit: LoadUnit) -> PlannedExercise:
    return planned.model_copy(update={"target_load": Load(value=tidy(value), unit=unit)})


def _n(value: float) -> str:
    return f"{tidy(value):g}"
