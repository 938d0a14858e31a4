"""Loading the packaged library (and admin-imported entries) into an immutable lookup."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib import resources

from pydantic import TypeAdapter

from fitcoach.library.models import Exercise, IndexGroup

_ENTRIES = TypeAdapter(list[Exercise])

INDEX_GROUP_HEADINGS: dict[IndexGroup, str] = {
    IndexGroup.CHEST: "CHEST - Horizontal Push",
    IndexGroup.BACK: "BACK - Horizontal & Vertical Pull",
    IndexGroup.SHOULDERS: "SHOULDERS - Overhead Push & Isolation",
    IndexGroup.LEGS_QUAD: "LEGS - Quad Dominant / Squat",
    IndexGroup.LEGS_POSTERIOR: "LEGS - Posterior Chain / Hinge",
    IndexGroup.ARMS: "ARMS - Biceps & Triceps",
    IndexGroup.CORE: "CORE & MOBILITY",
}


class ExerciseLibrary:
    """An immutable, ordered set of exercises keyed by slug."""

    def __init__(self, entries: Iterable[Exercise]) -> None:
        self._by_slug: dict[str, Exercise] = {}
        for entry in entries:
            if entry.slug in self._by_slug:
                raise ValueError(f"duplicate slug {entry.slug!r}")
            self._by_slug[entry.slug] = entry

    def __contains__(self, slug: object) -> bool:
        return slug in self._by_slug

    def __iter__(self) -> Iterator[Exercise]:
        return iter(self._by_slug.values())

    def __len__(self) -> int:
        return len(self._by_slug)

    def get(self, slug: str) -> Exercise | None:
        return self._by_slug.get(slug)

    def require(self, slug: str) -> Exercise:
        entry = self._by_slug.get(slug)
        if entry is None:
            raise KeyError(slug)
        return entry

    @property
    def slugs(self) -> list[str]:
        return list(self._by_slug)

    def with_entries(self, extra: Iterable[Exercise]) -> ExerciseLibrary:
        """A new library with admin-imported entries added (slugs must be new)."""
        return ExerciseLibrary([*self._by_slug.values(), *extra])

    def compact_index(self) -> str:
        """The source's compact index (slug | name | gear | type), grouped as in the seeds."""
        lines: list[str] = []
        for group, heading in INDEX_GROUP_HEADINGS.items():
            members = [e for e in self if e.group == group]
            if not members:
                continue
            lines.append(f"- [{heading}]:")
            lines.extend(
                f"  • `{e.slug}` | {e.name} | Gear: {e.gear_text} | {e.type.capitalize()}" for e in members
            )
        return "\n".join(lines)


def parse_entries(raw: bytes | str) -> list[Exercise]:
    """Validate a JSON list of library entries; raises pydantic.ValidationError on any bad entry."""
    return _ENTRIES.validate_python(json.loads(raw))


@lru_cache(maxsize=1)
def builtin_library() -> ExerciseLibrary:
    raw = resources.files("fitcoach.library").joinpath("data/exercises.json").read_bytes()
    return ExerciseLibrary(parse_entries(raw))


def get_library() -> ExerciseLibrary:
    """The packaged library. Storage-aware code adds imported entries with `with_entries`."""
    return builtin_library()
