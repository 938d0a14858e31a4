"""Errors modelled by what should happen next; the API maps each to one HTTP status and a stable code."""

from __future__ import annotations

from typing import Any


class FitcoachError(Exception):
    """Base class: carries a stable `code` a client can branch on and a readable message."""

    status_code = 500
    code = "internal_error"

    def __init__(self, message: str, *, code: str | None = None, details: Any = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.details = details


class BadInput(FitcoachError):
    """The caller sent something we cannot accept: answer 4xx, store nothing."""

    status_code = 422
    code = "invalid_input"


class NotFound(FitcoachError):
    """Unknown id, or an id that belongs to someone else (never confirm it exists)."""

    status_code = 404
    code = "not_found"


class Conflict(FitcoachError):
    """The request is valid but clashes with the current state (stale plan, double accept)."""

    status_code = 409
    code = "conflict"


class Unauthorized(FitcoachError):
    status_code = 401
    code = "unauthorized"


class Forbidden(FitcoachError):
    """Understood and refused for anyone in the caller's position (sign-up closed, unsafe local sign-in)."""

    status_code = 403
    code = "forbidden"


class PayloadTooLarge(FitcoachError):
    status_code = 413
    code = "payload_too_large"


class RateLimited(FitcoachError):
    status_code = 429
    code = "rate_limited"

    def __init__(self, message: str, *, retry_after_s: int, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after_s = retry_after_s


class ServiceUnavailable(FitcoachError):
    """A dependency we own (the database) is unavailable right now: 503 with Retry-After."""

    status_code = 503
    code = "service_unavailable"

    def __init__(self, message: str, *, retry_after_s: int = 1, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after_s = retry_after_s


class ProviderError(FitcoachError):
    """A model provider failed (timeout, HTTP error, malformed output): fall back, never 5xx."""

    code = "provider_error"


class ModelOutputInvalid(ProviderError):
    """The model answered, but not with a valid contract: repair, then fall back."""

    code = "model_output_invalid"


class ProviderTimeout(ProviderError):
    """The provider did not answer within `FITCOACH_LLM_TIMEOUT_S`."""

    code = "provider_timeout"


class ProviderUnavailable(ProviderError):
    """The provider answered with a server error, refused the connection, or sent an unreadable body."""

    code = "provider_unavailable"


class ProviderRateLimited(ProviderError):
    """The provider answered 429: fall back for this turn rather than queue the user."""

    code = "provider_rate_limited"


class ProviderMisconfigured(ProviderError):
    """The provider cannot work as configured (missing key, unknown provider, unsupported model)."""

    code = "provider_misconfigured"


class ToolLoopExceeded(ModelOutputInvalid):
    """The model kept calling tools after the last allowed round instead of answering."""

    code = "tool_loop_exceeded"
