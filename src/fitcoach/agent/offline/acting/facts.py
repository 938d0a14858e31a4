"""Corrections of the tier-1 facts on record (R26 UPDATE): "my dumbbells only go to 40 lb", "I sold the
pull-up bar", "corrigindo: meu objetivo agora é emagrecer". Only the corrected detail changes (a
dumbbell cap, an item removed or added, the goal type); the memory rules merge the equipment and
render its text (`fitcoach.memory.facts`), so a correction never wipes the bench off the inventory."""

from __future__ import annotations

import re

from fitcoach.agent.offline.acting.turn import Turn
from fitcoach.agent.offline.understanding.model import Load
from fitcoach.languages.grammar import alternation
from fitcoach.library.gear import UNAVAILABLE_IMPLIES, Gear, Inventory


def updated_inventory(turn: Turn) -> Inventory:
    """What the user owns after this message: gear named with "only" replaces the stored gear
    ("dumbbells only now"), unless "only" is about the heaviest dumbbell ("my dumbbells only go to
    40 lb"); otherwise named gear adds to it; gear the user parted with or lacks leaves."""
    u = turn.u
    stored = turn.profile().inventory
    if not stored.known:
        return Inventory(gear=u.gear, dumbbell_max_lb=u.dumbbell_max_lb)
    cap_only = u.dumbbell_max_lb is not None and u.gear <= {Gear.DUMBBELLS}
    replaces = u.has_cue("only") and bool(u.gear) and not cap_only
    owned = set(u.gear) if replaces else set(stored.gear) | set(u.gear)
    for gone in u.negated_gear:
        owned -= UNAVAILABLE_IMPLIES.get(gone, frozenset({gone}))
    owned.discard(Gear.BODYWEIGHT)
    cap = u.dumbbell_max_lb or stored.dumbbell_max_lb
    return Inventory(
        gear=frozenset(owned or {Gear.BODYWEIGHT}),
        dumbbell_max_lb=cap if Gear.DUMBBELLS in owned else None,
    )


def stated_load(turn: Turn) -> Load | None:
    """The load the user gave as the dumbbell cap, as written (value and unit)."""
    cap = turn.u.dumbbell_max_lb
    if cap is None:
        return None
    return next((load for load in turn.u.loads if abs(load.pounds - cap) < 0.1), None)


_GOAL_PHRASE = re.compile(
    "(?:" + alternation("goal_phrase_prefix") + r"\s+)?" + alternation("goal_phrases"), re.IGNORECASE
)
"""The goal words a stored goal fact opens with ("Hypertrophy with chest emphasis; 4 days/week")."""


def merged_goal_fact(stored: str, label: str) -> str:
    """The stored goal text with only its goal type replaced; the emphasis and schedule stay."""
    found = _GOAL_PHRASE.search(stored)
    if found is None:
        return f"{label.capitalize()}; {stored}"
    head = label.capitalize() if found.start() == 0 else label
    return stored[: found.start()] + head + stored[found.end() :]
