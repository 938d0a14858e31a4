"""Text normalisation shared by every language: case and accent folding, tokens, script counts, and
words equal up to an inflectional ending (the endings are each language's data)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from fitcoach.languages.registry import get_language, supported

HAN_CHARS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
"""The CJK ideograph blocks (extension A, unified, compatibility): Chinese has no word boundaries."""

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_HAN = re.compile(f"[{HAN_CHARS}]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")
_WORD = re.compile(f"[{HAN_CHARS}]+|[^\\W_{HAN_CHARS}]+")
"""A Han run and a Latin or Cyrillic word are separate tokens even when written without a space:
"cable全部被占了", "lat pulldown跟pushdown" name English gear and lifts inside Chinese."""


def fold(text: str) -> str:
    """Casefold and strip accents (é → e, ё → е, ç → c); Han characters are left as they are."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    # NFKD turns "й" into "и" + breve; Russian users drop both marks when typing fast, so do we.
    return unicodedata.normalize("NFC", stripped).replace("\u2019", "'")


def is_han(text: str) -> bool:
    return bool(_HAN.search(text))


def is_cyrillic(text: str) -> bool:
    return bool(_CYRILLIC.match(text))


def all_han(text: str) -> bool:
    """Every character an ideograph: such a word is matched as a substring, not at a word start."""
    return bool(text) and all(_HAN.match(char) for char in text)


def tokens(folded: str) -> list[str]:
    """Word tokens of folded text; a run of Han characters is one token (matched by substring)."""
    return _TOKEN.findall(folded)


@dataclass(frozen=True)
class ScriptCounts:
    han: int
    cyrillic: int
    latin: int


def script_counts(text: str) -> ScriptCounts:
    return ScriptCounts(
        han=len(_HAN.findall(text)), cyrillic=len(_CYRILLIC.findall(text)), latin=len(_LATIN.findall(text))
    )


def common_prefix(a: str, b: str) -> int:
    size = min(len(a), len(b))
    for index in range(size):
        if a[index] != b[index]:
            return index
    return size


@cache
def _endings(kind: str) -> frozenset[str]:
    found: set[str] = set()
    for code in supported():
        language = get_language(code)
        if language is not None:
            found.update(getattr(language.endings, kind))
    return frozenset(found)


def short_word_endings() -> frozenset[str]:
    """Inflectional endings of plurals and cases, for words of three letters (every language's)."""
    return _endings("short")


def cut_endings() -> frozenset[str]:
    """What a word may lose and still be the same word: an inflectional ending (shoulders → shoulder,
    гантелями → гантеля), never a syllable of the stem ("passada" is no form of "passa")."""
    return _endings("cut")


def english_endings() -> frozenset[str]:
    """What an English word may gain and still be the same word: "lat" is not "late", "press" not the
    French "presse" (in a hurry, or the leg press)."""
    language = get_language("en")
    return frozenset(language.endings.gain) if language is not None else frozenset()


def stem_equal(word: str, token: str) -> bool:
    """Equal up to an inflectional ending: row/rows, тяга/тягу, гантели/гантелей, плечо/плече.

    The shared prefix must cover all but two letters of the longer word and three quarters of
    it, which keeps bench/bent or pull/pulse apart.
    """
    if word == token:
        return True
    shorter, longer = sorted((word, token), key=len)
    if len(shorter) < 3:
        return False
    if len(token) < len(word) and word.startswith(token) and word[len(token) :] not in cut_endings():
        return len(word) - len(token) == 1 and len(token) >= 4
    prefix = common_prefix(word, token)
    if len(shorter) == 3:
        # three-letter words only take an ending (row/rows, жим/жима), never a new letter (for/form)
        return prefix == 3 and longer[3:] in short_word_endings()
    if len(longer) == 4 and prefix < 4 and not _CYRILLIC.match(longer):
        # four-letter Latin words only take a suffix (rows, arms); trip/tris, bent/best stay apart,
        # while Russian swaps case endings (тяга/тягу)
        return False
    return prefix >= len(longer) - 2 and prefix >= 0.7 * len(longer)


def english_equal(word: str, token: str) -> bool:
    """`stem_equal` for an English lexicon word: a longer token must be the word plus an English
    ending, so "late" is no form of "lat" and the French "presse" no form of "press"."""
    if token.startswith(word) and len(token) > len(word):
        tail = token[len(word) :]
        gain = english_endings()
        if tail not in gain and not (word.endswith("e") and "e" + tail in gain):
            return False
    return stem_equal(word, token)


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int


def tokenize(folded: str) -> list[Token]:
    """Word tokens with their spans; a Han run is one token, split from Latin letters around it."""
    return [Token(m.group(), m.start(), m.end()) for m in _WORD.finditer(folded)]
