"""The coach limits its answers with the same sentence definition the eval judges them by."""

from __future__ import annotations

from fitcoach.contract.sentences import count_sentences, limit_sentences

__all__ = ["count_sentences", "limit_sentences"]
