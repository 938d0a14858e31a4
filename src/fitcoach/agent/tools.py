"""The three read-only analytics tools as models see them (R35-R37), spelled exactly as the seeds spell
them, plus their argument repair and each provider's declaration format."""

from __future__ import annotations

import copy
from typing import Any

TOOL_DECLARATIONS: list[dict[str, Any]] = [
    {
        "name": "get_historical_exercise_logs",
        "description": (
            "Retrieves the user's past logged performance data (sets, weight lifted, reps completed, "
            "perceived exertion) for a specific exercise slug."
        ),
        "parameters": {
            "type": "OBJECT",
            "properties": {
                "exercise_slug": {
                    "type": "STRING",
                    "description": (
                        "The exact slug matching the exercise encyclopedia (e.g. 'incline-db-bench-press')."
                    ),
                },
                "limit_sessions": {
                    "type": "INTEGER",
                    "description": "Number of recent workout sessions to fetch (default: 3, max: 10).",
                },
            },
            "required": ["exercise_slug"],
        },
    },
    {
        "name": "get_volume_trends",
        "description": (
            "Calculates total volume (lbs) and hard set counts for a specified muscle group over past "
            "training weeks."
        ),
        "parameters": {
            "type": "OBJECT",
            "properties": {
                "muscle_group": {
                    "type": "STRING",
                    "description": "Target muscle group (e.g. 'Chest', 'Back', 'Quads', 'Shoulders').",
                },
                "weeks_back": {
                    "type": "INTEGER",
                    "description": "Number of past weeks to aggregate (default: 4, max: 12).",
                },
            },
            "required": ["muscle_group"],
        },
    },
    {
        "name": "get_pr_records",
        "description": "Retrieves all-time Personal Records and benchmark lifts for a specific exercise.",
        "parameters": {
            "type": "OBJECT",
            "properties": {
                "exercise_slug": {"type": "STRING", "description": "The exact exercise slug."},
            },
            "required": ["exercise_slug"],
        },
    },
]

ARGUMENT_ALIASES: dict[str, dict[str, str]] = {
    "get_historical_exercise_logs": {"limit": "limit_sessions"},
}
"""R35 decision: the source's own intent-7 example calls the tool with `limit`."""


def canonical_tool_args(name: str, args: dict[str, Any]) -> dict[str, Any]:
    """Arguments with known aliases renamed; the spelled-out name wins when a model sends both."""
    aliases = ARGUMENT_ALIASES.get(name, {})
    out: dict[str, Any] = {}
    for key, value in args.items():
        canonical = aliases.get(key, key)
        if canonical != key and canonical in args:
            continue
        out[canonical] = value
    return out


def openai_tools(declarations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Strict function tools for chat completions: lower-case JSON Schema, every parameter required,
    optional ones nullable (strict mode has no optional keys)."""
    tools: list[dict[str, Any]] = []
    for declaration in declarations:
        parameters = copy.deepcopy(declaration["parameters"])
        required = set(parameters.get("required", []))
        properties: dict[str, Any] = {}
        for name, schema in parameters["properties"].items():
            kind = str(schema["type"]).lower()
            properties[name] = {**schema, "type": kind if name in required else [kind, "null"]}
        tools.append(
            {
                "type": "function",
                "function": {
                    "name": declaration["name"],
                    "description": declaration["description"],
                    "strict": True,
                    "parameters": {
                        "type": "object",
                        "properties": properties,
                        "required": list(properties),
                        "additionalProperties": False,
                    },
                },
            }
        )
    return tools


def drop_null_args(args: dict[str, Any]) -> dict[str, Any]:
    """Strict tools send optional parameters as null; the tool's own default should apply instead."""
    return {key: value for key, value in args.items() if value is not None}
