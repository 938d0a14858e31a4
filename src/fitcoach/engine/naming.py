"""Matching free-text exercise names to library entries: "dumbbell-bench-press" → `flat-db-bench-press` (R20).

A proposal's unknown slug is often a near-miss spelling of a library exercise; repair maps it by token
overlap over each entry's slug, name and English aliases instead of dropping the work.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise

SYNONYMS: dict[str, str] = {
    "dumbbell": "db",
    "dumbbells": "db",
    "barbell": "bb",
    "presses": "press",
    "rows": "row",
    "curls": "curl",
    "raises": "raise",
    "flyes": "flye",
    "fly": "flye",
    "flys": "flye",
    "flies": "flye",
    "squats": "squat",
    "deadlifts": "deadlift",
    "lunges": "lunge",
    "extensions": "extension",
    "pushup": "push",
    "pullup": "pull",
    "triceps": "tricep",
    "biceps": "bicep",
}
"""Spellings that name the same thing, folded before comparing."""

STOP_WORDS = frozenset({"the", "a", "with", "on", "and", "of", "exercise", "up"})

CLEAR_MATCH = 0.6
"""Token overlap (Jaccard) at or above which a text names an entry, if no other entry scores as well."""

_TOKEN = re.compile(r"[a-z0-9]+")


def tokens(text: str) -> frozenset[str]:
    words = (SYNONYMS.get(word, word) for word in _TOKEN.findall(text.lower()))
    return frozenset(word for word in words if word not in STOP_WORDS)


@lru_cache(maxsize=4)
def _phrases(library: ExerciseLibrary) -> list[tuple[Exercise, list[frozenset[str]]]]:
    return [
        (entry, [tokens(entry.slug), tokens(entry.name), *(tokens(a) for a in entry.names.get("en", []))])
        for entry in library
    ]


def overlap(text: str, entry: Exercise, library: ExerciseLibrary) -> float:
    """The best Jaccard overlap between the text and any of the entry's slug, name or aliases."""
    query = tokens(text)
    for candidate, phrases in _phrases(library):
        if candidate.slug == entry.slug:
            return max((len(query & p) / len(query | p) for p in phrases if query | p), default=0.0)
    return 0.0


def named_exercise(text: str, library: ExerciseLibrary) -> Exercise | None:
    """The library entry the text clearly names, or None when nothing (or more than one) matches well."""
    query = tokens(text)
    if not query:
        return None
    scored = sorted(
        (
            (max(len(query & p) / len(query | p) for p in phrases), entry.slug, entry)
            for entry, phrases in _phrases(library)
        ),
        key=lambda item: (-item[0], item[1]),
    )
    best, runner_up = scored[0], scored[1] if len(scored) > 1 else None
    if best[0] < CLEAR_MATCH or (runner_up is not None and runner_up[0] >= best[0]):
        return None
    return best[2]
