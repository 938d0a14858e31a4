"""Per-language lexicons (`data/<code>/lexicon.json`) and the phrase matcher that finds their entries
in a message: the one reader of words shared by the offline coach and the fact reader."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache

from pydantic import BaseModel, ConfigDict, Field

from fitcoach.languages.registry import data_file, understood
from fitcoach.languages.text import Token, english_equal, fold, is_han, stem_equal

SUPPORTED_LANGUAGES: tuple[str, ...] = understood()
"""Languages with a lexicon and a message catalogue; other codes fall back to English answers."""


class Patterns(BaseModel):
    """Regexes over folded text; `{num}` stands for digits or the language's number words."""

    model_config = ConfigDict(extra="forbid")

    days_per_week: list[str] = Field(default_factory=list)
    minutes: list[str] = Field(default_factory=list)
    hours: list[str] = Field(default_factory=list)
    load: list[str] = Field(default_factory=list)
    day_of_month: list[str] = Field(default_factory=list)
    weeks_back: list[str] = Field(default_factory=list)
    set_log: list[str] = Field(default_factory=list)
    """Sets done, typed between sets: "3 séries de 10", "3 подхода по 10" (n is the set count)."""


class Lexicon(BaseModel):
    """One language's vocabulary. Every table maps a language-neutral key to the phrases for it."""

    model_config = ConfigDict(extra="forbid")

    lang: str
    function_words: list[str]
    numbers: dict[str, int]
    weekdays: dict[str, list[str]]
    listed_weekdays: dict[str, list[str]] = Field(default_factory=dict)
    """Weekday abbreviations that are ordinary words elsewhere (en "sun", pt "ter" = to have): read
    as a day only in a list beside another weekday ("Tue, Thu and Sun")."""
    relative_days: dict[str, list[str]]
    months: dict[str, list[str]] = Field(default_factory=dict)
    """Month names by number ("12": décembre, dezembro, декабр*, 十二月): "my wedding is in December"."""
    fixed_minutes: dict[str, list[str]] = Field(default_factory=dict)
    units: dict[str, list[str]]
    areas: dict[str, list[str]]
    sides: dict[str, list[str]]
    conditions: dict[str, list[str]]
    gear: dict[str, list[str]]
    goals: dict[str, list[str]]
    tones: dict[str, list[str]]
    preferences: dict[str, list[str]] = Field(default_factory=dict)
    """How the user wants answers, beside the tone: "brief", "detailed", "units_kg", "lang_fr"..."""
    events: dict[str, list[str]]
    cues: dict[str, list[str]]
    problems: dict[str, list[str]] = Field(default_factory=dict)
    families: dict[str, list[str]] = Field(default_factory=dict)
    """Generic movement words ("rows", "supino", "жим") naming a family, resolved against the plan."""
    patterns: Patterns

    def tables(self) -> dict[str, dict[str, list[str]]]:
        """The phrase tables the matcher scans, by category name."""
        return {
            "weekday": self.weekdays,
            "listed_weekday": self.listed_weekdays,
            "relative": self.relative_days,
            "month": self.months,
            "fixed_minutes": self.fixed_minutes,
            "area": self.areas,
            "side": self.sides,
            "condition": self.conditions,
            "gear": self.gear,
            "goal": self.goals,
            "tone": self.tones,
            "preference": self.preferences,
            "event": self.events,
            "cue": self.cues,
            "problem": self.problems,
            "family": self.families,
        }

    def vocabulary(self) -> set[str]:
        words = {fold(w) for w in self.function_words} | {fold(w) for w in self.numbers}
        for table in self.tables().values():
            for phrases in table.values():
                for phrase in phrases:
                    if not is_han(phrase):
                        words.update(_words(phrase))
        return {w.rstrip("*!") for w in words if w.rstrip("*!")}


def _words(phrase: str) -> list[str]:
    return re.findall(r"[^\W_]+[*!]?", fold(phrase))


@cache
def function_words() -> frozenset[str]:
    """Every language's function words, folded."""
    return frozenset(fold(w) for lang in SUPPORTED_LANGUAGES for w in load_lexicon(lang).function_words)


@cache
def load_lexicon(lang: str) -> Lexicon:
    raw = data_file(lang, "lexicon.json").read_text("utf-8")
    return Lexicon.model_validate(json.loads(raw))


@dataclass(frozen=True)
class Match:
    """One phrase found in a message: its table, key, and character span in the folded text."""

    category: str
    key: str
    start: int
    end: int
    lang: str
    exact: bool = field(default=True, compare=False)
    """Every word as the phrase spells it, not an inflection: it wins a tie with an inflected
    match of the same span (pt "flexora" is the leg curl, not an inflection of "flexões")."""


@dataclass(frozen=True)
class _Phrase:
    category: str
    key: str
    lang: str
    words: tuple[str, ...]
    han: str | None


def word_matches(pattern: str, token: str, lang: str | None = None) -> bool:
    """A trailing `*` in a lexicon word is an explicit stem and a trailing `!` asks for the exact
    word (pt "dói" must not match "dois"); otherwise equality is inflection-tolerant, with English
    words taking English endings only."""
    if pattern.endswith("*"):
        return token.startswith(pattern[:-1])
    if pattern.endswith("!"):
        return token == pattern[:-1]
    return english_equal(pattern, token) if lang == "en" else stem_equal(pattern, token)


class PhraseMatcher:
    """Finds lexicon phrases in tokenised, folded text: token sequences for alphabetic scripts,
    substrings for Chinese. Within a category the longest match wins an overlap."""

    def __init__(
        self, entries: Iterable[tuple[str, str, str, str]], exact: frozenset[str] = frozenset()
    ) -> None:
        self._exact = exact
        self._by_head: dict[str, list[_Phrase]] = defaultdict(list)
        self._han: list[_Phrase] = []
        for category, key, lang, phrase in entries:
            if is_han(phrase):
                self._han.append(_Phrase(category, key, lang, (), fold(phrase)))
                continue
            words = tuple(_words(phrase))
            if words:
                self._by_head[words[0][:2]].append(_Phrase(category, key, lang, words, None))

    @classmethod
    def for_lexicons(
        cls, lexicons: Iterable[Lexicon], borrowed: Iterable[tuple[str, str, str, str]] = ()
    ) -> PhraseMatcher:
        """The lexicons' phrases, plus `borrowed` entries from another language (loan words)."""
        entries = [
            (category, key, lex.lang, phrase)
            for lex in lexicons
            for category, table in lex.tables().items()
            for key, phrases in table.items()
            for phrase in phrases
        ]
        return cls([*entries, *borrowed], exact=function_words())

    def _word_ok(self, pattern: str, token: str, lang: str) -> bool:
        """Function words ("should", "mon", "que") only ever match exactly: "should" is no
        inflection of "shoulder"."""
        if token in self._exact:
            return pattern.rstrip("*!") == token
        return word_matches(pattern, token, lang)

    def find(self, folded: str, toks: list[Token]) -> list[Match]:
        found: list[Match] = []
        for index, token in enumerate(toks):
            for phrase in self._by_head.get(token.text[:2], ()):
                size = len(phrase.words)
                if index + size > len(toks):
                    continue
                words = [toks[index + k].text for k in range(size)]
                if all(self._word_ok(w, t, phrase.lang) for w, t in zip(phrase.words, words, strict=True)):
                    end = toks[index + size - 1].end
                    exact = all(
                        w.endswith("*") or w.rstrip("!") == t
                        for w, t in zip(phrase.words, words, strict=True)
                    )
                    found.append(Match(phrase.category, phrase.key, token.start, end, phrase.lang, exact))
        for phrase in self._han if is_han(folded) else ():
            assert phrase.han is not None
            start = folded.find(phrase.han)
            while start >= 0:
                found.append(Match(phrase.category, phrase.key, start, start + len(phrase.han), phrase.lang))
                start = folded.find(phrase.han, start + 1)
        return _longest_per_category(found)


def _longest_per_category(found: list[Match]) -> list[Match]:
    """Longest match wins an overlap within a category. Cues are independent features, so only
    overlaps of the same cue collapse ("pas de banc" is a negation and a missing-gear cue at once)."""

    def group(match: Match) -> str:
        return f"cue:{match.key}" if match.category == "cue" else match.category

    kept: list[Match] = []
    for match in sorted(found, key=lambda m: (-(m.end - m.start), not m.exact, m.start)):
        if any(group(k) == group(match) and k.start < match.end and match.start < k.end for k in kept):
            continue
        kept.append(match)
    return sorted(kept, key=lambda m: m.start)


MIN_LOAN_LENGTH = 4
"""English gear words are gym loan words in every language ("bench 被佔了", "o rack tá ocupado");
short ones ("bar", "db") are left out: elsewhere they are ordinary words or noise."""


LOAN_CUES = ("record",)
"""English gym-jargon cues used as they are in every language ("какой у меня PR", "我的 1RM",
"meu personal best"): unlike everyday words, none of them is another word elsewhere."""


@lru_cache(maxsize=32)
def matcher_for(langs: tuple[str, ...]) -> PhraseMatcher:
    """The matcher for a message in `langs`, with the English gear and jargon loan words."""
    english = load_lexicon("en")
    # a loan is no jargon where it is an everyday word of the message's language: pt "pr" is
    # texting for "para" ("vou pr academia"), so there a record needs its context ("meu pr")
    spoken = {fold(w) for lang in ("en", *langs) for w in load_lexicon(lang).function_words}
    loans = [
        ("gear", key, "en", phrase)
        for key, phrases in english.gear.items()
        for phrase in phrases
        if "en" not in langs and len(phrase) >= MIN_LOAN_LENGTH
    ]
    loans += [
        ("cue", key, "en", phrase)
        for key in LOAN_CUES
        for phrase in english.cues[key]
        if "en" not in langs and not set(_words(phrase)) & spoken
    ]
    return PhraseMatcher.for_lexicons((load_lexicon(lang) for lang in langs), loans)


@cache
def people_words(lang: str) -> frozenset[str]:
    """Words naming another person in `lang` (wife, frère, mãe, жена, 老婆, third-person pronouns),
    folded: evidence that a body part or a plan in the sentence is somebody else's."""
    try:
        raw = data_file(lang, "people.json").read_text("utf-8")
    except FileNotFoundError:
        return frozenset()
    return frozenset(fold(word) for word in json.loads(raw)["people"])
