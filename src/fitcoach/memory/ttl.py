"""Expiry rules (R24, R25, R28): default lifetimes per condition or event, and clamps on requested expiries.

Pure: `now` is always an argument. Every clamp is returned so the turn's diagnostics can report it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum

from fitcoach.clock import ensure_utc
from fitcoach.contract.models import Condition, Tier2Entry, Tier3Entry

SORENESS_TTL = dt.timedelta(hours=72)
"""R24: soreness lasts 48-72 h; the upper end, so a sore muscle is not loaded again too early."""

FATIGUE_TTL = dt.timedelta(hours=48)
"""General fatigue fades within two nights of sleep; shorter than soreness."""

MINOR_STRAIN_TTL = dt.timedelta(days=5)
"""R24: a minor joint tweak lasts 5-7 days; the source's shoulder example uses now + 5 days."""

SITUATIONAL_FALLBACK_TTL = dt.timedelta(days=7)
"""A tier-3 circumstance with neither an end nor a named day is assumed to cover the coming week."""

MAX_PHYSIOLOGICAL_TTL = dt.timedelta(days=30)
"""An acute state lasting more than a month is no longer acute: it belongs in tier 1 (chronic)."""

MAX_SITUATIONAL_TTL = dt.timedelta(days=365)
"""Situational memory is about this season, not forever."""

DEFAULT_TTL: dict[Condition, dt.timedelta] = {
    "soreness": SORENESS_TTL,
    "fatigue": FATIGUE_TTL,
    "minor_strain": MINOR_STRAIN_TTL,
}


class ClampReason(StrEnum):
    IN_THE_PAST = "in_the_past"
    TOO_FAR = "too_far"


@dataclass(frozen=True)
class Clamp:
    """A requested expiry that was replaced, and why."""

    requested: dt.datetime
    applied: dt.datetime
    reason: ClampReason

    def describe(self) -> str:
        return (
            f"expires_at {self.requested.isoformat()} {self.reason.value}; set to {self.applied.isoformat()}"
        )


@dataclass(frozen=True)
class Expiry:
    expires_at: dt.datetime
    clamp: Clamp | None = None


def end_of_day(day: dt.date) -> dt.datetime:
    """The instant a named day ends (midnight UTC after it); the user's time zone is not known yet."""
    return dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), tzinfo=dt.UTC)


def _clamp(requested: dt.datetime, *, default: dt.datetime, limit: dt.timedelta, now: dt.datetime) -> Expiry:
    """Keep `requested` if it lies in (now, now + limit]; a past one gets `default`, a far one the limit."""
    requested = ensure_utc(requested)
    now = ensure_utc(now)
    if requested <= now:
        # A past expiry would store a fact that is already dead: give it its default life instead.
        applied = min(default, now + limit)
        return Expiry(applied, Clamp(requested, applied, ClampReason.IN_THE_PAST))
    if requested > now + limit:
        return Expiry(now + limit, Clamp(requested, now + limit, ClampReason.TOO_FAR))
    return Expiry(requested)


def physiological_expiry(entry: Tier2Entry, *, now: dt.datetime) -> Expiry:
    """The expiry a tier-2 entry gets: its own (clamped), else its condition's default."""
    default = ensure_utc(now) + DEFAULT_TTL[entry.condition]
    if entry.expires_at is None:
        return Expiry(default)
    return _clamp(entry.expires_at, default=default, limit=MAX_PHYSIOLOGICAL_TTL, now=now)


def situational_expiry(entry: Tier3Entry, *, now: dt.datetime) -> Expiry:
    """The expiry a tier-3 entry gets: the event's end, else the named day's end, else 7 days (clamped)."""
    now = ensure_utc(now)
    named_end = end_of_day(entry.event_date) if entry.event_date is not None else None
    fallback = named_end if named_end is not None and named_end > now else now + SITUATIONAL_FALLBACK_TTL
    requested = entry.expires_at if entry.expires_at is not None else named_end
    if requested is None:
        return Expiry(fallback)
    return _clamp(requested, default=fallback, limit=MAX_SITUATIONAL_TTL, now=now)


def is_active(expires_at: dt.datetime | None, *, now: dt.datetime) -> bool:
    """R28: active while now < expires_at; no expiry means permanent (tier 1)."""
    return expires_at is None or ensure_utc(now) < ensure_utc(expires_at)
