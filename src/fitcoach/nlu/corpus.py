"""The labelled corpus as typed items: plain text, character spans with roles, acts and topic."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable

from fitcoach.nlu.labels import ACTS, ROLES, TOPICS

_SPAN = re.compile(r"\[([^\[\]]+)\]\(([a-z_]+)\)")


class CorpusError(ValueError):
    """An item that does not follow SCHEMA.md."""


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    role: str


@dataclass(frozen=True)
class Item:
    id: str
    writer: str
    lang: str
    text: str
    spans: tuple[Span, ...]
    acts: tuple[str, ...]
    topic: str | None


def parse_annotated(annotated: str) -> tuple[str, tuple[Span, ...]]:
    """`"sore from [Friday](day_source)"` → the plain text and its spans in plain-text offsets."""
    parts: list[str] = []
    spans: list[Span] = []
    size = 0
    last = 0
    for match in _SPAN.finditer(annotated):
        parts.append(annotated[last : match.start()])
        size += match.start() - last
        words, role = match.group(1), match.group(2)
        if role not in ROLES:
            raise CorpusError(f"unknown role {role!r}")
        spans.append(Span(size, size + len(words), role))
        parts.append(words)
        size += len(words)
        last = match.end()
    parts.append(annotated[last:])
    text = "".join(parts)
    if "[" in text or "]" in text:
        raise CorpusError(f"stray bracket in {annotated!r}")
    return text, tuple(spans)


def parse_item(raw: dict[str, object]) -> Item:
    acts = tuple(str(a) for a in raw["acts"])  # type: ignore[attr-defined]
    if not 1 <= len(acts) <= 2 or any(a not in ACTS for a in acts):
        raise CorpusError(f"{raw.get('id')}: acts {acts}")
    topic = raw.get("topic")
    if topic is not None and topic not in TOPICS:
        raise CorpusError(f"{raw.get('id')}: topic {topic!r}")
    text, spans = parse_annotated(str(raw["annotated"]))
    return Item(
        id=str(raw["id"]),
        writer=str(raw["writer"]),
        lang=str(raw["lang"]),
        text=text,
        spans=spans,
        acts=acts,
        topic=str(topic) if topic is not None and "knowledge_question" in acts else None,
    )


def corpus_root() -> Traversable:
    return resources.files("fitcoach.languages").joinpath("corpus")


def iter_files(root: Traversable | None = None) -> Iterator[Traversable]:
    root = root or corpus_root()
    for folder in sorted(root.iterdir(), key=lambda t: t.name):
        if folder.is_dir():
            yield from sorted(
                (f for f in folder.iterdir() if f.name.endswith(".jsonl")), key=lambda t: t.name
            )


def load_corpus(root: Traversable | None = None) -> list[Item]:
    items: list[Item] = []
    for file in iter_files(root):
        for number, line in enumerate(file.read_text("utf-8").splitlines(), 1):
            if line.strip():
                try:
                    items.append(parse_item(json.loads(line)))
                except (KeyError, TypeError, json.JSONDecodeError, CorpusError) as exc:
                    raise CorpusError(f"{file.name}:{number}: {exc}") from exc
    return items
