"""Blocks (mesocycles, issue 18 item 3): how long, where a week sits, and how the weekly sets of each
priority muscle move inside the 10–20 band (R11) from the user's recovery signals.

Evidence (science.md §6): RP starts a mesocycle near MEV and adds sets week by week, adjusting by
soreness and performance; adding 4–6 sets a fortnight beat constant volume for strength (Enes et al.
2024, *MSSE* 56:553) and for quadriceps growth in women (Enes et al. 2025); lifters deload every
5.6±2.3 weeks (Bell/Rogerson et al. 2024, *Sports Med Open*), and science.md's vector 8 sets the
interval default to 5–6 weeks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from fitcoach.contract.models import BlockPosition
from fitcoach.engine.profile import GoalType

NOVICE_WEEKS = 26
"""Under about six months of logged training a lifter recovers from a block's build-up for longer."""

BLOCK_WEEKS_NOVICE = 6
BLOCK_WEEKS_TRAINED = 5
"""Block length with its deload week: 5–6 weeks (science.md vector 8; deloads every 5.6±2.3 weeks)."""

STRENGTH_SHORTER = 1
"""Heavier, lower-rep work accumulates fatigue sooner: a strength goal deloads a week earlier (≥ 4)."""

MIN_BLOCK_WEEKS = 4
MAX_BLOCK_WEEKS = 6

WEEKLY_SETS_LOW = 10
WEEKLY_SETS_HIGH = 20
"""R11: 10–20 hard sets per trained muscle group per week (science.md §1)."""

SETS_STEP = 2
"""Sets added to a priority group in a week without warning signs: +4 a fortnight (Enes 2024)."""

RPE_DRIFT = 1.0
"""Working sets logged a full RPE point harder on average than prescribed: fatigue outpacing recovery
(RP's performance column, science.md §6 [J]; RPE 8 = 2 RIR, Zourdos 2016, §3)."""


def block_length(goal: GoalType, weeks_trained: int) -> int:
    base = BLOCK_WEEKS_NOVICE if weeks_trained < NOVICE_WEEKS else BLOCK_WEEKS_TRAINED
    if goal is GoalType.STRENGTH:
        base -= STRENGTH_SHORTER
    return max(MIN_BLOCK_WEEKS, min(MAX_BLOCK_WEEKS, base))


def next_position(previous: BlockPosition | None, length: int, *, restart: bool = False) -> BlockPosition:
    """The next week's place: a new block after a deload (or a layoff), else one week on, the block's
    last week being its deload. A plan without a position counts as week 1 of block 1."""
    if previous is None:
        previous = BlockPosition(number=1, week=1, length=length)
    if previous.deload or restart:
        return BlockPosition(number=previous.number + 1, week=1, length=length)
    week = previous.week + 1
    if week >= previous.length:
        return BlockPosition(
            number=previous.number, week=previous.length, length=previous.length, deload=True
        )
    return BlockPosition(number=previous.number, week=week, length=previous.length)


class Signal(StrEnum):
    """A recovery signal, by its program-text key."""

    SORENESS = "signal_soreness"
    FAILED = "signal_failed"
    DRIFT = "signal_drift"


@dataclass(frozen=True)
class VolumeStep:
    """Sets to add (or remove, negative) for one group this week, and why."""

    delta: int
    signals: tuple[Signal, ...]


def volume_step(current: int, signals: Iterable[Signal]) -> VolumeStep:
    """No warning sign: +2 up to 20; one sign: hold; two or more: −2, not below 10 (RP's soreness ×
    performance table, simplified; science.md §6 [S])."""
    found = tuple(dict.fromkeys(signals))
    if not found:
        return VolumeStep(max(0, min(SETS_STEP, WEEKLY_SETS_HIGH - current)), found)
    if len(found) == 1:
        return VolumeStep(0, found)
    return VolumeStep(-max(0, min(SETS_STEP, current - WEEKLY_SETS_LOW)), found)


def rpe_drift(excess: list[float]) -> bool:
    """`excess`: logged RPE minus prescribed RPE, per working set."""
    return bool(excess) and sum(excess) / len(excess) >= RPE_DRIFT
