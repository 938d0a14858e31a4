"""The notes of staged plan days in the user's language. The engine writes a day's `coach_note` in
English (presentation.py, deload.py); every day the offline coach stages passes through here
(`turn.reply`), so no staged day keeps an English note in another language: a modified day's note
names R18's modifications from the catalogue, and the engine's fixed notes (reps in reserve, rest,
deload, the areas spared) are read back with the English templates and written with the user's."""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from fitcoach.agent.offline.answering.catalog import fact, load_catalog
from fitcoach.contract.models import DayPlan, WeeklyPlan
from fitcoach.engine.modifications import Modification, modified_in
from fitcoach.engine.presentation import NOTE_MAX
from fitcoach.engine.profile import Profile
from fitcoach.languages.registry import DEFAULT_LANGUAGE

if TYPE_CHECKING:
    from fitcoach.agent.offline.acting.turn import Turn
    from fitcoach.contract.models import PlannedExercise

Modified = list[tuple["PlannedExercise", Modification]]

FIXED_NOTES: tuple[str, ...] = ("note_rir", "note_rest", "note_deload", "note_sparing")
"""The engine's notes with a fixed wording, as the English catalogue writes them."""


@cache
def _pattern(key: str) -> re.Pattern[str]:
    """The English template of a note as a pattern whose groups are its slots."""
    template = load_catalog(DEFAULT_LANGUAGE).facts[key]
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return re.compile(f"^{regex}$")


def modified_note(turn: Turn, modified: Modified, profile: Profile) -> str:
    """ "To spare your wrist, some moves are modified: Push-Up (on fists or handles…) and …"."""
    used = [m for _, m in modified]
    areas = dict.fromkeys(c.area for c in profile.chronic if any(c.area in m.areas for m in used))
    if not areas:
        areas = dict.fromkeys(area for m in used for area in m.areas)
    brackets = "（{}）" if turn.lang.startswith("zh") else " ({})"
    changes = [turn.exercise(p.exercise_id) + brackets.format(turn.word(f"mod_{m.id}")) for p, m in modified]
    return turn.say(
        "constraint_modified",
        area=turn.join([turn.word(area.value) for area in areas]),
        changes=turn.join(changes),
    )


def fixed_note(lang: str, note: str) -> str | None:
    """One of the engine's fixed notes in `lang`, or None when `note` is not one of them."""
    for key in FIXED_NOTES:
        found = _pattern(key).match(note)
        if found is None:
            continue
        slots = found.groupdict()
        if "areas" in slots:
            words = load_catalog(lang)
            areas = [words.word(area.strip().replace(" ", "_")) for area in slots["areas"].split(",")]
            slots["areas"] = words.join(areas)
        return fact(lang, key, **slots)
    return None


def day_note(turn: Turn, day: DayPlan, profile: Profile) -> str | None:
    """The day's note in the user's language (None: keep the note as it is)."""
    modified = modified_in(day.exercises())
    if modified:
        return modified_note(turn, modified, profile)[:NOTE_MAX]
    return fixed_note(turn.lang, day.coach_note) if day.coach_note else None


def localized_day(turn: Turn, day: DayPlan, profile: Profile) -> DayPlan:
    if turn.lang == DEFAULT_LANGUAGE:
        return day  # English keeps the engine's fuller cue
    note = day_note(turn, day, profile)
    return day if note is None else day.model_copy(update={"coach_note": note})


def localized(turn: Turn, data: DayPlan | WeeklyPlan, profile: Profile) -> DayPlan | WeeklyPlan:
    """A staged day, or every day of a staged week, with its note in the user's language."""
    if isinstance(data, DayPlan):
        return localized_day(turn, data, profile)
    days = {weekday: localized_day(turn, day, profile) for weekday, day in data.days.items()}
    return data.model_copy(update={"days": days})


def modification_note(turn: Turn, week: WeeklyPlan, profile: Profile) -> str | None:
    """One sentence naming every modified exercise of the week, or None when there is none."""
    modified = modified_in(p for day in week.days.values() for p in day.exercises())
    return modified_note(turn, modified, profile) if modified else None
