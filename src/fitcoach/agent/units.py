"""The user's weight unit, learned from their own words (R: users write in kg or lb).

Provider-agnostic on purpose: the unit comes from the message text through the offline coach's load
patterns and unit words in every supported language ("22 кг", "50 lbs", "10 livres", "20 quilos",
"22公斤", "50磅"), never from the model's reply, so it is learned the same way whichever brain answers.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from fitcoach.agent.offline.understanding.entities import pattern_numbers, unit_key
from fitcoach.agent.offline.understanding.lexicon import SUPPORTED_LANGUAGES, Lexicon, load_lexicon
from fitcoach.agent.offline.understanding.normalize import fold

Unit = Literal["kg", "lb"]


@cache
def _lexicons() -> list[Lexicon]:
    return [load_lexicon(lang) for lang in SUPPORTED_LANGUAGES]


def stated_unit(message: str) -> Unit | None:
    """The one unit the message states weights in ("dumbbells up to 22 kg" → kg), or None when it
    states none, or both ("22 kg / 50 lb"): a mixed message is no evidence of either."""
    lexicons = _lexicons()
    found = {unit_key(unit, lexicons) for _, _, unit in pattern_numbers(fold(message), lexicons, "load")}
    only = found.pop() if len(found) == 1 else None
    return only
