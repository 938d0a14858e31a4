"""`GET /api/coach/history` reads every recorded turn, whatever shape it was stored in: a row that no
longer fits today's contract comes back degraded (documented nulls, `legacy_reply`), never as a 500."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, bindparam, text

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.clock import FrozenClock
from fitcoach.storage.types import UTCDateTime
from tests.agent.test_pipeline import none_answer
from tests.conftest import MakeUser, TestUser

FACT = "Left knee sore after running"


def history(client: TestClient, user: TestUser, **query: Any) -> dict[str, Any]:
    response = client.get("/api/coach/history", params=query, headers=user.headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_forgetting_a_fact_keeps_the_turn_that_stated_it_readable(
    coach: TestClient, scripted: ScriptedProvider, make_user: MakeUser
) -> None:
    """Forget used to blank the entry of the turn's CREATE to null, which the contract refuses:
    from then on the user's whole history answered 500."""
    user = make_user()
    answer = none_answer("Noted, we'll go easy on the knee.")
    answer["memory_mutations"] = [
        {
            "operation": "CREATE",
            "target_tier": "tier_2_physiological",
            "memory_id": None,
            "entry": {"body_part": "knee", "condition": "soreness", "fact": FACT},
            "reason": "user said so",
        }
    ]
    scripted.enqueue(answer)
    said = coach.post("/api/coach/chat", json={"message": "my knee is sore"}, headers=user.headers)
    assert said.status_code == 200, said.text
    item_id = said.json()["memory_mutations"][0]["memory_id"]
    assert coach.delete(f"/api/memory/{item_id}", headers=user.headers).status_code == 204
    (turn,) = history(coach, user)["items"]
    assert turn["legacy_reply"] is None
    assert turn["reply"]["message"] == "Noted, we'll go easy on the knee."
    mutation = turn["reply"]["memory_mutations"][0]
    assert (mutation["operation"], mutation["memory_id"], mutation["entry"]) == ("CREATE", item_id, {})
    assert FACT not in json.dumps(turn)


def insert_turn(engine: Engine, user_id: str, turn_id: str, at: Any, **columns: Any) -> None:
    """A row as an older version may have written it: straight SQL, nothing validated on the way."""
    document = "CAST(:{} AS JSONB)" if engine.dialect.name == "postgresql" else ":{}"
    values = {"active_tab": None, "selected_day": None, "reply": None, "meta": None, **columns}
    for key in ("reply", "meta"):
        values[key] = None if values[key] is None else json.dumps(values[key])
    statement = text(
        "INSERT INTO chat_turns (id, user_id, created_at, message, active_tab, selected_day, reply, meta)"
        f" VALUES (:id, :user_id, :created_at, 'hello', :active_tab, :selected_day,"
        f" {document.format('reply')}, {document.format('meta')})"
    ).bindparams(bindparam("created_at", type_=UTCDateTime()))
    with engine.begin() as connection:
        connection.execute(statement, {"id": turn_id, "user_id": user_id, "created_at": at, **values})


def test_rows_that_no_longer_fit_the_contract_degrade_instead_of_failing_the_page(
    client: TestClient, engine: Engine, clock: FrozenClock, make_user: MakeUser
) -> None:
    user = make_user()
    now = clock.now()
    valid = none_answer("Current shape.")
    rows: dict[str, dict[str, Any]] = {
        "turn_old_shape": {"reply": {"text": "Old words", "proposal": {"kind": "none"}}},
        "turn_old_type": {"reply": {"message": "Skip it.", "proposal": {"type": "SKIP"}}},
        "turn_odd_fields": {"active_tab": "plan", "selected_day": "funday", "reply": valid, "meta": [1]},
        "turn_reply_list": {"reply": ["not", "an", "object"]},
        "turn_current": {"active_tab": "week", "selected_day": "monday", "reply": valid, "meta": {"a": 1}},
    }
    for minutes, (turn_id, columns) in enumerate(rows.items()):
        insert_turn(engine, user.id, turn_id, now + timedelta(minutes=minutes), **columns)

    seen: list[dict[str, Any]] = []
    page = history(client, user, limit=2)
    seen.extend(page["items"])
    while page["next_before"] is not None:
        page = history(client, user, limit=2, before=page["next_before"])
        seen.extend(page["items"])
    by_id = {item["id"]: item for item in seen}
    assert list(by_id) == list(reversed(rows))  # newest first, every row once

    current = by_id["turn_current"]
    assert (current["active_tab"], current["selected_day"], current["meta"]) == ("week", "monday", {"a": 1})
    assert current["reply"]["message"] == "Current shape." and current["legacy_reply"] is None

    odd = by_id["turn_odd_fields"]
    assert (odd["active_tab"], odd["selected_day"], odd["meta"]) == (None, None, None)
    assert odd["reply"]["message"] == "Current shape." and odd["legacy_reply"] is None

    old = by_id["turn_old_shape"]
    assert old["reply"] is None
    assert old["legacy_reply"] == {"message": None, "document": rows["turn_old_shape"]["reply"]}
    assert by_id["turn_old_type"]["legacy_reply"]["message"] == "Skip it."
    assert by_id["turn_reply_list"]["legacy_reply"] == {"message": None, "document": ["not", "an", "object"]}
