"""The week's totals follow its days: after a day edit the summary is the sum of the days again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.conftest import MakeUser

MESSAGES = {
    json.loads(line)["id"]: json.loads(line)["message"]
    for line in (Path(__file__).parents[1] / "data" / "public.jsonl").read_text().splitlines()
}


def accept(client: TestClient, headers: dict[str, str], message: str, day: str | None) -> dict[str, Any]:
    body = {"message": message, "active_tab": "week" if day else "coach", "selected_day": day}
    reply = client.post("/api/coach/chat", json=body, headers=headers)
    assert reply.status_code == 200, reply.text
    proposal = reply.json()["proposal"]
    assert proposal["type"] == ("UPDATE_DAY" if day else "UPDATE_WEEK"), reply.text
    accepted = client.post(f"/api/coach/proposals/{proposal['id']}/accept", headers=headers)
    assert accepted.status_code == 200, accepted.text
    plan: dict[str, Any] = accepted.json()["plan"]
    return plan


def totals(plan: dict[str, Any]) -> dict[str, float]:
    training = [day for day in plan["days"].values() if not day["is_rest_day"]]
    return {
        "total_time_minutes": sum(day["duration_minutes"] for day in training),
        "total_volume_lbs": round(sum(day["estimated_volume_lbs"] for day in training), 1),
        "frequency": len(training),
    }


def test_a_day_edit_updates_the_weeks_totals(client: TestClient, make_user: MakeUser) -> None:
    user = make_user("totals")
    week = accept(client, user.headers, MESSAGES["en-1"], None)
    assert week["summary"] == totals(week)
    day = next(name for name, plan in week["days"].items() if not plan["is_rest_day"])
    shorter = accept(client, user.headers, "Shorten to 20 minutes", day)
    assert shorter["days"][day]["duration_minutes"] < week["days"][day]["duration_minutes"]
    assert shorter["summary"] == totals(shorter)
    assert shorter["summary"] != week["summary"]
    stored = client.get("/api/plan", headers=user.headers).json()["plan"]
    assert stored["summary"] == totals(stored)


def test_each_plan_version_says_what_it_changed(client: TestClient, make_user: MakeUser) -> None:
    user = make_user("versions")
    week = accept(client, user.headers, MESSAGES["en-1"], None)
    day = next(name for name, plan in week["days"].items() if not plan["is_rest_day"])
    accept(client, user.headers, "Shorten to 20 minutes", day)
    proposals = client.get("/api/coach/proposals", headers=user.headers).json()["items"]
    said = {p["id"]: p["summary_diff"] for p in proposals}
    reverted = client.post("/api/plan/revert", json={"to_version": 1}, headers=user.headers)
    assert reverted.status_code == 200, reverted.text
    versions = client.get("/api/plan/versions", headers=user.headers).json()["items"]
    assert [v["reason"] for v in versions] == ["revert", "accepted_proposal", "accepted_proposal"]
    assert versions[0]["summary"] is None
    assert [v["summary"] for v in versions[1:]] == [said[v["proposal_id"]] for v in versions[1:]]
    assert all(v["summary"] for v in versions[1:])
