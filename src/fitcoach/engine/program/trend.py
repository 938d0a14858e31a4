"""Each priority exercise's trend for the coach (issue 18 item 5): best-set e1RM (Epley, science.md §5)
over its last exposures, compact enough for the runtime block."""

from __future__ import annotations

from fitcoach.contract.models import ExerciseTrend, WeeklyPlan
from fitcoach.engine.profile import Profile
from fitcoach.engine.program.model import ProgramHistory, convert
from fitcoach.library.loader import ExerciseLibrary

TREND_EXPOSURES = 4
MAX_TRENDS = 8
FLAT_BAND = 0.01
"""Within ±1 % of the first of the exposures shown is flat (the plateau threshold, science.md §6)."""


def _e1rm(weight: float, reps: int) -> float:
    return weight if reps <= 1 else weight * (1 + reps / 30)


def trends(
    week: WeeklyPlan, history: ProgramHistory, profile: Profile, library: ExerciseLibrary
) -> list[ExerciseTrend]:
    """Trends of the week's exercises that train a priority group (or, without one, its tier-1 lifts)."""
    priority = set(profile.goal.priority)
    chosen: list[str] = []
    for weekday in week.training_days():
        for slug in week.days[weekday].slugs():
            entry = library.get(slug)
            if entry is None or slug in chosen:
                continue
            if (priority and entry.primary_groups & priority) or (not priority and entry.priority_tier == 1):
                chosen.append(slug)
    found: list[ExerciseTrend] = []
    for slug in chosen:
        exposures = history.exposures(slug)[-TREND_EXPOSURES:]
        loaded = [e for e in exposures if any(s.weight > 0 for s in e.done.working())]
        if not loaded:
            continue
        unit = loaded[-1].done.unit
        values = [
            round(max(_e1rm(convert(s.weight, s.unit, unit), s.reps) for s in e.done.working()), 1)
            for e in loaded
        ]
        if len(values) < 2:
            trend = "new"
        elif values[-1] > values[0] * (1 + FLAT_BAND):
            trend = "up"
        elif values[-1] < values[0] * (1 - FLAT_BAND):
            trend = "down"
        else:
            trend = "flat"
        found.append(ExerciseTrend(exercise_id=slug, e1rm=values, unit=unit, trend=trend))
        if len(found) >= MAX_TRENDS:
            break
    return found
