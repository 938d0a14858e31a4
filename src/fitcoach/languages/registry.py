"""The registry of languages: one `data/<code>/language.json` per language (code, names, plural rule,
fallback, script, inflectional endings, how lists are joined, its name in the detector)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

PluralRule = Literal["one_other", "zero_one_other", "east_slavic", "none"]
Script = Literal["latin", "cyrillic", "han"]

DEFAULT_LANGUAGE = "en"
"""What a reply falls back to when nothing else is known."""


class Endings(BaseModel):
    """Inflectional endings the word matcher tolerates (data, per language): `cut` may be dropped from
    a word ("shoulders" → "shoulder"), `short` may follow a three-letter word ("rows"), and `gain` are
    the only endings an English word may take ("lat" is not "late")."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cut: list[str] = Field(default_factory=list)
    short: list[str] = Field(default_factory=list)
    gain: list[str] = Field(default_factory=list)


class Language(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    code: str
    name: str
    native_name: str
    fallback: str | None
    """Where a missing catalogue or word is looked up next (zh-Hans → zh-Hant → en)."""
    plural_rule: PluralRule
    script: Script
    lingua: str
    """The language's name in lingua's `Language` enum (both Chinese scripts are CHINESE)."""
    list_separator: str
    final_separator: str
    """Before a list's last item; `{and}` is the catalogue's word for "and"."""
    endings: Endings
    understood: bool = True
    """False for a language the coach answers in but reads through another (zh-Hans)."""


def data_dir() -> Traversable:
    return resources.files("fitcoach.languages").joinpath("data")


def data_file(code: str, name: str) -> Traversable:
    """`data/<code>/<name>`: one language's file of words."""
    return data_dir().joinpath(code).joinpath(name)


@cache
def _all() -> dict[str, Language]:
    found: dict[str, Language] = {}
    for folder in sorted(data_dir().iterdir(), key=lambda f: f.name):
        spec = folder.joinpath("language.json")
        if folder.is_dir() and spec.is_file():
            language = Language.model_validate(json.loads(spec.read_text("utf-8")))
            found[language.code] = language
    return found


def supported() -> tuple[str, ...]:
    """Every language the coach answers in (a data folder with a `language.json`)."""
    return tuple(_all())


def understood() -> tuple[str, ...]:
    """Languages whose messages are read with their own lexicon (en, fr, pt, ru, zh-Hant)."""
    return tuple(code for code, language in _all().items() if language.understood)


def get_language(code: str) -> Language | None:
    return _all().get(code)


def fallback_chain(code: str) -> list[str]:
    """`code`, then its fallbacks, ending in the default language: zh-Hans → zh-Hant → en."""
    chain: list[str] = []
    current: str | None = code
    while current is not None and current not in chain:
        language = get_language(current)
        if language is None:
            break
        chain.append(current)
        current = language.fallback
    if DEFAULT_LANGUAGE not in chain:
        chain.append(DEFAULT_LANGUAGE)
    return chain


def plural_form(code: str, count: int, forms: list[str]) -> str:
    """The noun form for `count` by the language's plural rule: ru one/few/many (1 подход, 2–4
    подхода, 5+ подходов), fr counts 0 and 1 as one, en/pt one/other, Chinese has one form."""
    language = get_language(code)
    rule = language.plural_rule if language is not None else "one_other"
    n = abs(count)
    if rule == "east_slavic" and len(forms) >= 3:
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    one = n <= 1 if rule == "zero_one_other" else n == 1
    return forms[0] if one or len(forms) == 1 else forms[1]
