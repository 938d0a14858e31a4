"""Per-language message catalogues (data files): several phrasings per situation and tone, picked
deterministically from a hash of the message and the situation, so replies vary but replay exactly."""

from __future__ import annotations

import hashlib
import json
import string
from functools import cache

from pydantic import BaseModel, ConfigDict

from fitcoach.agent.offline.answering.plurals import fill
from fitcoach.contract.models import Tone
from fitcoach.languages.registry import DEFAULT_LANGUAGE, data_file, fallback_chain, get_language, supported

FRAGMENTS = frozenset({"special_focus", "special_none", "reason_back", "reason_gear", "reason_general"})
"""Situations rendered inside another sentence: never capitalised."""


class Catalog(BaseModel):
    """situations: situation → tone → phrasings; diffs: summary_diff templates; words: vocabulary;
    facts: what the coach writes into memory facts and plan-day notes (acting/writing.py)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    lang: str
    situations: dict[str, dict[str, list[str]]]
    diffs: dict[str, str]
    words: dict[str, str]
    facts: dict[str, str] = {}

    def word(self, key: str) -> str:
        return self.words.get(key, key.replace("_", " "))

    def join(self, items: list[str]) -> str:
        """ "a, b and c" in the catalogue's language (Chinese uses the enumeration comma)."""
        if len(items) <= 1:
            return "".join(items)
        language = get_language(self.lang)
        comma = language.list_separator if language is not None else ", "
        final = language.final_separator if language is not None else " {and} "
        return comma.join(items[:-1]) + final.replace("{and}", self.word("and")) + items[-1]


REPLY_LANGUAGES: tuple[str, ...] = supported()
"""Languages with a message catalogue and a cue book (zh-Hans generated from zh-Hant, see README)."""


def catalog_language(lang: str) -> str:
    """The language whose catalogue answers `lang`: itself, else along its fallbacks (zh-Hans →
    zh-Hant → en); an unknown code is answered in the default language."""
    for code in fallback_chain(lang):
        if data_file(code, "catalog.json").is_file():
            return code
    return DEFAULT_LANGUAGE


@cache
def load_catalog(lang: str) -> Catalog:
    path = data_file(catalog_language(lang), "catalog.json")
    return Catalog.model_validate(json.loads(path.read_text("utf-8")))


def choose(options: list[str], seed: str) -> str:
    """A stable choice: the same message and situation always give the same phrasing."""
    digest = hashlib.sha256(seed.encode("utf-8")).digest()
    return options[int.from_bytes(digest[:4], "big") % len(options)]


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def render(lang: str, situation: str, *, tone: Tone | None = None, seed: str = "", **slots: object) -> str:
    """One phrasing of `situation` in `lang`, in the user's tone when the catalogue has one."""
    catalog = load_catalog(lang)
    variants = catalog.situations[situation]
    options = variants.get(tone or "balanced") or variants["balanced"]
    template = choose(options, f"{seed}|{situation}|{tone}")
    text = fill(catalog.lang, template, slots)
    text = " ".join(text.split()) if not catalog.lang.startswith("zh") else text.replace(" 。", "。").strip()
    # a template may open with a slot ("{day} now fits…"), and weekdays are lower case in fr/pt/ru
    opens_sentence = template.startswith("{") and situation not in FRAGMENTS
    return text[:1].upper() + text[1:] if opens_sentence else text


def diff(lang: str, kind: str, **slots: object) -> str:
    catalog = load_catalog(lang)
    return fill(catalog.lang, catalog.diffs[kind], slots)


def fact(lang: str, key: str, **slots: object) -> str:
    """A memory fact or day-note template of `lang` filled in; a key the catalogue lacks is written
    from the default language's (every catalogue is checked to have them all)."""
    catalog = load_catalog(lang)
    template = catalog.facts.get(key)
    if template is None:
        catalog = load_catalog(DEFAULT_LANGUAGE)
        template = catalog.facts[key]
    return fill(catalog.lang, template, slots)
