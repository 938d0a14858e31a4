"""What a sentence is, for R8's brevity: one definition shared by the coach that limits its answers
and the eval that judges them, so the two can never disagree.

A sentence ends at `.`, `!` or `?` followed by whitespace or the end of the line (so "2.5 kg" and
"e.g.x" stay whole), or right after `。！？`. List markers and blank lines are not sentences.
"""

from __future__ import annotations

import re

_LIST_MARKER = re.compile(r"^\s*(?:[-*•+]|\d+[.)])\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?])(?:\s+|$)|(?<=[。！？])")
_CJK = re.compile(r"[\u3000-\u9fff]")


def sentences(message: str) -> list[str]:
    """The message's sentences in order, stripped."""
    found: list[str] = []
    for line in message.splitlines():
        text = _LIST_MARKER.sub("", line).strip()
        if text:
            found.extend(part.strip() for part in _SENTENCE_END.split(text) if part.strip())
    return found


def count_sentences(message: str) -> int:
    return len(sentences(message))


def limit_sentences(message: str, limit: int) -> str:
    """The first `limit` sentences (R8 brevity as a hard guarantee); a message within it is returned
    unchanged. Chinese sentences are joined without spaces."""
    found = sentences(message)
    if len(found) <= limit:
        return message
    return ("" if _CJK.search(message) else " ").join(found[:limit])


__all__ = ["count_sentences", "limit_sentences", "sentences"]
