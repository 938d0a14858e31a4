"""A tapped suggestion chip read back into the edit it was written from (R34).

The engine offers an edit only after carrying it out (engine.suggestions) and the client writes it
with a catalogue template (`ui.json` `edit_*`) in the reader's language. Reading it with the same
templates, in every language, means a chip never depends on how free text happens to be read: the
day, minutes, exercise and group it names are the ones the engine checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from fitcoach.agent.offline.understanding.model import Intent, Understanding
from fitcoach.contract.models import Weekday
from fitcoach.engine.suggestions import EditKind
from fitcoach.languages.dates import day_matches
from fitcoach.languages.lexicon import SUPPORTED_LANGUAGES
from fitcoach.languages.text import fold
from fitcoach.languages.ui import ui_text
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import IndexGroup

GROUP_AREAS: dict[IndexGroup, str] = {
    IndexGroup.CHEST: "chest",
    IndexGroup.BACK: "back",
    IndexGroup.SHOULDERS: "shoulder",
    IndexGroup.LEGS_QUAD: "quads",
    IndexGroup.LEGS_POSTERIOR: "hamstrings",
    IndexGroup.ARMS: "arms",
    IndexGroup.CORE: "core",
}
"""Each group a chip can add, as the understanding's area key (acting/areas.py maps it back)."""

_SLOTS = {
    "minutes": r"(?P<minutes>\d{1,3})",
    "name": r"(?P<name>.+?)",
    "day": r"(?P<day>.+?)",
    "from": r"(?P<from>.+?)",
    "to": r"(?P<to>.+?)",
}


@dataclass(frozen=True)
class Chip:
    kind: EditKind
    minutes: int | None = None
    exercise: str | None = None
    day: Weekday | None = None
    to_day: Weekday | None = None
    group: IndexGroup | None = None


@cache
def _patterns() -> list[tuple[EditKind, str, re.Pattern[str]]]:
    found = []
    for lang in SUPPORTED_LANGUAGES:
        groups = "|".join(
            re.escape(fold(ui_text(lang, f"edit_group_{g.value}"))) for g in IndexGroup if g in GROUP_AREAS
        )
        slots = {**_SLOTS, "group": f"(?P<group>{groups})"}
        for kind in EditKind:
            template = fold(ui_text(lang, f"edit_{kind.value}"))
            parts = re.split(r"\{(\w+)\}", template)
            body = "".join(re.escape(p) if i % 2 == 0 else slots[p] for i, p in enumerate(parts))
            found.append((kind, lang, re.compile(rf"\s*{body}\s*[.!。！]?\s*")))
    return found


def _weekday(text: str) -> Weekday | None:
    days = {m.key for m in day_matches(text) if m.category == "weekday"}
    return Weekday(days.pop()) if len(days) == 1 else None


def _group(lang: str, word: str) -> IndexGroup | None:
    return next((g for g in GROUP_AREAS if fold(ui_text(lang, f"edit_group_{g.value}")) == word), None)


def _exercise(name: str, library: ExerciseLibrary) -> str | None:
    for entry in library:
        if fold(entry.name) == name or any(
            fold(alias) == name for aliases in entry.names.values() for alias in aliases
        ):
            return entry.slug
    return None


def read_chip(message: str, library: ExerciseLibrary) -> Chip | None:
    """The edit a message written by a chip template names, every slot resolved; None otherwise."""
    folded = fold(message)
    for kind, lang, pattern in _patterns():
        match = pattern.fullmatch(folded)
        if match is None:
            continue
        slots = match.groupdict()
        chip = Chip(
            kind,
            minutes=int(slots["minutes"]) if slots.get("minutes") else None,
            exercise=_exercise(slots["name"], library) if slots.get("name") else None,
            day=_weekday(slots.get("day") or slots.get("from") or ""),
            to_day=_weekday(slots["to"]) if slots.get("to") else None,
            group=_group(lang, slots["group"]) if slots.get("group") else None,
        )
        if _complete(chip):
            return chip
    return None


def _complete(chip: Chip) -> bool:
    if chip.kind is EditKind.SHORTEN:
        return chip.minutes is not None
    if chip.kind is EditKind.SWAP:
        return chip.exercise is not None
    if chip.kind is EditKind.MOVE:
        return chip.day is not None and chip.to_day is not None and chip.day is not chip.to_day
    return chip.day is not None and chip.group is not None


CHIP_FEATURE = "ctx:chip"
"""Marks a reading that is a tapped chip: an exact edit, never second-guessed by the models."""


def as_understood(chip: Chip, u: Understanding, selected_day: Weekday | None) -> Understanding:
    """The message's reading with the chip's edit in place of whatever free text made of it."""
    read = _as_understood(chip, u, selected_day)
    return replace(read, features=read.features | {CHIP_FEATURE})


def _as_understood(chip: Chip, u: Understanding, selected_day: Weekday | None) -> Understanding:
    cues = set(u.cues)
    features = set(u.features)
    if chip.kind is EditKind.SHORTEN:
        # the chip belongs to the day page it was tapped on
        day = selected_day or u.target_day
        return replace(
            u, intent=Intent.DAY_EDIT, target_day=day, minutes=chip.minutes, cues=frozenset(cues | {"cut"})
        )
    if chip.kind is EditKind.SWAP:
        assert chip.exercise is not None
        return replace(
            u,
            intent=Intent.LIVE_SWAP,
            target_day=selected_day or u.target_day,
            exercises=[chip.exercise],
            cues=frozenset(cues | {"swap"}),
        )
    if chip.kind is EditKind.MOVE:
        return replace(u, intent=Intent.WEEK_OVERHAUL, cues=frozenset(cues | {"move"}))
    assert chip.group is not None
    return replace(
        u,
        intent=Intent.DAY_EDIT,
        target_day=chip.day,
        areas=[GROUP_AREAS[chip.group]],
        afflicted_areas=[],
        replaced_areas=[],
        minutes=None,
        cues=frozenset(cues - {"harder", "add_day"}),
        features=frozenset((features - {"cue:add_day"}) | {"has:add_to_day"}),
    )
