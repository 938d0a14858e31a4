"""Tokens and token features for the slot tagger; text normalisation for the act classifier.

Tokens keep their character offsets in the original message, so that a tagged span is the user's
own words. A Han character is a token of its own (Chinese has no spaces, and a span may start
inside a run); a Latin or Cyrillic word, a number and any other non-space character are tokens.
Each token also carries the categories the languages part's lexicon finds around it (weekday,
relative day, body area, gear, condition, cue...): the tagger learns how much to trust them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from fitcoach.languages.detect import detect_language
from fitcoach.languages.lexicon import SUPPORTED_LANGUAGES, matcher_for, people_words
from fitcoach.languages.registry import fallback_chain
from fitcoach.languages.text import HAN_CHARS, fold, is_han, tokenize

_TOKEN = re.compile(f"[{HAN_CHARS}]|[^\\W\\d_{HAN_CHARS}]+|\\d+(?:[.,]\\d+)?|[^\\s]")


@dataclass(frozen=True)
class Tok:
    text: str
    start: int
    end: int


def tokens(text: str) -> list[Tok]:
    return [Tok(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def normalise(text: str) -> str:
    """What the act classifier reads: folded (case, accents), digits collapsed to one shape."""
    return re.sub(r"\d", "0", fold(text))


def reading_language(lang: str | None, text: str) -> str:
    """The language whose words read the message: `lang` or its first fallback with a lexicon
    (zh-Hans → zh-Hant), detected when not given."""
    code = lang or detect_language(text)
    return next((c for c in fallback_chain(code) if c in SUPPORTED_LANGUAGES), "en")


def lexicon_tags(text: str, lang: str | None = None) -> list[tuple[int, int, str]]:
    """(start, end, category) of every lexicon phrase in the message, in original offsets."""
    folded = fold(text)
    if len(folded) != len(text):  # a ligature or ß changed the length: no offsets to trust
        return []
    found = matcher_for((reading_language(lang, text),)).find(folded, tokenize(folded))
    return [(m.start, m.end, m.category if m.category != "cue" else f"cue:{m.key}") for m in found]


_SENTENCE_END = re.compile(r"[.!?\n;。！？；]")
_CLAUSE_END = re.compile(r"[.!?\n;,。！？；，、]")


@dataclass(frozen=True)
class PersonMark:
    """A word naming another person, with where its clause and its sentence end."""

    start: int
    end: int
    clause_end: int
    sentence_end: int


def people_marks(text: str, lang: str) -> list[PersonMark]:
    """Each word naming another person: a Han word anywhere in the text, another word as a token."""
    folded = fold(text)
    if len(folded) != len(text):
        return []
    words = people_words(lang) | (people_words("en") if lang != "en" else frozenset())
    found = [(m.start(), m.end()) for m in _TOKEN.finditer(folded) if m.group() in words]
    found += [(i, i + len(w)) for w in words if is_han(w) for i in _all(folded, w)]
    marks = []
    for start, end in found:
        clause = _CLAUSE_END.search(folded, end)
        sentence = _SENTENCE_END.search(folded, end)
        marks.append(
            PersonMark(
                start,
                end,
                clause.start() if clause else len(folded),
                sentence.start() if sentence else len(folded),
            )
        )
    return marks


def _all(text: str, word: str) -> list[int]:
    found, start = [], text.find(word)
    while start >= 0:
        found.append(start)
        start = text.find(word, start + 1)
    return found


def _shape(word: str) -> str:
    if word.isdigit():
        return "d"
    if any(ch.isdigit() for ch in word):
        return "xd"
    if len(word) == 1 and re.match(f"[{HAN_CHARS}]", word):
        return "h"
    if not word[0].isalnum():
        return "p"
    return "X" if word[0].isupper() else "x"


def token_features(text: str, lang: str | None = None) -> tuple[list[Tok], list[list[str]]]:
    toks = tokens(text)
    lang = reading_language(lang, text)
    tags = lexicon_tags(text, lang)
    people = people_marks(text, lang)
    words = [fold(t.text) for t in toks]
    rows: list[list[str]] = []
    for i, tok in enumerate(toks):
        w = words[i]
        row = [
            "bias",
            f"w={w}",
            f"p3={w[:3]}",
            f"s3={w[-3:]}",
            f"s2={w[-2:]}",
            f"shape={_shape(tok.text)}",
            f"len={min(len(w), 8)}",
        ]
        for category in {c for s, e, c in tags if s < tok.end and tok.start < e}:
            starts = any(s == tok.start for s, e, c2 in tags if c2 == category)
            row.append(f"lex={category}")
            row.append(f"lex{'B' if starts else 'I'}={category}")
        if any(p.start <= tok.start and tok.end <= p.end for p in people):
            row.append("person_word")
        elif any(p.end <= tok.start < p.clause_end for p in people):
            row.append("person_in_clause")
        elif any(p.end <= tok.start < p.sentence_end for p in people):
            row.append("person_in_sentence")
        for offset in (-3, -2, -1, 1, 2, 3):
            j = i + offset
            if 0 <= j < len(toks):
                row.append(f"w[{offset}]={words[j]}")
                if abs(offset) == 1:
                    row.append(f"s3[{offset}]={words[j][-3:]}")
                    row.extend(
                        f"lex[{offset}]={c}" for s, e, c in tags if s < toks[j].end and toks[j].start < e
                    )
            else:
                row.append(f"w[{offset}]=<edge>")
        if i > 0:
            row.append(f"bi-={words[i - 1]}|{w}")
        if i + 1 < len(toks):
            row.append(f"bi+={w}|{words[i + 1]}")
        rows.append(row)
    return toks, rows
