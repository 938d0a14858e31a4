"""A time limit on some days ("Wed–Fri I only have 30 minutes", "de quarta a sexta só tenho 30
minutos", "這週三到週五每天只有30分鐘"): the "only" belongs to the minutes, not to the days, so the
named days are the ones to shorten, not a new choice of training days ("I can only train Wed-Fri")."""

from __future__ import annotations

from fitcoach.agent.offline.understanding.entities import clause_of, pattern_numbers
from fitcoach.languages.lexicon import Lexicon, Match

ONLY_REACH = 16
"""Characters between "only" and the minutes it limits ("only have 30", "n'ai que 30", "只有30")."""

AFTER_REACH = 14
"""Characters between the minutes and a trailing "only" ("30 minutes only", "30 min seulement")."""


def minutes_only(folded: str, matches: list[Match], lexicons: list[Lexicon]) -> bool:
    """Whether an "only" word limits a number of minutes in its clause."""
    onlys = [m for m in matches if m.category == "cue" and m.key == "only"]
    durations = [p for _, p, _ in pattern_numbers(folded, lexicons, "minutes")]
    durations += [p for _, p, _ in pattern_numbers(folded, lexicons, "hours")]
    for only in onlys:
        for position in durations:
            if clause_of(folded, only.start) != clause_of(folded, position):
                continue
            if 0 <= position - only.end <= ONLY_REACH or 0 <= only.start - position <= AFTER_REACH:
                return True
    return False
