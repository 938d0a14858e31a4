"""Answers as a model under Gemini's lean response schema writes them: no server-owned field
(`wire_schema.SERVER_OWNED`), which the guard must fill before anything reaches the user."""

from __future__ import annotations

from typing import Any

from fitcoach.contract.wire_schema import SERVER_OWNED


def lean_shaped(raw: dict[str, Any]) -> dict[str, Any]:
    """A copy of a full-contract answer without the fields the lean schema leaves out."""
    proposal = _without(raw["proposal"], "Proposal")
    data = proposal.get("data")
    if isinstance(data, dict) and "days" in data:
        week = _without(data, "WeeklyPlan")
        proposal["data"] = {**week, "days": {name: _day(plan) for name, plan in data["days"].items()}}
    elif isinstance(data, dict):
        proposal["data"] = _day(data)
    return {**raw, "proposal": proposal}


def _without(node: dict[str, Any], definition: str) -> dict[str, Any]:
    return {key: value for key, value in node.items() if key not in SERVER_OWNED[definition]}


def _day(plan: dict[str, Any]) -> dict[str, Any]:
    day = _without(plan, "DayPlan")
    day["blocks"] = [
        {**block, "exercises": [_without(e, "PlannedExercise") for e in block["exercises"]]}
        for block in plan.get("blocks", [])
    ]
    return day
