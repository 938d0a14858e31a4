"""The offline provider on the public and team cases, called directly with TurnInputs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fitcoach.agent.offline import OfflineProvider
from fitcoach.agent.providers.base import ProviderRequest
from fitcoach.contract.models import CoachReply

from .replay import DATA, LogToolRunner, check, load_cases, turn_input

PUBLIC = DATA / "public.jsonl"
TEAM = DATA / "cases" / "team.jsonl"


def _run(case: dict[str, Any], base: Path) -> list[str]:
    turn, logs = turn_input(case, base)
    before = turn.plan.model_dump_json() if turn.plan else None
    tools = LogToolRunner(logs, turn.now)
    response = OfflineProvider().respond(ProviderRequest(prefix="", runtime_block="", turn=turn), tools)
    answer = CoachReply.model_validate(json.loads(response.text))
    failures = check(case, answer, turn, tools)
    if (turn.plan.model_dump_json() if turn.plan else None) != before:
        failures.append("plan changed")
    return failures


@pytest.mark.parametrize("case", load_cases(PUBLIC), ids=lambda case: case["id"])
def test_public_case(case: dict[str, Any]) -> None:
    assert _run(case, PUBLIC.parent) == []


@pytest.mark.parametrize("case", load_cases(TEAM), ids=lambda case: case["id"])
def test_team_case(case: dict[str, Any]) -> None:
    assert _run(case, TEAM.parent) == []
