"""Settings from the environment (FITCOACH_*), with defaults that run on a fresh machine."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_SQLITE_PATH = Path("data") / "fitcoach.db"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FITCOACH_", extra="ignore")

    database_url: str = Field(default=f"sqlite:///{DEFAULT_SQLITE_PATH}")
    provider: str = Field(default="offline", min_length=1)
    """A name in the provider registry (`fitcoach.agent.providers.registry`): offline, gemini, openai..."""
    model: str | None = None
    llm_timeout_s: float = 20.0
    gemini_base_url: str | None = None
    gemini_contract: Literal["function", "response_schema"] = "function"
    """How Gemini is held to the answer contract: by default the contract is a `coach_reply` function
    declared in the context cache with forced calling (billed once per cache); `response_schema`
    sends it as the response schema with every call (billed every call, ~1,500 tokens)."""
    openai_base_url: str | None = None
    # The SDKs' own variable names, so an existing key works as is.
    gemini_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("GEMINI_API_KEY", "FITCOACH_GEMINI_API_KEY")
    )
    openai_api_key: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("OPENAI_API_KEY", "FITCOACH_OPENAI_API_KEY")
    )
    max_body_bytes: int = 256 * 1024
    default_login: bool = False
    """One-click sign-in of the local default user (`make run` turns it on). Served only to a loopback
    client naming a loopback Host on a server bound to loopback; `fitcoach serve` refuses to start
    with it on a non-loopback address."""
    default_user_file: Path = Path("data") / "default-user.json"
    bind_host: str | None = None
    """The address the server listens on; `fitcoach serve` sets it for its workers. Unknown (None),
    as when the app is run by other means, counts as not loopback."""
    allow_signup: bool = False
    """Whether anyone who reaches the server may create an account (`POST /api/auth/signup`);
    otherwise accounts come from `fitcoach user create`."""
    token_ttl_days: float = Field(default=30, gt=0, le=3650)
    """A sign-in token expires after this many days without use; each use slides the expiry."""
    trusted_hosts: list[str] = Field(default_factory=lambda: ["*"])
    """Host headers the app answers (Starlette's TrustedHostMiddleware), e.g.
    `["coach.example.com"]`; `*` answers any. Set it on any server reachable from a network."""
    hsts: bool = False
    """Send Strict-Transport-Security (one year): turn on when the app is served behind TLS."""
    chat_rate_per_minute: int = Field(default=30, ge=0)
    """Chat turns one user may start per minute, counted in the database across every worker (0: no limit)."""
    memory_write_rate_per_minute: int = Field(default=20, ge=0)
    """Facts one user may state through `POST /api/memory` per minute, across workers (0: no limit)."""
    signup_rate_per_hour: int = Field(default=10, ge=0)
    """Accounts one client address may create per hour (0: no limit)."""
    db_pool_size: int | None = Field(default=None, ge=1, le=1000)
    """Database connections per server process, with no overflow (unset: SQLAlchemy's 5 + 10 overflow).
    Size it with the worker count against PostgreSQL's `max_connections`."""
    db_pool_timeout_s: float = Field(default=30.0, gt=0, le=600)
    """How long a request waits for a free connection when `db_pool_size` is set (then a 503)."""


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
