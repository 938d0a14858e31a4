"""Model providers behind the small protocol in `base`, found by name through `registry`: one module
per provider (`openai_compat`, `scripted`), one package for Gemini (`gemini/`); the offline coach
(`fitcoach.agent.offline`) registers itself the same way."""

from fitcoach.agent.providers.base import Provider, ProviderRequest, ProviderResponse, TokenUsage, ToolRunner
from fitcoach.agent.providers.registry import ProviderOptions, make_provider, register

__all__ = [
    "Provider",
    "ProviderOptions",
    "ProviderRequest",
    "ProviderResponse",
    "TokenUsage",
    "ToolRunner",
    "make_provider",
    "register",
]
