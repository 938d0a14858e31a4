"""What the program says when it rolls a week on (`data/<code>/program.json`): one line per change, in
the user's language, looked up along the language's fallbacks so a missing key is English."""

from __future__ import annotations

import json
from functools import cache

from fitcoach.languages.registry import data_file, fallback_chain


@cache
def _templates(code: str) -> dict[str, str]:
    spec = data_file(code, "program.json")
    if not spec.is_file():
        return {}
    return {
        key: value for key, value in json.loads(spec.read_text("utf-8")).items() if not key.startswith("_")
    }


def program_text(code: str, key: str, **values: object) -> str:
    """Template `key` in language `code` (else its fallbacks) filled with `values`; KeyError when no
    language has it."""
    for candidate in fallback_chain(code):
        template = _templates(candidate).get(key)
        if template is not None:
            return template.format(**values)
    raise KeyError(key)
