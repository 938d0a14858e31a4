"""Text normalisation, and body parts compared by area and side in any supported language.

Areas come from the engine's body-part lexicon, so deduplication and the constraints the engine
derives from memory always agree on what "the same area" is; sides are memory's own small table.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Literal, cast

from fitcoach.engine.bodyparts import parse_area

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
    """A canonical body area (an engine `BodyArea` value, or the normalised text when unknown) and side."""

    area: str
    side: Side | None = None
    known: bool = True

    def same_area(self, other: BodyPart) -> bool:
        """Same area, and sides compatible: an unsided mention covers either side."""
        if self.area != other.area:
            return False
        return self.side is None or other.side is None or self.side == other.side


@lru_cache(maxsize=1)
def _side_patterns() -> list[tuple[re.Pattern[str], Side]]:
    raw = json.loads(resources.files("fitcoach.memory").joinpath("data/body_sides.json").read_text("utf-8"))
    patterns: list[tuple[re.Pattern[str], Side]] = []
    for side, words in raw["sides"].items():
        for word in words:
            text = normalize_text(word)
            # CJK has no word boundaries; elsewhere a word start, so stems cover inflections.
            body = re.escape(text) if _is_cjk(text) else r"(?<!\w)" + re.escape(text)
            patterns.append((re.compile(body), cast(Side, side)))
    return patterns


def _side_in(normalized: str) -> Side | None:
    for pattern, side in _side_patterns():
        if pattern.search(normalized):
            return side
    return None


def canonical_body_part(text: str, *, side: Side | None = None) -> BodyPart:
    """Map a body-part phrase in any supported language to its area; an explicit `side` wins."""
    normalized = normalize_text(text)
    # The engine's lexicon keeps accents, so give it the text with only punctuation collapsed.
    area = parse_area(_NON_WORD.sub(" ", text.casefold()).strip())
    resolved = side or _side_in(normalized)
    if area is None:
        return BodyPart(area=normalized, side=resolved, known=False)
    return BodyPart(area=area.value, side=resolved)
