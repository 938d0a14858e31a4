"""Prefixed random identifiers (`usr_…`, `log_…`): readable in logs, unguessable across users."""

from __future__ import annotations

import secrets


def new_id(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(8)}"
