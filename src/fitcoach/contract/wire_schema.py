"""The answer contract as the compact JSON Schema sent with every LLM turn: each object (day, block,
exercise, memory entry) and the library's slug enum is defined once in `$defs` and referenced.

Gemini bills `responseJsonSchema` as input on every request and a context cache cannot hold it, so
its size is paid per turn: no titles, defaults or descriptions (the cached prefix explains the
contract), no string lengths (the guard checks them). Two flavours share one converter:

- `strict`, for OpenAI's strict structured outputs: every property required, no extra properties,
  a field that may be null typed as a union with null.
- `lean`, for Gemini: only the contract's own required fields are required (an optional field may be
  left out); a `$ref` never has siblings and an enum never holds null
  (Gemini's rules), so a nullable reference or enum is an `anyOf` with null. It also leaves out the
  fields the server owns (`SERVER_OWNED`): the guard fills them, so the model need not write them and
  Gemini does not bill them on every turn.

Both accept null exactly where the contract does (R30's NONE proposal writes `data: null`).

Both close `exercise_id` to the library's slugs (R20, R40) and keep the numeric and list bounds.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from fitcoach.contract.models import Weekday
from fitcoach.contract.schema import base_defs

JsonSchema = dict[str, Any]

SERVER_OWNED: dict[str, frozenset[str]] = {
    "Proposal": frozenset({"id"}),
    "PlannedExercise": frozenset({"name"}),
    "DayPlan": frozenset(
        {
            "date",
            "day_of_week",
            "status",
            "completed_log_id",
            "completed_at",
            "duration_minutes",
            "estimated_volume_lbs",
            "muscle_focus",
        }
    ),
    "WeeklyPlan": frozenset({"summary"}),
}
"""Contract fields the server sets whatever the model writes, by definition: the proposal id (the
staging row's), the exercise name (the library's, R31), a day's calendar and status (the week's and
the logs', R31), and the estimates (`guard.fill_missing_estimates` computes them from the blocks).
They stay in the contract and in every reply; only the lean wire schema leaves them out."""

SERVER_ONLY: dict[str, frozenset[str]] = {
    "PlannedExercise": frozenset({"target_load", "tempo"}),
    "WeeklyPlan": frozenset({"program"}),
}
"""Fields only the program writes (issue 18): loads from the user's logs, a bodyweight exercise's
slower tempo and the week's place in its block. Neither flavour offers them to a model; the server
carries them over (`engine/program`)."""

_KEPT = ("enum", "minimum", "maximum", "minItems", "maxItems")
_STRICT_FORMATS = frozenset({"date", "date-time"})
_LEAN_FORMATS = frozenset({"date-time"})
"""Formats each API documents for strings; any other date check is the guard's."""


def strict_response_schema(slugs: Iterable[str] | None = None) -> JsonSchema:
    """OpenAI strict-mode schema of `CoachReply` (with `$defs`)."""
    return copy.deepcopy(_build(_key(slugs), strict=True))


def openai_response_format(slugs: Iterable[str] | None = None) -> JsonSchema:
    """`response_format` for chat completions in strict mode. A week's `days` lists all seven (R33)."""
    schema = strict_response_schema(slugs)
    return {"type": "json_schema", "json_schema": {"name": "coach_reply", "strict": True, "schema": schema}}


def lean_response_schema(slugs: Iterable[str] | None = None) -> JsonSchema:
    """Gemini `response_json_schema` of `CoachReply` (with `$defs`)."""
    return copy.deepcopy(_build(_key(slugs), strict=False))


def _key(slugs: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if slugs is None else tuple(sorted(slugs))


@lru_cache(maxsize=8)  # built once per library; callers get a copy they may change
def _build(slugs: tuple[str, ...] | None, *, strict: bool) -> JsonSchema:
    root, defs = base_defs(slugs)
    defs = _without(defs, SERVER_ONLY)
    if not strict:
        defs = _without(defs, SERVER_OWNED)
    defs = _reachable(root, defs)
    converter = _Converter(strict=strict)
    converted = {name: converter.node(schema) for name, schema in defs.items() if name != root}
    return {**converter.node(defs[root]), "$defs": converted}


def _without(defs: JsonSchema, fields: dict[str, frozenset[str]]) -> JsonSchema:
    for name, owned in fields.items():
        node = defs[name]
        node["properties"] = {key: value for key, value in node["properties"].items() if key not in owned}
        if "required" in node:
            node["required"] = [key for key in node["required"] if key not in owned]
    return defs


def _reachable(root: str, defs: JsonSchema) -> JsonSchema:
    """Only the definitions still referenced from the root (a dropped field may leave one unused)."""
    seen: set[str] = set()
    stack = [root]
    while stack:
        name = stack.pop()
        if name not in seen:
            seen.add(name)
            stack.extend(_ref_names(defs[name]))
    return {name: schema for name, schema in defs.items() if name in seen}


def _ref_names(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"].rsplit("/", 1)[-1]] if "$ref" in node else []
        return own + [name for value in node.values() for name in _ref_names(value)]
    if isinstance(node, list):
        return [name for value in node for name in _ref_names(value)]
    return []


class _Converter:
    def __init__(self, *, strict: bool) -> None:
        self.strict = strict
        self.formats = _STRICT_FORMATS if strict else _LEAN_FORMATS

    def node(self, node: JsonSchema, *, nullable: bool = False) -> JsonSchema:
        if "$ref" in node:
            ref = {"$ref": node["$ref"]}
            return {"anyOf": [ref, {"type": "null"}]} if nullable else ref
        if "anyOf" in node:
            members = [m for m in node["anyOf"] if m.get("type") != "null"]
            has_null = nullable or len(members) < len(node["anyOf"])
            if len(members) == 1:
                return self.node(members[0], nullable=has_null)
            converted = [self.node(m) for m in members]
            if has_null:
                converted.append({"type": "null"})
            return {"anyOf": converted}
        kind = node.get("type")
        if not isinstance(kind, str):
            raise ValueError(f"schema node without a type: {node!r}")
        out = {key: node[key] for key in _KEPT if key in node}
        if node.get("format") in self.formats:
            out["format"] = node["format"]
        if kind == "object":
            out |= self._object(node)
        elif kind == "array":
            out["items"] = self.node(node["items"])
        if nullable and "enum" in out:
            if not self.strict:
                return {"anyOf": [{"type": kind, **out}, {"type": "null"}]}
            out["enum"] = [*out["enum"], None]
        return {"type": [kind, "null"] if nullable else kind, **out}

    def _object(self, node: JsonSchema) -> JsonSchema:
        properties = node.get("properties")
        if properties is None and "propertyNames" in node:
            # dict[Weekday, DayPlan]: both APIs need the keys spelled out.
            properties = {day.value: node["additionalProperties"] for day in Weekday}
        properties = properties or {}
        out: JsonSchema = {"properties": {name: self.node(s) for name, s in properties.items()}}
        if self.strict:
            # Strict mode requires every key; a field is nullable only where the contract accepts
            # null, so an omitted-with-default field (e.g. `title`) must be written out.
            out["required"] = list(properties)
        elif node.get("required"):
            out["required"] = list(node["required"])
        # Closed in both flavours: otherwise a week would also match the (all-optional) day of the
        # day-or-week `data` union.
        out["additionalProperties"] = False
        return out
