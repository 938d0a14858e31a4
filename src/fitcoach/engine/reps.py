"""Parsing rep targets such as '8-10', '12', '45s', 'AMRAP' (R13)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

MAX_REPS = 30
"""Upper bound of a working set's reps (RP counts working sets at 5–30 reps, science.md §3)."""

_RANGE = re.compile(r"^\s*(\d{1,2})\s*(?:[-–]\s*(\d{1,2}))?\s*(?:reps?)?\s*(?:/\s*(?:leg|side|arm))?\s*$")
_SECONDS = re.compile(r"^\s*(\d{1,3})\s*(?:s|sec|secs|seconds?)\s*$")


@dataclass(frozen=True)
class RepTarget:
    low: int
    high: int
    seconds: int | None = None
    amrap: bool = False

    @property
    def mid(self) -> float:
        return (self.low + self.high) / 2


@lru_cache(maxsize=512)
def parse_reps(text: str) -> RepTarget | None:
    """A rep target, or None when it does not parse or is out of the working-set range."""
    lowered = text.strip().lower()
    if lowered == "amrap":
        return RepTarget(low=8, high=15, amrap=True)
    seconds = _SECONDS.match(lowered)
    if seconds:
        value = int(seconds.group(1))
        return RepTarget(low=1, high=1, seconds=value) if 5 <= value <= 300 else None
    match = _RANGE.match(lowered)
    if match is None:
        return None
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if not 1 <= low <= high <= MAX_REPS:
        return None
    return RepTarget(low=low, high=high)
