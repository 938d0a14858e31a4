"""Counted nouns in replies: a template names the noun's forms in a format spec, "{n} {n:подход|
подхода|подходов}", and the count picks one by the language's plural rule (1 подход, 2–4 подхода,
5+ подходов; "1 set", "2 sets")."""

from __future__ import annotations

import string
from collections.abc import Mapping

from fitcoach.languages.registry import plural_form

FORMS_SEPARATOR = "|"


def plural(lang: str, count: int, forms: list[str]) -> str:
    """The form of a noun for `count` by the language's plural rule (the registry's): Russian gives
    three forms (one, few, many); other languages give two (one, other), French counting 0 and 1 as one."""
    return plural_form(lang, count, forms)


class _Slot:
    """A slot value that formats as itself, or as the noun form its count asks for."""

    def __init__(self, lang: str, value: object) -> None:
        self.lang = lang
        self.value = value

    def __format__(self, spec: str) -> str:
        if FORMS_SEPARATOR not in spec:
            return format(self.value, spec)
        count = _count(self.value)
        return plural(self.lang, count, spec.split(FORMS_SEPARATOR)) if count is not None else ""


def _count(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return None


def fill(lang: str, template: str, slots: Mapping[str, object]) -> str:
    """`template` with its slots filled; a missing slot is empty, a counted noun takes its form."""
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return template.format(**{name: _Slot(lang, slots.get(name, "")) for name in names})
