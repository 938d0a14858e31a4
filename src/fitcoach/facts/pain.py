"""Whether a text reports pain, in any supported language (issue 18: pain during a return ramp).

The words are data (`facts.json` tables `pain` and `no_pain`); "no pain" / "sans douleur" / "不痛"
are consumed first, so a note that denies pain does not read as one."""

from __future__ import annotations

from fitcoach.facts.words import find
from fitcoach.languages.text import fold


def reports_pain(text: str | None) -> bool:
    """True when `text` says something hurt; False for no text or a denial of pain."""
    if not text:
        return False
    folded = fold(text)
    for hit in find(folded, "no_pain"):
        folded = folded[: hit.start] + " " * (hit.end - hit.start) + folded[hit.end :]
    return bool(find(folded, "pain"))
