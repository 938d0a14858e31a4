"""The language a text is written in, for whoever needs it outside the offline coach (R9)."""

from __future__ import annotations

from fitcoach.agent.offline.understanding.language import identify
from fitcoach.agent.offline.understanding.normalize import fold


def detect_language(text: str) -> str:
    """A BCP-47-ish code: en, fr, pt, ru, zh-Hant, zh-Hans, es (the language of most of the text)."""
    return identify(text, fold(text)).lang
