"""Text normalisation and the multilingual body-part canonicaliser that deduplication compares by."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Literal

Side = Literal["left", "right", "both"]

_NON_WORD = re.compile(r"[\W_]+")


def normalize_text(text: str) -> str:
    """Casefold, fold accents, collapse punctuation and whitespace: "Épaule  droite!" -> "epaule droite"."""
    decomposed = unicodedata.normalize("NFKD", text)
    folded = "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()
    return _NON_WORD.sub(" ", folded).strip()


def _is_cjk(text: str) -> bool:
    return any("\u2e80" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" for char in text)


@dataclass(frozen=True)
class BodyPart:
    """A canonical body area ("shoulder", "lower_back", or the normalised text when unknown) and side."""

    area: str
    side: Side | None = None
    known: bool = True

    def same_area(self, other: BodyPart) -> bool:
        """Same area, and sides compatible: an unsided mention covers either side."""
        if self.area != other.area:
            return False
        return self.side is None or other.side is None or self.side == other.side


@dataclass(frozen=True)
class _Alias:
    canonical: str
    pattern: re.Pattern[str]
    length: int


def _compile(alias: str, canonical: str) -> _Alias:
    text = normalize_text(alias)
    # CJK has no word boundaries; elsewhere an alias is a word start, so stems cover inflections.
    body = re.escape(text) if _is_cjk(text) else r"(?<!\w)" + re.escape(text)
    return _Alias(canonical=canonical, pattern=re.compile(body), length=len(text))


@lru_cache(maxsize=1)
def _vocabulary() -> tuple[list[_Alias], list[_Alias]]:
    raw = json.loads(resources.files("fitcoach.memory").joinpath("data/body_parts.json").read_text("utf-8"))
    areas = [_compile(alias, area) for area, aliases in raw["areas"].items() for alias in aliases]
    sides = [_compile(alias, side) for side, aliases in raw["sides"].items() for alias in aliases]
    # Longest first, so "lower back" beats "back" and "бицепс бедра" beats "бицепс".
    areas.sort(key=lambda alias: -alias.length)
    sides.sort(key=lambda alias: -alias.length)
    return areas, sides


def _first_match(aliases: list[_Alias], text: str) -> str | None:
    for alias in aliases:
        if alias.pattern.search(text):
            return alias.canonical
    return None


def canonical_body_part(text: str, *, side: Side | None = None) -> BodyPart:
    """Map a body-part phrase in any supported language to its area; an explicit `side` wins."""
    normalized = normalize_text(text)
    areas, sides = _vocabulary()
    area = _first_match(areas, normalized)
    found_side = side or _first_match(sides, normalized)
    resolved_side: Side | None = found_side if found_side in ("left", "right", "both") else None  # type: ignore[assignment]
    if area is None:
        return BodyPart(area=normalized, side=resolved_side, known=False)
    return BodyPart(area=area, side=resolved_side)
