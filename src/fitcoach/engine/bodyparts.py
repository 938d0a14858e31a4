"""Body areas and the contraindication table (R18); the words naming areas are the fact reader's
(`languages/data/<code>/facts.json`), so memory and the engine agree on them.

The table is data: each area names which exercises load it (by pattern, slug, muscle or load level),
so adding an area or a word never needs a code branch. Thresholds follow science.md §9 (spine and
fatigue columns) and the spec's R18 examples.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from fitcoach.facts.model import BodyArea as BodyArea
from fitcoach.facts.reader import is_severe as reader_is_severe
from fitcoach.facts.reader import read_area, read_areas
from fitcoach.library.models import Exercise, Level, Muscle, MuscleGroup


@lru_cache(maxsize=2048)
def areas_in(text: str) -> frozenset[BodyArea]:
    """The canonical areas a free-text body part or fact names, in any supported language (the fact
    reader's area words, `languages/data/<code>/facts.json`)."""
    return read_areas(text)


def parse_area(text: str) -> BodyArea | None:
    """One area from a word: the canonical value itself or the first one named."""
    return read_area(text)


@dataclass(frozen=True)
class ExerciseMatch:
    """Which exercises load an area: any listed criterion is enough."""

    patterns: frozenset[str] = frozenset()
    slugs: frozenset[str] = frozenset()
    primary_muscles: frozenset[Muscle] = frozenset()
    spinal_loading: frozenset[Level] = frozenset()
    grip_demand: frozenset[Level] = frozenset()
    overhead: bool = False

    def matches(self, exercise: Exercise) -> bool:
        return (
            exercise.movement_pattern in self.patterns
            or exercise.slug in self.slugs
            or bool(self.primary_muscles.intersection(exercise.primary_muscles))
            or exercise.spinal_loading in self.spinal_loading
            or exercise.grip_demand in self.grip_demand
            or (self.overhead and exercise.overhead)
        )


_HINGE = frozenset({"hip_hinge"})
_DELTS = frozenset({Muscle.FRONT_DELTS, Muscle.SIDE_DELTS, Muscle.REAR_DELTS})

CONTRAINDICATIONS: dict[BodyArea, ExerciseMatch] = {
    # R18's own example: lower-back sensitivity means no unsupported spinal loading and no heavy hinges.
    BodyArea.LOWER_BACK: ExerciseMatch(
        patterns=_HINGE, spinal_loading=frozenset({"high"}), slugs=frozenset({"standing-overhead-press"})
    ),
    BodyArea.BACK: ExerciseMatch(
        patterns=_HINGE,
        spinal_loading=frozenset({"high"}),
        primary_muscles=frozenset({Muscle.LATS, Muscle.UPPER_BACK, Muscle.LOWER_BACK}),
    ),
    # Impingement: nothing overhead and no heavy incline pressing.
    BodyArea.SHOULDER: ExerciseMatch(
        overhead=True, primary_muscles=_DELTS, slugs=frozenset({"incline-db-bench-press"})
    ),
    BodyArea.HAMSTRINGS: ExerciseMatch(
        patterns=_HINGE | {"knee_flexion"}, primary_muscles=frozenset({Muscle.HAMSTRINGS})
    ),
    # Patellofemoral pain, chondromalacia, a sensitive knee: deep loaded knee flexion (lunges, split
    # squats, free squats) and the open-chain leg extension, whose patellofemoral stress peaks as the
    # knee straightens under load (Steinkamp et al. 1993, Am J Sports Med 21:438; Escamilla 1998,
    # Med Sci Sports Exerc 30:556) [S]. The leg press stays: its depth is set by the seat.
    BodyArea.KNEE: ExerciseMatch(patterns=frozenset({"lunge", "squat", "knee_extension"})),
    # Elbow tendinitis or epicondylitis: loaded elbow flexion and extension, and the heavy-grip pulls and
    # holds (pull-ups, rows and hinges held in the hands): gripping is what provokes lateral and medial
    # elbow tendinopathy (Coombes et al. 2015, Br J Sports Med 49:1097) [S]. Cable and supported rows stay.
    BodyArea.ELBOW: ExerciseMatch(
        patterns=frozenset({"elbow_extension", "elbow_flexion"}), grip_demand=frozenset({"high"})
    ),
    BodyArea.WRIST: ExerciseMatch(grip_demand=frozenset({"high"}), slugs=frozenset({"push-up", "plank"})),
    BodyArea.HIP: ExerciseMatch(patterns=_HINGE | {"lunge"}),
    BodyArea.NECK: ExerciseMatch(
        primary_muscles=frozenset({Muscle.TRAPS}), spinal_loading=frozenset({"high"}), overhead=True
    ),
    BodyArea.ANKLE: ExerciseMatch(patterns=frozenset({"lunge", "ankle_plantarflexion"})),
    BodyArea.QUADS: ExerciseMatch(primary_muscles=frozenset({Muscle.QUADS})),
    BodyArea.CHEST: ExerciseMatch(primary_muscles=frozenset({Muscle.CHEST})),
    BodyArea.BICEPS: ExerciseMatch(primary_muscles=frozenset({Muscle.BICEPS})),
    BodyArea.TRICEPS: ExerciseMatch(primary_muscles=frozenset({Muscle.TRICEPS})),
    BodyArea.CALVES: ExerciseMatch(primary_muscles=frozenset({Muscle.CALVES})),
    BodyArea.GLUTES: ExerciseMatch(primary_muscles=frozenset({Muscle.GLUTES})),
    BodyArea.FOREARMS: ExerciseMatch(
        grip_demand=frozenset({"high"}), primary_muscles=frozenset({Muscle.FOREARMS})
    ),
    BodyArea.CORE: ExerciseMatch(primary_muscles=frozenset({Muscle.ABS, Muscle.OBLIQUES})),
}

# The muscle group a training priority such as "chest and delts" names.
AREA_GROUP: dict[BodyArea, MuscleGroup] = {
    BodyArea.SHOULDER: MuscleGroup.SHOULDERS,
    BodyArea.BACK: MuscleGroup.BACK,
    BodyArea.HAMSTRINGS: MuscleGroup.HAMSTRINGS,
    BodyArea.QUADS: MuscleGroup.QUADS,
    BodyArea.CHEST: MuscleGroup.CHEST,
    BodyArea.BICEPS: MuscleGroup.BICEPS,
    BodyArea.TRICEPS: MuscleGroup.TRICEPS,
    BodyArea.CALVES: MuscleGroup.CALVES,
    BodyArea.GLUTES: MuscleGroup.GLUTES,
    BodyArea.FOREARMS: MuscleGroup.FOREARMS,
    BodyArea.CORE: MuscleGroup.CORE,
}


def is_severe(text: str) -> bool:
    """Whether a condition's wording says it is too serious to train around (surgery, a tear, sharp
    pain): such a condition is excluded, never modified (R18)."""
    return reader_is_severe(text)


def loads_area(exercise: Exercise, area: BodyArea) -> bool:
    """True when the exercise loads the area enough to be excluded while it is injured."""
    match = CONTRAINDICATIONS.get(area)
    return match is not None and match.matches(exercise)
