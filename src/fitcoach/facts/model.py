"""Structured facts: what a memory item's text says, as data the engine, the memory rules and the
guard all read the same way (issue 13). Stored with the memory item; the text is rendered from it."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict

from fitcoach.library.gear import COMMERCIAL_GYM, GEAR_IMPLIES, UNAVAILABLE_IMPLIES, Gear, Inventory

Unit = Literal["kg", "lb"]
Side = Literal["left", "right", "both"]


class BodyArea(StrEnum):
    SHOULDER = "shoulder"
    LOWER_BACK = "lower_back"
    BACK = "back"
    KNEE = "knee"
    ELBOW = "elbow"
    WRIST = "wrist"
    HIP = "hip"
    NECK = "neck"
    ANKLE = "ankle"
    HAMSTRINGS = "hamstrings"
    QUADS = "quads"
    CHEST = "chest"
    BICEPS = "biceps"
    TRICEPS = "triceps"
    CALVES = "calves"
    GLUTES = "glutes"
    FOREARMS = "forearms"
    CORE = "core"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def covered(gear: frozenset[Gear] | set[Gear]) -> frozenset[Gear]:
    """Gear with what naming it covers when it goes: a bench of any angle, a cable's rope."""
    found: set[Gear] = set()
    for item in gear:
        found |= UNAVAILABLE_IMPLIES.get(item, frozenset({item}))
    return frozenset(found)


class InventoryFacts(_Frozen):
    """The user's equipment: owned, said to be missing (never had, sold, broken, lost), a whole gym,
    and the heaviest dumbbell (in lb; `load_unit` is the unit the user wrote it in)."""

    owned: frozenset[Gear] = frozenset()
    not_owned: frozenset[Gear] = frozenset()
    full_gym: bool = False
    dumbbell_max_lb: float | None = None
    load_unit: Unit | None = None
    dumbbell_pairs_lb: tuple[float, ...] = ()
    """The fixed pairs owned, when the user listed them ("10, 15, 25 and 40 lb")."""

    def inventory(self) -> Inventory:
        """What the engine plans with: a full gym is every piece of gear, minus what is missing."""
        gear = set(COMMERCIAL_GYM) if self.full_gym else set(self.owned)
        if Gear.CABLE_MACHINE in gear or Gear.LEG_PRESS_MACHINE in gear:
            gear.add(Gear.MACHINE)
        gear -= covered(self.not_owned) - self.owned
        if not self.full_gym:
            gear.discard(Gear.BODYWEIGHT)
        owns = Gear.DUMBBELLS in gear
        cap = self.dumbbell_max_lb if owns else None
        pairs = self.dumbbell_pairs_lb if owns else ()
        return Inventory(gear=frozenset(gear), dumbbell_max_lb=cap, dumbbell_pairs_lb=pairs)

    def has(self, gear: Gear) -> bool:
        owned: set[Gear] = set()
        for item in self.inventory().gear:
            owned |= GEAR_IMPLIES.get(item, frozenset({item}))
        return gear in owned


class EquipmentChange(_Frozen):
    """What one equipment message or fact text says happened: gear named as owned or acquired
    (`added`), gear said to be missing, sold, broken or lost (`removed`), "only X" (`only`: X replaces
    the rest), gear taken right now (`temporary`: a tier-3 matter that expires), a whole gym."""

    added: frozenset[Gear] = frozenset()
    removed: frozenset[Gear] = frozenset()
    temporary: frozenset[Gear] = frozenset()
    only: bool = False
    full_gym: bool = False
    dumbbell_max_lb: float | None = None
    load_unit: Unit | None = None
    dumbbell_pairs_lb: tuple[float, ...] = ()
    lang: str = "en"

    def is_empty(self) -> bool:
        return not (self.added or self.removed or self.temporary or self.full_gym or self.dumbbell_max_lb)


class BodyFacts(_Frozen):
    """A body part and what is wrong with it: areas, side, and whether it is worded as too serious to
    train around (surgery, a tear, sharp pain)."""

    areas: tuple[BodyArea, ...] = ()
    side: Side | None = None
    severe: bool = False


class StructuredFact(_Frozen):
    """The typed JSON stored with a memory item (`memory_items.facts`): the source of truth for what
    the item means; `lang` is the language its text is written in."""

    inventory: InventoryFacts | None = None
    unavailable: frozenset[Gear] = frozenset()
    """Gear taken or out of order for a while (a tier-3 item: it expires with the item)."""
    body: BodyFacts | None = None
    lang: str | None = None
