"""Corrections merged into the tier-1 fact on record (R26 UPDATE): "my dumbbells only go to 40 lb",
"I sold the pull-up bar", "corrigindo: meu objetivo agora é emagrecer". Only the corrected detail
changes (a dumbbell cap, an item removed or added, the goal type); the rest of the stored text stays,
so a correction never wipes the bench off the equipment fact or the schedule off the goal."""

from __future__ import annotations

import re

from fitcoach.agent.offline.acting.turn import Turn
from fitcoach.agent.offline.understanding.model import Load
from fitcoach.engine.inventory import parse_inventory
from fitcoach.library.gear import COMMERCIAL_GYM, UNAVAILABLE_IMPLIES, Gear, Inventory

_SEPARATOR = re.compile(
    r"(\s*(?:[,;:、，；：]|\s(?:and|with|plus|et|avec|e|com|и|с)\s|[和與跟及])\s*)", re.IGNORECASE
)
"""Between the items of an equipment fact, in the languages a stored fact may be written in."""

_INTRODUCERS = frozenset({":", "with", "avec", "com", "с", "：", "和"})
"""Separators that open the list ("Home gym with ...", "Home gym: ..."): when the first item goes,
the next separator goes instead, so the list keeps its opening word."""

_LOAD = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*(lbs?|pounds?|livres?|libras?|фунт\w*|磅|kgs?|кг|公斤|千克|kilos?|quilos?)",
    re.IGNORECASE,
)
_KG_WORDS = frozenset({"kg", "kgs", "кг", "公斤", "千克", "kilo", "kilos", "quilo", "quilos"})

_END = re.compile(r"[.。!！\s]+$")


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


def _load_text(load: Load, written_unit: str | None) -> str:
    value = f"{load.value:g}"
    if written_unit is not None and (written_unit.lower() in _KG_WORDS) == (load.unit == "kg"):
        return f"{value} {written_unit}"
    return f"{value} {'kg' if load.unit == 'kg' else 'lbs'}"


def _with_cap(segment: str, load: Load) -> str:
    found = _LOAD.search(segment)
    if found is None:
        return f"{segment} up to {_load_text(load, None)}"
    return segment[: found.start()] + _load_text(load, found.group(2)) + segment[found.end() :]


def _drop(parts: list[str], index: int) -> None:
    """Remove item `index` (even) of a split fact with the separator that joined it."""
    before = parts[index - 1].strip().lower() if index > 0 else None
    if index + 1 < len(parts) and (before is None or before in _INTRODUCERS):
        del parts[index : index + 2]
    elif index > 0:
        del parts[index - 1 : index + 1]
    else:
        del parts[index]


def merged_equipment_fact(stored: str, after: Inventory, load: Load | None) -> str | None:
    """The stored equipment text with only what changed edited in: items no longer owned dropped,
    the dumbbell cap rewritten, new items appended. None when the text cannot carry the change (no
    item in it names gear, a whole gym): the caller writes a fresh fact."""
    before = parse_inventory(stored)
    if not before.gear or after.gear >= COMMERCIAL_GYM - {Gear.BODYWEIGHT}:
        return None
    end = _END.search(stored)
    body, tail = (stored[: end.start()], stored[end.start() :].strip()) if end else (stored, "")
    parts = _SEPARATOR.split(body)
    index = 0
    while index < len(parts):
        named = parse_inventory(parts[index]).gear
        if named and not named & after.gear:
            _drop(parts, index)
            continue
        if load is not None and Gear.DUMBBELLS in named:
            parts[index] = _with_cap(parts[index], load)
        index += 2
    text = "".join(parts).strip()
    for gear in Gear:
        if gear in after.gear and gear is not Gear.BODYWEIGHT and gear not in parse_inventory(text).gear:
            item = gear.value.lower()
            if gear is Gear.DUMBBELLS and load is not None:
                item = f"{item} up to {_load_text(load, None)}"
            text = f"{text}, {item}" if text else item
    if not parse_inventory(text).gear - {Gear.BODYWEIGHT}:
        return None
    return text + (tail or ".")


_GOAL_PHRASE = re.compile(
    r"(?:general\s+)?(?:hypertrophy|strength|muscle gain|build(?:ing)? muscle|fat loss|weight loss|"
    r"lose weight|general fitness|fitness|recomp\w*)",
    re.IGNORECASE,
)
"""The goal words a stored goal fact opens with ("Hypertrophy with chest emphasis; 4 days/week")."""


def merged_goal_fact(stored: str, label: str) -> str:
    """The stored goal text with only its goal type replaced; the emphasis and schedule stay."""
    found = _GOAL_PHRASE.search(stored)
    if found is None:
        return f"{label.capitalize()}; {stored}"
    head = label.capitalize() if found.start() == 0 else label
    return stored[: found.start()] + head + stored[found.end() :]
