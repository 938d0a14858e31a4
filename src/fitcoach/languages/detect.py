"""Which supported language a text is written in: lingua (`lingua-language-detector`, its n-gram models
ship inside the wheel, nothing is downloaded) restricted to the supported languages, with the user's
stored language as the prior, and Traditional told from Simplified Chinese by their own characters.

lingua has one CHINESE: the script decides. `data/han_variants.json` lists the characters that exist
in only one of the two scripts (generated once from the `hanziconv` converter's tables, which is not a
runtime dependency): a text with more Simplified-only than Traditional-only characters is zh-Hans.
Shared characters (most of them: 我, 今天, 練) are no evidence either way, and then the prior, else
Traditional (the understood script) wins.
"""

from __future__ import annotations

import json
import threading
from functools import cache

from lingua import Language as LinguaLanguage
from lingua import LanguageDetector, LanguageDetectorBuilder

from fitcoach.languages.registry import DEFAULT_LANGUAGE, data_dir, get_language, supported
from fitcoach.languages.text import script_counts, tokens

PRIOR_MARGIN = 0.35
"""How far ahead of the user's own language another must be in lingua's confidence to win: short
messages ("no bench", "ok", "merci") are ambiguous, and a user writes in their language by default."""

SHORT_WORDS = 2
"""A message of this many words or fewer is read in the user's own language when one is stored."""

_lock = threading.Lock()


@cache
def _lingua_codes() -> dict[LinguaLanguage, list[str]]:
    """lingua's language → our codes for it (CHINESE → zh-Hant, zh-Hans)."""
    found: dict[LinguaLanguage, list[str]] = {}
    for code in supported():
        language = get_language(code)
        if language is not None:
            found.setdefault(getattr(LinguaLanguage, language.lingua), []).append(code)
    return found


@cache
def _detector() -> LanguageDetector:
    with _lock:
        # Preloaded: lingua otherwise loads each n-gram model the first time a text needs it, which
        # costs a user's turn seconds; all five languages' models take about a second and ~100 MB.
        return (
            LanguageDetectorBuilder.from_languages(*_lingua_codes()).with_preloaded_language_models().build()
        )


@cache
def _han_variants() -> dict[str, frozenset[str]]:
    raw = json.loads(data_dir().joinpath("han_variants.json").read_text("utf-8"))
    return {variant: frozenset(chars) for variant, chars in raw.items()}


def chinese_script(text: str, *, prior: str | None = None) -> str:
    """zh-Hant or zh-Hans, by the characters only one of the two scripts has."""
    variants = _han_variants()
    simplified = sum(1 for char in text if char in variants["zh-Hans"])
    traditional = sum(1 for char in text if char in variants["zh-Hant"])
    if simplified != traditional:
        return "zh-Hans" if simplified > traditional else "zh-Hant"
    return prior if prior in ("zh-Hant", "zh-Hans") else "zh-Hant"


def language_scores(text: str) -> dict[str, float]:
    """lingua's confidence per supported language (Chinese under its script's code); all 0 when lingua
    has no evidence (digits, emoji, an empty text)."""
    scores: dict[str, float] = {}
    for value in _detector().compute_language_confidence_values(text):
        codes = _lingua_codes().get(value.language, [])
        if codes:
            code = chinese_script(text) if len(codes) > 1 else codes[0]
            scores[code] = scores.get(code, 0.0) + value.value
    return scores


def detect_language(text: str, *, prior: str | None = None, evidence: dict[str, float] | None = None) -> str:
    """The language of most of the text, `prior` (the user's stored language) when the text is too
    short or too mixed to say otherwise, else English.

    A script only one supported language writes (Cyrillic, Han) decides when it carries at least a
    third of the letters: lift names are English in every language ("какой у меня PR в incline DB
    press?"). `evidence` (lexicon words found per language, from a reader that has them) is added
    as shares to lingua's confidences, so gym slang lingua has never seen still counts."""
    counts = script_counts(text)
    if counts.han and counts.han >= counts.latin / 2:
        # Han characters carry a word each: a message mostly in Chinese is Chinese, even around
        # English lift names ("bench 被佔了").
        return chinese_script(text, prior=prior)
    if counts.cyrillic and counts.cyrillic >= counts.latin / 2:
        return "ru"
    if prior in supported() and len(tokens(text)) <= SHORT_WORDS:
        return str(prior)  # "ok", "merci", "no bench": too short to outweigh what the user writes in
    scores = language_scores(text)
    total = sum((evidence or {}).values())
    for code, hits in (evidence or {}).items():
        if total > 0 and code in supported():
            scores[code] = scores.get(code, 0.0) + hits / total
    if not scores or max(scores.values()) <= 0:
        return prior if prior in supported() else DEFAULT_LANGUAGE
    best = max(scores, key=lambda code: (scores[code], code == DEFAULT_LANGUAGE))
    if prior is not None and prior in scores and scores[best] - scores[prior] <= PRIOR_MARGIN:
        return prior
    return best


def warm_up_detection() -> None:
    """Load every supported language's models now (about a second), so no user waits for them."""
    _detector()
