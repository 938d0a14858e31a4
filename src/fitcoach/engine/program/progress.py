"""One planned exercise's next prescription from the week's logs: load, reps or sets (issue 18 item 2)."""

from __future__ import annotations

from dataclasses import dataclass

from fitcoach.contract.models import Load, PlannedExercise, ProgramChange
from fitcoach.engine.program.bodyweight import progress_bodyweight
from fitcoach.engine.program.holds import HOLD_CAP, hold_seconds, progress_hold
from fitcoach.engine.program.loads import (
    BODYWEIGHT_REP_STEP,
    MAX_REP_TOP,
    MAX_SETS_AT_CAP,
    GearKind,
    Outcome,
    as_load,
    gear_kind,
    grid,
    judge,
    rep_range,
    rep_text,
    tidy,
)
from fitcoach.engine.program.model import DoneExercise, convert
from fitcoach.engine.program.words import Words
from fitcoach.library.gear import Inventory
from fitcoach.library.models import Exercise

DEFAULT_RIR = 2
"""Prescriptions without a target RIR are read at 2 (R13's 1–3, science.md §3)."""

EXCEED_REPS = 2
MAX_JUMP = 0.10
"""Two reps over the range on every set earns two steps if they add at most 10 % (ACSM 2009, §6)."""


@dataclass(frozen=True)
class Progressed:
    exercise: PlannedExercise
    change: ProgramChange | None
    outcome: Outcome
    exhausted: bool = False
    """A hit on bodyweight work with no step left (reps, sets, tempo, added load; a hold at its cap
    with every set): the roll may move it to a harder variation (`bodyweight.harder_variant_options`)."""


def progress(
    planned: PlannedExercise,
    entry: Exercise,
    done: DoneExercise | None,
    *,
    last_load: Load | None,
    inventory: Inventory,
    words: Words,
) -> Progressed:
    """Double progression at the prescribed RIR; `last_load` is the most recent load (the plan's target,
    else the last one logged) that a missed week steps down from."""
    seconds = hold_seconds(planned.target_reps)
    if seconds is not None:
        timed = progress_hold(planned, entry, done, seconds=seconds, words=words)
        change = words.change(timed.kind, entry, timed.text) if timed.text else None
        full = timed.outcome is Outcome.HIT and change is None and seconds >= HOLD_CAP
        return Progressed(timed.exercise, change, timed.outcome, exhausted=full)
    reps = rep_range(planned.target_reps)
    rir = planned.target_rir if planned.target_rir is not None else DEFAULT_RIR
    kind = gear_kind(entry)
    unit = last_load.unit if last_load is not None else (done.unit if done is not None else "lb")
    if reps is None:
        return Progressed(planned, None, Outcome.IN_RANGE)
    performance = judge(done, reps=reps, sets=planned.target_sets, rir=rir, unit=unit)
    if kind is GearKind.BODYWEIGHT:
        ladder = progress_bodyweight(
            planned, entry, performance, reps, unit=unit, inventory=inventory, words=words
        )
        return Progressed(ladder.exercise, ladder.change, performance.outcome, ladder.exhausted)
    loaded = performance.load > 0 or performance.outcome is Outcome.MISSED
    if not loaded or (performance.outcome is Outcome.MISSED and last_load is None):
        return _unloaded(planned, entry, performance.outcome, reps, words)
    loads = grid(kind, inventory, unit)
    step, top = loads.step, loads.top
    name = words.exercise(entry)
    if performance.outcome is Outcome.MISSED:
        assert last_load is not None
        old = convert(last_load.value, last_load.unit, unit)
        new = loads.down(old)
        return _with_load(
            planned,
            old,
            new,
            unit,
            words.text("load_down_missed", exercise=name, old=_n(old), new=_n(new), unit=words.unit(unit)),
            performance.outcome,
        )
    old = performance.load
    if performance.outcome is Outcome.FAILED:
        new = loads.down(old)
        text = words.text(
            "load_down_failed", exercise=name, old=_n(old), new=_n(new), unit=words.unit(unit), low=reps[0]
        )
        return _with_load(planned, old, new, unit, text, performance.outcome)
    if performance.outcome is Outcome.IN_RANGE:
        new = loads.snap(old)
        return Progressed(
            planned.model_copy(update={"target_load": as_load(new, unit)}), None, performance.outcome
        )
    # HIT
    well_over = not loads.pairs and _well_over(performance.fewest_reps, reps[1], old, step, top)
    heavier = loads.up(old, 2 if well_over else 1)
    if heavier is not None:
        text = words.text(
            "load_up", exercise=name, old=_n(old), new=_n(heavier), unit=words.unit(unit), reps=reps[1]
        )
        return _with_load(planned, old, heavier, unit, text, performance.outcome)
    held = loads.snap(old)
    if planned.target_sets < MAX_SETS_AT_CAP:
        text = words.text("cap_set", exercise=name, load=_n(held), unit=words.unit(unit))
        update = {"target_sets": planned.target_sets + 1, "target_load": as_load(held, unit)}
        return Progressed(
            planned.model_copy(update=update), words.change("sets", entry, text), performance.outcome
        )
    low, high = reps
    wider = rep_text(low, min(MAX_REP_TOP, high + BODYWEIGHT_REP_STEP))
    text = words.text("cap_reps", exercise=name, load=_n(held), unit=words.unit(unit), reps=wider)
    update = {"target_reps": wider, "target_load": as_load(held, unit)}
    return Progressed(
        planned.model_copy(update=update), words.change("reps", entry, text), performance.outcome
    )


def _well_over(fewest: int, high: int, load: float, step: float, top: float | None) -> bool:
    """Two reps or more over the range on every set: two steps when that stays within 10 % of the load
    and the gear (ACSM 2009: raise 2–10 % when 1–2 reps over the target are done; science.md §6)."""
    return (
        fewest >= high + EXCEED_REPS
        and 2 * step <= load * MAX_JUMP
        and (top is None or load + 2 * step <= top)
    )


def _unloaded(
    planned: PlannedExercise, entry: Exercise, outcome: Outcome, reps: tuple[int, int], words: Words
) -> Progressed:
    """Loaded gear logged without a load (nothing to progress a load from): reps, then a set."""
    if outcome is not Outcome.HIT:
        return Progressed(planned.model_copy(update={"target_load": None}), None, outcome)
    low, high = reps
    name = words.exercise(entry)
    if high + BODYWEIGHT_REP_STEP <= MAX_REP_TOP:
        new = rep_text(low + BODYWEIGHT_REP_STEP, high + BODYWEIGHT_REP_STEP)
        text = words.text("bw_reps", exercise=name, old=planned.target_reps, new=new)
        return Progressed(
            planned.model_copy(update={"target_reps": new, "target_load": None}),
            words.change("reps", entry, text),
            outcome,
        )
    if planned.target_sets < MAX_SETS_AT_CAP:
        text = words.text("bw_set", exercise=name)
        update = {"target_sets": planned.target_sets + 1, "target_load": None}
        return Progressed(planned.model_copy(update=update), words.change("sets", entry, text), outcome)
    return Progressed(planned, None, outcome)


def _with_load(
    planned: PlannedExercise, old: float, new: float, unit: str, text: str, outcome: Outcome
) -> Progressed:
    load = Load.model_validate({"value": tidy(new), "unit": unit})
    change = (
        ProgramChange(exercise_id=planned.exercise_id, kind="load", text=text)
        if tidy(old) != tidy(new)
        else None
    )
    return Progressed(planned.model_copy(update={"target_load": load}), change, outcome)


def _n(value: float) -> str:
    """A load as text: 45, 22.5 (no trailing .0)."""
    return f"{tidy(value):g}"
