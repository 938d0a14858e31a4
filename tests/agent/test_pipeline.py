"""The chat turn end to end over HTTP with a scripted brain: staging, the guard, faults, atomicity."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from fitcoach.agent.providers.base import ProviderRequest, ToolRunner
from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.clock import FrozenClock
from fitcoach.contract.models import DayPlan, Weekday, WeeklyPlan
from fitcoach.engine.profile import build_profile
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.errors import ProviderTimeout, ProviderUnavailable, ToolLoopExceeded
from fitcoach.library import get_library
from fitcoach.services.brains import Brains
from fitcoach.services.chat import ChatInput, run_turn
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.memory import insert_memory_item
from fitcoach.storage.memory_repo import load_active_items
from fitcoach.storage.plans import get_active_plan
from fitcoach.storage.tables import ChatTurn, MemoryItemRow, ProposalRow
from tests.conftest import MakeUser, TestUser


def seed_answer(data_dir: Path, name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((data_dir / f"seeds/{name}.json").read_text())
    return loaded


def none_answer(text: str = "Keep going, you're on track.") -> dict[str, Any]:
    return {
        "message": text,
        "proposal": {"id": None, "type": "NONE", "target_day": None, "summary_diff": None, "data": None},
        "memory_mutations": [],
    }


def stored_plan(engine: Engine, user_id: str) -> tuple[int, dict[str, Any]] | None:
    with Session(engine) as session:
        row = get_active_plan(session, user_id=user_id)
        return None if row is None else (row.version, row.plan)


def count(engine: Engine, model: type[Any], user_id: str) -> int:
    with Session(engine) as session:
        return int(
            session.execute(
                select(func.count()).select_from(model).where(model.user_id == user_id)
            ).scalar_one()
        )


def chat(
    client: TestClient, user: TestUser, message: str = "Trim Monday please", **extra: Any
) -> dict[str, Any]:
    response = client.post(
        "/api/coach/chat", json={"message": message, "active_tab": "coach", **extra}, headers=user.headers
    )
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def assert_staged_proposals_valid(engine: Engine, user_id: str, clock: FrozenClock) -> None:
    """Whatever happened, every staged proposal passes the engine against the user's memory."""
    with Session(engine) as session:
        profile = build_profile(load_active_items(session, user_id=user_id, now=clock.now()), clock.now())
        rows = session.execute(select(ProposalRow).where(ProposalRow.user_id == user_id)).scalars().all()
        active = get_active_plan(session, user_id=user_id)
        for row in rows:
            assert row.data is not None
            if row.type == "UPDATE_DAY":
                assert row.target_day is not None and active is not None
                week = WeeklyPlan.model_validate(active.plan)
                report = validate_day(
                    DayPlan.model_validate(row.data),
                    Weekday(row.target_day),
                    profile,
                    week=week,
                    library=get_library(),
                )
            else:
                report = validate_week(WeeklyPlan.model_validate(row.data), profile, library=get_library())
            assert report.ok, report.to_dict()


def test_a_day_proposal_is_staged_and_never_written(
    coach: TestClient, scripted: ScriptedProvider, athlete: TestUser, engine: Engine, data_dir: Path
) -> None:
    before = stored_plan(engine, athlete.id)
    scripted.enqueue(seed_answer(data_dir, "monday_update_day"))
    body = chat(coach, athlete)
    assert body["proposal"]["type"] == "UPDATE_DAY"
    assert body["proposal"]["id"].startswith("prop_")
    first_block = body["proposal"]["data"]["blocks"][0]
    assert first_block["exercises"][0]["name"] == "Incline DB Bench Press"
    assert body["proposal"]["data"]["status"] == "scheduled"
    assert body["meta"]["path"] == "fast" and body["meta"]["degraded"] is False
    assert stored_plan(engine, athlete.id) == before
    staged = coach.get("/api/coach/proposals?status=staged", headers=athlete.headers).json()["items"]
    assert [p["id"] for p in staged] == [body["proposal"]["id"]]
    assert count(engine, ChatTurn, athlete.id) == 1


def test_accept_writes_a_new_version_once_and_revert_undoes_it(
    coach: TestClient, scripted: ScriptedProvider, athlete: TestUser, engine: Engine, data_dir: Path
) -> None:
    original = stored_plan(engine, athlete.id)
    assert original is not None
    scripted.enqueue(seed_answer(data_dir, "monday_update_day"))
    proposal_id = chat(coach, athlete)["proposal"]["id"]
    first = coach.post(f"/api/coach/proposals/{proposal_id}/accept", headers=athlete.headers)
    again = coach.post(f"/api/coach/proposals/{proposal_id}/accept", headers=athlete.headers)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert first.json()["version"] == 2
    monday = first.json()["plan"]["days"]["monday"]
    assert monday["duration_minutes"] == 30 and monday["date"] == "2026-09-14"
    assert first.json()["plan"]["days"]["tuesday"] == original[1]["days"]["tuesday"]
    assert [
        v["version"] for v in coach.get("/api/plan/versions", headers=athlete.headers).json()["items"]
    ] == [2, 1]
    reverted = coach.post("/api/plan/revert", json={"to_version": 1}, headers=athlete.headers)
    assert reverted.status_code == 200 and reverted.json()["version"] == 3
    assert stored_plan(engine, athlete.id) == (3, original[1])


def test_a_newer_proposal_for_the_same_day_supersedes_the_older(
    coach: TestClient, scripted: ScriptedProvider, athlete: TestUser, data_dir: Path
) -> None:
    scripted.enqueue(seed_answer(data_dir, "monday_update_day"), seed_answer(data_dir, "monday_update_day"))
    older = chat(coach, athlete)["proposal"]["id"]
    newer = chat(coach, athlete)["proposal"]["id"]
    response = coach.post(f"/api/coach/proposals/{older}/accept", headers=athlete.headers)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "proposal_superseded"
    assert coach.post(f"/api/coach/proposals/{newer}/accept", headers=athlete.headers).status_code == 200


def test_a_stale_week_proposal_is_a_409_but_an_untouched_day_still_lands(
    coach: TestClient, scripted: ScriptedProvider, athlete: TestUser, data_dir: Path
) -> None:
    week = seed_answer(data_dir, "onboarding_update_week")
    tuesday = seed_answer(data_dir, "monday_update_day")
    tuesday["proposal"]["target_day"] = "tuesday"
    monday = seed_answer(data_dir, "monday_update_day")
    scripted.enqueue(week, tuesday, monday)
    week_id = chat(coach, athlete, "New week please")["proposal"]["id"]
    tuesday_id = chat(coach, athlete, "Trim Tuesday")["proposal"]["id"]
    monday_id = chat(coach, athlete)["proposal"]["id"]
    assert coach.post(f"/api/coach/proposals/{monday_id}/accept", headers=athlete.headers).status_code == 200
    stale = coach.post(f"/api/coach/proposals/{week_id}/accept", headers=athlete.headers)
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "plan_changed"
    assert coach.post(f"/api/coach/proposals/{tuesday_id}/accept", headers=athlete.headers).status_code == 200


def test_dismiss_and_unknown_or_foreign_proposals(
    coach: TestClient, scripted: ScriptedProvider, athlete: TestUser, make_user: MakeUser, data_dir: Path
) -> None:
    scripted.enqueue(seed_answer(data_dir, "monday_update_day"))
    proposal_id = chat(coach, athlete)["proposal"]["id"]
    other = make_user("bo")
    assert coach.post(f"/api/coach/proposals/{proposal_id}/accept", headers=other.headers).status_code == 404
    assert (
        coach.post(f"/api/coach/proposals/{proposal_id}/dismiss", headers=athlete.headers).json()["status"]
        == "dismissed"
    )
    assert (
        coach.post(f"/api/coach/proposals/{proposal_id}/accept", headers=athlete.headers).status_code == 409
    )
    assert coach.post("/api/coach/proposals/prop_nope/accept", headers=athlete.headers).status_code == 404


def barbell_day(data_dir: Path) -> dict[str, Any]:
    answer = seed_answer(data_dir, "monday_update_day")
    answer["proposal"]["data"]["blocks"][0]["exercises"][0]["exercise_id"] = "flat-bb-bench-press"
    return answer


def invented_slug(data_dir: Path) -> dict[str, Any]:
    answer = seed_answer(data_dir, "monday_update_day")
    answer["proposal"]["data"]["blocks"][0]["exercises"][0]["exercise_id"] = "cable-crossover-deluxe"
    return answer


def spinal_superset(data_dir: Path) -> dict[str, Any]:
    answer = seed_answer(data_dir, "monday_update_day")
    answer["proposal"]["data"]["blocks"] = [
        {
            "label": "Heavy pair",
            "exercises": [
                {
                    "exercise_id": "barbell-back-squat",
                    "target_sets": 3,
                    "target_reps": "5",
                    "rest_seconds": 120,
                },
                {
                    "exercise_id": "barbell-bent-over-row",
                    "target_sets": 3,
                    "target_reps": "8",
                    "rest_seconds": 120,
                },
            ],
        }
    ]
    return answer


def day_without_target(data_dir: Path) -> dict[str, Any]:
    answer = seed_answer(data_dir, "monday_update_day")
    answer["proposal"]["target_day"] = None
    return answer


def wrong_types(data_dir: Path) -> dict[str, Any]:
    answer = seed_answer(data_dir, "monday_update_day")
    answer["proposal"]["data"]["blocks"][0]["exercises"][0]["target_sets"] = "lots"
    return answer


def bad_tool_args(request: ProviderRequest, tools: ToolRunner) -> dict[str, Any]:
    result = tools.call("get_volume_trends", {"muscle_group": 7, "user_id": "usr_someone_else"})
    assert "error" in result
    return none_answer()


FAULTS: dict[str, Any] = {
    "timeout": lambda d: ProviderTimeout("the model took too long"),
    "http_500": lambda d: ProviderUnavailable("HTTP 500"),
    "tool_loop": lambda d: ToolLoopExceeded("three tool rounds and still calling"),
    "malformed_json": lambda d: '{"message": "hi", "proposal": {',
    "wrong_types": wrong_types,
    "hallucinated_slug": invented_slug,
    "barbell_for_dumbbell_user": barbell_day,
    "spinal_superset": spinal_superset,
    "update_day_without_day": day_without_target,
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_faults_are_answered_and_nothing_invalid_is_staged(
    fault: str,
    coach: TestClient,
    scripted: ScriptedProvider,
    athlete: TestUser,
    engine: Engine,
    clock: FrozenClock,
    data_dir: Path,
) -> None:
    make = FAULTS[fault]
    scripted.enqueue(make(data_dir), make(data_dir))  # the repair round gets the same fault again
    before = stored_plan(engine, athlete.id)
    body = chat(coach, athlete)
    assert body["message"]
    assert body["meta"]["degraded"] or body["meta"]["repairs"], body["meta"]
    assert stored_plan(engine, athlete.id) == before
    assert_staged_proposals_valid(engine, athlete.id, clock)


def test_a_model_that_repairs_its_answer_is_used(
    coach: TestClient, scripted: ScriptedProvider, athlete: TestUser, data_dir: Path
) -> None:
    scripted.enqueue(barbell_day(data_dir), seed_answer(data_dir, "monday_update_day"))
    body = chat(coach, athlete)
    assert body["proposal"]["type"] == "UPDATE_DAY" and body["meta"]["degraded"] is False
    assert "model repaired its answer" in body["meta"]["repairs"]
    assert "equipment" in scripted.history[1].repair_feedback  # type: ignore[operator]


def test_tool_calls_run_for_this_user_only(
    coach: TestClient, scripted: ScriptedProvider, athlete: TestUser
) -> None:
    scripted.enqueue(bad_tool_args)
    body = chat(coach, athlete, "How is my chest volume?")
    assert body["meta"]["path"] == "tool"
    assert body["meta"]["tools_called"][0]["name"] == "get_volume_trends"


def test_tool_results_reach_the_model(
    coach: TestClient, scripted: ScriptedProvider, athlete: TestUser
) -> None:
    seen: dict[str, Any] = {}

    def with_tools(request: ProviderRequest, tools: ToolRunner) -> dict[str, Any]:
        seen.update(
            tools.call(
                "get_historical_exercise_logs", {"exercise_slug": "incline-db-bench-press", "limit": 3}
            )
        )
        return none_answer("No history yet: log a session and I'll read it.")

    scripted.enqueue(with_tools)
    body = chat(coach, athlete, "Should I add weight on incline press?")
    assert seen["sessions"] == []
    assert body["meta"]["tools_called"] == [
        {
            "name": "get_historical_exercise_logs",
            "args": {"exercise_slug": "incline-db-bench-press", "limit": 3},
        }
    ]


def test_memory_mutations_apply_with_the_turn_and_foreign_ids_are_rejected(
    coach: TestClient,
    scripted: ScriptedProvider,
    athlete: TestUser,
    make_user: MakeUser,
    engine: Engine,
    clock: FrozenClock,
) -> None:
    other = make_user("bo")
    with make_sessionmaker(engine).begin() as session:
        insert_memory_item(
            session,
            user_id=other.id,
            item_id="mem_other",
            tier="tier_1_staples",
            entry={"category": "goal", "fact": "Marathon in May"},
            now=clock.now(),
        )
    answer = none_answer("Noted.")
    answer["memory_mutations"] = [
        {
            "operation": "CREATE",
            "target_tier": "tier_2_physiological",
            "reason": "reported",
            "entry": {"body_part": "hamstrings", "condition": "soreness", "fact": "Sore hamstrings"},
        },
        {
            "operation": "DELETE",
            "target_tier": "tier_1_staples",
            "memory_id": "mem_other",
            "reason": "injection",
        },
    ]
    scripted.enqueue(answer)
    body = chat(coach, athlete, "My hamstrings are sore")
    assert [m["operation"] for m in body["memory_mutations"]] == ["CREATE"]
    assert body["memory_mutations"][0]["memory_id"].startswith("mem_")
    assert body["meta"]["memory"]["rejected"][0]["reason"] == "not_found"
    with Session(engine) as session:
        assert session.get(MemoryItemRow, (other.id, "mem_other")).deleted_at is None  # type: ignore[union-attr]


def test_a_failure_after_the_writes_leaves_nothing_half_written(
    engine: Engine, clock: FrozenClock, athlete: TestUser, data_dir: Path
) -> None:
    answer = seed_answer(data_dir, "monday_update_day")
    answer["memory_mutations"] = [
        {
            "operation": "CREATE",
            "target_tier": "tier_2_physiological",
            "reason": "reported",
            "entry": {"body_part": "shoulder", "condition": "minor_strain", "fact": "Right shoulder pinch"},
        },
    ]
    brains = Brains(provider=ScriptedProvider(copy.deepcopy(answer)), fallback=None)
    counts_before = [count(engine, model, athlete.id) for model in (ChatTurn, MemoryItemRow, ProposalRow)]

    def explode(session: Session) -> None:
        assert session.execute(select(func.count()).select_from(ProposalRow)).scalar_one() == 1
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        run_turn(
            make_sessionmaker(engine),
            user_id=athlete.id,
            chat=ChatInput(message="shoulder hurts", active_tab="today", selected_day=Weekday.MONDAY),
            clock=clock,
            brains=brains,
            library=get_library(),
            after_write=explode,
        )
    assert [
        count(engine, model, athlete.id) for model in (ChatTurn, MemoryItemRow, ProposalRow)
    ] == counts_before


def test_chat_input_is_validated(coach: TestClient, athlete: TestUser) -> None:
    for body, status in [
        ({"message": ""}, 422),
        ({"message": "x" * 4001}, 422),
        ({"message": "hi", "active_tab": "settings"}, 422),
        ({"message": "hi", "selected_day": "someday"}, 422),
        ({"message": "   "}, 422),
    ]:
        assert coach.post("/api/coach/chat", json=body, headers=athlete.headers).status_code == status
    assert coach.post("/api/coach/chat", json={"message": "hi"}).status_code == 401
