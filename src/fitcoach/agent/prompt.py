"""The static prompt prefix (R1): byte-identical for every user and turn, so providers can cache it.

It holds the persona and voice, the programming rules, the compact exercise index, the memory
protocol, the routing rules, the tools, the output contract and worked examples of all eight request
types. Nothing here reads the clock or the user; the only input is the exercise library.
"""

from __future__ import annotations

import hashlib
import json
import math
import weakref
from functools import lru_cache
from importlib import resources
from typing import Any

from fitcoach.agent.prompt_examples import Example, ExampleBuilder, first_examples
from fitcoach.agent.prompt_examples_more import later_examples
from fitcoach.engine.modifications import registry_text
from fitcoach.languages.answers import book_text
from fitcoach.library import ExerciseLibrary

CHARS_PER_TOKEN = 4
"""Offline token estimate: ~4 characters per token for English prose (Gemini and OpenAI documentation
both quote this). JSON punctuation and non-Latin scripts tokenise denser, so for this prefix the real
count is higher than the estimate; the estimate is a safe lower bound for the 4,096-token minimum."""

MIN_CACHE_TOKENS = 4096
"""Gemini 3 context caches need at least this many tokens; the worked examples carry the prefix there."""


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def render_json(value: Any) -> str:
    """One canonical rendering (sorted keys, no spacing variance) so the prefix never drifts."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def worked_examples(library: ExerciseLibrary) -> list[Example]:
    builder = ExampleBuilder(library)
    return [*first_examples(builder), *later_examples(builder)]


def _render_example(example: Example) -> str:
    parts = [
        f"### Example {example.title}",
        "[RUNTIME CONTEXT BLOCK (excerpt)]",
        example.context,
        "[USER MESSAGE / CHIP INPUT]",
        json.dumps(example.message, ensure_ascii=False),
    ]
    if example.tool_trace:
        parts += ["[TOOL CALLS BEFORE ANSWERING]", example.tool_trace]
    parts += ["[YOUR ANSWER]", render_json(example.answer)]
    return "\n".join(parts)


INDEX_PLACEHOLDER = "{{EXERCISE_INDEX}}"
MODIFICATIONS_PLACEHOLDER = "{{MODIFICATIONS}}"
ANSWER_BOOK_PLACEHOLDER = "{{ANSWER_BOOK}}"


@lru_cache(maxsize=1)
def prefix_text() -> str:
    """The prose sections 1-8 (`prompt_prefix.md`), adapted from the source's system instructions and
    our SPEC decisions; the exercise index and the examples are inserted by `build_prefix`."""
    return resources.files("fitcoach.agent").joinpath("prompt_prefix.md").read_text(encoding="utf-8")


def build_prefix(library: ExerciseLibrary) -> str:
    prose = prefix_text().replace(INDEX_PLACEHOLDER, library.compact_index())
    prose = prose.replace(MODIFICATIONS_PLACEHOLDER, registry_text())
    # the offline coach's answer book, so every brain states the same sourced figures
    prose = prose.replace(ANSWER_BOOK_PLACEHOLDER, book_text("en"))
    examples = "\n\n".join(_render_example(e) for e in worked_examples(library))
    return f"{prose}\n{examples}\n"


_PREFIXES: weakref.WeakKeyDictionary[ExerciseLibrary, str] = weakref.WeakKeyDictionary()
"""Built prefixes by library object: building one renders ~48 KB of examples (about 5 ms), too much
to repeat every turn. Libraries are immutable, so an object's prefix never changes."""


def static_prefix(library: ExerciseLibrary) -> str:
    """The prefix for `library` (the turn's), built once per library object."""
    prefix = _PREFIXES.get(library)
    if prefix is None:
        prefix = _PREFIXES[library] = build_prefix(library)
    return prefix


def prefix_hash(model: str, prefix: str, tools: list[dict[str, Any]]) -> str:
    """Cache key: a change to the model, a byte of the prefix or a tool declaration is a new cache."""
    payload = render_json({"model": model, "prefix": prefix, "tools": tools})
    return hashlib.sha256(payload.encode()).hexdigest()
