"""The memory API on SQLite and PostgreSQL: the user's view, history, stated facts, forget, context."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.clock import FrozenClock
from fitcoach.contract.models import WeeklyPlan
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.plans import add_plan_version
from tests.conftest import MakeUser

SORE = {
    "body_part": "hamstrings",
    "condition": "soreness",
    "fact": "Hamstring soreness",
    "effective_date": "2026-09-13",
}


def state(
    client: TestClient, headers: dict[str, str], tier: str, entry: dict[str, object]
) -> dict[str, object]:
    response = client.post("/api/memory", json={"target_tier": tier, "entry": entry}, headers=headers)
    assert response.status_code in (200, 201), response.text
    body: dict[str, object] = response.json()
    return body


def test_memory_requires_a_token(client: TestClient) -> None:
    assert client.get("/api/memory").status_code == 401
    assert client.get("/api/coach/context").status_code == 401


def test_active_view_grouped_by_tier_with_expiry(
    client: TestClient, make_user: MakeUser, clock: FrozenClock
) -> None:
    user = make_user()
    state(client, user.headers, "tier_1_staples", {"category": "equipment", "fact": "Dumbbells to 50 lb"})
    state(client, user.headers, "tier_2_physiological", SORE)
    view = client.get("/api/memory", headers=user.headers).json()
    assert set(view) == {"tier_1_staples", "tier_2_physiological", "tier_3_situational"}
    assert view["tier_1_staples"][0]["expires_at"] is None
    assert view["tier_2_physiological"][0]["expires_at"] == "2026-09-17T10:00:00Z"
    assert view["tier_3_situational"] == []
    clock.advance(dt.timedelta(hours=72))
    assert client.get("/api/memory", headers=user.headers).json()["tier_2_physiological"] == []


def test_stated_fact_is_validated_and_deduplicated(client: TestClient, make_user: MakeUser) -> None:
    user = make_user()
    first = client.post(
        "/api/memory", json={"target_tier": "tier_2_physiological", "entry": SORE}, headers=user.headers
    )
    assert first.status_code == 201
    item_id = first.json()["applied"][0]["memory_id"]
    french = {"body_part": "ischio-jambiers", "condition": "soreness", "fact": "Courbatures aux ischios"}
    again = client.post(
        "/api/memory", json={"target_tier": "tier_2_physiological", "entry": french}, headers=user.headers
    )
    assert again.status_code == 200
    assert again.json()["merged"][0]["into_id"] == item_id
    bad = client.post(
        "/api/memory",
        json={
            "target_tier": "tier_2_physiological",
            "entry": {"body_part": "knee", "condition": "broken", "fact": "x"},
        },
        headers=user.headers,
    )
    assert bad.status_code == 422
    assert bad.json()["error"]["code"] == "memory_invalid_entry"
    assert len(client.get("/api/memory", headers=user.headers).json()["tier_2_physiological"]) == 1


def test_history_and_forget(client: TestClient, make_user: MakeUser) -> None:
    user, other = make_user("a"), make_user("b")
    created = state(client, user.headers, "tier_1_staples", {"category": "goal", "fact": "Hypertrophy"})
    item_id = created["applied"][0]["memory_id"]  # type: ignore[index]
    state(client, user.headers, "tier_1_staples", {"category": "goal", "fact": "Strength"})
    history = client.get("/api/memory/history", headers=user.headers).json()["events"]
    assert [(e["item_id"], e["kind"], e["actor"]) for e in history] == [
        (item_id, "created", "user"),
        (item_id, "merged", "user"),
    ]
    assert history[1]["entry"]["fact"] == "Strength"
    assert client.delete(f"/api/memory/{item_id}", headers=other.headers).status_code == 404
    assert client.delete(f"/api/memory/{item_id}", headers=user.headers).status_code == 204
    assert client.get("/api/memory/history", headers=user.headers).json()["events"] == []
    assert client.get("/api/memory", headers=user.headers).json()["tier_1_staples"] == []
    assert client.delete(f"/api/memory/{item_id}", headers=user.headers).status_code == 404


def test_context_shows_memory_and_active_plan(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock, data_dir: Path
) -> None:
    user = make_user()
    state(
        client,
        user.headers,
        "tier_1_staples",
        {"category": "equipment", "fact": "Home gym with dumbbells up to 50 lbs and adjustable bench."},
    )
    state(client, user.headers, "tier_2_physiological", {**SORE, "expires_at": "2026-09-16T00:00:00Z"})
    plan = WeeklyPlan.model_validate(json.loads((data_dir / "fixtures/home_db_4day.json").read_text()))
    with make_sessionmaker(engine)() as session:
        add_plan_version(session, user_id=user.id, plan=plan, now=clock.now(), reason="initial")
        session.commit()
    response = client.get("/api/coach/context?active_tab=today&selected_day=monday", headers=user.headers)
    assert response.status_code == 200
    lines = response.json()["block"].splitlines()
    assert lines[:6] == [
        "[RUNTIME CONTEXT BLOCK]",
        "CURRENT TIMESTAMP: 2026-09-14T10:00:00Z",
        "CURRENT DATE: Monday, 2026-09-14",
        "ACTIVE TAB: today",
        "SELECTED DAY IN ROUTE: monday",
        "ACTIVE USER MEMORY PROFILE (Unexpired Only):",
    ]
    assert any(
        # the stored text is rendered from the structured inventory (issue 13)
        line.endswith("[equipment] Dumbbells up to 50 lb, bench and incline bench.")
        for line in lines
    )
    assert any(
        "Hamstring soreness (effective: 2026-09-13, expires: 2026-09-16T00:00:00Z)" in line for line in lines
    )
    plan_line = lines[lines.index("ACTIVE WEEKLY TRAINING PLAN:") + 1]
    assert json.loads(plan_line)["days"]["monday"]["title"] == "Upper Body Push & Delt Focus"
    assert lines[-1] == '""'
    clock.set(dt.datetime(2026, 9, 16, tzinfo=dt.UTC))
    later = client.get("/api/coach/context", headers=user.headers).json()["block"]
    assert "Hamstring soreness" not in later


def test_context_without_plan_or_memory(client: TestClient, make_user: MakeUser) -> None:
    user = make_user()
    block = client.get("/api/coach/context", headers=user.headers, params={"message": 'x"\ny'}).json()[
        "block"
    ]
    lines = block.splitlines()
    assert "(No active plan)" in lines
    assert lines.count("  • (None active)") == 3
    assert lines[-1] == '"x\\"\\ny"'
    assert client.get("/api/coach/context?active_tab=gym", headers=user.headers).status_code == 422
