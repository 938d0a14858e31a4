"""Language identification: script first, then scored lexicon hits for Latin-script languages."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from fitcoach.agent.offline.understanding.lexicon import SUPPORTED_LANGUAGES, load_lexicon
from fitcoach.agent.offline.understanding.normalize import script_counts, tokens

HAN_CHARS_PER_WORD = 1.7
"""Chinese has no spaces; about 1.7 characters a word makes a Chinese clause weigh like a Latin one."""


@dataclass(frozen=True)
class LanguageGuess:
    lang: str
    scores: dict[str, float]

    def present(self, threshold: float = 0.99) -> list[str]:
        """Languages with real evidence in the message (mixed messages have several)."""
        return [lang for lang, score in self.scores.items() if score >= threshold]


@lru_cache(maxsize=1)
def _han_variants() -> dict[str, frozenset[str]]:
    raw = resources.files("fitcoach.agent.offline").joinpath("lexicon/scripts.json").read_text("utf-8")
    return {variant: frozenset(chars) for variant, chars in json.loads(raw).items()}


@lru_cache(maxsize=1)
def _latin_vocabularies() -> dict[str, frozenset[str]]:
    return {
        lang: frozenset(load_lexicon(lang).vocabulary())
        for lang in SUPPORTED_LANGUAGES
        if lang not in ("ru", "zh-Hant")
    }


def identify(text: str, folded: str, ignore_spans: list[tuple[int, int]] | None = None) -> LanguageGuess:
    """Guess the language of most of the text. `ignore_spans` (exercise names, often English in any
    language) do not count as evidence."""
    kept = folded
    for start, end in ignore_spans or []:
        kept = kept[:start] + " " * (end - start) + kept[end:]
    counts = script_counts(kept)
    scores: defaultdict[str, float] = defaultdict(float)
    if counts.han:
        variants = _han_variants()
        hans = sum(1 for ch in text if ch in variants["zh-Hans"])
        hant = sum(1 for ch in text if ch in variants["zh-Hant"])
        scores["zh-Hans" if hans > hant else "zh-Hant"] = counts.han / HAN_CHARS_PER_WORD
    vocabularies = _latin_vocabularies()
    for token in tokens(kept):
        if token[0] >= "\u0400" and token[0] <= "\u04ff":
            scores["ru"] += 1
            continue
        owners = [lang for lang, vocab in vocabularies.items() if token in vocab]
        for lang in owners:
            scores[lang] += 1 / len(owners)
    if not scores:
        return LanguageGuess("en", {"en": 0.0})
    best = max(scores.items(), key=lambda item: (item[1], item[0] == "en"))
    return LanguageGuess(best[0], dict(scores))
