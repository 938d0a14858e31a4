"""Trips and dated events: how long the user is away ("for two weeks", "pendant 10 jours", "на две
недели", "por duas semanas", "兩週") and the English "back" that is a return, not a body part
("back Sunday night", "I'm back on Monday")."""

from __future__ import annotations

import re

from fitcoach.agent.offline.understanding.entities import clause_of, pattern_numbers
from fitcoach.languages.grammar import alternation, fragments, word_set
from fitcoach.languages.lexicon import Lexicon, Match

MAX_AWAY_DAYS = 62
"""A stay longer than about two months is no trip to plan around week by week."""

_UNTIL_THEN = re.compile(alternation("delay_before") + r"\s*$")
"""Words before a count that make it a delay ("in two weeks", "dans 10 jours", "через две недели",
"daqui a duas semanas"), not the length of the stay."""

_LATER = re.compile(r"^\s*" + alternation("delay_after"))
"""Words after the count that make it a delay ("two weeks later", "兩週後")."""


_WEEKDAY_PAIR = re.compile("(?:" + alternation("weekday_prefixes") + r"|[\uff08(\u3001\uff0c,])\s*$")
"""Before a Chinese "六日" that names Saturday and Sunday ("週末（六日）", "週六日"), not six days."""


def away_days_of(folded: str, lexicons: list[Lexicon]) -> int | None:
    """The length of a stay in days: the longest count of weeks or days that is not a delay."""
    found: list[int] = []
    for kind, factor in (("weeks_back", 7), ("days_per_week", 1)):
        for value, position, _ in pattern_numbers(folded, lexicons, kind):
            tail = re.match(r"\S*(?:\s+\S+)?", folded[position:])
            after = folded[position + (tail.end() if tail else 0) :]
            if _UNTIL_THEN.search(folded[:position]) or _LATER.match(after):
                continue
            weekend = any(folded.startswith(pair, position) for pair in fragments("weekend_days"))
            if weekend and _WEEKDAY_PAIR.search(folded[:position]):
                continue
            days = int(value) * factor
            if 1 <= days <= MAX_AWAY_DAYS:
                found.append(days)
    return max(found) if found else None


_RETURN_BEFORE = re.compile(alternation("return_before") + r"\s*$")
_TO_THE_DAY = re.compile(r"\s*(?:" + alternation("return_to_day") + r"\s+)*")
"""What may sit between "back" and the day it dates: "back Sunday", "back home on Sunday"."""


def returning_back(folded: str, matches: list[Match]) -> list[Match]:
    """The matches without an English "back" area that means coming back: "back Sunday night",
    "I'm back on Monday", "flying back Friday". A "back" in a clause with a pain, soreness or
    fatigue word ("hurt my back Sunday") stays a body part."""
    days = [m.start for m in matches if m.category in ("weekday", "relative")]
    reports = [m.start for m in matches if m.category == "condition"]
    kept: list[Match] = []
    for match in matches:
        said_back = folded[match.start : match.end] in word_set("back_word")
        if match.category == "area" and match.key == "back" and said_back:
            clause = clause_of(folded, match.start)
            dated = any(d > match.end and _TO_THE_DAY.fullmatch(folded[match.end : d]) for d in days)
            said = dated or _RETURN_BEFORE.search(folded[: match.start])
            if said and not any(clause_of(folded, r) == clause for r in reports):
                continue
        kept.append(match)
    return kept
