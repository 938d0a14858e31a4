"""The texts the offline coach writes for the user to read later, in the user's language: memory facts
(goal, condition, acute state, event, preference) and the notes of plan days. Each is built from the
structured fields it describes and the `facts` templates of `languages/data/<code>/catalog.json`, so
the same structure reads in every language and nothing is patched phrase by phrase."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from fitcoach.agent.offline.answering.catalog import REPLY_LANGUAGES, load_catalog
from fitcoach.agent.offline.answering.catalog import fact as fact
from fitcoach.contract.models import WEEKDAYS, Tone, Weekday

PREFERENCE_KEYS: tuple[str, ...] = (
    "brief",
    "detailed",
    "units_kg",
    "units_lb",
    "lang_en",
    "lang_fr",
    "lang_pt",
    "lang_ru",
    "lang_zh",
)
"""Answer preferences besides the tone (lexicon `preferences` keys), each with a `pref_<key>` text."""


def word(lang: str, key: str) -> str:
    return load_catalog(lang).word(key)


def _join(lang: str, items: Sequence[str]) -> str:
    return load_catalog(lang).join(list(items))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentence(lang: str, parts: Sequence[str], joiner: str = "part_join") -> str:
    text = fact(lang, joiner).join(part for part in parts if part)
    end = fact(lang, "sentence_end")
    return _capital(text) + ("" if text.endswith(end) else end)


def area_word(lang: str, area: str) -> str:
    """A body part ("lower_back") as the catalogue words it ("bas du dos")."""
    return word(lang, area)


def goal_fact(
    lang: str,
    goal_type: str,
    priorities: Sequence[str],
    days: Sequence[Weekday] | None,
    days_per_week: int | None,
    minutes: int | None,
) -> str:
    """ "Hypertrophy; priority chest; on Mon/Thu; about 45 min per session." """
    parts = [fact(lang, f"goal_{goal_type}")]
    if priorities:
        groups = _join(lang, [word(lang, group.lower()) for group in priorities])
        parts.append(fact(lang, "goal_priority", groups=groups))
    if days:
        short = fact(lang, "goal_days_join").join(fact(lang, f"short_{day.value}") for day in days)
        parts.append(fact(lang, "goal_days", days=short))
    elif days_per_week:
        parts.append(fact(lang, "goal_per_week", n=days_per_week))
    if minutes:
        parts.append(fact(lang, "goal_minutes", minutes=minutes))
    return _sentence(lang, parts)


def goal_label(lang: str, goal_type: str) -> str:
    return fact(lang, f"goal_{goal_type}")


def sensitive_fact(lang: str, area: str, trigger: str | None) -> str:
    """ "Knee is sensitive (aggravated by Back Squat)." """
    name = _capital(area_word(lang, area))
    if trigger:
        return _sentence(lang, [fact(lang, "sensitive_trigger", area=name, trigger=trigger)])
    return _sentence(lang, [fact(lang, "sensitive", area=name)])


def acute_fact(lang: str, area: str, condition: str, side: str | None) -> str:
    """ "Left knee pain reported", "Douleur signalée : genou (côté gauche)"."""
    if area == "whole_body" and condition == "fatigue" and side is None:
        return fact(lang, "fatigue_general")
    where = area_word(lang, area)
    if side in ("left", "right", "both"):
        where = fact(lang, f"side_{side}", area=where)
    return _capital(fact(lang, f"acute_{condition}", where=where))


def _day(lang: str, date: dt.date) -> str:
    weekday = fact(lang, f"short_{WEEKDAYS[date.weekday()].value}")
    return fact(lang, "event_day", weekday=weekday, date=date.isoformat())


def event_fact(
    lang: str,
    kind: str,
    date: dt.date,
    *,
    start: dt.date | None,
    month_only: bool,
    details: Sequence[str],
    areas: Sequence[str],
) -> str:
    """ "Trip from Wed 2026-09-16 to Fri 2026-09-18, no equipment, protect knee." """
    event = word(lang, kind.replace(" ", "_"))
    if month_only:
        head = fact(lang, "event_month", event=event, month=word(lang, f"month_{date.month}"), year=date.year)
    elif start is not None and start < date:
        head = fact(lang, "event_from", event=event, start=_day(lang, start), end=_day(lang, date))
    else:
        head = fact(lang, "event_on", event=event, day=_day(lang, date))
    parts = [head, *details]
    if areas:
        parts.append(fact(lang, "event_protect", areas=_join(lang, [area_word(lang, a) for a in areas])))
    return _sentence(lang, parts, "detail_join")


def tone_fact(lang: str, tone: Tone) -> str:
    return fact(lang, f"tone_{tone}")


def preference_fact(lang: str, key: str) -> str:
    return fact(lang, f"pref_{key}")


def preference_key(text: str) -> str | None:
    """The answer preference a stored fact records, whatever language it was written in."""
    for lang in REPLY_LANGUAGES:
        for key in PREFERENCE_KEYS:
            if load_catalog(lang).facts.get(f"pref_{key}") == text:
                return key
    return None
