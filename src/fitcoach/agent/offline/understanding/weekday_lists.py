"""Weekday abbreviations that are ordinary words elsewhere ("sun", pt "ter"): a day only in a list."""

from __future__ import annotations

import re
from dataclasses import replace

from fitcoach.languages.grammar import alternation
from fitcoach.languages.lexicon import Match

_LIST_GAP = re.compile(r"\s*(?:[,;/&+\u3001\uff0c]\s*)?(?:" + alternation("range_list_joins") + r"\s+)?\s*")
"""What may sit between two weekdays of one list or range: a comma or slash, then "and"/"et"/"e"/
"и"/"或"... ("Tue, Thu and Sun", "ter e qui", "Sat/Sun", "Thu to Sun")."""


def _adjacent(folded: str, left: Match, right: Match) -> bool:
    gap = folded[left.end : right.start]
    return left.end <= right.start and _LIST_GAP.fullmatch(gap) is not None


def read_listed_weekdays(folded: str, matches: list[Match]) -> list[Match]:
    """A listed abbreviation becomes a weekday when it stands in a list beside a weekday (or beside
    another listed abbreviation that does); alone ("the sun is out", "vou ter tempo") it is dropped."""
    days = [m for m in matches if m.category == "weekday"]
    pending = [m for m in matches if m.category == "listed_weekday"]
    changed = True
    while changed:
        changed = False
        for cand in list(pending):
            if any(_adjacent(folded, d, cand) or _adjacent(folded, cand, d) for d in days):
                days.append(replace(cand, category="weekday"))
                pending.remove(cand)
                changed = True
    promoted = {(m.start, m.end, m.key) for m in days}
    return [
        replace(m, category="weekday") if m.category == "listed_weekday" else m
        for m in matches
        if m.category != "listed_weekday" or (m.start, m.end, m.key) in promoted
    ]
