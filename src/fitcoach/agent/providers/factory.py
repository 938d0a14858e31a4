"""Choosing the brain from settings (`FITCOACH_PROVIDER`, `FITCOACH_MODEL`, keys, base URLs)."""

from __future__ import annotations

import importlib
from typing import cast

from sqlalchemy.orm import Session, sessionmaker

from fitcoach.agent.providers.base import Provider
from fitcoach.agent.providers.gemini_cache import CacheRegistry
from fitcoach.clock import Clock
from fitcoach.config import Settings
from fitcoach.errors import ProviderMisconfigured

OFFLINE_MODULE = "fitcoach.agent.offline"
OFFLINE_FACTORY = "make_offline_provider"
"""The offline coach (another part) plugs in by exposing `make_offline_provider(settings) -> Provider`."""


def make_provider(
    settings: Settings,
    *,
    registry: CacheRegistry | None = None,
    clock: Clock | None = None,
    sessions: sessionmaker[Session] | None = None,
) -> Provider:
    """The configured provider; raises `ProviderMisconfigured` with what to set when it cannot work.

    Gemini remembers its context cache in `registry` when given, else in the database behind
    `sessions` (shared by every worker), else in this process only.
    """
    if settings.provider == "gemini":
        from fitcoach.agent.providers.gemini import DEFAULT_GEMINI_MODEL, GeminiProvider
        from fitcoach.agent.providers.gemini_cache_db import DatabaseCacheRegistry

        if registry is None and sessions is not None:
            registry = DatabaseCacheRegistry(sessions, clock=clock)

        key = settings.gemini_api_key.get_secret_value() if settings.gemini_api_key else None
        return GeminiProvider(
            model=settings.model or DEFAULT_GEMINI_MODEL,
            api_key=key,
            base_url=settings.gemini_base_url,
            timeout_s=settings.llm_timeout_s,
            registry=registry,
            clock=clock,
            contract=settings.gemini_contract,
        )
    if settings.provider == "openai":
        from fitcoach.agent.providers.openai_compat import DEFAULT_OPENAI_MODEL, OpenAICompatProvider

        if settings.openai_api_key is None and settings.openai_base_url is None:
            raise ProviderMisconfigured(
                "FITCOACH_PROVIDER=openai needs OPENAI_API_KEY, "
                "or FITCOACH_OPENAI_BASE_URL for a local server"
            )
        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
        return OpenAICompatProvider(
            model=settings.model or DEFAULT_OPENAI_MODEL,
            api_key=key,
            base_url=settings.openai_base_url,
            timeout_s=settings.llm_timeout_s,
        )
    if settings.provider == "scripted":
        from fitcoach.agent.providers.scripted import ScriptedProvider

        return ScriptedProvider()
    return _offline(settings)


def _offline(settings: Settings) -> Provider:
    # Imported lazily: the offline coach is a separate part and may not be installed in this build.
    try:
        module = importlib.import_module(OFFLINE_MODULE)
    except ModuleNotFoundError as error:
        if error.name is None or not OFFLINE_MODULE.startswith(error.name):
            raise
        raise ProviderMisconfigured(
            "the offline coach is not part of this build; set FITCOACH_PROVIDER=gemini or openai",
            details={"module": OFFLINE_MODULE},
        ) from error
    factory = getattr(module, OFFLINE_FACTORY, None)
    if factory is None:
        raise ProviderMisconfigured(f"{OFFLINE_MODULE} has no {OFFLINE_FACTORY}(settings)")
    return cast(Provider, factory(settings))
