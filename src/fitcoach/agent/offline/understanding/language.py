"""Language identification for the offline coach: which lexicons to read a message with (every language
with lexicon evidence) and the one to answer in (`fitcoach.languages.detect`: lingua with the lexicon
hits as extra evidence and the user's stored language as the prior; Chinese by script)."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

from fitcoach.languages.detect import detect_language
from fitcoach.languages.lexicon import SUPPORTED_LANGUAGES, load_lexicon
from fitcoach.languages.registry import data_dir
from fitcoach.languages.text import is_cyrillic, script_counts, tokens

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
    raw = data_dir().joinpath("han_variants.json").read_text("utf-8")
    return {variant: frozenset(chars) for variant, chars in json.loads(raw).items()}


@lru_cache(maxsize=1)
def _latin_vocabularies() -> dict[str, frozenset[str]]:
    return {
        lang: frozenset(load_lexicon(lang).vocabulary())
        for lang in SUPPORTED_LANGUAGES
        if lang not in ("ru", "zh-Hant")
    }


QUOTED = re.compile(r"«[^»]*»|“[^”]*”|„[^“”]*[“”]|\"[^\"]*\"|「[^」]*」|『[^』]*』")
"""A quotation in a message ("Arnold disait « the last three reps make it grow »") is someone
else's words: the language is read from the user's own words around it."""


MIN_OWN_WORDS = 3
"""Words outside the quotations needed to read the language from them alone."""


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """The quotations of `text`, when the user's own words around them still say something."""
    spans = [(m.start(), m.end()) for m in QUOTED.finditer(text)]
    outside = QUOTED.sub(" ", text)
    own = max(len(tokens(outside)), script_counts(outside).han)
    return spans if own >= MIN_OWN_WORDS else []


def identify(
    text: str, folded: str, ignore_spans: list[tuple[int, int]] | None = None, *, prior: str | None = None
) -> LanguageGuess:
    """Guess the language of most of the text. `ignore_spans` (exercise names, often English in any
    language) do not count as evidence; `prior` is the user's stored language."""
    kept = folded
    original = text
    if len(text) == len(folded):
        ignore_spans = [*(ignore_spans or []), *quoted_spans(text)]
    for start, end in ignore_spans or []:
        kept = kept[:start] + " " * (end - start) + kept[end:]
        if len(text) == len(folded):  # folding kept the offsets: blank the names for lingua too
            original = original[:start] + " " * (end - start) + original[end:]
    counts = script_counts(kept)
    scores: defaultdict[str, float] = defaultdict(float)
    if counts.han:
        variants = _han_variants()
        hans = sum(1 for ch in text if ch in variants["zh-Hans"])
        hant = sum(1 for ch in text if ch in variants["zh-Hant"])
        scores["zh-Hans" if hans > hant else "zh-Hant"] = counts.han / HAN_CHARS_PER_WORD
    vocabularies = _latin_vocabularies()
    for token in tokens(kept):
        if is_cyrillic(token):
            scores["ru"] += 1
            continue
        owners = [lang for lang, vocab in vocabularies.items() if token in vocab]
        for lang in owners:
            scores[lang] += 1 / len(owners)
    if not scores:
        return LanguageGuess(prior if prior in SUPPORTED_LANGUAGES else "en", {"en": 0.0})
    best = max(scores.items(), key=lambda item: (item[1], item[0] == "en"))
    if best[0] in ("zh-Hant", "zh-Hans"):
        return LanguageGuess(best[0], dict(scores))
    evidence = {lang: score for lang, score in scores.items() if lang in _latin_vocabularies()}
    return LanguageGuess(detect_language(original, prior=prior, evidence=evidence), dict(scores))
