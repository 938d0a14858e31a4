"""Forgetting everything is the user's decision, never a model's: a message asking to forget all
memory ("forget everything you know about me", "oublie tout", "забудь всё", "忘記一切") makes the
turn write nothing; the coach proposes it, and only the user's confirmation (a chip, or the Me tab)
deletes memory (`services.memory.forget_all`)."""

from __future__ import annotations

import re
from functools import cache

from fitcoach.languages.grammar import fragments
from fitcoach.languages.text import all_han, fold


@cache
def _pattern() -> re.Pattern[str]:
    parts = [
        re.escape(fold(phrase))
        if all_han(phrase.replace(" ", ""))
        else r"(?<![^\W\d_])" + re.escape(fold(phrase))
        for phrase in fragments("forget_all")
    ]
    return re.compile("|".join(parts) or "(?!)")


def asks_to_forget_everything(message: str) -> bool:
    """Whether the message asks to forget all memory, in any supported language."""
    return bool(_pattern().search(fold(message)))
