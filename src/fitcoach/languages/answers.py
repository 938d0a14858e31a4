"""The answer book's data (`data/<code>/answers.json`): per knowledge topic, a short sourced answer,
the same answer in one unit, and lines that tailor it to a user's plan, numbers or goal. The offline
coach phrases its answers from it (`agent/offline/answering/book.py`); the LLM brains read the
English book in their static prefix, so every brain states the same figures."""

from __future__ import annotations

import json
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fitcoach.languages.registry import data_file, fallback_chain

Unit = Literal["kg", "lb"]


class TopicAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    sources: list[str] = Field(min_length=1)
    """Keys of `docs/reference/answers.md`: the papers whose figures the answer states."""
    answer: str
    by_unit: dict[Unit, str] = Field(default_factory=dict)
    """The core stated in one unit, for a user whose unit is known."""
    tailored: dict[str, str] = Field(default_factory=dict)
    """Sentences about the user's plan or numbers, with slots ("{muscle}", "{sets}")."""
    by_goal: dict[str, str] = Field(default_factory=dict)


class AnswerBook(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    lang: str
    topics: dict[str, TopicAnswer]


@cache
def load_book(lang: str) -> AnswerBook:
    """The book of `lang`, else of the first language along its fallbacks that has one."""
    for code in fallback_chain(lang):
        path = data_file(code, "answers.json")
        if path.is_file():
            return AnswerBook.model_validate(json.loads(path.read_text("utf-8")))
    raise LookupError(f"no answer book for {lang!r}")


def book_text(lang: str = "en") -> str:
    """One line per topic, "- topic: answer", for a prompt."""
    return "\n".join(f"  - {topic}: {entry.answer}" for topic, entry in load_book(lang).topics.items())
