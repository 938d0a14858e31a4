"""Numbers, durations and loads in any understood language: digits or number words ("twenty",
"vingt", "двадцать", "二十"), the lexicons' number patterns (`{num}` stands for either), and weight
units ("22 кг", "50 lbs", "10 livres", "22公斤"). Clean functions for whoever turns a tagged span into
a value: the offline coach, the fact reader, and the understanding models of issue 14."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

from fitcoach.languages.lexicon import SUPPORTED_LANGUAGES, Lexicon, load_lexicon, word_matches
from fitcoach.languages.text import fold, is_han

Unit = Literal["kg", "lb"]
KG_TO_LB = 2.20462
"""Pounds per kilogram."""

PatternKind = Literal["days_per_week", "minutes", "hours", "load", "day_of_month", "weeks_back", "set_log"]


@dataclass(frozen=True)
class Load:
    """A weight as written: its value, unit and where it starts in the folded text."""

    value: float
    unit: Unit
    start: int

    @property
    def pounds(self) -> float:
        return round(self.value * KG_TO_LB, 1) if self.unit == "kg" else self.value


COMPOUND_JOINS = ("and", "et", "e", "и")
"""Words that may join tens and units ("vingt-et-un", "vinte e cinco")."""


def _number_alternation(lexicons: Iterable[Lexicon]) -> tuple[str, dict[str, int]]:
    words: dict[str, int] = {}
    for lex in lexicons:
        words.update({fold(w): n for w, n in lex.numbers.items()})
    ordered = sorted(words, key=len, reverse=True)
    tens = [re.escape(w) for w in ordered if 20 <= words[w] <= 90 and words[w] % 10 == 0 and not is_han(w)]
    units = [re.escape(w) for w in ordered if 0 < words[w] < 10 and not is_han(w)]
    joins = "|".join(COMPOUND_JOINS)
    # "twenty-five", "vingt-cinq", "vinte e cinco", "двадцать пять": tens then units, read as one
    compound = [rf"(?:{'|'.join(tens)})(?:\s+|-)(?:(?:{joins})(?:\s+|-))?(?:{'|'.join(units)})\b"]
    compounds = compound if tens and units else []
    alternation = "|".join([r"\d+(?:[.,]\d+)?", *compounds, *map(re.escape, ordered)])
    return f"(?:{alternation})", words


def _to_number(text: str, words: dict[str, int]) -> float:
    text = text.strip()
    if text in words:
        return float(words[text])
    parts = [part for part in re.split(r"[\s-]+", text) if part and part not in COMPOUND_JOINS]
    if len(parts) == 2 and all(part in words for part in parts):
        return float(words[parts[0]] + words[parts[1]])
    return float(text.replace(",", "."))


@lru_cache(maxsize=256)
def _compiled(langs: tuple[str, ...], kind: str) -> tuple[list[re.Pattern[str]], dict[str, int]]:
    lexicons = [load_lexicon(lang) for lang in langs]
    alternation, words = _number_alternation(lexicons)
    patterns = [
        re.compile(p.replace("{num}", alternation)) for lex in lexicons for p in getattr(lex.patterns, kind)
    ]
    return patterns, words


def pattern_numbers(folded: str, lexicons: Sequence[Lexicon], kind: str) -> list[tuple[float, int, str]]:
    """(value, position, unit text) for every hit of the lexicons' `kind` patterns."""
    patterns, words = _compiled(tuple(lex.lang for lex in lexicons), kind)
    hits: list[tuple[float, int, str]] = []
    for compiled in patterns:
        for hit in compiled.finditer(folded):
            unit = hit.groupdict().get("unit") or ""
            hits.append((_to_number(hit.group("n"), words), hit.start(), unit))
    return sorted(set(hits), key=lambda h: h[1])


def unit_key(unit: str, lexicons: Sequence[Lexicon]) -> Unit | None:
    """ "kg" or "lb" for a unit as written ("кило", "фунтов", "килограмма", "kilogrammes", "磅") by
    the lexicons' unit words (stems and inflections included), None for a word none of them names."""
    text = fold(unit)

    def names(key: str) -> bool:
        return any(word_matches(fold(w), text) for lex in lexicons for w in lex.units.get(key, []))

    return "kg" if names("kg") else "lb" if names("lb") else None


@cache
def all_lexicons() -> tuple[Lexicon, ...]:
    """Every understood language's lexicon: a stored fact or a span may be in any of them."""
    return tuple(load_lexicon(lang) for lang in SUPPORTED_LANGUAGES)


def loads_of(folded: str, lexicons: Sequence[Lexicon] | None = None) -> list[Load]:
    """Every weight in folded text ("dumbbells up to 22 kg" → Load(22, "kg")); a bare unit-less
    number is no load. A unit no lexicon names counts as pounds."""
    chosen = list(lexicons) if lexicons is not None else list(all_lexicons())
    return [
        Load(value, unit_key(unit, chosen) or "lb", position)
        for value, position, unit in pattern_numbers(folded, chosen, "load")
    ]


def parse_load(span: str) -> Load | None:
    """The first weight in a span ("22 кг", "a pair of 50s" is no unit: None), in any language."""
    found = loads_of(fold(span))
    return found[0] if found else None


def parse_number(span: str) -> float | None:
    """A number written in digits or words in any understood language ("12", "forty-five", "двадцать
    два", "十二"): a word the lexicons know, or tens followed by units; None when it is not a number."""
    _, words = _number_alternation(all_lexicons())
    text = fold(span).strip()
    if text in words:
        return float(words[text])
    try:
        return float(text.replace(",", "."))
    except ValueError:
        pass
    parts = [part for part in re.split(r"[\s-]+", text) if part]
    if len(parts) == 2 and all(part in words for part in parts):
        tens, units = words[parts[0]], words[parts[1]]
        if tens % 10 == 0 and tens >= 20 and 0 < units < 10:
            return float(tens + units)
    return None


def parse_minutes(span: str) -> int | None:
    """A session length ("45 min", "une heure", "полчаса", "四十五分鐘") in minutes, else None."""
    folded = fold(span)
    lexicons = all_lexicons()
    found = [int(v) for v, _, _ in pattern_numbers(folded, lexicons, "minutes")]
    found += [int(v * 60) for v, _, _ in pattern_numbers(folded, lexicons, "hours")]
    return found[0] if found else None


def stated_unit(message: str) -> Unit | None:
    """The one unit the message states weights in ("dumbbells up to 22 kg" → kg), or None when it
    states none, or both ("22 kg / 50 lb"): a mixed message is no evidence of either."""
    found = {load.unit for load in loads_of(fold(message))}
    return found.pop() if len(found) == 1 else None
