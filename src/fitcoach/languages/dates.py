"""Days named in words, in any understood language: a weekday ("Friday", "vendredi", "пятница",
"週五") or a relative day ("tomorrow", "demain", "завтра", "明天", "the weekend") turned into dates
against a given today. The words are the lexicons' `weekdays` and `relative_days` tables."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from fitcoach.languages.lexicon import SUPPORTED_LANGUAGES, Match, matcher_for
from fitcoach.languages.text import fold, tokenize

WEEKDAY_KEYS: tuple[str, ...] = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
"""The lexicons' weekday keys, Monday first (the position is `date.weekday()`)."""

NEXT_REACH = 2
"""Characters between "next" and its weekday ("next Monday", "lundi prochain", "下週一")."""


def _weekend(today: dt.date) -> list[int]:
    return [(5 - today.weekday()) % 7, (6 - today.weekday()) % 7]


RELATIVE_OFFSETS: dict[str, Callable[[dt.date], list[int]]] = {
    "today": lambda today: [0],
    "now": lambda today: [0],  # "right now", "maintenant": today, unless the route names the day in question
    "tomorrow": lambda today: [1],
    "day_after_tomorrow": lambda today: [2],
    "weekend": _weekend,
}
"""Days from today each relative-day key names (the weekend is the coming Saturday and Sunday)."""


def day_matches(folded: str) -> list[Match]:
    """Weekday and relative-day phrases in folded text, in every understood language."""
    found = matcher_for(SUPPORTED_LANGUAGES).find(folded, tokenize(folded))
    return [m for m in found if m.category in ("weekday", "listed_weekday", "relative")]


def weekday_date(key: str, today: dt.date, *, next_week: bool = False) -> dt.date:
    """The next `key` day from today (today included), or the one in next week."""
    position = WEEKDAY_KEYS.index(key)
    if next_week:
        return today - dt.timedelta(days=today.weekday()) + dt.timedelta(days=7 + position)
    return today + dt.timedelta(days=(position - today.weekday()) % 7)


def parse_days(span: str, today: dt.date) -> list[dt.date]:
    """The dates a span names, in order: "tomorrow" → [today + 1], "next Monday" → Monday of next
    week, "lundi et mercredi" → the coming Monday and Wednesday, "the weekend" → Saturday and Sunday."""
    folded = fold(span)
    matches = day_matches(folded)
    markers = [m for m in matches if m.category == "relative" and m.key == "next"]
    dates: list[dt.date] = []
    for match in matches:
        if match.category in ("weekday", "listed_weekday") and match.key in WEEKDAY_KEYS:
            following = any(
                (m.start < match.start and match.start - m.end <= NEXT_REACH)
                or 0 <= m.start - match.end <= NEXT_REACH
                for m in markers
            )
            dates.append(weekday_date(match.key, today, next_week=following))
        elif match.category == "relative" and match.key in RELATIVE_OFFSETS:
            dates.extend(today + dt.timedelta(days=offset) for offset in RELATIVE_OFFSETS[match.key](today))
    return dates


def parse_day(span: str, today: dt.date) -> dt.date | None:
    """The first date a span names ("demain" → tomorrow), or None."""
    found = parse_days(span, today)
    return found[0] if found else None
