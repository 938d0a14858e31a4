"""The return after an injury or a layoff (issue 18 item 4): a movement comes back lighter, with fewer
sets and more reps in reserve, and reaches its previous working load in two or three weeks; pain on
the way sends it back a step.

Evidence (cited in docs/PROGRAM.md): the pain-monitoring model lets loading continue while pain stays
low and settles by the next morning, and steps back otherwise (Thomeé 1997, *Phys Ther* 77:1690;
Silbernagel et al. 2007, *Am J Sports Med* 35:897); after soft-tissue injury "optimal loading" is
progressive and guided by symptoms (Dubois & Esculier 2020, *Br J Sports Med* 54:72, PEACE & LOVE).
Strength lost in a few weeks off returns quickly on retraining (Ogasawara et al. 2013, *Eur J Appl
Physiol* 113:975), which is why a layoff ramp is short.
"""

from __future__ import annotations

from datetime import timedelta

from fitcoach.contract.models import Load, PlannedExercise, RampStep
from fitcoach.engine.program.loads import lighter
from fitcoach.engine.rules.structure import MAX_RIR

LAYOFF = timedelta(days=10)
"""Ten days or more without a logged session is a layoff (issue 18)."""

LONG_LAYOFF = timedelta(days=21)
"""Three weeks or more off: three ramp steps instead of two."""

INJURY_STEPS = 3
LAYOFF_STEPS = 2

RAMP_SHARES: dict[int, tuple[float, ...]] = {2: (0.8, 1.0), 3: (0.7, 0.85, 1.0)}
"""Share of the previous working load at each step: the last step is the old load again [J]."""

RETURN_WINDOW = timedelta(days=14)
"""An injury that ended within two weeks before the week being planned starts a ramp for the
movements that load its area."""

PROFESSIONAL_COUNT = 3
PROFESSIONAL_WINDOW = timedelta(weeks=8)
"""The same area injured three times in eight weeks: a pattern for a physiotherapist, not a plan."""


def share(step: int, steps: int) -> float:
    shares = RAMP_SHARES.get(steps, RAMP_SHARES[INJURY_STEPS])
    return shares[min(step, len(shares)) - 1]


def ramp_exercise(exercise: PlannedExercise, ramp: RampStep, *, load_step: float) -> PlannedExercise:
    """The prescription at this ramp step: a share of the previous load, a set fewer on the first step,
    the most reps in reserve the rules allow (R13) until the last step."""
    sets = ramp.target_sets or exercise.target_sets
    update: dict[str, object] = {
        "target_rir": MAX_RIR if ramp.step < ramp.steps else ramp.target_rir,
        "target_sets": max(2, sets - 1) if ramp.step == 1 and sets > 2 else sets,
    }
    previous = ramp.previous_load
    if previous is not None:
        value = lighter(previous.value, share(ramp.step, ramp.steps), load_step)
        update["target_load"] = Load(value=value, unit=previous.unit)
    return exercise.model_copy(update=update)
