"""The brains a server runs with: the configured provider, and the offline coach as its fallback."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session, sessionmaker

from fitcoach.agent.providers.base import Provider
from fitcoach.agent.providers.registry import make_provider
from fitcoach.clock import Clock
from fitcoach.config import Settings

FALLBACK_PROVIDER = "offline"
"""The registry name of the brain that answers when an LLM fails: deterministic and local."""

SELF_SUFFICIENT = frozenset({FALLBACK_PROVIDER, "scripted"})
"""Providers that need no fallback: the offline coach itself, and the test script."""


@dataclass(frozen=True)
class Brains:
    provider: Provider
    fallback: Provider | None


def make_brains(
    settings: Settings, *, sessions: sessionmaker[Session] | None = None, clock: Clock | None = None
) -> Brains:
    """An LLM provider falls back to the offline coach; the offline coach needs no fallback."""
    provider = make_provider(settings, clock=clock, sessions=sessions)
    if settings.provider in SELF_SUFFICIENT:
        return Brains(provider=provider, fallback=None)
    offline = make_provider(settings.model_copy(update={"provider": FALLBACK_PROVIDER}), clock=clock)
    return Brains(provider=provider, fallback=offline)
