"""Programming tables the generator draws on: splits by frequency, session templates, prescriptions by goal.

Numbers follow science.md: 1–3 RIR (§3), 60–180 s rests (§7), 3–5 sets per exercise within the
per-session ceiling (§2).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fitcoach.contract.models import Weekday
from fitcoach.engine.profile import GoalType
from fitcoach.library.models import Exercise, IndexGroup, MuscleGroup

W = Weekday


class SessionKind(StrEnum):
    FULL = "full"
    UPPER = "upper"
    LOWER = "lower"
    PUSH = "push"
    PULL = "pull"
    LEGS = "legs"
    FOCUS = "focus"


DEFAULT_DAYS: dict[int, tuple[Weekday, ...]] = {
    1: (W.MONDAY,),
    2: (W.MONDAY, W.THURSDAY),
    3: (W.MONDAY, W.WEDNESDAY, W.FRIDAY),
    4: (W.MONDAY, W.TUESDAY, W.THURSDAY, W.FRIDAY),
    5: (W.MONDAY, W.TUESDAY, W.WEDNESDAY, W.FRIDAY, W.SATURDAY),
    6: (W.MONDAY, W.TUESDAY, W.WEDNESDAY, W.THURSDAY, W.FRIDAY, W.SATURDAY),
    7: tuple(Weekday),
}
"""Training days spread so rest falls between blocks of work (48 h recovery, science.md §4)."""

SPLITS: dict[int, tuple[SessionKind, ...]] = {
    1: (SessionKind.FULL,),
    2: (SessionKind.FULL, SessionKind.FULL),
    3: (SessionKind.FULL,) * 3,
    4: (SessionKind.UPPER, SessionKind.LOWER, SessionKind.UPPER, SessionKind.LOWER),
    5: (SessionKind.UPPER, SessionKind.LOWER, SessionKind.PUSH, SessionKind.PULL, SessionKind.LEGS),
    6: (SessionKind.PUSH, SessionKind.PULL, SessionKind.LEGS) * 2,
    7: (SessionKind.PUSH, SessionKind.PULL, SessionKind.LEGS) * 2 + (SessionKind.FULL,),
}
"""Split by frequency: full body up to 3 days, upper/lower at 4, hybrids at 5, push/pull/legs at 6+."""


@dataclass(frozen=True)
class Role:
    """A slot in a session: exercises of these movement patterns, or of this group."""

    patterns: frozenset[str] = frozenset()
    group: MuscleGroup | None = None
    index_group: IndexGroup | None = None
    prefer_isolation: bool = False

    def accepts(self, exercise: Exercise) -> bool:
        return (
            exercise.movement_pattern in self.patterns
            or (self.group is not None and self.group in exercise.primary_groups)
            or (self.index_group is not None and exercise.group == self.index_group)
        )


def _role(*patterns: str) -> Role:
    return Role(patterns=frozenset(patterns))


SQUAT = _role("squat", "squat_machine")
HINGE = _role("hip_hinge")
LUNGE = _role("lunge")
H_PUSH = _role("horizontal_push")
H_PULL = _role("horizontal_pull")
V_PUSH = _role("vertical_push")
V_PULL = _role("vertical_pull")
ANY_PULL = _role("horizontal_pull", "vertical_pull")
LATERAL = _role("shoulder_abduction")
REAR = _role("horizontal_abduction", "horizontal_abduction_external_rotation")
FLYE = _role("horizontal_adduction")
CURL = _role("elbow_flexion")
EXTENSION = _role("elbow_extension")
LEG_CURL = _role("knee_flexion")
LEG_EXT = _role("knee_extension")
CALF = _role("ankle_plantarflexion")
CORE = _role("trunk_flexion", "anti_extension_isometric", "anti_extension", "trunk_rotation")

TEMPLATES: dict[SessionKind, tuple[Role, ...]] = {
    SessionKind.FULL: (
        SQUAT,
        H_PUSH,
        ANY_PULL,
        HINGE,
        V_PUSH,
        LUNGE,
        LATERAL,
        CURL,
        EXTENSION,
        LEG_CURL,
        CORE,
    ),
    SessionKind.UPPER: (H_PUSH, H_PULL, V_PUSH, V_PULL, LATERAL, CURL, EXTENSION, FLYE, REAR, CORE),
    SessionKind.LOWER: (SQUAT, HINGE, LUNGE, LEG_CURL, LEG_EXT, CALF, CORE),
    SessionKind.PUSH: (H_PUSH, V_PUSH, FLYE, LATERAL, EXTENSION, CORE),
    SessionKind.PULL: (V_PULL, H_PULL, REAR, CURL, CORE),
    SessionKind.LEGS: (SQUAT, HINGE, LUNGE, LEG_CURL, LEG_EXT, CALF, CORE),
}

_UPPER = frozenset(
    {MuscleGroup.CHEST, MuscleGroup.BACK, MuscleGroup.SHOULDERS, MuscleGroup.BICEPS, MuscleGroup.TRICEPS}
)
_LOWER = frozenset({MuscleGroup.QUADS, MuscleGroup.HAMSTRINGS, MuscleGroup.GLUTES, MuscleGroup.CALVES})

SESSION_GROUPS: dict[SessionKind, frozenset[MuscleGroup]] = {
    SessionKind.FULL: _UPPER | _LOWER,
    SessionKind.UPPER: _UPPER,
    SessionKind.LOWER: _LOWER,
    SessionKind.PUSH: frozenset({MuscleGroup.CHEST, MuscleGroup.SHOULDERS, MuscleGroup.TRICEPS}),
    SessionKind.PULL: frozenset({MuscleGroup.BACK, MuscleGroup.BICEPS}),
    SessionKind.LEGS: _LOWER,
    SessionKind.FOCUS: frozenset(),
}
"""Which priority groups a session kind may add extra work for."""

TITLES: dict[SessionKind, str] = {
    SessionKind.FULL: "Full Body",
    SessionKind.UPPER: "Upper Body",
    SessionKind.LOWER: "Lower Body",
    SessionKind.PUSH: "Push",
    SessionKind.PULL: "Pull",
    SessionKind.LEGS: "Legs",
    SessionKind.FOCUS: "Focus",
}


@dataclass(frozen=True)
class Prescription:
    sets: int
    reps: str
    rest_seconds: int
    rir: int


PRESCRIPTIONS: dict[GoalType, dict[str, Prescription]] = {
    GoalType.HYPERTROPHY: {
        "heavy": Prescription(4, "6-8", 150, 2),
        "compound": Prescription(3, "8-10", 90, 2),
        "isolation": Prescription(3, "10-12", 60, 1),
        "core": Prescription(3, "10-15", 45, 2),
    },
    GoalType.STRENGTH: {
        "heavy": Prescription(4, "3-5", 180, 2),
        "compound": Prescription(3, "6-8", 120, 2),
        "isolation": Prescription(3, "8-12", 75, 2),
        "core": Prescription(3, "8-12", 60, 2),
    },
    GoalType.GENERAL: {
        "heavy": Prescription(3, "6-8", 120, 2),
        "compound": Prescription(3, "8-12", 75, 2),
        "isolation": Prescription(3, "12-15", 60, 2),
        "core": Prescription(3, "10-15", 45, 2),
    },
}
"""Sets/reps/rest/RIR by goal: heavier and longer rests for strength (Schoenfeld 2016, ACSM 2009, §7)."""

TIMED_SECONDS = "45s"
"""A timed hold such as the plank is prescribed in seconds."""


def prescription_kind(exercise: Exercise) -> str:
    if exercise.type == "core":
        return "core"
    if exercise.type == "compound":
        return "heavy" if exercise.priority_tier == 1 else "compound"
    return "isolation"
