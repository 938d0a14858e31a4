"""Weekly volume targets per muscle group and goal: the dose the generator aims for, not just caps (R11).

Targets are data so a coach can tune them without touching the fill logic.
"""

from __future__ import annotations

from fitcoach.engine.profile import GoalType, Profile
from fitcoach.library.models import MuscleGroup

G = MuscleGroup

MAJOR_GROUPS: tuple[MuscleGroup, ...] = (
    G.CHEST,
    G.BACK,
    G.SHOULDERS,
    G.QUADS,
    G.HAMSTRINGS,
    G.GLUTES,
    G.BICEPS,
    G.TRICEPS,
)
"""Groups a balanced week trains directly; calves, core, forearms and adductors get leftover time."""

WEEKLY_TARGETS: dict[GoalType, dict[MuscleGroup, float]] = {
    GoalType.HYPERTROPHY: {
        G.CHEST: 12,
        G.BACK: 12,
        G.SHOULDERS: 10,
        G.QUADS: 10,
        G.HAMSTRINGS: 10,
        G.GLUTES: 10,
        G.BICEPS: 10,
        G.TRICEPS: 10,
    },
    GoalType.STRENGTH: dict.fromkeys(MAJOR_GROUPS, 10.0),
    GoalType.GENERAL: dict.fromkeys(MAJOR_GROUPS, 10.0),
}
"""Fractional sets a week per trained major group (primary 1.0, secondary 0.5).

10 is the floor of the 10+ band that grew most in Schoenfeld 2017 (science.md §1) and of Pelland's
"normal" 10–20 band in fractional units (§10); hypertrophy asks 12 of the large upper-body groups,
the bottom of Baz-Valle's 12–20 (§1).
"""

PRIORITY_TARGETS: dict[GoalType, float] = {
    GoalType.HYPERTROPHY: 16.0,
    GoalType.STRENGTH: 14.0,
    GoalType.GENERAL: 14.0,
}
"""Priority muscles aim toward the top of the 10–20 band (R11's cap is 20; Pelland's 11–18 tier, §1/§10).

Strength and general goals aim lower: Pelland's returns diminish much sooner for strength (§1).
"""

MINOR_TARGET = 10.0
"""A minor group that is trained directly is topped up to R11's floor only with time left over (§1)."""

MAX_SETS_PER_EXERCISE = 5
"""3–5 sets per exercise (science.md §2, RP's per-session landmarks): more belongs in a second movement."""


def weekly_target(profile: Profile, group: MuscleGroup) -> float:
    """The weekly fractional sets the generator aims for in this group (0: no target)."""
    if group in profile.goal.priority:
        return PRIORITY_TARGETS[profile.goal.type]
    return WEEKLY_TARGETS[profile.goal.type].get(group, 0.0)
