"""What the real APIs refuse in a response schema, so the fakes refuse it too (HTTP 400).

Gemini's `responseJsonSchema` takes a documented subset of JSON Schema, and a `$ref` may have no
sibling keys but `$`-prefixed ones. OpenAI's strict `json_schema` needs a root object, every object
closed (`additionalProperties: false`) with every property required, and its own keyword subset.
Each check returns the first problem as the API would word it, or None.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

GEMINI_KEYWORDS = frozenset(
    {
        "$id",
        "$defs",
        "$ref",
        "$anchor",
        "type",
        "format",
        "title",
        "description",
        "enum",
        "items",
        "prefixItems",
        "minItems",
        "maxItems",
        "minimum",
        "maximum",
        "anyOf",
        "oneOf",
        "properties",
        "additionalProperties",
        "required",
        "propertyOrdering",
    }
)
OPENAI_STRICT_KEYWORDS = frozenset(
    {
        "$defs",
        "$ref",
        "type",
        "format",
        "pattern",
        "title",
        "description",
        "enum",
        "const",
        "items",
        "minItems",
        "maxItems",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "anyOf",
        "properties",
        "additionalProperties",
        "required",
    }
)
JSON_TYPES = frozenset({"object", "array", "string", "number", "integer", "boolean", "null"})


def gemini_json_schema_problem(schema: Any) -> str | None:
    if not isinstance(schema, dict):
        return "response_json_schema must be an object"
    defs = schema.get("$defs", {})
    for path, node in _nodes(schema, "response_json_schema"):
        unknown = sorted(set(node) - GEMINI_KEYWORDS)
        if unknown:
            return f"Unsupported keyword {unknown[0]!r} at {path}"
        if "$ref" in node:
            siblings = [key for key in node if not key.startswith("$")]
            if siblings:
                return f"$ref at {path} cannot have sibling keys ({', '.join(siblings)})"
            if _target(node["$ref"], defs) is None:
                return f"unresolvable $ref {node['$ref']!r} at {path}"
        if not _types_known(node.get("type")):
            return f"unknown type {node.get('type')!r} at {path}"
        if any(not isinstance(value, str | int | float) for value in node.get("enum", [])):
            return f"enum at {path} may hold only strings and numbers"
    return None


def openai_strict_schema_problem(schema: Any) -> str | None:
    if not isinstance(schema, dict) or schema.get("type") != "object":
        return "Invalid schema for response_format: the root must be an object, not anyOf"
    defs = schema.get("$defs", {})
    for path, node in _nodes(schema, "response_format.json_schema.schema"):
        unknown = sorted(set(node) - OPENAI_STRICT_KEYWORDS)
        if unknown:
            return f"Invalid schema for response_format: {unknown[0]!r} is not permitted at {path}"
        if "$ref" in node and _target(node["$ref"], defs) is None:
            return f"Invalid schema for response_format: unresolvable $ref at {path}"
        if not _types_known(node.get("type")):
            return f"Invalid schema for response_format: unknown type at {path}"
        if "properties" in node:
            if node.get("additionalProperties") is not False:
                return f"Invalid schema for response_format: {path} needs additionalProperties false"
            if set(node.get("required", [])) != set(node["properties"]):
                return f"Invalid schema for response_format: {path} must require every property"
    return None


def _types_known(kind: Any) -> bool:
    kinds = kind if isinstance(kind, list) else [kind]
    return all(k is None or k in JSON_TYPES for k in kinds)


def _target(ref: Any, defs: dict[str, Any]) -> Any:
    prefix = "#/$defs/"
    if not isinstance(ref, str) or not ref.startswith(prefix):
        return None
    return defs.get(ref.removeprefix(prefix))


def _nodes(node: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every subschema with its path: properties, items, unions and definitions."""
    if not isinstance(node, dict):
        return
    yield path, node
    for key in ("properties", "$defs"):
        for name, child in (node.get(key) or {}).items():
            yield from _nodes(child, f"{path}.{key}.{name}")
    for key in ("anyOf", "oneOf", "prefixItems"):
        for index, child in enumerate(node.get(key) or []):
            yield from _nodes(child, f"{path}.{key}[{index}]")
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            yield from _nodes(node[key], f"{path}.{key}")
