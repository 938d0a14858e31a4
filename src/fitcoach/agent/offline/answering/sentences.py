"""Counting and limiting sentences exactly as the eval does (split after . ! ? 。！？)."""

from __future__ import annotations

import re

_SPLIT = re.compile(r"(?<=[.!?。！？])\s*")
_LIST_MARKER = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")


def _pieces(message: str) -> list[str]:
    pieces: list[str] = []
    for line in message.splitlines():
        line = _LIST_MARKER.sub("", line).strip()
        if not line:
            continue
        pieces.extend(part for part in _SPLIT.split(line) if part.strip(" .!?。！？"))
    return pieces


def count_sentences(message: str) -> int:
    """Sentences after splitting on terminal punctuation, ignoring list markers and blank lines."""
    return len(_pieces(message))


def limit_sentences(message: str, limit: int) -> str:
    """The first `limit` sentences of a one-paragraph message (R8 brevity as a hard guarantee)."""
    if count_sentences(message) <= limit:
        return message
    kept = _pieces(message)[:limit]
    joiner = "" if any("\u3000" <= ch <= "\u9fff" for ch in message) else " "
    return joiner.join(piece.strip() for piece in kept)
