"""TTL defaults and clamps at their boundaries, and expiry exactly at `expires_at` (R24, R25, R28)."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.contract.models import Condition, Tier2Entry, Tier3Entry
from fitcoach.memory.ttl import (
    MAX_PHYSIOLOGICAL_TTL,
    MAX_SITUATIONAL_TTL,
    ClampReason,
    end_of_day,
    is_active,
    physiological_expiry,
    situational_expiry,
)
from tests.memory.factories import NOW, item

HOUR = dt.timedelta(hours=1)
SECOND = dt.timedelta(seconds=1)


def tier2(condition: Condition, expires_at: dt.datetime | None = None) -> Tier2Entry:
    return Tier2Entry(body_part="knee", condition=condition, fact="x", expires_at=expires_at)


@pytest.mark.parametrize(
    ("condition", "lifetime"),
    [("soreness", 72 * HOUR), ("fatigue", 48 * HOUR), ("minor_strain", dt.timedelta(days=5))],
)
def test_tier2_defaults(condition: Condition, lifetime: dt.timedelta) -> None:
    expiry = physiological_expiry(tier2(condition), now=NOW)
    assert expiry.expires_at == NOW + lifetime
    assert expiry.clamp is None


@pytest.mark.parametrize(
    ("requested", "applied", "reason"),
    [
        (NOW + SECOND, NOW + SECOND, None),
        (NOW, NOW + 72 * HOUR, ClampReason.IN_THE_PAST),
        (NOW - dt.timedelta(days=3), NOW + 72 * HOUR, ClampReason.IN_THE_PAST),
        (NOW + MAX_PHYSIOLOGICAL_TTL, NOW + MAX_PHYSIOLOGICAL_TTL, None),
        (NOW + MAX_PHYSIOLOGICAL_TTL + SECOND, NOW + MAX_PHYSIOLOGICAL_TTL, ClampReason.TOO_FAR),
    ],
)
def test_tier2_clamps(requested: dt.datetime, applied: dt.datetime, reason: ClampReason | None) -> None:
    expiry = physiological_expiry(tier2("soreness", requested), now=NOW)
    assert expiry.expires_at == applied
    if reason is None:
        assert expiry.clamp is None
    else:
        assert expiry.clamp is not None
        assert (expiry.clamp.reason, expiry.clamp.requested, expiry.clamp.applied) == (
            reason,
            requested,
            applied,
        )


def test_tier3_uses_the_event_end() -> None:
    end = dt.datetime(2026, 9, 19, 18, tzinfo=dt.UTC)
    entry = Tier3Entry(event="golf", fact="36 holes", event_date=dt.date(2026, 9, 19), expires_at=end)
    assert situational_expiry(entry, now=NOW).expires_at == end


def test_tier3_without_end_lasts_to_the_end_of_the_named_day() -> None:
    entry = Tier3Entry(event="golf", fact="36 holes", event_date=dt.date(2026, 9, 19))
    expiry = situational_expiry(entry, now=NOW)
    assert expiry.expires_at == dt.datetime(2026, 9, 20, tzinfo=dt.UTC) == end_of_day(dt.date(2026, 9, 19))
    assert expiry.clamp is None


def test_tier3_without_end_or_day_lasts_seven_days() -> None:
    assert (
        situational_expiry(Tier3Entry(event="trip", fact="away"), now=NOW).expires_at == NOW + 7 * 24 * HOUR
    )


def test_tier3_named_day_already_over_is_clamped() -> None:
    entry = Tier3Entry(event="race", fact="10k", event_date=dt.date(2026, 9, 1))
    expiry = situational_expiry(entry, now=NOW)
    assert expiry.clamp is not None and expiry.clamp.reason is ClampReason.IN_THE_PAST
    assert expiry.expires_at == NOW + dt.timedelta(days=7)


@pytest.mark.parametrize(
    ("offset", "clamped"),
    [(MAX_SITUATIONAL_TTL, False), (MAX_SITUATIONAL_TTL + SECOND, True)],
)
def test_tier3_far_limit(offset: dt.timedelta, clamped: bool) -> None:
    expiry = situational_expiry(Tier3Entry(event="e", fact="f", expires_at=NOW + offset), now=NOW)
    assert expiry.expires_at == NOW + min(offset, MAX_SITUATIONAL_TTL)
    assert (expiry.clamp is not None) is clamped


def test_tier3_past_end_gets_the_named_day_instead() -> None:
    entry = Tier3Entry(event="golf", fact="f", event_date=dt.date(2026, 9, 19), expires_at=NOW - HOUR)
    expiry = situational_expiry(entry, now=NOW)
    assert expiry.expires_at == dt.datetime(2026, 9, 20, tzinfo=dt.UTC)
    assert expiry.clamp is not None and expiry.clamp.reason is ClampReason.IN_THE_PAST


@pytest.mark.parametrize(
    ("now", "active"),
    [(NOW - SECOND, True), (NOW, False), (NOW + SECOND, False)],
)
def test_expiry_exactly_at_expires_at(now: dt.datetime, active: bool) -> None:
    assert is_active(NOW, now=now) is active
    soreness = item("mem_01", tier2("soreness", NOW))
    assert soreness.is_active(now) is active


def test_no_expiry_is_permanent() -> None:
    assert is_active(None, now=NOW + dt.timedelta(days=10_000))
