"""Model providers, one per file, behind the small protocol in `base`; `make_provider` picks one."""

from fitcoach.agent.providers.base import Provider, ProviderRequest, ProviderResponse, TokenUsage, ToolRunner
from fitcoach.agent.providers.factory import make_provider

__all__ = ["Provider", "ProviderRequest", "ProviderResponse", "TokenUsage", "ToolRunner", "make_provider"]
