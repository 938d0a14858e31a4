"""A model that answers with NUL characters: PostgreSQL cannot store them in text or jsonb, so the
turn used to fail at commit (a 500 after the model had answered). They are removed instead."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from fitcoach.agent.providers.base import ProviderRequest, ToolRunner
from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.storage.tables import ChatTurn, MemoryEventRow, MemoryItemRow, ProposalRow
from tests.agent.test_pipeline import chat, none_answer, seed_answer
from tests.conftest import DATA, TestUser


def stored_text(engine: Engine, user_id: str) -> str:
    """Everything the turn wrote for the user, as text."""
    with Session(engine) as session:
        rows: list[Any] = []
        for table in (ChatTurn, MemoryItemRow, MemoryEventRow, ProposalRow):
            found = session.execute(select(table).where(table.user_id == user_id)).scalars()
            rows.extend({c.name: getattr(row, c.key) for c in table.__mapper__.columns} for row in found)
        return repr(rows)


def test_nul_in_the_models_answer_and_tool_calls_is_removed_before_it_is_stored(
    coach: TestClient, scripted: ScriptedProvider, athlete: TestUser, engine: Engine
) -> None:
    def answer(request: ProviderRequest, tools: ToolRunner) -> dict[str, Any]:
        tools.call("get_pr_records", {"exercise_slug": "goblet\x00squat"})
        reply = none_answer("Rest\x00 well tonight.")
        reply["memory_mutations"] = [
            {
                "operation": "CREATE",
                "target_tier": "tier_2_physiological",
                "memory_id": None,
                "entry": {"body_part": "knee", "condition": "soreness", "fact": "sore\x00 knee"},
                "reason": "stated\x00",
            }
        ]
        return reply

    scripted.enqueue(answer)
    body = chat(coach, athlete, "My knee is sore")
    assert body["message"] == "Rest well tonight."
    assert body["memory_mutations"][0]["entry"]["fact"] == "sore knee"
    assert body["meta"]["tools_called"][0]["args"] == {"exercise_slug": "gobletsquat"}
    text = stored_text(engine, athlete.id)
    assert "sore knee" in text and "goblet" in text
    assert "\x00" not in text


def test_nul_in_an_invented_slug_reaches_the_turns_problems_without_it(
    coach: TestClient, scripted: ScriptedProvider, athlete: TestUser, engine: Engine
) -> None:
    day = seed_answer(DATA, "monday_update_day")
    day["proposal"]["data"]["blocks"][0]["exercises"][0]["exercise_id"] = "made\x00up"
    scripted.enqueue(day, day)  # the repair round gets the same answer; the engine repairs it
    chat(coach, athlete)
    with Session(engine) as session:
        meta = session.execute(select(ChatTurn.meta).where(ChatTurn.user_id == athlete.id)).scalar_one()
    assert meta is not None and any("madeup" in problem for problem in meta["problems"])
    assert "\x00" not in stored_text(engine, athlete.id)
