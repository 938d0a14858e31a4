"""Answering: message catalogues per language, deterministic phrasing, tone, brevity and diffs."""

from fitcoach.agent.offline.answering.catalog import Catalog, load_catalog, render
from fitcoach.agent.offline.answering.sentences import count_sentences, limit_sentences

__all__ = ["Catalog", "count_sentences", "limit_sentences", "load_catalog", "render"]
