"""The exercise library: the only exercises a plan may contain (R20-R22)."""

from fitcoach.library.gear import Gear, GearRequirement, Inventory
from fitcoach.library.loader import ExerciseLibrary, get_library
from fitcoach.library.models import Exercise, IndexGroup, MuscleGroup

__all__ = [
    "Exercise",
    "ExerciseLibrary",
    "Gear",
    "GearRequirement",
    "IndexGroup",
    "Inventory",
    "MuscleGroup",
    "get_library",
]
