"""Topping a generated week up to its weekly volume targets (R11) within R12, R19 and the 20-set cap.

Only light work is added (no heavy compound, nothing spinal), so the 48 h rules (R14, R15) that held
for the base week still hold. When a session is full, sets move from groups above their target.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from fitcoach.contract.models import Weekday
from fitcoach.engine.compression import REST_FLOOR_SECONDS
from fitcoach.engine.profile import Profile
from fitcoach.engine.programming import SESSION_GROUPS, SessionKind
from fitcoach.engine.rules.base import is_heavy_compound, is_lower_back_dominant
from fitcoach.engine.rules.volume import WEEKLY_MAX_SETS, WEEKLY_MIN_SETS
from fitcoach.engine.sessions import (
    Blocks,
    muscle_groups,
    prescribe,
    session_sets,
    with_rest,
    with_sets,
)
from fitcoach.engine.targets import MAJOR_GROUPS, MAX_SETS_PER_EXERCISE, weekly_target
from fitcoach.engine.trials import BlockMemo, Change, Trial, apply, option_changes
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
    ]
    candidates.sort(
        key=lambda e: (len(e.primary_groups) > 1, used[e.slug], e.type == "compound", e.priority_tier, e.slug)
    )
    for exercise in candidates[:NEW_CANDIDATES]:
        yield from option_changes(blocks, prescribe(exercise, profile), exercise, library)


def _yields(giver: MuscleGroup, taker: MuscleGroup, profile: Profile, strict: bool) -> bool:
    """A priority group short of R11's floor may take from a non-priority group below its target."""
    priority = profile.goal.priority
    return not strict and taker in priority and giver not in priority


def _keeps(
    shares: dict[MuscleGroup, float],
    totals: dict[MuscleGroup, float],
    profile: Profile,
    lost: int,
    taker: MuscleGroup,
    strict: bool,
) -> bool:
    """Whether work training these groups may give `lost` sets for a trade in favour of `taker`.

    Strict: every group it trains stays at its target. Otherwise (the taker is still below R11's
    floor) a group at its target may give, because the work added in return may train it too (leg
    extensions for lunges when quads and glutes are both priorities); `_no_regression` checks the result.
    """
    for group, share in shares.items():
        target = weekly_target(profile, group)
        have = totals.get(group, 0.0)
        if _yields(group, taker, profile, strict):
            continue
        if have < target or (strict and have - share * lost < target):
            return False
    return True


def _no_regression(
    before: dict[MuscleGroup, float], after: dict[MuscleGroup, float], group: MuscleGroup, profile: Profile
) -> bool:
    """The step raised `group`, left every group that met its target there, and took from none below it
    (except what a priority group short of R11's floor may take, `_yields`)."""
    if after.get(group, 0.0) <= before.get(group, 0.0):
        return False
    return next(_regressed(before, after, group, profile), None) is None


def _regressed(
    before: dict[MuscleGroup, float], after: dict[MuscleGroup, float], group: MuscleGroup, profile: Profile
) -> Iterator[MuscleGroup]:
    """Groups a step in favour of `group` took below what `_no_regression` lets it take."""
    strict = before.get(group, 0.0) >= WEEKLY_MIN_SETS
    for other, value in before.items():
        now = after.get(other, 0.0)
        # Cheapest test first: most groups did not move at all (this runs for every candidate).
        if now >= value:
            continue
        target = weekly_target(profile, other)
        if target and now < min(value, target) - 1e-9 and not _yields(other, group, profile, strict):
            yield other


def _reach(session: Session, group: MuscleGroup, library: ExerciseLibrary) -> frozenset[MuscleGroup]:
    """Every group that work added for `group` in this session can train: a start that took sets from
    any other group below what `_no_regression` allows can never be made good, so it is skipped."""
    groups = muscle_groups(library)
    pool = session.pool_reach.get(group)
    if pool is None:
        pool = session.pool_reach[group] = _union((groups[e.slug] for e in session.pool), group)
    return pool | _union((groups[p.exercise_id] for block in session.blocks for p in block), group)


def _union(
    entries: Iterable[tuple[frozenset[MuscleGroup], frozenset[MuscleGroup]]], group: MuscleGroup
) -> frozenset[MuscleGroup]:
    return frozenset().union(*(primary | secondary for primary, secondary in entries if group in primary))


ROOM_DEPTH = 2
"""How many sets a trade may take from other work to make room (each from a different exercise)."""


def _room(
    blocks: Blocks,
    group: MuscleGroup,
    totals: dict[MuscleGroup, float],
    profile: Profile,
    library: ExerciseLibrary,
    reach: frozenset[MuscleGroup],
    depth: int = ROOM_DEPTH,
    below: int | None = None,
    before: dict[MuscleGroup, float] | None = None,
) -> Iterator[Blocks]:
    """The session with a set (or a 2-set exercise) taken from work whose groups stay at their target.

    With `depth` 2, for a group still below R11's floor, it also takes a set from an earlier block
    (each pair once); the anchor is never touched. A trade that takes a group below what
    `_no_regression` allows, when nothing added for `group` can train it back (`reach`), is not
    offered, nor are the deeper trades built on it: they only take more.
    """
    before = totals if before is None else before
    groups = muscle_groups(library)
    strict = totals.get(group, 0.0) >= WEEKLY_MIN_SETS
    for b in range(len(blocks) - 1 if below is None else below - 1, 0, -1):
        for i, planned in enumerate(blocks[b]):
            primary, secondary = groups[planned.exercise_id]
            if group in primary:
                continue
            drop = planned.target_sets <= MIN_SETS
            lost = planned.target_sets if drop else 1
            shares = {**{g: 0.5 for g in secondary if g != group}, **dict.fromkeys(primary, 1.0)}
            if not _keeps(shares, totals, profile, lost, group, strict):
                continue
            after = {**totals, **{g: totals.get(g, 0.0) - share * lost for g, share in shares.items()}}
            if any(taken not in reach for taken in _regressed(before, after, group, profile)):
                continue
            block = [p for j, p in enumerate(blocks[b]) if j != i or not drop]
            if not drop:
                block[i] = with_sets(planned, planned.target_sets - 1)
            trimmed = [*blocks[:b], block, *blocks[b + 1 :]] if block else [*blocks[:b], *blocks[b + 1 :]]
            yield trimmed
            if depth > 1 and not strict:
                yield from _room(trimmed, group, after, profile, library, reach, depth - 1, b, before)


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
        yield from _new_exercise(session, blocks, group, profile, used, library)
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
        for start in _starts(session.blocks, group, totals, profile, library, reach):
            trial = Trial(start, elsewhere, library, memo)
            for change in _attempts(session, trial, group, profile, used, library):
                if not trial.fits_time(change, session.budget):
                    continue
                after = trial.weekly_after(change)
                if (
                    after is not None
                    and max(after.values(), default=0.0) <= WEEKLY_MAX_SETS
                    and _no_regression(totals, after, group, profile)
                ):
                    session.blocks = apply(start, change)
                    return True
    return False


def _starts(
    blocks: Blocks,
    group: MuscleGroup,
    totals: dict[MuscleGroup, float],
    profile: Profile,
    library: ExerciseLibrary,
    reach: frozenset[MuscleGroup],
) -> Iterator[Blocks]:
    """Sessions to try adding to, least changed first: as is, with sets traded away, then (for a group
    below R11's floor) with rests after the anchor cut to the floor (60 s still counts, §7)."""
    yield blocks
    yield from _room(blocks, group, totals, profile, library, reach)
    below_floor = totals.get(group, 0.0) < WEEKLY_MIN_SETS
    if not below_floor or not any(p.rest_seconds > REST_FLOOR_SECONDS for block in blocks[1:] for p in block):
        return
    rested = [
        block if index == 0 else [with_rest(p, min(p.rest_seconds, REST_FLOOR_SECONDS)) for p in block]
        for index, block in enumerate(blocks)
    ]
    yield rested
    yield from _room(rested, group, totals, profile, library, reach)


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
