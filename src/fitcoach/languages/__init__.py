"""Languages as one part of the product: the registry of supported languages and, under `data/<code>/`,
every word the server reads or writes (lexicons, fact words, message catalogues, cue books, UI text).

Code elsewhere holds no natural-language words: it asks this package. Adding a language is a data
folder (`language.json`, `lexicon.json`, `facts.json`, `grammar.json`, `catalog.json`, `cues.json`,
`ui.json`), not code edits. `corpus/` holds the labelled corpus of the understanding models (issue 14).
"""

from fitcoach.languages.registry import Language, fallback_chain, get_language, supported, understood

__all__ = ["Language", "fallback_chain", "get_language", "supported", "understood"]
