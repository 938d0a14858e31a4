"""The fact reader's words (`languages/data/<code>/facts.json`) and the matcher that finds them.

Matching follows the engine's long-standing rule for stored facts: after folding (case, accents),
Latin and Cyrillic words match at a word start and may carry an ending ("гантел" covers "гантели",
"dumbbell" covers "dumbbells"), Han words match anywhere; longer phrases win and are consumed first,
so "incline bench" is not also a "bench" and "barre de traction" is no barbell.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from fitcoach.languages.registry import data_file, understood
from fitcoach.languages.text import all_han, fold

WORD_START = r"(?<![^\W\d_])"
"""Not right after a letter: a word start (digits may precede: "20kg")."""


@dataclass(frozen=True)
class Hit:
    """One phrase found: its table, key (a gear or area key, or the phrase's table for cues), span."""

    table: str
    key: str
    start: int
    end: int
    lang: str


@cache
def facts_words(code: str) -> dict[str, Any]:
    spec = data_file(code, "facts.json")
    if not spec.is_file():
        return {}
    return {k: v for k, v in json.loads(spec.read_text("utf-8")).items() if not k.startswith("_")}


STEM_TABLES = frozenset({"gear", "areas", "severe", "goals", "gym", "home", "adjustable", "sides"})
"""Noun tables, matched as stems at a word start ("гантел" covers "гантелей"); the other tables
(cues such as "no", "sold", "only") match whole words unless an entry ends in `*` ("продал*")."""

WORD_END = r"(?![^\W\d_])"


def _pattern(phrase: str, table: str) -> re.Pattern[str]:
    stem = phrase.endswith("*")
    folded = fold(phrase.rstrip("*"))
    if all_han(folded.replace(" ", "")):
        return re.compile(re.escape(folded))
    end = "" if stem or table in STEM_TABLES else WORD_END
    return re.compile(WORD_START + re.escape(folded) + end)


@cache
def _entries(table: str, langs: tuple[str, ...]) -> tuple[tuple[re.Pattern[str], str, str, int], ...]:
    """(pattern, key, lang, length) for a table, longest phrase first. A list table's key is the
    table's name; a dict table's key is the dict key."""
    found: list[tuple[re.Pattern[str], str, str, int]] = []
    for code in langs:
        raw = facts_words(code).get(table)
        pairs: list[tuple[str, str]] = []
        if isinstance(raw, dict):
            pairs = [(key, phrase) for key, phrases in raw.items() for phrase in phrases]
        elif isinstance(raw, list):
            pairs = [(table, phrase) for phrase in raw]
        found.extend((_pattern(phrase, table), key, code, len(fold(phrase))) for key, phrase in pairs)
    found.sort(key=lambda entry: -entry[3])
    return tuple(found)


def find(folded: str, table: str, langs: tuple[str, ...] | None = None) -> list[Hit]:
    """Every phrase of `table` in folded text, longest first and consumed, in text order."""
    remaining = folded
    hits: list[Hit] = []
    for pattern, key, code, _ in _entries(table, langs or understood()):
        spans: list[tuple[int, int]] = []
        for match in pattern.finditer(remaining):
            end = match.end()
            if not all_han(match.group().replace(" ", "")):
                # a stem covers its word: "гантел" spans "гантелей", so what follows is the next word
                while end < len(remaining) and remaining[end].isalpha() and not all_han(remaining[end]):
                    end += 1
            spans.append((match.start(), end))
            hits.append(Hit(table, key, match.start(), end, code))
        for start, end in spans:
            remaining = remaining[:start] + " " * (end - start) + remaining[end:]
    return sorted(hits, key=lambda hit: hit.start)


def phrases(table: str, langs: tuple[str, ...] | None = None) -> list[str]:
    """The raw entries of a list table (regex fragments such as schedule units), every language's."""
    found: list[str] = []
    for code in langs or understood():
        raw = facts_words(code).get(table)
        if isinstance(raw, list):
            found.extend(entry for entry in raw if entry not in found)
    return found
