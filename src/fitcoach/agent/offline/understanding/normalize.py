"""Text normalisation shared by every language: case and accent folding, tokens, script counts."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")


def fold(text: str) -> str:
    """Casefold and strip accents (é → e, ё → е, ç → c); Han characters are left as they are."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    # NFKD turns "й" into "и" + breve; Russian users drop both marks when typing fast, so do we.
    return unicodedata.normalize("NFC", stripped).replace("’", "'")


def is_han(text: str) -> bool:
    return bool(_HAN.search(text))


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


SHORT_WORD_ENDINGS = frozenset({"s", "es", "a", "u", "y", "e", "om", "у", "а", "ы", "и", "е", "ом", "ой"})
"""Inflectional endings of en/fr/pt plurals and Russian cases, for words of three letters."""


CUT_ENDINGS = frozenset(
    {"s", "es", "os", "as", "is", "x", "ed", "er", "e", "a", "o"}
    | {"ы", "и", "а", "я", "у", "ю", "е", "о", "й", "ь", "ой", "ей", "ий", "ый", "ом", "ем", "ам", "ям"}
    | {"ах", "ях", "ов", "ев", "ми", "ую", "юю", "ая", "яя", "ое", "ее", "ые", "ие", "их", "ых", "ым", "им"}
)
"""What a word may lose and still be the same word: an inflectional ending (shoulders → shoulder,
гантелями → гантеля), never a syllable of the stem ("passada" is no form of "passa")."""

ENGLISH_ENDINGS = frozenset({"s", "es", "ed", "d", "ing", "er", "ers"})
"""What an English word may gain and still be the same word: "lat" is not "late", "press" not the
French "presse" (in a hurry, or the leg press)."""


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
    if len(token) < len(word) and word.startswith(token) and word[len(token) :] not in CUT_ENDINGS:
        return len(word) - len(token) == 1 and len(token) >= 4
    prefix = common_prefix(word, token)
    if len(shorter) == 3:
        # three-letter words only take an ending (row/rows, жим/жима), never a new letter (for/form)
        return prefix == 3 and longer[3:] in SHORT_WORD_ENDINGS
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
        if tail not in ENGLISH_ENDINGS and not (word.endswith("e") and "e" + tail in ENGLISH_ENDINGS):
            return False
    return stem_equal(word, token)
