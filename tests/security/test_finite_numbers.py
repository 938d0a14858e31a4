"""Numbers are finite and bounded everywhere, on both backends: NaN/±Infinity in any body is refused
before a route runs, out-of-range values by the models, a model reply holding them is repaired or
replaced (never a 5xx), and no JSON document is written with them."""

from __future__ import annotations

import math
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from sqlalchemy import Engine, func, select, text
from sqlalchemy.exc import StatementError
from sqlalchemy.orm import Session

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.contract.models import DayPlan, Tier1Entry, WeekSummary
from fitcoach.library.gear import Inventory
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.tables import ChatTurn, MemoryItemRow
from fitcoach.storage.users import create_user
from tests.agent.test_pipeline import none_answer
from tests.conftest import MakeUser


def equipment(cap: str) -> bytes:
    return (
        '{"target_tier": "tier_1_staples", "entry": {"category": "equipment", "fact": "dumbbells at home",'
        f' "inventory": {{"gear": ["Dumbbells"], "dumbbell_max_lb": {cap}}}}}}}'
    ).encode()


def memory_rows(engine: Engine) -> int:
    with Session(engine) as session:
        return int(session.execute(select(func.count()).select_from(MemoryItemRow)).scalar_one())


@pytest.mark.parametrize(
    ("cap", "status", "code"),
    [
        ("NaN", 422, "invalid_json"),
        ("Infinity", 422, "invalid_json"),
        ("-Infinity", 422, "invalid_json"),
        ("1e308", 422, "memory_invalid_entry"),
        ("1e400", 422, "memory_invalid_entry"),  # parsed as inf by Python: refused by the bound
        ("-5", 422, "memory_invalid_entry"),
        ("501", 422, "memory_invalid_entry"),
        ("50", 201, None),
    ],
)
def test_memory_numbers_are_finite_and_bounded(
    client: TestClient, make_user: MakeUser, engine: Engine, cap: str, status: int, code: str | None
) -> None:
    user = make_user()
    headers = {**user.headers, "Content-Type": "application/json"}
    answer = client.post("/api/memory", content=equipment(cap), headers=headers)
    assert answer.status_code == status, answer.text
    if code is not None:
        assert answer.json()["error"]["code"] == code
        assert memory_rows(engine) == 0
    else:
        assert answer.json()["items"][0]["entry"]["inventory"]["dumbbell_max_lb"] == 50


def test_a_nan_inside_a_string_is_just_text(client: TestClient, make_user: MakeUser) -> None:
    user = make_user()
    fact = {"target_tier": "tier_1_staples", "entry": {"category": "goal", "fact": "Run NaN Infinity km"}}
    assert client.post("/api/memory", json=fact, headers=user.headers).status_code == 201


@pytest.mark.parametrize(
    ("model", "field", "value"),
    [
        (Inventory, "dumbbell_max_lb", math.nan),
        (Inventory, "dumbbell_max_lb", math.inf),
        (DayPlan, "estimated_volume_lbs", math.nan),
        (DayPlan, "estimated_volume_lbs", 1e9),
        (WeekSummary, "total_volume_lbs", -math.inf),
        (WeekSummary, "total_time_minutes", 10**12),
    ],
)
def test_contract_models_refuse_non_finite_and_absurd_numbers(model: Any, field: str, value: float) -> None:
    with pytest.raises(ValidationError):
        model.model_validate({field: value})


def test_priority_muscles_are_checked_against_the_muscle_list() -> None:
    entry = Tier1Entry(category="goal", fact="bigger back", priority_muscles=["lats", "Upper Back", "glutes"])
    assert entry.priority_muscles == ["Back", "Glutes"]
    for bad in (["legs day"], ["chest"] * 13, ["x" * 41]):
        with pytest.raises(ValidationError):
            Tier1Entry(category="goal", fact="x", priority_muscles=bad)


def test_no_json_document_is_written_with_a_non_finite_number(engine: Engine, clock: Any) -> None:
    with make_sessionmaker(engine)() as session:
        user = create_user(session, name="ana", now=clock.now())
        user.settings = {"weird": math.nan}
        # SQLAlchemy wraps the serializer's ValueError on SQLite; psycopg's JSONB dumper raises it bare.
        with pytest.raises((StatementError, ValueError), match="not JSON compliant"):
            session.flush()


NAN_DAY = (
    '{"message": "Lighter Monday.", "proposal": {"type": "UPDATE_DAY", "target_day": "monday", '
    '"summary_diff": "lighter", "data": {"title": "Light", "estimated_volume_lbs": NaN, "blocks": []}}, '
    '"memory_mutations": [{"operation": "CREATE", "target_tier": "tier_1_staples", "entry": '
    '{"category": "equipment", "fact": "dumbbells", "inventory": {"dumbbell_max_lb": Infinity}}}]}'
)


def test_a_model_reply_with_nan_is_repaired_never_a_5xx(
    coach: TestClient, scripted: ScriptedProvider, make_user: MakeUser, engine: Engine
) -> None:
    user = make_user()
    scripted.enqueue(NAN_DAY, none_answer("Fine as it is."))
    answer = coach.post("/api/coach/chat", json={"message": "make monday lighter"}, headers=user.headers)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["message"] == "Fine as it is." and body["meta"]["repairs"]
    assert len(scripted.history) == 2 and "not a JSON number" in str(
        scripted.history[1]
    )  # the model is told why
    assert memory_rows(engine) == 0


def test_a_model_that_keeps_sending_nan_falls_back(
    coach: TestClient, scripted: ScriptedProvider, make_user: MakeUser, engine: Engine
) -> None:
    user = make_user()
    scripted.enqueue(NAN_DAY, NAN_DAY)
    answer = coach.post("/api/coach/chat", json={"message": "make monday lighter"}, headers=user.headers)
    assert answer.status_code == 200, answer.text
    assert answer.json()["proposal"]["type"] == "NONE" and answer.json()["meta"]["degraded"] is True
    with Session(engine) as session:
        stored = session.execute(select(ChatTurn.reply)).scalar_one()
        raw = session.execute(text("SELECT CAST(reply AS TEXT) FROM chat_turns")).scalar_one()
    assert stored is not None and "NaN" not in raw and "Infinity" not in raw
