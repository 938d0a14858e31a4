"""Text normalisation, and body parts compared by area and side in any supported language.

Areas and sides come from the one fact reader (`fitcoach.facts.reader`), so deduplication and the
constraints the engine derives from memory always agree on what "the same area" is.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from fitcoach.facts.model import Side
from fitcoach.facts.reader import read_area, read_side

_NON_WORD = re.compile(r"[\W_]+")


def normalize_text(text: str) -> str:
    """Casefold, fold accents, collapse punctuation and whitespace: "Épaule  droite!" -> "epaule droite"."""
    decomposed = unicodedata.normalize("NFKD", text)
    folded = "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()
    return _NON_WORD.sub(" ", folded).strip()


@dataclass(frozen=True)
class BodyPart:
    """A canonical body area (a `BodyArea` value, or the normalised text when unknown) and side."""

    area: str
    side: Side | None = None
    known: bool = True

    def same_area(self, other: BodyPart) -> bool:
        """Same area, and sides compatible: an unsided mention covers either side."""
        if self.area != other.area:
            return False
        return self.side is None or other.side is None or self.side == other.side


def canonical_body_part(text: str, *, side: Side | None = None) -> BodyPart:
    """Map a body-part phrase in any supported language to its area; an explicit `side` wins."""
    normalized = normalize_text(text)
    area = read_area(_NON_WORD.sub(" ", text.casefold()).strip())
    resolved = side or read_side(text)
    if area is None:
        return BodyPart(area=normalized, side=resolved, known=False)
    return BodyPart(area=area.value, side=resolved)
