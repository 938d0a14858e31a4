"""The answer contract as the compact JSON Schema sent with every LLM turn: each object (day, block,
exercise, memory entry) and the library's slug enum is defined once in `$defs` and referenced.

Gemini bills `responseJsonSchema` as input on every request and a context cache cannot hold it, so
its size is paid per turn: no titles, defaults or descriptions (the cached prefix explains the
contract), no string lengths (the guard checks them). Two flavours share one converter:

- `strict`, for OpenAI's strict structured outputs: every property required, no extra properties,
  a field that may be null typed as a union with null.
- `lean`, for Gemini: only the contract's own required fields are required (an optional field may be
  left out); a `$ref` never has siblings and an enum never holds null
  (Gemini's rules), so a nullable reference or enum is an `anyOf` with null.

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
    converter = _Converter(strict=strict)
    converted = {name: converter.node(schema) for name, schema in defs.items() if name != root}
    return {**converter.node(defs[root]), "$defs": converted}


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
