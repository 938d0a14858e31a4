"""Finding library exercises in a message by canonical, localised or colloquial name (R9, R20)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from fitcoach.agent.offline.understanding.lexicon import (
    SUPPORTED_LANGUAGES,
    Match,
    PhraseMatcher,
    Token,
    load_lexicon,
)
from fitcoach.agent.offline.understanding.normalize import fold, is_han
from fitcoach.library import ExerciseLibrary, get_library


def _gear_words() -> set[str]:
    """Single words that name gear in any language ("bench", "barra"): as a whole alias they are
    ambiguous ("the bench is taken"), so they never name an exercise on their own."""
    words: set[str] = set()
    for lang in SUPPORTED_LANGUAGES:
        for phrases in load_lexicon(lang).gear.values():
            words.update(fold(p) for p in phrases)
    return words


def alias_entries(library: ExerciseLibrary) -> Iterable[tuple[str, str, str, str]]:
    ambiguous = _gear_words()
    for exercise in library:
        for lang, aliases in {"en": [exercise.name], **exercise.names}.items():
            for alias in aliases:
                folded = fold(alias)
                single_word = " " not in folded and "-" not in folded and not is_han(folded)
                if (single_word and folded in ambiguous) or (len(folded) < 3 and not is_han(folded)):
                    continue
                yield ("exercise", exercise.slug, lang, alias)


@lru_cache(maxsize=4)
def _matcher(library_id: int) -> PhraseMatcher:
    del library_id  # the cache key: one matcher per library object
    return PhraseMatcher(alias_entries(get_library()))


def find_exercises(folded: str, toks: list[Token], library: ExerciseLibrary | None = None) -> list[Match]:
    """Exercise mentions, longest alias first, in message order (one slug may appear twice)."""
    if library is None or library is get_library():
        matcher = _matcher(id(get_library()))
    else:
        matcher = PhraseMatcher(alias_entries(library))
    return matcher.find(folded, toks)


def ordered_slugs(matches: list[Match]) -> list[str]:
    seen: list[str] = []
    for match in matches:
        if match.key not in seen:
            seen.append(match.key)
    return seen
