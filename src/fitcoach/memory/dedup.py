"""Deduplication (R26): is a new entry already known, or does it belong in an existing single-valued slot?

Facts are compared by tier, category or canonical body part, normalised text and structured fields, so
the same fact worded in two languages is recognised when its structured fields agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from fitcoach.contract.models import Tier1Entry, Tier2Entry, Tier3Entry
from fitcoach.memory.model import Entry, MemoryItem
from fitcoach.memory.text import BodyPart, canonical_body_part, normalize_text


class MatchKind(StrEnum):
    SAME_FACT = "same_fact"
    """The entry restates an active fact: create nothing (at most extend its expiry)."""

    SAME_SLOT = "same_slot"
    """The entry replaces an active single-valued fact or the state of the same body part: update it."""


@dataclass(frozen=True)
class Match:
    item: MemoryItem
    kind: MatchKind
    detail: str


_STRUCTURED_TIER1 = ("inventory", "goal_type", "schedule", "priority_muscles", "tone", "verbosity")


def single_valued_slot(entry: Tier1Entry) -> str | None:
    """The slot a tier-1 fact fills alone: the goal, the equipment inventory, the tone or verbosity."""
    if entry.category in ("goal", "equipment"):
        return entry.category
    if entry.category == "preference":
        if entry.tone is not None:
            return "preference:tone"
        if entry.verbosity is not None:
            return "preference:verbosity"
    return None


def body_part_of(entry: Tier1Entry | Tier2Entry) -> BodyPart | None:
    if entry.body_part is None:
        return None
    side = entry.side if isinstance(entry, Tier2Entry) else None
    return canonical_body_part(entry.body_part, side=side)


def _structured(entry: Tier1Entry) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name in _STRUCTURED_TIER1:
        value = getattr(entry, name)
        if value is None:
            continue
        if name == "priority_muscles":
            value = sorted(normalize_text(muscle) for muscle in value)
        elif name in ("inventory", "schedule"):
            value = value.model_dump(mode="json")
            if isinstance(value, dict) and isinstance(value.get("gear"), list):
                value["gear"] = sorted(value["gear"])
        values[name] = value
    return values


def _tier1_match(entry: Tier1Entry, item: MemoryItem) -> Match | None:
    known = item.entry
    if not isinstance(known, Tier1Entry) or known.category != entry.category:
        return None
    if normalize_text(known.fact) == normalize_text(entry.fact):
        return Match(item, MatchKind.SAME_FACT, "same category and text")
    structured = _structured(entry)
    if structured and structured == _structured(known):
        return Match(item, MatchKind.SAME_FACT, "same category and structured fields")
    new_part, known_part = body_part_of(entry), body_part_of(known)
    if (
        entry.category == "chronic_condition"
        and new_part is not None
        and known_part is not None
        and new_part.same_area(known_part)
    ):
        return Match(item, MatchKind.SAME_FACT, f"chronic condition of the same area ({new_part.area})")
    slot = single_valued_slot(entry)
    if slot is not None and slot == single_valued_slot(known):
        return Match(item, MatchKind.SAME_SLOT, f"single-valued {slot}")
    return None


def _tier2_match(entry: Tier2Entry, item: MemoryItem) -> Match | None:
    known = item.entry
    if not isinstance(known, Tier2Entry):
        return None
    new_part, known_part = body_part_of(entry), body_part_of(known)
    if new_part is None or known_part is None or not new_part.same_area(known_part):
        return None
    if known.condition == entry.condition:
        return Match(item, MatchKind.SAME_FACT, f"same {entry.condition} of the same area ({new_part.area})")
    return Match(item, MatchKind.SAME_SLOT, f"new state of the same area ({new_part.area})")


def _tier3_match(entry: Tier3Entry, item: MemoryItem) -> Match | None:
    known = item.entry
    if not isinstance(known, Tier3Entry):
        return None
    if normalize_text(known.event) == normalize_text(entry.event):
        if (
            known.event_date is not None
            and entry.event_date is not None
            and known.event_date != entry.event_date
        ):
            return Match(item, MatchKind.SAME_SLOT, "same event, new date")
        return Match(item, MatchKind.SAME_FACT, "same event")
    if normalize_text(known.fact) == normalize_text(entry.fact):
        return Match(item, MatchKind.SAME_FACT, "same text")
    if (
        entry.event_date is not None
        and entry.event_date == known.event_date
        and entry.expires_at is not None
        and entry.expires_at == known.expires_at
    ):
        return Match(item, MatchKind.SAME_FACT, "same event date and end")
    return None


def find_match(entry: Entry, active: Sequence[MemoryItem]) -> Match | None:
    """The active item this entry restates or replaces; a restatement wins over a slot, newest first."""
    candidates = sorted(active, key=lambda item: item.updated_at, reverse=True)
    matches: list[Match] = []
    for item in candidates:
        if isinstance(entry, Tier1Entry):
            match = _tier1_match(entry, item)
        elif isinstance(entry, Tier2Entry):
            match = _tier2_match(entry, item)
        else:
            match = _tier3_match(entry, item)
        if match is not None:
            matches.append(match)
    for match in matches:
        if match.kind is MatchKind.SAME_FACT:
            return match
    return matches[0] if matches else None
