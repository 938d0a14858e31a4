"""Function words by purpose (`data/<code>/grammar.json`): what joins a list, negates, dates a count
in the past, delays a trip... Entries are regex fragments over folded text (most are plain words);
readers join every understood language's entries into their patterns, so the patterns' shape stays in
code and their words in data."""

from __future__ import annotations

import json
from functools import cache

from fitcoach.languages.registry import data_file, understood


@cache
def _grammar(code: str) -> dict[str, list[str]]:
    spec = data_file(code, "grammar.json")
    if not spec.is_file():
        return {}
    raw = json.loads(spec.read_text("utf-8"))
    return {kind: list(words) for kind, words in raw.items() if not kind.startswith("_")}


@cache
def fragments(kind: str) -> tuple[str, ...]:
    """Every understood language's entries of `kind`, in registry order, without repeats."""
    found: list[str] = []
    for code in understood():
        for entry in _grammar(code).get(kind, []):
            if entry not in found:
                found.append(entry)
    return tuple(found)


def alternation(kind: str) -> str:
    """`(?:a|b|c)` of the entries of `kind` (never empty: a kind no language has matches nothing)."""
    entries = fragments(kind)
    return "(?:" + "|".join(entries) + ")" if entries else "(?!)"


def word_set(kind: str) -> frozenset[str]:
    return frozenset(fragments(kind))
