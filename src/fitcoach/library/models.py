"""Library entry model: what the rules need per exercise and the index lacks (R22)."""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from fitcoach.library.gear import GearRequirement

Level = Literal["low", "moderate", "high"]
ExerciseType = Literal["compound", "isolation", "accessory", "core"]
LanguageCode = Literal["en", "fr", "pt", "ru", "zh-Hant", "zh-Hans", "es"]

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"


class IndexGroup(StrEnum):
    """The seven groups of the source's compact index."""

    CHEST = "chest"
    BACK = "back"
    SHOULDERS = "shoulders"
    LEGS_QUAD = "legs_quad"
    LEGS_POSTERIOR = "legs_posterior"
    ARMS = "arms"
    CORE = "core"


class Muscle(StrEnum):
    """Fine-grained muscles, as in reference/exercise_muscles.csv."""

    CHEST = "chest"
    FRONT_DELTS = "front_delts"
    SIDE_DELTS = "side_delts"
    REAR_DELTS = "rear_delts"
    TRICEPS = "triceps"
    BICEPS = "biceps"
    FOREARMS = "forearms"
    LATS = "lats"
    UPPER_BACK = "upper_back"
    TRAPS = "traps"
    LOWER_BACK = "lower_back"
    GLUTES = "glutes"
    HAMSTRINGS = "hamstrings"
    QUADS = "quads"
    ADDUCTORS = "adductors"
    CALVES = "calves"
    ABS = "abs"
    OBLIQUES = "obliques"


class MuscleGroup(StrEnum):
    """User-facing muscle groups: volume is counted and reported per group (R11, R36)."""

    CHEST = "Chest"
    BACK = "Back"
    SHOULDERS = "Shoulders"
    QUADS = "Quads"
    HAMSTRINGS = "Hamstrings"
    GLUTES = "Glutes"
    BICEPS = "Biceps"
    TRICEPS = "Triceps"
    CALVES = "Calves"
    CORE = "Core"
    FOREARMS = "Forearms"
    ADDUCTORS = "Adductors"


MUSCLE_TO_GROUP: dict[Muscle, MuscleGroup] = {
    Muscle.CHEST: MuscleGroup.CHEST,
    Muscle.FRONT_DELTS: MuscleGroup.SHOULDERS,
    Muscle.SIDE_DELTS: MuscleGroup.SHOULDERS,
    Muscle.REAR_DELTS: MuscleGroup.SHOULDERS,
    Muscle.TRICEPS: MuscleGroup.TRICEPS,
    Muscle.BICEPS: MuscleGroup.BICEPS,
    Muscle.FOREARMS: MuscleGroup.FOREARMS,
    Muscle.LATS: MuscleGroup.BACK,
    Muscle.UPPER_BACK: MuscleGroup.BACK,
    Muscle.TRAPS: MuscleGroup.BACK,
    Muscle.LOWER_BACK: MuscleGroup.BACK,
    Muscle.GLUTES: MuscleGroup.GLUTES,
    Muscle.HAMSTRINGS: MuscleGroup.HAMSTRINGS,
    Muscle.QUADS: MuscleGroup.QUADS,
    Muscle.ADDUCTORS: MuscleGroup.ADDUCTORS,
    Muscle.CALVES: MuscleGroup.CALVES,
    Muscle.ABS: MuscleGroup.CORE,
    Muscle.OBLIQUES: MuscleGroup.CORE,
}


class Exercise(BaseModel):
    """One library entry. Names in plan data stay the canonical English `name` (R9)."""

    # The API returns entries as they are; every field is always written, so its document requires them.
    model_config = ConfigDict(
        frozen=True, extra="forbid", json_schema_serialization_defaults_required=True, allow_inf_nan=False
    )

    slug: str = Field(pattern=SLUG_PATTERN, max_length=80)
    name: str = Field(min_length=1, max_length=120)
    group: IndexGroup
    gear_text: str = Field(description="The index's gear string, e.g. 'Dumbbells, Incline Bench'.")
    gear: GearRequirement
    type: ExerciseType
    priority_tier: int = Field(ge=1, le=4, description="R10 ordering tier.")
    movement_pattern: str
    antagonist_group: str
    primary_muscles: list[Muscle] = Field(min_length=1)
    secondary_muscles: list[Muscle] = Field(default_factory=list)
    spinal_loading: Level
    systemic_fatigue: Level
    grip_demand: Level
    overhead: bool = Field(default=False, description="Loads the shoulder overhead (impingement).")
    unilateral: bool = False
    timed: bool = Field(default=False, description="Prescribed in seconds, not reps (plank).")
    default_load_lb: float = Field(default=0, ge=0, le=1500, description="Conservative working load per rep.")
    names: dict[LanguageCode, list[str]] = Field(
        default_factory=dict, description="Localised names and common aliases, first is preferred."
    )

    @field_validator("names")
    @classmethod
    def _names_non_empty(cls, value: dict[str, list[str]]) -> dict[str, list[str]]:
        for lang, aliases in value.items():
            if not aliases or any(not alias.strip() for alias in aliases):
                raise ValueError(f"names[{lang}] must list at least one non-empty name")
        return value

    # Cached: entries are frozen and the engine asks for these in its innermost loops.
    @cached_property
    def primary_groups(self) -> set[MuscleGroup]:
        return {MUSCLE_TO_GROUP[m] for m in self.primary_muscles}

    @cached_property
    def secondary_groups(self) -> set[MuscleGroup]:
        return {MUSCLE_TO_GROUP[m] for m in self.secondary_muscles} - self.primary_groups

    def localized_name(self, lang: str) -> str:
        aliases = self.names.get(lang)  # type: ignore[call-overload]
        return aliases[0] if aliases else self.name
