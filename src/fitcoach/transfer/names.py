"""Exercise names from other apps to library slugs: exact on folded names first (every language's
names and aliases, the apps' own names, and 'Name (Gear)' read as 'Gear Name'), then fuzzy with
rapidfuzz. A match below `MIN_CONFIDENCE` is never taken: it is listed for the user to map or skip."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from rapidfuzz import fuzz, process

from fitcoach.languages.text import fold, tokens
from fitcoach.library import ExerciseLibrary

MIN_CONFIDENCE = 0.88
"""token_sort_ratio/100 at which a name is taken without asking. Below it, true matches ('Cable Lat
Pulldown') and wrong ones ('Incline Bench Press (Barbell)' to the dumbbell press, 0.83) overlap."""
SUGGESTIONS = 3
_GEAR_SUFFIX = re.compile(r"^(?P<name>.+?)\s*\((?P<gear>[^()]+)\)\s*$")


@dataclass(frozen=True)
class NameMatch:
    name: str
    slug: str | None
    confidence: float
    suggestions: tuple[str, ...] = ()


def key(name: str) -> str:
    """Folded words in order: case, accents, punctuation and spacing do not count."""
    return " ".join(tokens(fold(name)))


def compact(folded_key: str) -> str:
    """'pull up', 'pull-up' and 'pullup' are one name."""
    return folded_key.replace(" ", "")


def variants(name: str) -> list[str]:
    """The name's keys: as written, and 'Bench Press (Dumbbell)' also as 'dumbbell bench press'."""
    found = [key(name)]
    suffix = _GEAR_SUFFIX.match(name.strip())
    if suffix:
        found.append(key(f"{suffix['gear']} {suffix['name']}"))
    return [k for k in found if k]


@lru_cache(maxsize=1)
def app_names() -> dict[str, list[str]]:
    raw = resources.files("fitcoach.transfer").joinpath("data/app_names.json").read_text("utf-8")
    return {slug: names for slug, names in json.loads(raw).items() if not slug.startswith("_")}


class NameMatcher:
    """Built once per library; `match` is cached per name (an export repeats each name thousands of times)."""

    def __init__(self, library: ExerciseLibrary) -> None:
        self._library = library
        self._exact: dict[str, str] = {}
        self._compact: dict[str, str] = {}
        for entry in library:
            names = [entry.name, entry.slug.replace("-", " ")]
            names += [alias for aliases in entry.names.values() for alias in aliases]
            names += app_names().get(entry.slug, [])
            for alias in names:
                for variant in variants(alias):
                    self._exact.setdefault(variant, entry.slug)
                    self._compact.setdefault(compact(variant), entry.slug)
        self._choices = list(self._exact)
        self._cache: dict[str, NameMatch] = {}

    def match(self, name: str) -> NameMatch:
        cached = self._cache.get(name)
        if cached is None:
            cached = self._cache[name] = self._match(name)
        return cached

    def _match(self, name: str) -> NameMatch:
        keys = variants(name)
        for candidate in keys:
            if compact(candidate) in self._compact:
                return NameMatch(name, self._compact[compact(candidate)], 1.0)
        scored: dict[str, float] = {}
        for candidate in keys:
            for choice, score, _ in process.extract(
                candidate, self._choices, scorer=fuzz.token_sort_ratio, limit=10
            ):
                slug = self._exact[choice]
                scored[slug] = max(scored.get(slug, 0.0), score / 100)
        ranked = sorted(scored.items(), key=lambda item: (-item[1], item[0]))
        if not ranked:
            return NameMatch(name, None, 0.0)
        best_slug, best = ranked[0]
        suggestions = tuple(slug for slug, _ in ranked[:SUGGESTIONS])
        if best >= MIN_CONFIDENCE:
            return NameMatch(name, best_slug, round(best, 3), suggestions)
        return NameMatch(name, None, round(best, 3), suggestions)

    def slug(self, name: str) -> str | None:
        """A library slug written as is (our own export), or None."""
        return name if name in self._library else None
