"""Gear vocabulary, exercise gear requirements (R21) and the user's equipment inventory (R17)."""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

MAX_DUMBBELL_LB = 500.0
"""Above the heaviest dumbbells made (about 375 lb): a larger cap is a typo or an attack, not gear."""


class Gear(StrEnum):
    """Gear names spelled as the source index spells them."""

    BODYWEIGHT = "Bodyweight"
    BARBELL = "Barbell"
    DUMBBELLS = "Dumbbells"
    BENCH = "Bench"
    FLAT_BENCH = "Flat Bench"
    INCLINE_BENCH = "Incline Bench"
    PULL_UP_BAR = "Pull-Up Bar"
    CABLE_MACHINE = "Cable Machine"
    ROPE = "Rope"
    SQUAT_RACK = "Squat Rack"
    LEG_PRESS_MACHINE = "Leg Press Machine"
    LEG_EXTENSION_MACHINE = "Leg Extension Machine"
    HAMSTRING_MACHINE = "Hamstring Machine"
    MACHINE = "Machine"
    AB_WHEEL = "Ab Wheel"


# What owning one item lets you use: an adjustable bench is a flat and an incline bench (issue 3).
GEAR_IMPLIES: dict[Gear, frozenset[Gear]] = {
    Gear.BENCH: frozenset({Gear.BENCH, Gear.FLAT_BENCH}),
    Gear.FLAT_BENCH: frozenset({Gear.BENCH, Gear.FLAT_BENCH}),
    Gear.INCLINE_BENCH: frozenset({Gear.INCLINE_BENCH}),
}

# What "the X is taken/broken" removes: a taken bench means no bench of any angle right now.
UNAVAILABLE_IMPLIES: dict[Gear, frozenset[Gear]] = {
    Gear.BENCH: frozenset({Gear.BENCH, Gear.FLAT_BENCH, Gear.INCLINE_BENCH}),
    Gear.FLAT_BENCH: frozenset({Gear.BENCH, Gear.FLAT_BENCH}),
    Gear.CABLE_MACHINE: frozenset({Gear.CABLE_MACHINE, Gear.ROPE}),
}

COMMERCIAL_GYM: frozenset[Gear] = frozenset(Gear)

LISTED_GYM_ITEMS = 2
"""Items a gym's own list needs to stand for the gym."""


def gym_is_its_list(listed: int, dumbbell_cap: float | None) -> bool:
    """Whether a gym told with what it has is that list rather than a commercial gym: its dumbbells
    stop at a weight and it names at least two things ("academia do condomínio: halteres até 20kg,
    um banco reto e uma polia"). A commercial gym's dumbbells do not stop at 20 kg; without a cap
    a gym stands for everything (its list is examples: "barbells, racks, cables, the works")."""
    return dumbbell_cap is not None and listed >= LISTED_GYM_ITEMS


class GearRequirement(BaseModel):
    """Conjunctive normal form of an index gear string.

    "A, B" means all of A and B; "A / B" means either. Each inner list is one "any of" clause and
    every clause must be satisfied. Bodyweight needs nothing: `all_of == []`.
    """

    model_config = ConfigDict(frozen=True)

    all_of: list[list[Gear]] = Field(default_factory=list)

    @classmethod
    def parse(cls, text: str) -> GearRequirement:
        clauses: list[list[Gear]] = []
        for part in text.split(","):
            options = [Gear(option.strip()) for option in part.split("/") if option.strip()]
            if options == [Gear.BODYWEIGHT]:
                continue
            if Gear.BODYWEIGHT in options:
                continue  # "X / Bodyweight" is always satisfiable
            clauses.append(options)
        return cls(all_of=clauses)

    def satisfied_by(self, available: frozenset[Gear] | set[Gear]) -> bool:
        return all(any(option in available for option in clause) for clause in self.all_of)

    def mentions(self) -> set[Gear]:
        return {gear for clause in self.all_of for gear in clause}


@lru_cache(maxsize=256)
def _expanded(gear: frozenset[Gear], unavailable: frozenset[Gear]) -> frozenset[Gear]:
    """Owned gear with its implications, minus what is unavailable (memoised: every rule asks)."""
    owned: set[Gear] = {Gear.BODYWEIGHT}
    for item in gear:
        owned |= GEAR_IMPLIES.get(item, frozenset({item}))
    blocked: set[Gear] = set()
    for item in unavailable:
        blocked |= UNAVAILABLE_IMPLIES.get(item, frozenset({item}))
    return frozenset(owned - blocked)


class Inventory(BaseModel):
    """What the user can train with right now.

    `gear` is what they own (with implications expanded by `expanded()`), `dumbbell_max_lb` caps
    dumbbell loads (None: unknown or no cap), `dumbbell_pairs_lb` lists the fixed pairs owned when
    the user named them ("10, 15, 25 and 40 lb": gaps included; empty: every 5 lb / 2 kg step up to
    the cap), and `unavailable` is gear that is taken or broken at the moment. `known=False` means
    no equipment memory exists: plan with bodyweight only.
    """

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)

    gear: frozenset[Gear] = frozenset()
    dumbbell_max_lb: float | None = Field(default=None, ge=0, le=MAX_DUMBBELL_LB)
    dumbbell_pairs_lb: tuple[float, ...] = Field(
        default=(),
        max_length=40,
        description="Fixed dumbbell pairs owned, in lb, lightest first; empty: every step up to the cap.",
    )
    unavailable: frozenset[Gear] = frozenset()
    known: bool = True

    @field_validator("dumbbell_pairs_lb")
    @classmethod
    def _pairs_sorted(cls, value: tuple[float, ...]) -> tuple[float, ...]:
        if any(not 0 < pair <= MAX_DUMBBELL_LB for pair in value):
            raise ValueError(f"a dumbbell pair weighs more than 0 and at most {MAX_DUMBBELL_LB:g} lb")
        return tuple(sorted({round(pair, 2) for pair in value}))

    @model_validator(mode="after")
    def _cap_is_the_heaviest_pair(self) -> Inventory:
        # Named pairs say what the heaviest is: the cap every rule reads (R17 loads) follows them.
        if self.dumbbell_pairs_lb and self.dumbbell_max_lb != self.dumbbell_pairs_lb[-1]:
            object.__setattr__(self, "dumbbell_max_lb", self.dumbbell_pairs_lb[-1])
        return self

    def expanded(self) -> frozenset[Gear]:
        return _expanded(self.gear, self.unavailable)

    def allows(self, requirement: GearRequirement) -> bool:
        return requirement.satisfied_by(self.expanded())

    @classmethod
    def unknown(cls) -> Inventory:
        return cls(gear=frozenset(), known=False)
