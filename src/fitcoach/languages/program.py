"""What the program says when it rolls a week on (`data/<code>/program.json`): one line per change, in
the user's language, looked up along the language's fallbacks so a missing key is English."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from fitcoach.languages.registry import data_file, fallback_chain


@cache
def _data(code: str) -> dict[str, Any]:
    spec = data_file(code, "program.json")
    if not spec.is_file():
        return {}
    loaded: dict[str, Any] = json.loads(spec.read_text("utf-8"))
    return {key: value for key, value in loaded.items() if not key.startswith("_")}


def _templates(code: str) -> dict[str, str]:
    return {key: value for key, value in _data(code).items() if isinstance(value, str)}


def program_name(code: str, table: str, key: str) -> str:
    """A body area (`area_names`) or a muscle group (`group_names`) as the language names it; the key
    itself, lower-cased, when no language in the chain has it."""
    for candidate in fallback_chain(code):
        names = _data(candidate).get(table)
        if isinstance(names, dict) and key in names:
            return str(names[key])
    return key.replace("_", " ").lower()


def program_text(code: str, key: str, **values: object) -> str:
    """Template `key` in language `code` (else its fallbacks) filled with `values`; KeyError when no
    language has it."""
    for candidate in fallback_chain(code):
        template = _templates(candidate).get(key)
        if template is not None:
            return template.format(**values)
    raise KeyError(key)
