"""Personal-record rules on hand-made sets: warm-ups ignored, ties, rep records, kg conversion."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fitcoach.analytics.records import SetRecord, compute_records, merge_records

T0 = datetime(2026, 9, 1, 18, 0, tzinfo=UTC)


def _set(
    weight: float, reps: int, *, day: int = 0, unit: str = "lb", warmup: bool = False, log: str = "log_a"
) -> SetRecord:
    weight_lb = weight * 2.20462262185 if unit == "kg" else weight
    return SetRecord(weight, unit, weight_lb, reps, warmup, log, T0 + timedelta(days=day))


def test_records_from_mixed_sets() -> None:
    records = compute_records(
        [
            _set(200, 5, log="log_a"),
            _set(100, 1, unit="kg", day=1, log="log_b"),  # 220.46 lb single: heaviest, e1RM 220.46
            _set(300, 3, warmup=True, day=2, log="log_c"),  # warm-ups never count
            _set(150, 12, day=3, log="log_d"),
            _set(120, 15, day=4, log="log_e"),  # too many reps for an e1RM, still a rep record
        ]
    )
    assert records["estimated_1rm"]["value_lbs"] == pytest.approx(233.33, abs=0.01)  # 200 × (1 + 5/30)
    assert records["estimated_1rm"]["from_set"]["log_id"] == "log_a"
    assert records["max_weight_set"] == {
        "weight": 100,
        "reps": 1,
        "unit": "kg",
        "log_id": "log_b",
        "completed_at": "2026-09-02T18:00:00Z",
    }
    reps = {key: (value["log_id"] if value else None) for key, value in records["rep_records"].items()}
    assert reps == {"1": "log_b", "3": "log_a", "5": "log_a", "8": "log_d", "10": "log_d", "12": "log_d"}
    assert records["sets_counted"] == 4


def test_only_warmups_means_no_records() -> None:
    records = compute_records([_set(100, 5, warmup=True)])
    assert records["estimated_1rm"] is None and records["max_weight_set"] is None
    assert set(records["rep_records"].values()) == {None}


def test_equal_weight_prefers_more_reps_then_the_earliest() -> None:
    records = compute_records(
        [_set(50, 8, log="early"), _set(50, 10, day=1, log="more"), _set(50, 10, day=2, log="late")]
    )
    assert records["max_weight_set"]["log_id"] == "more"


set_strategy = st.builds(
    lambda weight, reps, day, unit, warmup, log: _set(
        weight, reps, day=day, unit=unit, warmup=warmup, log=log
    ),
    st.integers(0, 300).map(float),
    st.integers(0, 20),
    st.integers(0, 30),
    st.sampled_from(["lb", "kg"]),
    st.booleans(),
    st.sampled_from(["log_a", "log_b", "log_c"]),
)


@given(st.lists(st.lists(set_strategy, min_size=1, max_size=6), min_size=1, max_size=6))
def test_merging_log_by_log_equals_recomputing_everything(logs: list[list[SetRecord]]) -> None:
    """What logging does (fold each new log into the stored records) must equal a full recompute."""
    stored = None
    for sets in logs:
        stored = merge_records(stored, sets)
    assert stored == compute_records([s for sets in logs for s in sets])
