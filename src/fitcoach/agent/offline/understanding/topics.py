"""Which general training topic a message is about: `choose_topic(text, lang) -> topic | None`,
and `read_topic`, which also says how the message asks it.

Both read the per-language topic words in `languages/data/<code>/topics.json`: `words` name a topic
("protein", "deload"), `asks` are phrases that by themselves ask the general question ("how much
protein", "what is a deload"), `requests` turn a question into a request for action ("can you…"),
`own` make it a question about the user's own record ("lately", "have I been doing"). They stand in
for the learned topic classifier of issue 14; `acting/knowledge.general_topic` stands in for the act
classifier. Keep callers on these functions so the classifiers can replace the word lists without
touching the coach."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from fitcoach.languages.lexicon import PhraseMatcher, function_words
from fitcoach.languages.registry import data_file, fallback_chain
from fitcoach.languages.text import fold, is_han, tokenize
from fitcoach.nlu.labels import TOPICS as SCHEMA_TOPICS

TOPICS: tuple[str, ...] = tuple(topic for topic in SCHEMA_TOPICS if topic != "other")
"""The knowledge topics of the corpus schema (`languages/corpus/SCHEMA.md`) that have an answer;
earlier ones win a tie."""


class TopicWords(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    lang: str
    words: dict[str, list[str]]
    asks: dict[str, list[str]]
    requests: list[str]
    own: list[str] = Field(default_factory=list)
    """Phrases that make a question about the user's own record ("have I been doing", "lately",
    "這個月"): a progress question for the logs, not a general one."""


@cache
def topic_words(lang: str) -> TopicWords:
    """The topic words of `lang`, else of the first language along its fallbacks that has them."""
    for code in fallback_chain(lang):
        path = data_file(code, "topics.json")
        if path.is_file():
            return TopicWords.model_validate(json.loads(path.read_text("utf-8")))
    raise LookupError(f"no topic words for {lang!r}")


def topic_vocabulary(lang: str) -> set[str]:
    """The folded words of `lang`'s topic phrases (Chinese left out: it is matched by substring)."""
    book = topic_words(lang)
    phrases = [p for table in (book.words, book.asks) for ps in table.values() for p in ps]
    phrases += book.requests + book.own
    return {t.text for p in phrases if not is_han(p) for t in tokenize(fold(p.rstrip("*!")))}


@cache
def _matcher(lang: str) -> PhraseMatcher:
    book = topic_words(lang)
    entries = [("word", key, book.lang, phrase) for key, phrases in book.words.items() for phrase in phrases]
    entries += [("ask", key, book.lang, phrase) for key, phrases in book.asks.items() for phrase in phrases]
    entries += [("request", "request", book.lang, phrase) for phrase in book.requests]
    entries += [("own", "own", book.lang, phrase) for phrase in book.own]
    return PhraseMatcher(entries, exact=function_words())


@dataclass(frozen=True)
class TopicReading:
    topic: str | None
    asked: bool
    """An `asks` phrase of the topic is in the message: it asks the general question by itself."""
    requested: bool
    """A request phrase ("can you", "peux-tu", "можешь") is in the message."""
    named: frozenset[str] = frozenset()
    """Every topic the message names, the chosen one included."""
    own: bool = False
    """The question is about the user's own record ("how many sets have I been doing lately?")."""


def read_topic(text: str, lang: str) -> TopicReading:
    """The topic with the most matched characters (an `asks` phrase counts twice), earlier topics
    winning ties; matched in the message's language and, for a mixed message, in English."""
    folded = fold(text)
    toks = tokenize(folded)
    found = [m for code in dict.fromkeys([lang, "en"]) for m in _matcher(code).find(folded, toks)]
    weight: dict[str, int] = {}
    for match in found:
        if match.category in ("word", "ask"):
            size = (match.end - match.start) * (2 if match.category == "ask" else 1)
            weight[match.key] = weight.get(match.key, 0) + size
    topic = max(weight, key=lambda key: (weight[key], -TOPICS.index(key))) if weight else None
    asked = any(m.category == "ask" and m.key == topic for m in found)
    requested = any(m.category == "request" for m in found)
    own = any(m.category == "own" for m in found)
    return TopicReading(topic, asked, requested, frozenset(weight), own)


def choose_topic(text: str, lang: str) -> str | None:
    """The knowledge topic `text` (in language `lang`) is about, or None."""
    return read_topic(text, lang).topic
