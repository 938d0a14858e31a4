"""The contract schemas: the seeds validate, Gemini's SDK types accept its dialects, OpenAI's is strict,
and the schemas sent per turn define each object once."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from google.genai import types
from openai.types.chat import ChatCompletionFunctionTool
from openai.types.shared import ResponseFormatJSONSchema
from tests.lean_answers import lean_shaped

from fitcoach.agent.tools import TOOL_DECLARATIONS, openai_tools
from fitcoach.contract.models import CoachReply
from fitcoach.contract.normalize import missing_server_fields, normalize_reply
from fitcoach.contract.schema import coach_reply_json_schema, gemini_response_schema
from fitcoach.contract.wire_schema import (
    SERVER_ONLY,
    SERVER_OWNED,
    lean_response_schema,
    openai_response_format,
    strict_response_schema,
)
from fitcoach.library import get_library
from fitcoach.testing.schema_rules import gemini_json_schema_problem, openai_strict_schema_problem

SEEDS = ("onboarding_update_week.json", "monday_update_day.json")


def _seed(data_dir: Path, name: str) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads((data_dir / "seeds" / name).read_text())
    return raw


def _walk(node: dict[str, Any]) -> list[dict[str, Any]]:
    """Every schema node below `node` (following properties, items, unions and definitions)."""
    found = [node]
    children: list[dict[str, Any]] = [
        *node.get("properties", {}).values(),
        *node.get("$defs", {}).values(),
        *node.get("anyOf", []),
    ]
    if isinstance(node.get("items"), dict):
        children.append(node["items"])
    for child in children:
        found.extend(_walk(child))
    return found


@pytest.mark.parametrize("seed", SEEDS)
def test_seed_answers_validate_against_the_json_schema(data_dir: Path, seed: str) -> None:
    validator = jsonschema_rs.validator_for(coach_reply_json_schema(get_library().slugs))
    raw = _seed(data_dir, seed)
    assert validator.is_valid(raw)
    normalised = normalize_reply(
        CoachReply.model_validate(raw), library=get_library(), week_start=None, plan=None
    )
    assert validator.is_valid(normalised.model_dump(mode="json"))


def test_the_seed_day_is_incomplete_until_normalised(data_dir: Path) -> None:
    reply = CoachReply.model_validate(_seed(data_dir, "monday_update_day.json"))
    args: dict[str, Any] = {"library": get_library(), "week_start": date(2026, 9, 14), "plan": None}
    missing = missing_server_fields(reply, **args)
    assert "proposal.data.status" in missing
    assert "proposal.data.completed_log_id" in missing
    assert "proposal.data.blocks[1].exercises[0].name" in missing
    fixed = normalize_reply(reply, **args)
    assert missing_server_fields(fixed, **args) == []


def test_strict_json_schema_rejects_an_invented_slug(data_dir: Path) -> None:
    raw = _seed(data_dir, "monday_update_day.json")
    raw["proposal"]["data"]["blocks"][0]["exercises"][0]["exercise_id"] = "turbo-bench-press"
    assert jsonschema_rs.validator_for(coach_reply_json_schema()).is_valid(raw)
    assert not jsonschema_rs.validator_for(coach_reply_json_schema(get_library().slugs)).is_valid(raw)


def test_gemini_schema_is_accepted_by_the_sdk_without_loss() -> None:
    schema = gemini_response_schema(get_library().slugs)
    parsed = types.Schema.model_validate(schema)
    assert parsed.model_dump(by_alias=True, exclude_none=True, mode="json") == schema
    config = types.GenerateContentConfig(response_mime_type="application/json", response_schema=parsed)
    assert config.response_schema == parsed


def test_gemini_schema_has_no_refs_or_unions_and_expresses_day_or_week() -> None:
    schema = gemini_response_schema(get_library().slugs)
    nodes = _walk(schema)
    assert not any("$ref" in node or "anyOf" in node or "$defs" in node for node in nodes)
    data = schema["properties"]["proposal"]["properties"]["data"]
    assert data["nullable"] is True
    # the union of day fields and week fields, each nullable because only one shape applies
    assert {"blocks", "is_rest_day", "week_start_date", "days"} <= set(data["properties"])
    assert all(field["nullable"] for field in data["properties"].values())
    monday = data["properties"]["days"]["properties"]["monday"]
    slug = monday["properties"]["blocks"]["items"]["properties"]["exercises"]["items"]["properties"]
    assert slug["exercise_id"]["enum"] == sorted(get_library().slugs)
    assert {node["type"] for node in nodes if "type" in node} <= {
        "OBJECT",
        "ARRAY",
        "STRING",
        "INTEGER",
        "NUMBER",
        "BOOLEAN",
    }


def test_openai_schema_is_strict_everywhere() -> None:
    response_format = openai_response_format(get_library().slugs)
    assert response_format["json_schema"]["strict"] is True
    objects = [node for node in _walk(response_format["json_schema"]["schema"]) if "properties" in node]
    assert objects
    for node in objects:
        assert node["additionalProperties"] is False
        assert node["required"] == list(node["properties"])
    for node in _walk(response_format["json_schema"]["schema"]):
        assert "default" not in node and "minLength" not in node and "propertyNames" not in node


def test_openai_schema_nullables_and_seven_days() -> None:
    schema = openai_response_format()["json_schema"]["schema"]
    day = schema["$defs"]["DayPlan"]["properties"]
    assert day["completed_log_id"]["type"] == ["string", "null"]
    assert day["title"]["type"] == "string"
    week = schema["$defs"]["WeeklyPlan"]["properties"]["days"]
    assert list(week["properties"]) == [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
    data = schema["$defs"]["Proposal"]["properties"]["data"]
    assert data["anyOf"][-1] == {"type": "null"}
    assert {"$ref": "#/$defs/DayPlan"} in data["anyOf"]


_EXERCISE_FIELDS = {"__all__": {"exercises": {"__all__": set(SERVER_ONLY["PlannedExercise"])}}}
_DAY_FIELDS = {"blocks": _EXERCISE_FIELDS}
_SERVER_ONLY: Any = {
    "proposal": {
        "data": {
            **dict.fromkeys(SERVER_ONLY["WeeklyPlan"], True),
            "blocks": _EXERCISE_FIELDS,
            "days": {"__all__": _DAY_FIELDS},
        }
    }
}


@pytest.mark.parametrize("seed", SEEDS)
def test_openai_strict_schema_takes_a_complete_normalised_seed(data_dir: Path, seed: str) -> None:
    """What a strict model must write: every key present; the normalised seeds are such answers."""
    reply = normalize_reply(
        CoachReply.model_validate(_seed(data_dir, seed)),
        library=get_library(),
        week_start=date(2026, 9, 14),
        plan=None,
    )
    schema = openai_response_format(get_library().slugs)["json_schema"]["schema"]
    # the program's fields (target loads, the week's block) are the server's: no model writes them
    dumped = reply.model_dump(mode="json", exclude=_SERVER_ONLY)
    for mutation in dumped["memory_mutations"]:
        entry = mutation["entry"]
        model = mutation["target_tier"]
        assert model == "tier_1_staples"
        full = {name: None for name in schema["$defs"]["Tier1Entry"]["properties"]}
        mutation["entry"] = {**full, **entry}
    errors = [str(error) for error in jsonschema_rs.validator_for(schema).iter_errors(dumped)]
    assert errors == []


def test_openai_sdk_types_accept_the_response_format_and_tools() -> None:
    parsed = ResponseFormatJSONSchema.model_validate(openai_response_format(get_library().slugs))
    assert parsed.json_schema.strict is True
    assert parsed.json_schema.schema_ is not None
    for tool in openai_tools(TOOL_DECLARATIONS):
        assert ChatCompletionFunctionTool.model_validate(tool).function.strict is True


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if "$ref" in node else []
        return own + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for value in node for ref in _refs(value)]
    return []


@pytest.mark.parametrize("build", [lean_response_schema, strict_response_schema], ids=["lean", "strict"])
def test_wire_schemas_define_each_object_and_the_slug_enum_once(build: Any) -> None:
    schema = build(get_library().slugs)
    text = json.dumps(schema)
    slugs = sorted(get_library().slugs)
    assert text.count(json.dumps(slugs[0])) == 1
    assert schema["$defs"]["PlannedExercise"]["properties"]["exercise_id"]["enum"] == slugs
    refs = _refs(schema)
    assert refs.count("#/$defs/DayPlan") == 8  # UPDATE_DAY data and the seven days of a week
    assert {ref.removeprefix("#/$defs/") for ref in refs} == set(schema["$defs"])
    assert not any({"description", "title", "default"} & set(node) for node in _walk(schema))
    legacy = json.dumps(gemini_response_schema(get_library().slugs), separators=(",", ":"))
    assert len(json.dumps(schema, separators=(",", ":"))) * 3 < len(legacy)


def test_each_wire_schema_passes_its_apis_rules_and_not_the_others() -> None:
    lean = lean_response_schema(get_library().slugs)
    strict = strict_response_schema(get_library().slugs)
    assert gemini_json_schema_problem(lean) is None
    assert openai_strict_schema_problem(strict) is None
    # Gemini takes no null in an enum; OpenAI strict wants every object closed and fully required.
    assert "may hold only strings and numbers" in str(gemini_json_schema_problem(strict))
    assert "must require every property" in str(openai_strict_schema_problem(lean))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_lean_schema_takes_the_seeds_without_server_fields_and_refuses_an_invented_slug(
    data_dir: Path, seed: str
) -> None:
    validator = jsonschema_rs.validator_for(lean_response_schema(get_library().slugs))
    raw = lean_shaped(_seed(data_dir, seed))
    assert validator.is_valid(raw)
    data = raw["proposal"]["data"]
    day = data if "blocks" in data else next(d for d in data["days"].values() if d.get("blocks"))
    day["blocks"][0]["exercises"][0]["exercise_id"] = "turbo-bench-press"
    assert not validator.is_valid(raw)


def test_the_lean_schema_leaves_out_what_the_server_owns_and_keeps_what_the_model_decides() -> None:
    schema = lean_response_schema(get_library().slugs)
    defs = schema["$defs"]
    for name, owned in SERVER_OWNED.items():
        assert not owned & set(defs[name]["properties"]), name
        assert not owned & set(defs[name].get("required", [])), name
    assert "MuscleFocus" not in defs and "WeekSummary" not in defs
    assert set(defs["DayPlan"]["properties"]) == {
        "is_rest_day",
        "title",
        "focus_tag",
        "coach_note",
        "suggested_edits",
        "blocks",
    }
    exercise = defs["PlannedExercise"]
    assert exercise["required"] == ["exercise_id", "target_sets", "target_reps", "rest_seconds"]
    assert exercise["properties"]["target_sets"] == {"type": "integer", "minimum": 1, "maximum": 10}
    assert set(defs["WeeklyPlan"]["required"]) == {"week_start_date", "days"}
    # OpenAI's strict schema still spells out the whole contract (it is cached with the prefix).
    strict = strict_response_schema(get_library().slugs)["$defs"]
    assert {"name"} <= set(strict["PlannedExercise"]["properties"])
    assert {"MuscleFocus", "WeekSummary"} <= set(strict)


def test_the_lean_schema_accepts_null_where_the_contract_does() -> None:
    validator = jsonschema_rs.validator_for(lean_response_schema(get_library().slugs))
    none = {
        "message": "ok",
        "proposal": {"type": "NONE", "target_day": None, "summary_diff": None, "data": None},
        "memory_mutations": [],
    }
    assert validator.is_valid(none)
    assert not validator.is_valid({**none, "proposal": {**none["proposal"], "type": None}})
    assert not validator.is_valid({"proposal": none["proposal"]})
