"""Personal records from a user's sets of one exercise (R37): pure, recomputed from all sets each time.

Rules (documented for the coach and the client):
- Warm-up sets never count.
- `estimated_1rm`: the best Epley estimate over working sets of 1-12 reps (estimates from longer sets
  are unreliable, science.md §5); a single counts as its own weight.
- `max_weight_set`: the heaviest working set with at least one rep (ties: more reps, then earliest).
- `rep_records["N"]`: the heaviest working set of N or more reps, for N in 1, 3, 5, 8, 10, 12.
Weights are compared in lb; each record keeps the set as logged (weight and unit).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from fitcoach.analytics.e1rm import Formula, estimate_1rm
from fitcoach.clock import isoformat_z, parse_instant
from fitcoach.contract.logs import to_lb

REP_RECORD_COUNTS = (1, 3, 5, 8, 10, 12)
MAX_REPS_FOR_E1RM = 12
"""Above about 10-12 reps the e1RM equations drift apart (Whisenant 2003, Reynolds 2006)."""


@dataclass(frozen=True)
class SetRecord:
    """One logged set as the record rules need it."""

    weight: float
    unit: str
    weight_lb: float
    reps: int
    is_warmup: bool
    log_id: str
    completed_at: datetime


def _describe(item: SetRecord) -> dict[str, Any]:
    return {
        "weight": item.weight,
        "reps": item.reps,
        "unit": item.unit,
        "log_id": item.log_id,
        "completed_at": isoformat_z(item.completed_at),
    }


def _heavier(candidate: SetRecord, best: SetRecord | None) -> bool:
    if best is None:
        return True
    key = (candidate.weight_lb, candidate.reps, -candidate.completed_at.timestamp())
    return key > (best.weight_lb, best.reps, -best.completed_at.timestamp())


def record_sets(records: dict[str, Any]) -> list[SetRecord]:
    """The sets a stored record document names: with any new sets they are all `compute_records`
    needs, since every record is a maximum over sets (so logging never rescans the history)."""
    described = [records.get("max_weight_set"), *records.get("rep_records", {}).values()]
    if records.get("estimated_1rm"):
        described.append(records["estimated_1rm"]["from_set"])
    unique = {(d["log_id"], d["weight"], d["unit"], d["reps"], d["completed_at"]) for d in described if d}
    return [
        SetRecord(weight, unit, to_lb(weight, unit), reps, False, log_id, parse_instant(at))
        for log_id, weight, unit, reps, at in unique
    ]


def merge_records(
    records: dict[str, Any] | None, new_sets: Iterable[SetRecord], formula: Formula = Formula.EPLEY
) -> dict[str, Any]:
    """`compute_records` over all sets, given the stored records and only the sets added since."""
    added = list(new_sets)
    merged = compute_records([*(record_sets(records) if records else []), *added], formula)
    previous = records["sets_counted"] if records else 0
    merged["sets_counted"] = previous + sum(1 for s in added if not s.is_warmup and s.reps >= 1)
    return merged


def compute_records(sets: Iterable[SetRecord], formula: Formula = Formula.EPLEY) -> dict[str, Any]:
    """The record document stored per (user, exercise) and returned by `get_pr_records`."""
    best_e1rm: tuple[float, SetRecord] | None = None
    heaviest: SetRecord | None = None
    by_reps: dict[int, SetRecord | None] = dict.fromkeys(REP_RECORD_COUNTS)
    working = sorted((s for s in sets if not s.is_warmup and s.reps >= 1), key=lambda s: s.completed_at)
    for item in working:
        if item.reps <= MAX_REPS_FOR_E1RM:
            value = estimate_1rm(item.weight_lb, item.reps, formula)
            if best_e1rm is None or value > best_e1rm[0] + 1e-9:
                best_e1rm = (value, item)
        if _heavier(item, heaviest):
            heaviest = item
        for count in REP_RECORD_COUNTS:
            if item.reps >= count and (by_reps[count] is None or _heavier(item, by_reps[count])):
                by_reps[count] = item
    e1rm: dict[str, Any] | None = None
    if best_e1rm is not None:
        e1rm = {
            "value_lbs": round(best_e1rm[0], 2),
            "formula": formula.value,
            "from_set": _describe(best_e1rm[1]),
        }
    return {
        "estimated_1rm": e1rm,
        "max_weight_set": _describe(heaviest) if heaviest else None,
        "rep_records": {str(n): (_describe(s) if s else None) for n, s in by_reps.items()},
        "sets_counted": len(working),
    }
