"""Topping a generated week up to its weekly volume targets (R11) within R12, R19 and the 20-set cap.

Only light work is added (no heavy compound, nothing spinal), so the 48 h rules (R14, R15) that held
for the base week still hold. When a session is full, sets move from groups above their target.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from fitcoach.contract.models import Weekday
from fitcoach.engine.profile import Profile
from fitcoach.engine.programming import SESSION_GROUPS, SessionKind
from fitcoach.engine.rules.base import is_heavy_compound, is_lower_back_dominant
from fitcoach.engine.rules.volume import WEEKLY_MIN_SETS
from fitcoach.engine.sessions import (
    Blocks,
    fits,
    muscle_groups,
    options,
    prescribe,
    session_minutes,
    session_sets,
)
from fitcoach.engine.targets import MAJOR_GROUPS, MAX_SETS_PER_EXERCISE, weekly_target
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise, IndexGroup, MuscleGroup

FocusGroup = IndexGroup | MuscleGroup

MAX_EXERCISES = 8
"""More than eight exercises a session adds transitions, not stimulus (per-session ceiling, §2)."""

MIN_SETS = 2
"""Trading sets away stops at two: one set rarely reaches the weekly dose (science.md §1)."""

_SPLIT_GROUPS = frozenset().union(*SESSION_GROUPS.values())


def matches_focus(exercise: Exercise, focus: Sequence[FocusGroup]) -> bool:
    """Whether an exercise belongs to one of the requested groups (index group or muscle group)."""
    return any(
        exercise.group == item if isinstance(item, IndexGroup) else item in exercise.primary_groups
        for item in focus
    )


@dataclass
class Session:
    """One training day while the week is built: its blocks and what it may still take."""

    weekday: Weekday
    kind: SessionKind
    focus: tuple[FocusGroup, ...]
    budget: int
    pool: list[Exercise]
    blocks: Blocks = field(default_factory=list)

    def takes(self, group: MuscleGroup) -> bool:
        """Split sessions take their own groups; groups no split owns (core, forearms…) go anywhere."""
        if self.focus:
            return True
        return group in SESSION_GROUPS[self.kind] or group not in _SPLIT_GROUPS

    def accepts(self, exercise: Exercise) -> bool:
        return not self.focus or matches_focus(exercise, self.focus)


def _totals(sessions: Sequence[Session], library: ExerciseLibrary) -> dict[MuscleGroup, float]:
    totals: dict[MuscleGroup, float] = defaultdict(float)
    for session in sessions:
        for group, value in session_sets(session.blocks, library)[1].items():
            totals[group] += value
    return totals


def _elsewhere(
    totals: dict[MuscleGroup, float], session: Session, library: ExerciseLibrary
) -> dict[MuscleGroup, float]:
    own = session_sets(session.blocks, library)[1]
    return {group: value - own.get(group, 0.0) for group, value in totals.items()}


def _more_sets(
    blocks: Blocks, group: MuscleGroup, library: ExerciseLibrary, ceiling: int
) -> Iterator[Blocks]:
    groups = muscle_groups(library)
    for b, block in enumerate(blocks):
        for i, planned in enumerate(block):
            if group in groups[planned.exercise_id][0] and planned.target_sets < ceiling:
                grown = [*block]
                grown[i] = planned.model_copy(update={"target_sets": planned.target_sets + 1})
                yield [*blocks[:b], grown, *blocks[b + 1 :]]


def _new_exercise(
    session: Session,
    blocks: Blocks,
    group: MuscleGroup,
    profile: Profile,
    used: Counter[str],
    library: ExerciseLibrary,
) -> Iterator[Blocks]:
    if sum(len(block) for block in blocks) >= MAX_EXERCISES:
        return
    taken = {p.exercise_id for block in blocks for p in block}
    candidates = [
        e
        for e in session.pool
        if group in e.primary_groups
        and e.slug not in taken
        and session.accepts(e)
        and not is_heavy_compound(e)
        and not is_lower_back_dominant(e)
    ]
    candidates.sort(
        key=lambda e: (len(e.primary_groups) > 1, used[e.slug], e.type == "compound", e.priority_tier, e.slug)
    )
    for exercise in candidates:
        yield from options(blocks, prescribe(exercise, profile), exercise, library)


def _keeps(
    groups: dict[MuscleGroup, float], totals: dict[MuscleGroup, float], profile: Profile, lost: int
) -> bool:
    """Whether losing `lost` sets of work with these shares leaves every group at or above its target."""
    for group, share in groups.items():
        target = weekly_target(profile, group)
        if target and totals.get(group, 0.0) - share * lost < target:
            return False
    return True


ROOM_DEPTH = 2
"""How many sets a trade may take from other work to make room (each from a different exercise)."""


def _room(
    blocks: Blocks,
    group: MuscleGroup,
    totals: dict[MuscleGroup, float],
    profile: Profile,
    library: ExerciseLibrary,
    depth: int = ROOM_DEPTH,
    skip: frozenset[str] = frozenset(),
) -> Iterator[Blocks]:
    """The session with a set (or a 2-set exercise) taken from work whose groups stay at their target.

    With `depth` 2 it also takes a second set from another exercise; the anchor is never touched.
    """
    groups = muscle_groups(library)
    for b in range(len(blocks) - 1, 0, -1):
        for i, planned in enumerate(blocks[b]):
            primary, secondary = groups[planned.exercise_id]
            if group in primary or planned.exercise_id in skip:
                continue
            drop = planned.target_sets <= MIN_SETS
            lost = planned.target_sets if drop else 1
            shares = {**{g: 0.5 for g in secondary if g != group}, **dict.fromkeys(primary, 1.0)}
            if not _keeps(shares, totals, profile, lost):
                continue
            block = [p for j, p in enumerate(blocks[b]) if j != i or not drop]
            if not drop:
                block[i] = planned.model_copy(update={"target_sets": planned.target_sets - 1})
            trimmed = [*blocks[:b], block, *blocks[b + 1 :]] if block else [*blocks[:b], *blocks[b + 1 :]]
            yield trimmed
            if depth > 1:
                after = {**totals, **{g: totals.get(g, 0.0) - share * lost for g, share in shares.items()}}
                done = skip | {planned.exercise_id}
                yield from _room(trimmed, group, after, profile, library, depth - 1, done)


SET_MINUTES = 0.75
"""The least one more set can add: 45 s of work (estimators.DurationParams), rests aside."""

EXERCISE_MINUTES = 3.0
"""The least a new exercise can add: two sets of work plus its 1.5 min transition (science.md §8)."""


def _attempts(
    session: Session,
    blocks: Blocks,
    group: MuscleGroup,
    profile: Profile,
    used: Counter[str],
    library: ExerciseLibrary,
) -> Iterator[Blocks]:
    """More sets on the group's exercises (to 4), a new exercise for it, then sets up to the ceiling.

    Options that cannot fit the time left are not generated at all (this loop is the hot path).
    """
    slack = session.budget - session_minutes(blocks, library)
    if slack < SET_MINUTES:
        return
    yield from _more_sets(blocks, group, library, 4)
    if slack >= EXERCISE_MINUTES:
        yield from _new_exercise(session, blocks, group, profile, used, library)
    yield from _more_sets(blocks, group, library, MAX_SETS_PER_EXERCISE)


def _grow(
    group: MuscleGroup,
    sessions: Sequence[Session],
    totals: dict[MuscleGroup, float],
    profile: Profile,
    library: ExerciseLibrary,
) -> bool:
    """One step toward the group's target on the session that trains it least; False when none can."""
    used: Counter[str] = Counter(p.exercise_id for s in sessions for block in s.blocks for p in block)
    candidates = [
        s
        for s in sessions
        if s.takes(group) and any(group in e.primary_groups and s.accepts(e) for e in s.pool)
    ]
    candidates.sort(key=lambda s: (session_sets(s.blocks, library)[0].get(group, 0), s.weekday.position))
    for session in candidates:
        elsewhere = _elsewhere(totals, session, library)

        for option in _attempts(session, session.blocks, group, profile, used, library):
            if fits(option, elsewhere, session.budget, library):
                session.blocks = option
                return True
        for trimmed in _room(session.blocks, group, totals, profile, library):
            for option in _attempts(session, trimmed, group, profile, used, library):
                if fits(option, elsewhere, session.budget, library):
                    session.blocks = option
                    return True
    return False


def top_up(sessions: Sequence[Session], profile: Profile, library: ExerciseLibrary) -> list[str]:
    """Raise each trained group toward its weekly target, priority groups first; notes for shortfalls."""
    totals = _totals(sessions, library)
    trained = {g for s in sessions for g in session_sets(s.blocks, library)[0]}
    order = [*profile.goal.priority, *(g for g in MAJOR_GROUPS if g not in profile.goal.priority)]
    order += sorted(trained - set(order))
    # Bounded: every step lowers the total shortfall (trades only take from groups above target).
    # A group that cannot grow stays stuck: later steps only add work or take from groups above target.
    stuck: set[MuscleGroup] = set()
    for _ in range(200):
        progress = False
        for group in order:
            if group in stuck or totals.get(group, 0.0) >= weekly_target(profile, group):
                continue
            if _grow(group, sessions, totals, profile, library):
                totals = _totals(sessions, library)
                progress = True
            else:
                stuck.add(group)
        if not progress:
            break
    return _shortfalls(sessions, totals, profile, library)


def _shortfalls(
    sessions: Sequence[Session], totals: dict[MuscleGroup, float], profile: Profile, library: ExerciseLibrary
) -> list[str]:
    """A note for each trained major or priority group left below R11's floor, saying what limits it."""
    trained = {g for s in sessions for g in session_sets(s.blocks, library)[0]}
    notes: list[str] = []
    for group in dict.fromkeys([*profile.goal.priority, *MAJOR_GROUPS]):
        value = totals.get(group, 0.0)
        if value >= WEEKLY_MIN_SETS or (group not in trained and group not in profile.goal.priority):
            continue
        possible = any(group in e.primary_groups and s.accepts(e) for s in sessions for e in s.pool)
        why = (
            "the time you have leaves no room for more"
            if possible
            else "no exercise your gear and constraints allow trains it directly"
        )
        notes.append(
            f"{group.value}: {value:g} sets this week, below the {WEEKLY_MIN_SETS:g} that grow muscle best; "
            f"{why}."
        )
    return notes


__all__ = ["FocusGroup", "Session", "matches_focus", "top_up"]
