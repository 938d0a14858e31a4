"""Providers found by name through a registry (`FITCOACH_PROVIDER`), like simonw/llm's plugins.

Each provider is a factory `(ProviderOptions) -> Provider` registered under a name. The packaged ones
are declared as entry points of the `fitcoach.providers` group in pyproject.toml, so the registry
imports a provider only when it is asked for (the Gemini SDK is heavy, and an LLM path never imports
the offline coach); tests and plugins may `register` more at run time.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

from fitcoach.agent.providers.base import Provider
from fitcoach.clock import Clock
from fitcoach.config import Settings
from fitcoach.errors import ProviderMisconfigured

if TYPE_CHECKING:
    from sqlalchemy.orm import Session, sessionmaker

    from fitcoach.agent.providers.gemini.cache import CacheRegistry

ENTRY_POINT_GROUP = "fitcoach.providers"


@dataclass(frozen=True)
class ProviderOptions:
    """What a provider may need to be built: the settings, a clock, the database (Gemini keeps its
    shared context cache there) and an explicit cache registry (tests)."""

    settings: Settings
    clock: Clock | None = None
    sessions: sessionmaker[Session] | None = None
    cache_registry: CacheRegistry | None = None


ProviderFactory = Callable[[ProviderOptions], Provider]

_registered: dict[str, ProviderFactory] = {}
_lock = threading.Lock()


def register(name: str, factory: ProviderFactory) -> None:
    """Make `factory` the provider called `name` (replaces an entry point of the same name)."""
    with _lock:
        _registered[name] = factory


def names() -> list[str]:
    """Every provider name this build knows: entry points and run-time registrations."""
    declared = {point.name for point in entry_points(group=ENTRY_POINT_GROUP)}
    with _lock:
        return sorted(declared | set(_registered))


def factory_for(name: str) -> ProviderFactory:
    """The factory registered as `name`; `ProviderMisconfigured` names the ones there are."""
    with _lock:
        found = _registered.get(name)
    if found is not None:
        return found
    for point in entry_points(group=ENTRY_POINT_GROUP, name=name):
        try:
            loaded: ProviderFactory = point.load()
        except ModuleNotFoundError as error:
            # A provider is a separate part: its module may be left out of a build.
            if error.name is None or not point.module.startswith(error.name):
                raise
            raise ProviderMisconfigured(
                f"the provider {name!r} ({point.module}) is not part of this build; "
                f"choose another FITCOACH_PROVIDER",
                details={"provider": name, "module": point.module},
            ) from error
        return loaded
    raise ProviderMisconfigured(
        f"no provider called {name!r} in this build; known: {', '.join(names()) or 'none'}",
        details={"provider": name},
    )


def make_provider(
    settings: Settings,
    *,
    registry: CacheRegistry | None = None,
    clock: Clock | None = None,
    sessions: sessionmaker[Session] | None = None,
) -> Provider:
    """The configured provider; raises `ProviderMisconfigured` with what to set when it cannot work."""
    options = ProviderOptions(settings=settings, clock=clock, sessions=sessions, cache_registry=registry)
    return factory_for(settings.provider)(options)
