"""Topping a generated week up to its weekly volume targets (R11) within R12, R19 and the 20-set cap.

New exercises are never heavy compounds or spinal, and a squat, lunge or hinge (`needs_48h`) only
joins a day whose neighbours load none of its groups, so the 48 h rules (R14, R15) that held for the
base week still hold. When a session is full, sets move from groups above their target.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from fitcoach.contract.models import Weekday
from fitcoach.engine.profile import Profile
from fitcoach.engine.programming import SESSION_GROUPS, SessionKind
from fitcoach.engine.rules.base import is_heavy_compound, is_lower_back_dominant, needs_48h, repeat_clash
from fitcoach.engine.rules.volume import WEEKLY_MAX_SETS, WEEKLY_MIN_SETS
from fitcoach.engine.sessions import (
    Blocks,
    muscle_groups,
    prescribe,
    session_sets,
    with_sets,
)
from fitcoach.engine.targets import MAJOR_GROUPS, MAX_SETS_PER_EXERCISE, weekly_target
from fitcoach.engine.trades import Keep, no_regression, starts
from fitcoach.engine.trials import BlockMemo, Change, Trial, apply, option_changes
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise, IndexGroup, MuscleGroup

FocusGroup = IndexGroup | MuscleGroup

MAX_EXERCISES = 8
"""More than eight exercises a session adds transitions, not stimulus (per-session ceiling, §2)."""

_SPLIT_GROUPS = frozenset().union(*SESSION_GROUPS.values())


def matches_focus(exercise: Exercise, focus: Sequence[FocusGroup]) -> bool:
    """Whether an exercise belongs to one of the requested groups (index group or muscle group)."""
    return any(
        exercise.group == item if isinstance(item, IndexGroup) else item in exercise.primary_groups
        for item in focus
    )


def _covers(blocks: Blocks, item: FocusGroup, library: ExerciseLibrary) -> bool:
    return any(matches_focus(library.require(p.exercise_id), (item,)) for block in blocks for p in block)


@dataclass
class Session:
    """One training day while the week is built: its blocks and what it may still take."""

    weekday: Weekday
    kind: SessionKind
    focus: tuple[FocusGroup, ...]
    budget: int
    pool: list[Exercise]
    blocks: Blocks = field(default_factory=list)
    pool_reach: dict[MuscleGroup, frozenset[MuscleGroup]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Per group, every group the pool's exercises for it train (`_reach`): the pool never changes."""
    _sets: tuple[Blocks, tuple[dict[MuscleGroup, int], dict[MuscleGroup, float]]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def takes(self, group: MuscleGroup, priority: bool = False) -> bool:
        """Split sessions take their own groups; groups no split owns (core, forearms…) go anywhere,
        and so does a priority group short of R11's floor (more frequency for it, science.md §4)."""
        if self.focus or priority:
            return True
        return self.owns(group)

    def owns(self, group: MuscleGroup) -> bool:
        return group in SESSION_GROUPS[self.kind] or group not in _SPLIT_GROUPS

    def accepts(self, exercise: Exercise) -> bool:
        return not self.focus or matches_focus(exercise, self.focus)

    def keeps_focus(self, library: ExerciseLibrary) -> Keep | None:
        """A focus day keeps work for every requested group it has: trades may thin it, never drop it."""
        if not self.focus:
            return None
        have = [item for item in self.focus if _covers(self.blocks, item, library)]

        def keep(blocks: Blocks) -> bool:
            return all(_covers(blocks, item, library) for item in have)

        return keep

    def sets(self, library: ExerciseLibrary) -> tuple[dict[MuscleGroup, int], dict[MuscleGroup, float]]:
        """`session_sets` of the current blocks, kept until `blocks` is replaced (never edited in place)."""
        cached = self._sets
        if cached is None or cached[0] is not self.blocks:
            cached = self._sets = (self.blocks, session_sets(self.blocks, library))
        return cached[1]


def _totals(sessions: Sequence[Session], library: ExerciseLibrary) -> dict[MuscleGroup, float]:
    totals: dict[MuscleGroup, float] = defaultdict(float)
    for session in sessions:
        for group, value in session.sets(library)[1].items():
            totals[group] += value
    return totals


def _elsewhere(
    totals: dict[MuscleGroup, float], session: Session, library: ExerciseLibrary
) -> dict[MuscleGroup, float]:
    own = session.sets(library)[1]
    return {group: value - own.get(group, 0.0) for group, value in totals.items()}


def _more_sets(
    blocks: Blocks, group: MuscleGroup, library: ExerciseLibrary, ceiling: int
) -> Iterator[Change]:
    groups = muscle_groups(library)
    for b, block in enumerate(blocks):
        for i, planned in enumerate(block):
            if group in groups[planned.exercise_id][0] and planned.target_sets < ceiling:
                grown = [*block]
                grown[i] = with_sets(planned, planned.target_sets + 1)
                yield b, grown


NEW_CANDIDATES = 3
"""Best-ranked new exercises tried per step: further ones differ little and cost time to test."""


def _new_exercise(
    session: Session,
    blocks: Blocks,
    group: MuscleGroup,
    profile: Profile,
    used: Counter[str],
    library: ExerciseLibrary,
    near: frozenset[MuscleGroup],
    repeats: Repeats,
) -> Iterator[Change]:
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
        and not (needs_48h(e) and e.primary_groups & near)
        and not _repeats_nearby(e, repeats, profile)
    ]
    candidates.sort(
        key=lambda e: (len(e.primary_groups) > 1, used[e.slug], e.type == "compound", e.priority_tier, e.slug)
    )
    for exercise in candidates[:NEW_CANDIDATES]:
        yield from option_changes(blocks, prescribe(exercise, profile), exercise, library)


def _reach(session: Session, group: MuscleGroup, library: ExerciseLibrary) -> frozenset[MuscleGroup]:
    """Every group that work added for `group` in this session can train: a start that took sets from
    any other group below what `trades.no_regression` allows can never be made good, so it is skipped."""
    groups = muscle_groups(library)
    pool = session.pool_reach.get(group)
    if pool is None:
        pool = session.pool_reach[group] = _union((groups[e.slug] for e in session.pool), group)
    return pool | _union((groups[p.exercise_id] for block in session.blocks for p in block), group)


def _loaded_nearby(
    session: Session, sessions: Sequence[Session], library: ExerciseLibrary
) -> frozenset[MuscleGroup]:
    """Groups a `needs_48h` exercise loads on the training days either side of `session` (R14)."""
    entries = (
        library.require(p.exercise_id)
        for other in sessions
        if abs(other.weekday.position - session.weekday.position) == 1
        for block in other.blocks
        for p in block
    )
    return frozenset().union(*(e.primary_groups for e in entries if needs_48h(e)))


Repeats = dict[str, list[int | None]]
"""Per slug, the RIR of each time the training days either side of a session do it."""


def _repeats_nearby(exercise: Exercise, repeats: Repeats, profile: Profile) -> bool:
    """Whether a neighbouring training day already does this exercise in a way R14 forbids repeating."""
    rirs = repeats.get(exercise.slug)
    if not rirs:
        return False
    own = prescribe(exercise, profile).target_rir
    return any(repeat_clash(exercise, rir, own) for rir in rirs)


def _done_nearby(session: Session, sessions: Sequence[Session]) -> Repeats:
    repeats: Repeats = {}
    for other in sessions:
        if abs(other.weekday.position - session.weekday.position) == 1:
            for block in other.blocks:
                for p in block:
                    repeats.setdefault(p.exercise_id, []).append(p.target_rir)
    return repeats


def _union(
    entries: Iterable[tuple[frozenset[MuscleGroup], frozenset[MuscleGroup]]], group: MuscleGroup
) -> frozenset[MuscleGroup]:
    return frozenset().union(*(primary | secondary for primary, secondary in entries if group in primary))


SET_MINUTES = 0.75
"""The least one more set can add: 45 s of work (estimators.DurationParams), rests aside."""

EXERCISE_MINUTES = 3.0
"""The least a new exercise can add: two sets of work plus its 1.5 min transition (science.md §8)."""


def _attempts(
    session: Session,
    trial: Trial,
    group: MuscleGroup,
    profile: Profile,
    used: Counter[str],
    library: ExerciseLibrary,
    near: frozenset[MuscleGroup],
    repeats: Repeats,
) -> Iterator[Change]:
    """More sets on the group's exercises (to 4), a new exercise for it, then sets up to the ceiling.

    Options that cannot fit the time left are not generated at all (this loop is the hot path).
    """
    slack = session.budget - trial.minutes()
    if slack < SET_MINUTES:
        return
    blocks = trial.blocks
    yield from _more_sets(blocks, group, library, 4)
    if slack >= EXERCISE_MINUTES:
        yield from _new_exercise(session, blocks, group, profile, used, library, near, repeats)
    yield from _more_sets(blocks, group, library, MAX_SETS_PER_EXERCISE)


def _grow(
    group: MuscleGroup,
    sessions: Sequence[Session],
    totals: dict[MuscleGroup, float],
    profile: Profile,
    library: ExerciseLibrary,
    memo: BlockMemo,
) -> bool:
    """One step toward the group's target on the session that trains it least; False when none can."""
    used: Counter[str] = Counter(p.exercise_id for s in sessions for block in s.blocks for p in block)
    candidates = [
        s
        for s in sessions
        if s.takes(group, group in profile.goal.priority and totals.get(group, 0.0) < WEEKLY_MIN_SETS)
        and any(group in e.primary_groups and s.accepts(e) for e in s.pool)
    ]
    candidates.sort(
        key=lambda s: (
            not s.owns(group),
            s.sets(library)[0].get(group, 0),
            s.weekday.position,
        )
    )
    for session in candidates:
        elsewhere = _elsewhere(totals, session, library)
        reach = _reach(session, group, library)
        near = _loaded_nearby(session, sessions, library)
        repeats = _done_nearby(session, sessions)
        keep = session.keeps_focus(library)
        for start in starts(session.blocks, group, totals, profile, library, reach, keep):
            trial = Trial(start, elsewhere, library, memo)
            for change in _attempts(session, trial, group, profile, used, library, near, repeats):
                if not trial.fits_time(change, session.budget):
                    continue
                after = trial.weekly_after(change)
                if (
                    after is not None
                    and max(after.values(), default=0.0) <= WEEKLY_MAX_SETS
                    and no_regression(totals, after, group, profile)
                ):
                    session.blocks = apply(start, change)
                    return True
    return False


def top_up(sessions: Sequence[Session], profile: Profile, library: ExerciseLibrary) -> list[str]:
    """Raise each trained group toward its weekly target, priority groups first; notes for shortfalls."""
    totals = _totals(sessions, library)
    trained = {g for s in sessions for g in s.sets(library)[0]}
    order = [*profile.goal.priority, *(g for g in MAJOR_GROUPS if g not in profile.goal.priority)]
    order += sorted(trained - set(order))
    # Bounded: every step lowers the total shortfall (trades only take from groups above target).
    # A group that cannot grow stays stuck: later steps only add work or take from groups above target.
    stuck: set[MuscleGroup] = set()
    memo = BlockMemo(library)
    for _ in range(200):
        progress = False
        for group in order:
            if group in stuck or totals.get(group, 0.0) >= weekly_target(profile, group):
                continue
            if _grow(group, sessions, totals, profile, library, memo):
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
    trained = {g for s in sessions for g in s.sets(library)[0]}
    notes: list[str] = []
    for group in dict.fromkeys([*profile.goal.priority, *MAJOR_GROUPS]):
        value = totals.get(group, 0.0)
        if value >= WEEKLY_MIN_SETS or (group not in trained and group not in profile.goal.priority):
            continue
        possible = any(group in e.primary_groups and s.accepts(e) for s in sessions for e in s.pool)
        why = (
            "your session time and the 8-sets-per-session cap leave no room for more"
            if possible
            else "no exercise your gear and constraints allow trains it directly"
        )
        notes.append(
            f"{group.value}: {value:g} sets this week, below the {WEEKLY_MIN_SETS:g} that grow muscle best; "
            f"{why}."
        )
    return notes


__all__ = ["FocusGroup", "Session", "matches_focus", "top_up"]
