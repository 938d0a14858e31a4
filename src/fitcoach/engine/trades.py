"""Trades that make room in a full session for more of a group: sets taken from work whose groups
stay at their weekly target, and rests cut to the floor (the top-up's starting points, topup.py).

A trade may only take from a group what `no_regression` allows; one that takes a group below that,
when nothing added for the taker trains it back (its reach), is never offered. Nor is one that drops
an exercise the session must keep (`keep`: a focus day's last work for a requested group).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from fitcoach.engine.compression import REST_FLOOR_SECONDS
from fitcoach.engine.profile import Profile
from fitcoach.engine.rules.volume import WEEKLY_MIN_SETS
from fitcoach.engine.sessions import Blocks, muscle_groups, with_rest, with_sets
from fitcoach.engine.targets import weekly_target
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import MuscleGroup

Keep = Callable[[Blocks], bool]
"""Whether a session a trade left behind still holds what it must (every requested focus group)."""

MIN_SETS = 2
"""Trading sets away stops at two: one set rarely reaches the weekly dose (science.md §1)."""


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
    extensions for lunges when quads and glutes are both priorities); `no_regression` checks the result.
    """
    for group, share in shares.items():
        target = weekly_target(profile, group)
        have = totals.get(group, 0.0)
        if _yields(group, taker, profile, strict):
            continue
        if have < target or (strict and have - share * lost < target):
            return False
    return True


def no_regression(
    before: dict[MuscleGroup, float], after: dict[MuscleGroup, float], group: MuscleGroup, profile: Profile
) -> bool:
    """The step raised `group`, left every group that met its target there, and took from none below it
    (except what a priority group short of R11's floor may take, `_yields`)."""
    if after.get(group, 0.0) <= before.get(group, 0.0):
        return False
    return next(regressed(before, after, group, profile), None) is None


def regressed(
    before: dict[MuscleGroup, float], after: dict[MuscleGroup, float], group: MuscleGroup, profile: Profile
) -> Iterator[MuscleGroup]:
    """Groups a step in favour of `group` took below what `no_regression` lets it take."""
    strict = before.get(group, 0.0) >= WEEKLY_MIN_SETS
    for other, value in before.items():
        now = after.get(other, 0.0)
        # Cheapest test first: most groups did not move at all (this runs for every candidate).
        if now >= value:
            continue
        target = weekly_target(profile, other)
        if target and now < min(value, target) - 1e-9 and not _yields(other, group, profile, strict):
            yield other


ROOM_DEPTH = 2
"""How many sets a trade may take from other work to make room (each from a different exercise)."""


def _room(
    blocks: Blocks,
    group: MuscleGroup,
    totals: dict[MuscleGroup, float],
    profile: Profile,
    library: ExerciseLibrary,
    reach: frozenset[MuscleGroup],
    keep: Keep | None = None,
    depth: int = ROOM_DEPTH,
    below: int | None = None,
    before: dict[MuscleGroup, float] | None = None,
) -> Iterator[Blocks]:
    """The session with a set (or a 2-set exercise) taken from work whose groups stay at their target.

    With `depth` 2, for a group still below R11's floor, it also takes a set from an earlier block
    (each pair once); the anchor is never touched. A trade that takes a group below what
    `no_regression` allows, when nothing added for `group` can train it back (`reach`), is not
    offered, nor are the deeper trades built on it: they only take more. Nor is a drop `keep` refuses.
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
            if any(taken not in reach for taken in regressed(before, after, group, profile)):
                continue
            block = [p for j, p in enumerate(blocks[b]) if j != i or not drop]
            if not drop:
                block[i] = with_sets(planned, planned.target_sets - 1)
            trimmed = [*blocks[:b], block, *blocks[b + 1 :]] if block else [*blocks[:b], *blocks[b + 1 :]]
            if drop and keep is not None and not keep(trimmed):
                continue
            yield trimmed
            if depth > 1 and not strict:
                yield from _room(trimmed, group, after, profile, library, reach, keep, depth - 1, b, before)


def starts(
    blocks: Blocks,
    group: MuscleGroup,
    totals: dict[MuscleGroup, float],
    profile: Profile,
    library: ExerciseLibrary,
    reach: frozenset[MuscleGroup],
    keep: Keep | None = None,
) -> Iterator[Blocks]:
    """Sessions to try adding to, least changed first: as is, with sets traded away, then (for a group
    below R11's floor) with rests after the anchor cut to the floor (60 s still counts, §7). No trade
    drops an exercise `keep` needs."""
    yield blocks
    yield from _room(blocks, group, totals, profile, library, reach, keep)
    below_floor = totals.get(group, 0.0) < WEEKLY_MIN_SETS
    if not below_floor or not any(p.rest_seconds > REST_FLOOR_SECONDS for block in blocks[1:] for p in block):
        return
    rested = [
        block if index == 0 else [with_rest(p, min(p.rest_seconds, REST_FLOOR_SECONDS)) for p in block]
        for index, block in enumerate(blocks)
    ]
    yield rested
    yield from _room(rested, group, totals, profile, library, reach, keep)


__all__ = ["MIN_SETS", "Keep", "no_regression", "starts"]
