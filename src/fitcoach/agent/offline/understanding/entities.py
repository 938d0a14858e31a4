"""Entity extraction over lexicon matches and number patterns: days, counts, durations, loads, gear."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from itertools import pairwise

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from fitcoach.agent.offline.understanding.model import DayMention, EventMention, Load
from fitcoach.contract.models import WEEKDAYS, Weekday
from fitcoach.languages import numbers
from fitcoach.languages.dates import RELATIVE_OFFSETS
from fitcoach.languages.grammar import alternation, fragments
from fitcoach.languages.lexicon import Lexicon, Match
from fitcoach.languages.numbers import pattern_numbers as pattern_numbers
from fitcoach.languages.text import Token, is_han
from fitcoach.languages.text import tokenize as text_tokenize

_SENTENCE_END = re.compile(r"[.!?;。！？；\n]")


def tokenize(folded: str) -> list[Token]:
    """`fitcoach.languages.text.tokenize`: a Han run and a Latin or Cyrillic word are separate tokens."""
    return text_tokenize(folded)


def correct_typos(toks: list[Token], vocabulary: frozenset[str], choices: list[str]) -> list[Token]:
    """Replace unknown words by the nearest known lexicon word: one edit for six letters or more,
    two for seven or more when the first two letters agree ("sholder", "wensday", "dumbell")."""
    fixed: list[Token] = []
    for token in toks:
        text = token.text
        # Han runs are matched by substring, never corrected; digits are numbers, not typos
        if len(text) >= 6 and text not in vocabulary and not text.isdigit() and not is_han(text):
            limit = 2 if len(text) >= 7 else 1
            best = process.extractOne(text, choices, scorer=Levenshtein.distance, score_cutoff=limit)
            # two edits only to a word at least as long: typing drops letters ("wensday"), while a
            # longer real word two edits from a shorter known one is another word ("camping"/"caving")
            if best is not None and (best[1] <= 1 or (best[0][:2] == text[:2] and len(best[0]) >= len(text))):
                text = best[0]
        fixed.append(Token(text, token.start, token.end))
    return fixed


_CLAUSE_END = re.compile(
    r"[.!?;\u3002\uff01\uff1f\uff1b\n,\uff0c\u3001:]|\b"
    + alternation("clause_breaks")
    + r"\b|"
    + alternation("clause_break_chars")
)


def clause_of(folded: str, position: int) -> int:
    """Index of the clause holding `position`: "I want chest, but my back hurts" has two."""
    return len(_CLAUSE_END.findall(folded[:position]))


def sentence_of(folded: str, position: int) -> int:
    """Index of the sentence holding `position`, to relate gear to "taken" or a load to dumbbells."""
    return len(_SENTENCE_END.findall(folded[:position]))


def minutes_of(folded: str, lexicons: list[Lexicon], matches: list[Match]) -> int | None:
    """The session length the user gives: the last duration mentioned ("30 min instead of 45" → 30
    is first, so the first one wins when a cue says "instead"; callers keep it simple: first)."""
    found = [(int(v), p) for v, p, _ in pattern_numbers(folded, lexicons, "minutes")]
    # "slept like 3 hrs", "plantão de 24h", "спал 4 часа": hours of sleep or work are no session
    awake = {clause_of(folded, m.start) for m in matches if m.category == "cue" and m.key == "sleep_shift"}
    found += [
        (int(v * 60), p)
        for v, p, _ in pattern_numbers(folded, lexicons, "hours")
        if clause_of(folded, p) not in awake
    ]
    found += [
        (int(m.key), m.start)
        for m in matches
        if m.category == "fixed_minutes" and clause_of(folded, m.start) not in awake
    ]
    found = [(v, p) for v, p in found if 5 <= v <= 240]
    return min(found, key=lambda item: item[1])[0] if found else None


def days_per_week_of(
    folded: str,
    lexicons: list[Lexicon],
    conditions: Sequence[int] = (),
    asks: Sequence[int] = (),
    spans: Sequence[int] = (),
) -> int | None:
    """A schedule ("4 days a week"). A bare day count after a pain, soreness or fatigue report in the
    same sentence ("bloqué le dos, mieux d'ici 3-4 jours") is how long it lasts, not a schedule;
    `conditions` are the positions of those reports. A count in the clause of an advice question
    ("is it better to train chest once or twice?", "分兩次還是一次？") is asked about, not chosen;
    `asks` are the positions of those question words. A count in the sentence of an event or a
    weekend (`spans`), with no "a week", is how long that lasts ("surfing two days this weekend")."""
    counts = [
        int(value)
        for value, position, _ in pattern_numbers(folded, lexicons, "days_per_week")
        # "one day" is a day, not a schedule: a training week has two to seven days
        if 2 <= value <= 7
        and not _expiry(folded, position, conditions)
        and not _within_event(folded, position, spans)
        and not any(clause_of(folded, a) == clause_of(folded, position) for a in asks)
    ]
    return counts[0] if counts else None


def _within_event(folded: str, position: int, spans: Sequence[int]) -> bool:
    sentence = sentence_of(folded, position)
    named = any(sentence_of(folded, s) == sentence for s in spans)
    return named and not _PER_WEEK.search(folded[position : position + 40])


def _expiry(folded: str, position: int, conditions: Sequence[int]) -> bool:
    sentence = sentence_of(folded, position)
    reported = any(c < position and sentence_of(folded, c) == sentence for c in conditions)
    return reported and not _PER_WEEK.search(folded[position : position + 40])


MAX_SPAN_DAYS = 28
"""A stated recovery time beyond four weeks is no acute state (R24): the default TTL applies."""


def span_days_of(folded: str, lexicons: list[Lexicon]) -> int | None:
    """A time frame in weeks ("2 semanas", "на 2 недели", "兩週") or days ("3-4 jours", "兩三天"):
    the longest one named, in days. Counts "a week" ("4 days a week") are schedules, not spans."""
    if pattern_numbers(folded, lexicons, "days_per_week") and _PER_WEEK.search(folded):
        return None
    spans = [int(v) * 7 for v, p, _ in pattern_numbers(folded, lexicons, "weeks_back") if not _ago(folded, p)]
    spans += [int(v) for v, p, _ in pattern_numbers(folded, lexicons, "days_per_week") if not _ago(folded, p)]
    spans = [s for s in spans if 1 <= s <= MAX_SPAN_DAYS]
    return max(spans) if spans else None


_AGO_BEFORE = re.compile(alternation("ago_before") + r"\s*" + alternation("ago_article") + "?$")
_AGO_AFTER = re.compile(r"^\s*\S+\s*(?:\S+\s*)?" + alternation("ago_after"))


def _ago(folded: str, position: int) -> bool:
    """A count that dates something in the past ("two weeks ago", "il y a deux semaines",
    "две недели назад", "há duas semanas", "兩週前") is no duration."""
    before = folded[max(0, position - 14) : position]
    after = folded[position : position + 24]
    return bool(_AGO_BEFORE.search(before) or _AGO_AFTER.search(after))


_PER_WEEK = re.compile(
    alternation("per_week_before")
    + r"\s*"
    + alternation("week_words")
    + "|"
    + alternation("per_week_phrases")
)

_SETS_BY_REPS = re.compile(
    r"(?<!\d)(\d{1,2})\s*(?:\u00d7|" + alternation("times_signs") + r")\s*(\d{1,2})(?![\d.,])"
)
""" "3x8", "4 x 10", "3х10" (Cyrillic х): sets by reps, the same in every language."""


def set_log_of(folded: str, lexicons: list[Lexicon]) -> bool:
    """Whether the message reports sets done ("done 3x8 @ 60kg"), which is no equipment or schedule."""
    return bool(_SETS_BY_REPS.search(folded) or pattern_numbers(folded, lexicons, "set_log"))


def weeks_back_of(folded: str, lexicons: list[Lexicon]) -> int | None:
    """ "the last 3 weeks", "trois dernières semaines", "за последние три недели", "過去 3 週"."""
    counts = [int(v) for v, _, _ in pattern_numbers(folded, lexicons, "weeks_back") if 1 <= v <= 12]
    return counts[0] if counts else None


def loads_of(folded: str, lexicons: list[Lexicon]) -> list[Load]:
    return numbers.loads_of(folded, lexicons)


def resolve_days(folded: str, matches: list[Match], now: dt.datetime) -> list[DayMention]:
    """Weekdays and relative days as dates: a bare weekday is its next occurrence (today included),
    "next <weekday>" the one in next week, "weekend" Saturday and Sunday."""
    today = now.date()
    week_start = today - dt.timedelta(days=today.weekday())
    next_markers = [m for m in matches if m.category == "relative" and m.key == "next"]
    mentions: list[DayMention] = []
    for match in matches:
        if match.category == "weekday":
            weekday = Weekday(match.key)
            date = today + dt.timedelta(days=(weekday.position - today.weekday()) % 7)
            # "next Monday", "lundi prochain", "下週一" (where the marker and the day share a character)
            if any(
                (m.start < match.start and match.start - m.end <= 2) or 0 <= m.start - match.end <= 2
                for m in next_markers
            ):
                date = week_start + dt.timedelta(days=7 + weekday.position)
            mentions.append(DayMention(weekday, date, match.start))
        elif match.category == "relative" and match.key in RELATIVE_OFFSETS:
            for offset in RELATIVE_OFFSETS[match.key](today):
                date = today + dt.timedelta(days=offset)
                mentions.append(DayMention(Weekday.of(date), date, match.start, match.key))
    return mentions + _day_ranges(folded, matches, mentions)


_ZH_DAY_DIGITS = {char: index for index, chars in enumerate(fragments("weekday_numerals")) for char in chars}
_ZH_DAY_RUN = re.compile(
    alternation("weekday_prefixes")
    + "["
    + "".join(_ZH_DAY_DIGITS)
    + r"]((?:(?:[\u3001\uff0c,/]|"
    + alternation("weekday_run_joins")
    + ")?["
    + "".join(c for c in _ZH_DAY_DIGITS if _ZH_DAY_DIGITS[c] < 6 or c == fragments("weekday_numerals")[6][0])
    + "])+)(?!"
    + alternation("after_weekday_run")
    + ")"
)
"""Chinese weekday shorthand: "每週一三五" is Monday, Wednesday and Friday, "週二、四" Tuesday and
Thursday. The lexicon finds the first day ("週一"); the digits after it are the others. A count
("一週三次") or a length ("週三天") after the run is not a list of days."""


def zh_weekday_runs(folded: str, now: dt.datetime) -> list[DayMention]:
    today = now.date()
    mentions: list[DayMention] = []
    for run in _ZH_DAY_RUN.finditer(folded):
        for offset, char in enumerate(run.group(1), start=run.start(1)):
            position = _ZH_DAY_DIGITS.get(char)
            if position is None:
                continue
            date = today + dt.timedelta(days=(position - today.weekday()) % 7)
            mentions.append(DayMention(Weekday.of(date), date, offset))
    return mentions


def zh_bare_weekdays(text: str, start: int, now: dt.datetime) -> list[DayMention]:
    """A run of weekday numerals with no "週" before it ("一三五練", "一二四五"), read as days only
    where the tagger marked the run as days (the caller): alone, "一" or "五" are just numbers. Each
    day is its next occurrence from today; `start` is the run's position in the folded text."""
    if len(text) < 2 or any(char not in _ZH_DAY_DIGITS for char in text):
        return []
    today = now.date()
    mentions: list[DayMention] = []
    for offset, char in enumerate(text, start=start):
        date = today + dt.timedelta(days=(_ZH_DAY_DIGITS[char] - today.weekday()) % 7)
        mentions.append(DayMention(Weekday.of(date), date, offset))
    return mentions


PAST_REACH = 2
"""Characters between "since"/"after" and the weekday it dates ("depuis mardi", "после понедельника")."""


def past_references(matches: list[Match], days: list[DayMention]) -> list[DayMention]:
    """Weekdays right after a past marker say when something started ("sore since Tuesday"), not
    which day to change: they are left out of the days the turn acts on."""
    past = [m for m in matches if m.category == "cue" and m.key == "past"]
    return [d for d in days if d.relative is None and any(0 <= d.start - m.end <= PAST_REACH for m in past)]


RANGE_GAP = 2
"""Characters allowed between a weekday, the range word and the next weekday (spaces, "du"/"с" are
their own tokens before the first day, so only the joining word sits in between)."""


_DASH_RANGE = re.compile(r"\s*[-–—~]\s*")
""""Wed-Fri", "lun–ven", "пн-пт": a dash between two weekdays is a range too."""


def _day_ranges(folded: str, matches: list[Match], mentions: list[DayMention]) -> list[DayMention]:
    """The days inside "Monday through Friday", "du lundi au vendredi", "с понедельника по пятницу",
    "週一到週五", "Wed-Fri". A "move" request keeps its two ends ("move Monday to Wednesday" is one shift),
    unless an event names the days away ("séminaire de mercredi à vendredi, réorganise ma semaine")."""
    moving = any(m.category == "cue" and m.key == "move" for m in matches)
    if moving and not any(m.category == "event" for m in matches):
        return []
    weekdays = [m for m in matches if m.category == "weekday"]
    joins = [m for m in matches if m.category == "cue" and m.key == "range"]
    by_start = {d.start: d for d in mentions if d.relative is None}
    inside: list[DayMention] = []
    for first, last in pairwise(weekdays):
        joined = any(
            0 <= j.start - first.end <= RANGE_GAP and 0 <= last.start - j.end <= RANGE_GAP for j in joins
        ) or bool(_DASH_RANGE.fullmatch(folded[first.end : last.start]))
        start = by_start.get(first.start)
        if not joined or start is None:
            continue
        span = (Weekday(last.key).position - Weekday(first.key).position) % 7
        for offset in range(1, span):
            date = start.date + dt.timedelta(days=offset)
            inside.append(DayMention(Weekday.of(date), date, first.end))
    return inside


def day_of_month(folded: str, lexicons: list[Lexicon], now: dt.datetime) -> list[DayMention]:
    """ "on the 20th", "le 20", "20-го", "20號", "9/17": the next such date from today (one mention
    per date: "au 30 septembre" is found by two patterns)."""
    mentions: list[DayMention] = []
    today = now.date()
    for value, position, _ in pattern_numbers(folded, lexicons, "day_of_month"):
        day = int(value)
        if not 1 <= day <= 31:
            continue
        year, month = today.year, today.month
        if day < today.day:
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        try:
            date = dt.date(year, month, day)
        except ValueError:
            continue
        if all(m.date != date for m in mentions):
            mentions.append(DayMention(Weekday.of(date), date, position, "day_of_month"))
    return mentions


def event_of(matches: list[Match], days: list[DayMention], now: dt.datetime) -> EventMention | None:
    """The first named event with its date: the day mentioned nearest to it, or next week's Monday
    for a bare "trip next week"."""
    events = [m for m in matches if m.category == "event"]
    if not events:
        return None
    event = events[0]
    date = None
    # "this weekend I'm at the dacha ... go easy on Friday": a weekend is as named as a weekday
    named = [d for d in days if d.relative in (None, "day_of_month", "weekend")]
    months = [m for m in matches if m.category == "month"]
    if not named and months:
        # "meu casamento é em dezembro": the month's last day, this year or the next
        month = int(min(months, key=lambda m: abs(m.start - event.start)).key)
        return EventMention(event.key, _month_end(now.date(), month), event.start, month_only=True)
    named = named or [d for d in days if d.relative not in ("today", "now", None)] or days
    if named:
        date = min(named, key=lambda d: abs(d.start - event.start)).date
    elif any(m.category == "relative" and m.key == "next_week" for m in matches):
        today = now.date()
        date = today + dt.timedelta(days=7 - today.weekday())
    return EventMention(event.key, date, event.start)


def _month_end(today: dt.date, month: int) -> dt.date:
    year = today.year if month >= today.month else today.year + 1
    following = dt.date(year + month // 12, month % 12 + 1, 1)
    return following - dt.timedelta(days=1)


def first_key(matches: list[Match], category: str) -> str | None:
    return next((m.key for m in matches if m.category == category), None)


def keys(matches: list[Match], category: str) -> list[str]:
    found: list[str] = []
    for match in matches:
        if match.category == category and match.key not in found:
            found.append(match.key)
    return found


def weekday_list(days: list[DayMention]) -> list[Weekday]:
    ordered: list[Weekday] = []
    for mention in days:
        if mention.weekday not in ordered:
            ordered.append(mention.weekday)
    return sorted(ordered, key=WEEKDAYS.index)


def afflicted_areas(folded: str, matches: list[Match]) -> list[str]:
    """Areas in a sentence that reports pain, soreness or fatigue: the hurt ones, not the goals."""
    conditions = [
        m for m in matches if m.category == "condition" and m.key in ("pain", "soreness", "fatigue")
    ]
    areas = [m for m in matches if m.category == "area"]
    for unit in (clause_of, sentence_of):
        units = {unit(folded, m.start) for m in conditions}
        found = list(dict.fromkeys(m.key for m in areas if unit(folded, m.start) in units))
        if found:
            return found
    return []


FOCUS_REACH = 60
"""How far after a weekday a muscle group may follow to be that day's focus ("make Saturday an
arms and shoulders day")."""


def focus_days(
    folded: str, matches: list[Match], days: list[DayMention], exclude: set[str]
) -> dict[Weekday, list[str]]:
    """Day → muscle areas dedicated to it, when the message asks for a dedicated day: each area
    goes to the nearest weekday before it in the same sentence."""
    if not any(m.category == "cue" and m.key == "dedicated" for m in matches):
        return {}
    named = [d for d in days if d.relative is None]
    focus: dict[Weekday, list[str]] = {}
    for match in matches:
        if match.category != "area" or match.key in exclude:
            continue
        before = [
            d
            for d in named
            if 0 <= match.start - d.start <= FOCUS_REACH
            and sentence_of(folded, d.start) == sentence_of(folded, match.start)
        ]
        if before:
            day = max(before, key=lambda d: d.start).weekday
            areas = focus.setdefault(day, [])
            if match.key not in areas:
                areas.append(match.key)
    return focus
