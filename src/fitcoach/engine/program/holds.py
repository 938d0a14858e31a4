"""Timed holds (a plank, prescribed as "45s" and logged with `duration_seconds`) progress by time:
a few seconds more when every set was held for the target, up to a cap, then a set (issue 18 item 2).
"""

from __future__ import annotations

from dataclasses import dataclass

from fitcoach.contract.models import PlannedExercise
from fitcoach.engine.program.loads import MAX_SETS_AT_CAP, Outcome
from fitcoach.engine.program.model import DoneExercise
from fitcoach.engine.program.words import Words
from fitcoach.engine.reps import parse_reps
from fitcoach.library.models import Exercise

HOLD_STEP = 5
"""Seconds added to a hold under a minute: the smallest step a lifter can time without a clock in
sight (a count of five), about 10 % of a 45-second plank, like a load step [J]."""

HOLD_STEP_LONG = 10
"""From a minute on, ten seconds is the same share of the hold as five seconds below it [J]."""

HOLD_CAP = 90
"""Holds stop growing at 90 s: longer planks train endurance more than trunk stiffness, and short
holds repeated are preferred to one long one (McGill's curl-up/side-bridge/bird-dog advice, cited
from memory [S]); past the cap a set is added instead, up to `MAX_SETS_AT_CAP`."""

HOLD_FLOOR = 10
"""The shortest hold the program prescribes after a short one (`parse_reps` accepts 5 s and up)."""


def hold_seconds(target_reps: str) -> int | None:
    """The seconds of a timed prescription ("45s" → 45); None for reps."""
    target = parse_reps(target_reps)
    return target.seconds if target is not None else None


def hold_step(seconds: int) -> int:
    return HOLD_STEP_LONG if seconds >= 60 else HOLD_STEP


@dataclass(frozen=True)
class HoldResult:
    exercise: PlannedExercise
    text: str | None
    kind: str
    outcome: Outcome


def judge_hold(done: DoneExercise | None, *, seconds: int, sets: int) -> tuple[Outcome, int]:
    """HIT: every prescribed set held for the target; FAILED: a set a step or more short of it;
    MISSED: not trained; IN_RANGE otherwise, and when no duration was logged (nothing to judge)."""
    working = done.working() if done is not None else ()
    if not working:
        return Outcome.MISSED, 0
    timed = [s.seconds for s in working if s.seconds is not None and s.seconds > 0]
    if not timed:
        return Outcome.IN_RANGE, 0
    fewest = min(timed)
    if fewest <= seconds - HOLD_STEP:
        return Outcome.FAILED, fewest
    if len(timed) >= sets and fewest >= seconds:
        return Outcome.HIT, fewest
    return Outcome.IN_RANGE, fewest


def progress_hold(
    planned: PlannedExercise, entry: Exercise, done: DoneExercise | None, *, seconds: int, words: Words
) -> HoldResult:
    """A hit adds time (to `HOLD_CAP`), then a set; a set well short of the target takes a step off;
    anything else keeps the hold. A miss never adds time."""
    outcome, fewest = judge_hold(done, seconds=seconds, sets=planned.target_sets)
    name = words.exercise(entry)
    if outcome is Outcome.FAILED:
        new = max(HOLD_FLOOR, seconds - hold_step(seconds - HOLD_STEP))
        if new >= seconds:
            return HoldResult(planned, None, "reps", outcome)
        text = words.text("hold_down", exercise=name, old=seconds, new=new, held=fewest)
        return HoldResult(planned.model_copy(update={"target_reps": f"{new}s"}), text, "reps", outcome)
    if outcome is not Outcome.HIT:
        return HoldResult(planned, None, "reps", outcome)
    if seconds < HOLD_CAP:
        new = min(HOLD_CAP, seconds + hold_step(seconds))
        text = words.text("hold_up", exercise=name, old=seconds, new=new)
        return HoldResult(planned.model_copy(update={"target_reps": f"{new}s"}), text, "reps", outcome)
    if planned.target_sets < MAX_SETS_AT_CAP:
        text = words.text("hold_set", exercise=name, seconds=seconds)
        update = {"target_sets": planned.target_sets + 1}
        return HoldResult(planned.model_copy(update=update), text, "sets", outcome)
    return HoldResult(planned, None, "reps", outcome)
