"""Is a text the server wrote in the reader's language? English words left in it, found with the
words the server writes in English (its catalogue and the engine's notes) minus the words the
language itself uses (its data files, its exercise names: "triceps" is French too). In a language
of another script, any Latin word is English. Used by the offline coach's tests and the journeys."""

from __future__ import annotations

import datetime as dt
import json
import re
from functools import cache

from fitcoach.agent.offline.answering import load_catalog
from fitcoach.engine.deload import DELOAD_NOTE
from fitcoach.engine.presentation import coach_note, rest_day
from fitcoach.engine.profile import build_profile
from fitcoach.languages.registry import data_file
from fitcoach.library import get_library

ALLOWED = {"kg", "lb", "rir", "rpe", "min"}
"""Unit and training symbols written the same in every language."""


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]{3,}", text)}


@cache
def english_words() -> frozenset[str]:
    """Words the server writes in English: its catalogue and the engine's own notes."""
    catalog = load_catalog("en")
    texts = [*catalog.facts.values(), *catalog.words.values(), *catalog.diffs.values()]
    texts += [
        coach_note(build_profile([], dt.datetime(2026, 9, 14, tzinfo=dt.UTC))),
        DELOAD_NOTE,
        rest_day().coach_note or "",
    ]
    texts.append("Modified for your condition: Keep 3 reps in reserve; stop any set that hurts.")
    return frozenset(w for text in texts for w in _words(text))


@cache
def own_words(lang: str) -> frozenset[str]:
    """Words the language itself uses (its data files, its exercise names): a shared word such as
    "triceps" or "bench" in a French name is not English left behind."""
    found: set[str] = set()
    for name in ("catalog.json", "facts.json", "lexicon.json", "answers.json"):
        path = data_file(lang, name)
        if path.is_file():
            found |= {w for s in _strings(json.loads(path.read_text("utf-8"))) for w in _words(s)}
    found |= {w for entry in get_library() for w in _words(entry.localized_name(lang))}
    return frozenset(found)


def english_left(lang: str, text: str) -> set[str]:
    words = _words(text) - ALLOWED
    if lang in ("ru", "zh-Hant", "zh-Hans"):
        latin = {w for w in words if re.fullmatch(r"[a-z]+", w)}
        return latin - own_words(lang)
    return (words & english_words()) - own_words(lang)
