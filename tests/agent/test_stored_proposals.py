"""A staged proposal stored by an older version, whose data no longer fits the contract: the list
leaves it out and accepting it is a 409, never a 500 (the Coach tab loads the list on every visit)."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import Engine, bindparam, text

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.clock import FrozenClock
from fitcoach.storage.types import UTCDateTime
from tests.agent.test_pipeline import chat, seed_answer, stored_plan
from tests.conftest import TestUser


def insert_legacy_proposal(engine: Engine, user_id: str, proposal_id: str, clock: FrozenClock) -> None:
    data = "CAST(:data AS JSONB)" if engine.dialect.name == "postgresql" else ":data"
    statement = text(
        "INSERT INTO proposals (id, user_id, type, target_day, summary_diff, data, status, base_version,"
        f" created_at) VALUES (:id, :user_id, 'UPDATE_DAY', 'tuesday', 'old', {data}, 'staged', 1,"
        " :created_at)"
    ).bindparams(bindparam("created_at", type_=UTCDateTime()))
    # Sets and reps as one text, as an older version might have stored them: no `target_sets`.
    old_shape = json.dumps({"blocks": [{"exercises": [{"exercise_id": "goblet-squat", "sets": "3x10"}]}]})
    with engine.begin() as connection:
        connection.execute(
            statement, {"id": proposal_id, "user_id": user_id, "data": old_shape, "created_at": clock.now()}
        )


def test_a_proposal_that_no_longer_fits_is_left_out_and_cannot_be_accepted(
    coach: TestClient,
    scripted: ScriptedProvider,
    athlete: TestUser,
    engine: Engine,
    clock: FrozenClock,
    data_dir: Path,
) -> None:
    insert_legacy_proposal(engine, athlete.id, "prop_legacy", clock)
    scripted.enqueue(seed_answer(data_dir, "monday_update_day"))
    current = chat(coach, athlete)["proposal"]["id"]

    listed = coach.get("/api/coach/proposals", params={"status": "staged"}, headers=athlete.headers)
    assert listed.status_code == 200, listed.text
    assert [item["id"] for item in listed.json()["items"]] == [current]

    refused = coach.post("/api/coach/proposals/prop_legacy/accept", headers=athlete.headers)
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"]["code"] == "invalid_proposal"
    plan = stored_plan(engine, athlete.id)
    assert plan is not None and plan[0] == 1  # nothing written

    accepted = coach.post(f"/api/coach/proposals/{current}/accept", headers=athlete.headers)
    assert accepted.status_code == 200 and accepted.json()["version"] == 2
