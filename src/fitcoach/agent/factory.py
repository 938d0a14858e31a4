"""The brains a server runs with: the configured provider, and the offline coach as its fallback."""

from __future__ import annotations

from sqlalchemy.orm import Session, sessionmaker

from fitcoach.agent.pipeline import Brains
from fitcoach.agent.providers.factory import make_provider
from fitcoach.clock import Clock
from fitcoach.config import Settings


def make_brains(
    settings: Settings, *, sessions: sessionmaker[Session] | None = None, clock: Clock | None = None
) -> Brains:
    """An LLM provider falls back to the offline coach; the offline coach needs no fallback."""
    provider = make_provider(settings, clock=clock, sessions=sessions)
    if settings.provider in ("offline", "scripted"):
        return Brains(provider=provider, fallback=None)
    offline = make_provider(settings.model_copy(update={"provider": "offline"}), clock=clock)
    return Brains(provider=provider, fallback=offline)
