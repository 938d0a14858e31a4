"""JSON with finite numbers only: NaN and ±Infinity are not JSON (RFC 8259), though Python reads and
writes them by default. Every body, model answer and stored document goes through these."""

from __future__ import annotations

import json
from typing import Any, NoReturn


class NonFiniteNumber(ValueError):
    """A JSON text held NaN, Infinity or -Infinity."""


def _refuse(name: str) -> NoReturn:
    raise NonFiniteNumber(f"{name} is not a JSON number; numbers must be finite")


def loads_finite(text: str | bytes) -> Any:
    """`json.loads` that raises `NonFiniteNumber` (a ValueError) on NaN and ±Infinity."""
    return json.loads(text, parse_constant=_refuse)


def dumps_finite(value: Any) -> str:
    """`json.dumps` for stored documents: a non-finite float is an error, never written."""
    return json.dumps(value, allow_nan=False)
