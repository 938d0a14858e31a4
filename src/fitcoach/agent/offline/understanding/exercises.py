"""Finding library exercises in a message by canonical, localised or colloquial name (R9, R20)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from fitcoach.languages.grammar import fragments
from fitcoach.languages.lexicon import (
    SUPPORTED_LANGUAGES,
    Match,
    PhraseMatcher,
    function_words,
    load_lexicon,
)
from fitcoach.languages.text import Token, fold, is_han
from fitcoach.library import ExerciseLibrary


def _gear_words() -> set[str]:
    """Single words that name gear in any language ("bench", "barra"): as a whole alias they are
    ambiguous ("the bench is taken"), so they never name an exercise on their own."""
    words: set[str] = set()
    for lang in SUPPORTED_LANGUAGES:
        for phrases in load_lexicon(lang).gear.values():
            words.update(fold(p) for p in phrases)
    return words


GEAR_TOKENS = frozenset(w for w in fragments("droppable_gear_words") if not is_han(w))
GEAR_HAN = tuple(w for w in fragments("droppable_gear_words") if is_han(w))
"""Implement words users drop when the context says which one they mean ("single-arm row",
"胸部支撐划船"): an alias without them still names the exercise when no other one shares it."""


def _without_gear(alias: str) -> str | None:
    if is_han(alias):
        bare = alias
        for word in GEAR_HAN:
            bare = bare.replace(word, "")
        return bare if bare != alias and len(bare) >= 3 else None
    words = re.findall(r"[^\W_]+", fold(alias))
    kept = [w for w in words if w not in GEAR_TOKENS]
    return " ".join(kept) if len(kept) < len(words) and len(kept) >= 2 else None


def _gearless_aliases(library: ExerciseLibrary) -> dict[tuple[str, str], str]:
    """(lang, bare alias) → slug, for bare aliases exactly one exercise yields and none already has."""
    taken = {
        (lang, fold(alias).replace("-", " "))
        for exercise in library
        for lang, aliases in {"en": [exercise.name], **exercise.names}.items()
        for alias in aliases
    }
    owners: dict[tuple[str, str], set[str]] = {}
    for exercise in library:
        for lang, aliases in {"en": [exercise.name], **exercise.names}.items():
            for alias in aliases:
                bare = _without_gear(alias)
                if bare is not None:
                    owners.setdefault((lang, fold(bare)), set()).add(exercise.slug)
    gear = _gear_words()  # "incline bench" is the bench, not the press
    return {
        key: next(iter(slugs))
        for key, slugs in owners.items()
        if len(slugs) == 1 and key not in taken and key[1] not in gear
    }


def alias_entries(library: ExerciseLibrary) -> Iterable[tuple[str, str, str, str]]:
    ambiguous = _gear_words()
    for (lang, bare), slug in _gearless_aliases(library).items():
        yield ("exercise", slug, lang, bare)
    for exercise in library:
        for lang, aliases in {"en": [exercise.name], **exercise.names}.items():
            for alias in aliases:
                folded = fold(alias)
                single_word = " " not in folded and "-" not in folded and not is_han(folded)
                if (single_word and folded in ambiguous) or (len(folded) < 3 and not is_han(folded)):
                    continue
                yield ("exercise", exercise.slug, lang, alias)


@lru_cache(maxsize=4)
def _matcher(library: ExerciseLibrary) -> PhraseMatcher:
    """One matcher per library object (hashed by identity): the packaged library's is built once."""
    # "plan" is no inflection of "plank": function words only ever match exactly
    return PhraseMatcher(alias_entries(library), exact=function_words())


def find_exercises(folded: str, toks: list[Token], library: ExerciseLibrary) -> list[Match]:
    """Exercise mentions, longest alias first, in message order (one slug may appear twice)."""
    return _matcher(library).find(folded, toks)


def ordered_slugs(matches: list[Match]) -> list[str]:
    seen: list[str] = []
    for match in matches:
        if match.key not in seen:
            seen.append(match.key)
    return seen
