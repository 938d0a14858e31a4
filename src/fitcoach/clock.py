"""Injected time: everything that depends on "now" takes a Clock, and tests freeze it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current instant, timezone-aware UTC."""
        ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class FrozenClock:
    """A clock that stands still until told to move (tests, eval replay)."""

    def __init__(self, at: datetime) -> None:
        self._at = ensure_utc(at)

    def now(self) -> datetime:
        return self._at

    def set(self, at: datetime) -> None:
        self._at = ensure_utc(at)

    def advance(self, delta: timedelta) -> None:
        self._at += delta


def ensure_utc(value: datetime) -> datetime:
    """Naive datetimes are taken as UTC; aware ones are converted to UTC."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def parse_instant(text: str) -> datetime:
    """Parse an ISO-8601 instant ("Z" allowed) into an aware UTC datetime."""
    return ensure_utc(datetime.fromisoformat(text.replace("Z", "+00:00")))


def isoformat_z(value: datetime) -> str:
    """Render an instant as ISO-8601 with a trailing Z, to the second."""
    return ensure_utc(value).replace(microsecond=0).isoformat().replace("+00:00", "Z")
