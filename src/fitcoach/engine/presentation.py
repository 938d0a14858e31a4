"""How a generated plan reads: block labels, titles, focus tags, coach notes and tappable edits (R33, R34)."""

from __future__ import annotations

from collections.abc import Sequence

from fitcoach.contract.models import WEEKDAYS, Block, DayPlan, PlannedExercise, Weekday
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
    first = library.require(blocks[0][0].exercise_id).name
    edits = [f"Swap {first} for an alternative"]
    if minutes > 25:
        edits.insert(0, f"Shorten to {max(20, minutes - 15)} minutes")
    return day.model_copy(update={"focus_tag": focus_tag(day, library), "suggested_edits": edits})


def rest_day() -> DayPlan:
    return DayPlan(
        is_rest_day=True, status="scheduled", title="Rest & Recovery", coach_note="Walk, stretch, sleep."
    )


def theme(profile: Profile) -> str:
    theme = profile.goal.type.value.capitalize()
    if profile.goal.priority:
        theme += " • " + " & ".join(group.value for group in profile.goal.priority) + " priority"
    return theme


def week_edits(training: tuple[Weekday, ...]) -> list[str]:
    free = [day for day in WEEKDAYS if day not in training]
    edits: list[str] = []
    if training and free:
        edits.append(f"Move {training[-1].display} to {free[-1].display}")
    if training:
        edits.append(f"Add an arm finisher on {training[0].display}")
    return edits
