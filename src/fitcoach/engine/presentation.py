"""How a generated plan reads: block labels, titles, focus tags and coach notes (R33); its tappable
edits are engine.suggestions (R34)."""

from __future__ import annotations

from collections.abc import Sequence

from fitcoach.contract.models import Block, DayPlan, PlannedExercise
from fitcoach.engine.estimators import fractional_sets
from fitcoach.engine.modifications import modified_in
from fitcoach.engine.profile import Profile
from fitcoach.library.loader import ExerciseLibrary


def label(block: list[PlannedExercise], library: ExerciseLibrary, index: int) -> str:
    if len(block) > 1:
        return "Superset"
    entry = library.require(block[0].exercise_id)
    if entry.type == "core":
        return "Core"
    if entry.type == "compound":
        return "Primary Compound Block" if index == 0 else "Compound Block"
    return "Accessory Block"


def focus_tag(day: DayPlan, library: ExerciseLibrary) -> str:
    sets = fractional_sets(day, library)
    top = sorted(sets, key=lambda group: (-sets[group], group.value))[:2]
    return " & ".join(group.value for group in top)


NOTE_MAX = 600
"""The contract's cap on `coach_note` (R33)."""


def coach_note(profile: Profile, blocks: Sequence[Sequence[PlannedExercise]] = ()) -> str:
    """The day's note: what is spared, and how to do each modified exercise (R18's "modify")."""
    modified = modified_in(p for block in blocks for p in block)
    if modified:
        cues = "; ".join(f"{p.name or p.exercise_id} {m.cue}" for p, m in modified)
        note = f"Modified for your condition: {cues}. Keep 3 reps in reserve; stop any set that hurts."
        return note if len(note) <= NOTE_MAX else note[: NOTE_MAX - 1] + "…"
    if profile.chronic or profile.acute:
        areas = sorted({c.area.value.replace("_", " ") for c in profile.constraints})
        return (
            f"Sparing your {', '.join(areas)}: exercises that load it are left out. Stop any set that hurts."
        )
    return "Leave 1–3 reps in reserve on every working set; add reps before load."


def training_day(
    blocks: list[list[PlannedExercise]], title: str, minutes: int, profile: Profile, library: ExerciseLibrary
) -> DayPlan:
    day = DayPlan(
        is_rest_day=False,
        status="scheduled",
        title=title,
        coach_note=coach_note(profile, blocks),
        blocks=[Block(label=label(block, library, i), exercises=block) for i, block in enumerate(blocks)],
    )
    # the day's chips come once its week is known (engine.suggestions): a swap or a shorter day is
    # offered only when the engine can carry it out against the days beside it
    return day.model_copy(update={"focus_tag": focus_tag(day, library)})


def rest_day() -> DayPlan:
    return DayPlan(
        is_rest_day=True, status="scheduled", title="Rest & Recovery", coach_note="Walk, stretch, sleep."
    )


def theme(profile: Profile) -> str:
    theme = profile.goal.type.value.capitalize()
    if profile.goal.priority:
        theme += " • " + " & ".join(group.value for group in profile.goal.priority) + " priority"
    return theme
