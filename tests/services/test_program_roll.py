"""Next week staged in time (issue 18 item 1) through the API and the CLI, on SQLite and PostgreSQL:
after the week's last planned session a page view stages one UPDATE_WEEK proposal with loads from the
logs; it is never staged twice; accepting it writes the week with `target_load`s; an unaccepted week
shows the old week on this week's dates, flagged `not_updated`."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, func, select
from typer.testing import CliRunner

from fitcoach.cli.main import app as cli_app
from fitcoach.clock import FrozenClock, parse_instant
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.tables import ProposalRow
from tests.conftest import MakeUser, TestUser
from tests.seeding import seed_athlete

WEEK = {
    "monday": [("incline-db-bench-press", 40, 10, 4), ("flat-db-bench-press", 35, 12, 3)],
    "tuesday": [("goblet-squat", 45, 12, 4)],
    "thursday": [("chest-supported-db-row", 40, 8, 4)],
    "friday": [("incline-db-bench-press", 35, 12, 3), ("db-chest-flye", 20, 15, 3)],
}
DATES = {"monday": "2026-09-14", "tuesday": "2026-09-15", "thursday": "2026-09-17", "friday": "2026-09-18"}


def log_week(client: TestClient, user: TestUser, clock: FrozenClock) -> None:
    for day, exercises in WEEK.items():
        clock.set(parse_instant(f"{DATES[day]}T19:00:00Z"))
        body: dict[str, Any] = {
            "plan_day": day,
            "completed_at": f"{DATES[day]}T18:00:00Z",
            "exercises_logged": [
                {"exercise_id": slug, "sets": [{"weight": w, "unit": "lb", "reps": r, "rpe": 8}] * sets}
                for slug, w, r, sets in exercises
            ],
        }
        response = client.post("/api/workouts/log", json=body, headers=user.headers)
        assert response.status_code in (200, 201), response.text


def roll_rows(engine: Engine, user: TestUser) -> int:
    with make_sessionmaker(engine)() as session:
        return session.execute(
            select(func.count())
            .select_from(ProposalRow)
            .where(ProposalRow.user_id == user.id, ProposalRow.roll_week.is_not(None))
        ).scalar_one()


def staged(client: TestClient, user: TestUser) -> list[dict[str, Any]]:
    response = client.get("/api/coach/proposals", params={"status": "staged"}, headers=user.headers)
    assert response.status_code == 200
    items: list[dict[str, Any]] = response.json()["items"]
    return items


def test_nothing_is_staged_before_the_last_session(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = seed_athlete(make_user, engine, clock.now())
    clock.set(parse_instant("2026-09-17T12:00:00Z"))  # Thursday: Friday's session is still ahead
    assert client.get("/api/plan/today", headers=user.headers).status_code == 200
    assert staged(client, user) == []
    assert roll_rows(engine, user) == 0


def test_after_the_last_session_next_week_is_staged_once_with_loads(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = seed_athlete(make_user, engine, clock.now())
    log_week(client, user, clock)
    clock.set(parse_instant("2026-09-18T19:00:00Z"))  # Friday's session is logged
    today = client.get("/api/plan/today", headers=user.headers)
    assert today.status_code == 200 and today.json()["not_updated"] is False
    items = staged(client, user)
    assert len(items) == 1
    proposal = items[0]
    assert proposal["type"] == "UPDATE_WEEK" and proposal["data"]["week_start_date"] == "2026-09-21"
    assert proposal["summary_diff"].startswith("Week 2 of ")
    assert "Incline DB Bench Press 40 → 45 lb" in proposal["summary_diff"]
    program = proposal["data"]["program"]
    assert program["block"]["week"] == 2 and program["rolled_from"] == "2026-09-14"
    monday = proposal["data"]["days"]["monday"]
    loads = {e["exercise_id"]: e["target_load"] for b in monday["blocks"] for e in b["exercises"]}
    assert loads["incline-db-bench-press"] == {"value": 45.0, "unit": "lb"}
    assert loads["flat-db-bench-press"] == {"value": 40.0, "unit": "lb"}
    # more page views, the plan, the CLI: nothing staged twice
    for path in ("/api/plan", "/api/plan/today", "/api/coach/proposals"):
        assert client.get(path, headers=user.headers).status_code == 200
    assert roll_rows(engine, user) == 1
    accepted = client.post(f"/api/coach/proposals/{proposal['id']}/accept", headers=user.headers)
    assert accepted.status_code == 200
    plan = accepted.json()["plan"]
    assert plan["week_start_date"] == "2026-09-21"
    assert plan["days"]["monday"]["blocks"][0]["exercises"][0]["target_load"] == {"value": 45.0, "unit": "lb"}
    assert plan["program"]["block"]["week"] == 2
    # the accepted week is current now: nothing more until its own last session
    assert staged(client, user) == []
    assert roll_rows(engine, user) == 1


def test_an_unaccepted_week_is_shown_on_this_weeks_dates(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = seed_athlete(make_user, engine, clock.now())
    clock.set(parse_instant("2026-09-23T09:00:00Z"))  # Wednesday of the next week, nothing accepted
    body = client.get("/api/plan", headers=user.headers).json()
    assert body["not_updated"] is True
    assert body["plan"]["week_start_date"] == "2026-09-21"
    assert body["plan"]["days"]["thursday"]["date"] == "2026-09-24"
    assert all(day["status"] == "scheduled" for day in body["plan"]["days"].values())
    today = client.get("/api/plan/today", headers=user.headers).json()
    assert today["not_updated"] is True and today["day"]["date"] == "2026-09-23"
    assert len(staged(client, user)) == 1  # next week (2026-09-21) proposed from the old one
    assert roll_rows(engine, user) == 1


def test_cli_roll_prints_the_proposal_and_never_stages_twice(
    make_user: MakeUser, engine: Engine, clock: FrozenClock, database_url: str, monkeypatch: Any
) -> None:
    user = seed_athlete(make_user, engine, clock.now())
    monkeypatch.setenv("FITCOACH_DATABASE_URL", database_url)
    runner = CliRunner()
    early = runner.invoke(cli_app, ["plan", "roll", "--user", user.id, "--now", "2026-09-15T10:00:00Z"])
    assert early.exit_code == 0, early.output
    assert early.stdout.strip() == '{"proposal": null, "created": false}'
    first = runner.invoke(cli_app, ["plan", "roll", "--user", user.id, "--now", "2026-09-19T10:00:00Z"])
    assert first.exit_code == 0, first.output
    printed = json.loads(first.stdout)
    assert printed["created"] is True
    assert printed["proposal"]["type"] == "UPDATE_WEEK"
    assert printed["proposal"]["data"]["week_start_date"] == "2026-09-21"
    again = json.loads(
        runner.invoke(cli_app, ["plan", "roll", "--user", user.id, "--now", "2026-09-20T10:00:00Z"]).stdout
    )
    assert again["created"] is False and again["proposal"]["id"] == printed["proposal"]["id"]
    assert roll_rows(engine, user) == 1
    unknown = runner.invoke(cli_app, ["plan", "roll", "--user", "nobody", "--now", "2026-09-20T10:00:00Z"])
    assert unknown.exit_code == 2


def test_a_later_week_rolls_from_the_accepted_one(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = seed_athlete(make_user, engine, clock.now())
    log_week(client, user, clock)
    clock.set(parse_instant("2026-09-19T09:00:00Z"))
    first = staged(client, user)[0]
    assert client.post(f"/api/coach/proposals/{first['id']}/accept", headers=user.headers).status_code == 200
    clock.advance(timedelta(days=7))  # the Saturday after next: nothing logged in week 2
    second = staged(client, user)
    assert len(second) == 1
    data = second[0]["data"]
    assert data["week_start_date"] == "2026-09-28" and data["program"]["block"]["week"] == 3
    monday = data["days"]["monday"]["blocks"][0]["exercises"][0]
    # not trained last week: one step down from 45
    assert monday["target_load"] == {"value": 40.0, "unit": "lb"}
    assert roll_rows(engine, user) == 2


def test_sessions_logged_before_the_accept_count_in_the_accepted_week(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = seed_athlete(make_user, engine, clock.now())
    clock.set(parse_instant("2026-09-21T19:00:00Z"))  # Monday of the next week, not accepted yet
    body = {
        "plan_day": "monday",
        "completed_at": "2026-09-21T18:00:00Z",
        "exercises_logged": [{"exercise_id": "incline-db-bench-press", "sets": [{"weight": 40, "reps": 10}]}],
    }
    logged = client.post("/api/workouts/log", json=body, headers=user.headers)
    assert logged.status_code in (200, 201), logged.text
    proposal = staged(client, user)[0]
    assert proposal["data"]["week_start_date"] == "2026-09-21"
    accepted = client.post(f"/api/coach/proposals/{proposal['id']}/accept", headers=user.headers).json()
    monday = accepted["plan"]["days"]["monday"]
    assert monday["status"] == "completed" and monday["completed_log_id"] == logged.json()["id"]
    assert (
        client.get("/api/plan", headers=user.headers).json()["plan"]["days"]["monday"]["status"]
        == "completed"
    )


def test_two_page_views_at_once_stage_one_week(
    make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    """Two devices open the app at the same moment after the last session: one roll, one proposal."""
    from concurrent.futures import ThreadPoolExecutor

    from fitcoach.library import get_library
    from fitcoach.services.program import roll_if_due

    user = seed_athlete(make_user, engine, clock.now())
    now = parse_instant("2026-09-19T10:00:00Z")
    sessions = make_sessionmaker(engine)

    def view() -> bool | None:
        with sessions() as session:
            rolled = roll_if_due(session, user_id=user.id, now=now, library=get_library(), lang=None)
            return None if rolled is None else rolled.created

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: view(), range(4)))
    assert sorted(results, key=str) == [False, False, False, True]
    assert roll_rows(engine, user) == 1
