"""The answer contract as schemas: plain JSON Schema, and Gemini's legacy OpenAPI subset for models
before Gemini 2.5. The compact schemas sent with each turn are in `contract.wire_schema`.

All come from the Pydantic models in `contract.models`, so a field added there appears in every
dialect. The strict variants close `exercise_id` to the library's slugs (R20, R40).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from pydantic.json_schema import models_json_schema

from fitcoach.contract.models import CoachReply, Tier1Entry, Tier2Entry, Tier3Entry, Weekday

JsonSchema = dict[str, Any]

_ENTRY_DEFS = ("Tier1Entry", "Tier2Entry", "Tier3Entry")

MERGED_UNION_NOTE = (
    "One object for several shapes: fill only the fields of the shape that applies "
    "and set the others to null."
)
"""Gemini's schema dialect has no usable `anyOf` for objects, so a day-or-week `data` (and a tier's
`entry`) is one object whose properties are the union of the shapes' fields, all nullable. The
contract models, not the schema, then decide which shape it is from `proposal.type`/`target_tier`."""


@lru_cache(maxsize=1)
def _base_defs() -> tuple[str, JsonSchema]:
    """Pydantic's validation schema with `MemoryMutation.entry` typed as one of the three tiers."""
    _, schema = models_json_schema(
        [(model, "validation") for model in (CoachReply, Tier1Entry, Tier2Entry, Tier3Entry)],
        ref_template="#/$defs/{model}",
    )
    defs: JsonSchema = schema["$defs"]
    # The model keeps `entry` a dict so it can be validated per tier later; the schema tells the model
    # which three shapes are allowed.
    defs["MemoryMutation"]["properties"]["entry"] = {
        "anyOf": [*({"$ref": f"#/$defs/{name}"} for name in _ENTRY_DEFS), {"type": "null"}],
        "default": None,
        "title": "Entry",
    }
    return "CoachReply", defs


def base_defs(slugs: Iterable[str] | None = None) -> tuple[str, JsonSchema]:
    """The root's name and a private copy of the definitions; with `slugs`, `exercise_id` is closed
    to them."""
    root, defs = _base_defs()
    defs = copy.deepcopy(defs)
    if slugs is not None:
        field = defs["PlannedExercise"]["properties"]["exercise_id"]
        field["enum"] = sorted(slugs)
        field.pop("minLength", None)
        field.pop("maxLength", None)
    return root, defs


def coach_reply_json_schema(slugs: Iterable[str] | None = None) -> JsonSchema:
    """JSON Schema (draft 2020-12) of `CoachReply`; with `slugs`, `exercise_id` is an enum of them."""
    root, defs = base_defs(slugs)
    top = defs.pop(root)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **top, "$defs": defs}


# --- Gemini ----------------------------------------------------------------------------------------

_GEMINI_KEYS = {
    "description",
    "enum",
    "maxItems",
    "minItems",
    "maximum",
    "minimum",
    "maxLength",
    "minLength",
}
_GEMINI_FORMATS = {"date-time"}  # the API documents only enum/date-time formats for strings


def gemini_response_schema(slugs: Iterable[str] | None = None) -> JsonSchema:
    """The OpenAPI-subset schema Gemini's `response_schema` takes: upper-case types, `nullable`,
    `propertyOrdering`, no `$ref`/`anyOf`. Day-or-week `data` is a merged object (MERGED_UNION_NOTE).

    Every object is inlined (the day eight times, the slug enum with it), about four times the size of
    `wire_schema.lean_response_schema`: only models without `response_json_schema` get it."""
    root, defs = base_defs(slugs)
    return _gemini(defs[root], defs)


def _resolve(node: JsonSchema, defs: JsonSchema) -> JsonSchema:
    while "$ref" in node:
        node = defs[node["$ref"].rsplit("/", 1)[-1]]
    return node


def _gemini(node: JsonSchema, defs: JsonSchema) -> JsonSchema:
    node = _resolve(node, defs)
    if "anyOf" in node:
        members = [_resolve(m, defs) for m in node["anyOf"]]
        real = [m for m in members if m.get("type") != "null"]
        if len(real) == 1:
            out = _gemini({**real[0], **_annotations(node)}, defs)
        elif all(m.get("type") == "object" for m in real):
            out = _merge_objects([_gemini(m, defs) for m in real])
        else:
            raise ValueError(f"cannot express a union of {real!r} for Gemini")
        if len(real) < len(members):
            out["nullable"] = True
        return out
    kind = node.get("type")
    out = {key: node[key] for key in _GEMINI_KEYS if key in node}
    if node.get("format") in _GEMINI_FORMATS:
        out["format"] = node["format"]
    if kind == "object":
        out["type"] = "OBJECT"
        properties = node.get("properties")
        if properties is None and "propertyNames" in node:
            # dict[Weekday, DayPlan]: Gemini needs the keys spelled out.
            value = node["additionalProperties"]
            properties = {day.value: value for day in Weekday}
        properties = properties or {}
        out["properties"] = {name: _gemini(schema, defs) for name, schema in properties.items()}
        out["propertyOrdering"] = list(properties)
        required = node.get("required")
        if required:
            out["required"] = list(required)
    elif kind == "array":
        out["type"] = "ARRAY"
        out["items"] = _gemini(node["items"], defs)
    elif isinstance(kind, str):
        out["type"] = kind.upper()
    else:
        raise ValueError(f"schema node without a type: {node!r}")
    return out


def _annotations(node: JsonSchema) -> JsonSchema:
    return {key: node[key] for key in ("description",) if key in node}


def _merge_objects(members: list[JsonSchema]) -> JsonSchema:
    properties: dict[str, JsonSchema] = {}
    for member in members:
        for name, schema in member["properties"].items():
            known = properties.get(name)
            if known is not None and known.get("type") != schema.get("type"):
                raise ValueError(f"field {name!r} has different types in a merged union")
            properties.setdefault(name, {**schema, "nullable": True})
    return {
        "type": "OBJECT",
        "description": MERGED_UNION_NOTE,
        "properties": properties,
        "propertyOrdering": list(properties),
    }
