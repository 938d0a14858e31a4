"""NUL (U+0000) in text: PostgreSQL refuses it in `text` and in `jsonb`, SQLite stores it. Requests
carrying one are refused at the door (`api.nul`); model output has it removed before it is parsed."""

from __future__ import annotations

from typing import Any

NUL = "\x00"


def nul_location(value: Any) -> list[str | int] | None:
    """Where the first NUL sits in a decoded JSON value (a key or a string), or None.

    Iterative: a body nested as deep as the JSON parser allows must not hit Python's recursion limit."""
    stack: list[tuple[list[str | int], Any]] = [([], value)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, str):
            if NUL in node:
                return path
        elif isinstance(node, dict):
            for key, child in node.items():
                if NUL in key:
                    return [*path, key]
                stack.append(([*path, key], child))
        elif isinstance(node, list):
            stack.extend(([*path, index], child) for index, child in enumerate(node))
    return None


def without_nul(value: Any) -> Any:
    """A copy of a decoded JSON value with every NUL removed from its keys and strings."""
    if isinstance(value, str):
        return value.replace(NUL, "")
    if isinstance(value, dict):
        return {key.replace(NUL, ""): without_nul(child) for key, child in value.items()}
    if isinstance(value, list):
        return [without_nul(child) for child in value]
    return value
