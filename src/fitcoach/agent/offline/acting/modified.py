"""Saying what R18's modifications changed, in the user's language: the constraint note of a reply
and the coach_note of each modified day (the engine writes that note in English)."""

from __future__ import annotations

from fitcoach.agent.offline.acting.turn import Turn
from fitcoach.contract.models import PlannedExercise, WeeklyPlan
from fitcoach.engine.modifications import Modification, modified_in
from fitcoach.engine.presentation import NOTE_MAX
from fitcoach.engine.profile import Profile
from fitcoach.languages.registry import DEFAULT_LANGUAGE

Modified = list[tuple[PlannedExercise, Modification]]


def _note(turn: Turn, modified: Modified, profile: Profile) -> str:
    """ "To spare your wrist, some moves are modified: Push-Up (on fists or handles…) and …"."""
    used = [m for _, m in modified]
    areas = dict.fromkeys(c.area for c in profile.chronic if any(c.area in m.areas for m in used))
    brackets = "（{}）" if turn.lang.startswith("zh") else " ({})"
    changes = [turn.exercise(p.exercise_id) + brackets.format(turn.word(f"mod_{m.id}")) for p, m in modified]
    return turn.say(
        "constraint_modified",
        area=turn.join([turn.word(area.value) for area in areas]),
        changes=turn.join(changes),
    )


def modification_note(turn: Turn, week: WeeklyPlan, profile: Profile) -> str | None:
    """One sentence naming every modified exercise of the week, or None when there is none."""
    modified = modified_in(p for day in week.days.values() for p in day.exercises())
    return _note(turn, modified, profile) if modified else None


def localized_notes(turn: Turn, week: WeeklyPlan, profile: Profile) -> WeeklyPlan:
    """The week with each modified day's coach_note in the user's language (English keeps the
    engine's fuller cue)."""
    if turn.lang == DEFAULT_LANGUAGE:
        return week
    days = dict(week.days)
    for weekday, day in week.days.items():
        modified = modified_in(day.exercises())
        if modified:
            note = _note(turn, modified, profile)[:NOTE_MAX]
            days[weekday] = day.model_copy(update={"coach_note": note})
    return week.model_copy(update={"days": days})
