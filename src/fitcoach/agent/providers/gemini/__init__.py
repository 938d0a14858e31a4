"""Google Gemini: the provider, its context cache (in process or shared through the database) and the
SDK helpers. `make_gemini_provider` is the registry's entry point."""

from __future__ import annotations

from fitcoach.agent.providers.gemini.provider import DEFAULT_GEMINI_MODEL, GeminiProvider
from fitcoach.agent.providers.registry import ProviderOptions


def make_gemini_provider(options: ProviderOptions) -> GeminiProvider:
    """Gemini remembers its context cache in `options.cache_registry` when given, else in the database
    behind `options.sessions` (shared by every worker), else in this process only."""
    from fitcoach.agent.providers.gemini.cache_db import DatabaseCacheRegistry

    settings = options.settings
    registry = options.cache_registry
    if registry is None and options.sessions is not None:
        registry = DatabaseCacheRegistry(options.sessions, clock=options.clock)
    key = settings.gemini_api_key.get_secret_value() if settings.gemini_api_key else None
    return GeminiProvider(
        model=settings.model or DEFAULT_GEMINI_MODEL,
        api_key=key,
        base_url=settings.gemini_base_url,
        timeout_s=settings.llm_timeout_s,
        registry=registry,
        clock=options.clock,
        contract=settings.gemini_contract,
    )


__all__ = ["DEFAULT_GEMINI_MODEL", "GeminiProvider", "make_gemini_provider"]
