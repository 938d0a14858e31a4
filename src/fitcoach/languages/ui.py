"""Strings the server renders outside the coach's catalogues (`data/<code>/ui.json`): the safe
fallback reply, unit names. Looked up along the language's fallbacks, so a missing key is English."""

from __future__ import annotations

import json
from functools import cache

from fitcoach.languages.registry import data_file, fallback_chain


@cache
def _strings(code: str) -> dict[str, str]:
    spec = data_file(code, "ui.json")
    if not spec.is_file():
        return {}
    return {
        key: value for key, value in json.loads(spec.read_text("utf-8")).items() if not key.startswith("_")
    }


def ui_text(code: str, key: str) -> str:
    """The string `key` in language `code`, else in its fallbacks; KeyError when no language has it."""
    for candidate in fallback_chain(code):
        found = _strings(candidate).get(key)
        if found is not None:
            return found
    raise KeyError(key)


def unit_name(code: str, unit: str) -> str:
    """How a weight unit ("kg", "lb") is written in language `code` (公斤, 磅 in Chinese)."""
    return ui_text(code, f"unit_{unit}")
