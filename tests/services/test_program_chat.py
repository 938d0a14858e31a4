"""A chat turn is a request like a page view (issue 18 item 1): after the week's last planned session
the turn stages next week once and its reply says so in the user's language; a turn that stages a week
of its own wins over the program's, which is proposed again once the user has decided the coach's."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.clock import FrozenClock, parse_instant
from fitcoach.languages.program import program_text
from tests.conftest import MakeUser, TestUser
from tests.seeding import seed_athlete
from tests.services.test_program_roll import log_week, roll_rows, staged


def chat(client: TestClient, user: TestUser, message: str) -> dict[str, Any]:
    response = client.post("/api/coach/chat", json={"message": message}, headers=user.headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def note_head(lang: str) -> str:
    """The fixed start of the roll's line in the reply (before its first placeholder)."""
    return program_text(lang, "chat_next_week", position="\0", first="\0").split("\0")[0]


def test_a_chat_turn_after_the_last_session_stages_next_week_once_and_says_so(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = seed_athlete(make_user, engine, clock.now())
    log_week(client, user, clock)
    clock.set(parse_instant("2026-09-18T19:30:00Z"))  # Friday's session, the week's last, is logged
    assert roll_rows(engine, user) == 0  # logging alone stages nothing
    first = chat(client, user, "Thanks, that was a good session.")
    assert first["proposal"]["type"] == "NONE"
    assert note_head("en") in first["message"]
    assert "Week 2 of " in first["message"]
    assert roll_rows(engine, user) == 1
    items = staged(client, user)
    assert len(items) == 1 and items[0]["data"]["week_start_date"] == "2026-09-21"
    # the next turn finds it staged: no second proposal, no second mention
    second = chat(client, user, "Thanks again.")
    assert note_head("en") not in second["message"]
    assert roll_rows(engine, user) == 1 and len(staged(client, user)) == 1


def test_the_roll_line_is_in_the_users_language(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = seed_athlete(make_user, engine, clock.now())
    assert (
        client.patch("/api/me", json={"settings": {"language": "fr"}}, headers=user.headers).status_code
        == 200
    )
    log_week(client, user, clock)
    clock.set(parse_instant("2026-09-19T09:00:00Z"))
    reply = chat(client, user, "Merci pour la séance d'hier !")
    assert note_head("fr") in reply["message"] and "Semaine 2 sur " in reply["message"]
    assert note_head("en") not in reply["message"]
    (proposal,) = staged(client, user)
    assert proposal["summary_diff"].startswith("Semaine 2 sur ")


def test_a_week_asked_for_in_the_same_turn_wins_and_the_roll_comes_back_after_it(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = seed_athlete(make_user, engine, clock.now())
    log_week(client, user, clock)
    clock.set(parse_instant("2026-09-19T09:00:00Z"))
    reply = chat(
        client,
        user,
        "Build muscle. I have dumbbells up to 25 kg and a bench. Mon, Wed, Fri, 45 minutes. No injuries.",
    )
    assert reply["proposal"]["type"] == "UPDATE_WEEK", reply["message"]
    # the coach's week, asked for in words, is the one staged; the turn does not announce the roll
    assert note_head("en") not in reply["message"]
    items = staged(client, user)
    assert [item["id"] for item in items] == [reply["proposal"]["id"]]
    assert roll_rows(engine, user) == 1
    # the user dismisses the coach's week: the program proposes next week again, in the same row
    dismissed = client.post(f"/api/coach/proposals/{reply['proposal']['id']}/dismiss", headers=user.headers)
    assert dismissed.status_code == 200
    again = staged(client, user)
    assert len(again) == 1 and again[0]["data"]["week_start_date"] == "2026-09-21"
    assert again[0]["data"]["program"]["block"]["week"] == 2
    assert roll_rows(engine, user) == 1
    accepted = client.post(f"/api/coach/proposals/{again[0]['id']}/accept", headers=user.headers)
    assert accepted.status_code == 200, accepted.text


def test_a_roll_overtaken_by_an_accepted_day_change_is_made_again_from_the_new_plan(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    """A day the coach changed after the roll makes the staged week stale (accepting it would be a
    409): it is withdrawn, and made again against the plan as it is now once that plan's last session
    is behind the user; then it can be accepted."""
    user = seed_athlete(make_user, engine, clock.now())
    log_week(client, user, clock)
    clock.set(parse_instant("2026-09-19T09:00:00Z"))
    (roll,) = staged(client, user)
    body = {"message": "Make Sunday a short core day", "active_tab": "week", "selected_day": "sunday"}
    day = client.post("/api/coach/chat", json=body, headers=user.headers).json()
    assert day["proposal"]["type"] == "UPDATE_DAY", day["message"]
    accepted_day = client.post(f"/api/coach/proposals/{day['proposal']['id']}/accept", headers=user.headers)
    assert accepted_day.status_code == 200, accepted_day.text
    # Sunday is a training day now: next week waits until it is behind the user
    assert [item for item in staged(client, user) if item["type"] == "UPDATE_WEEK"] == []
    clock.set(parse_instant("2026-09-21T07:00:00Z"))
    (remade,) = [item for item in staged(client, user) if item["type"] == "UPDATE_WEEK"]
    assert remade["id"] == roll["id"] and remade["base_version"] == accepted_day.json()["version"]
    assert roll_rows(engine, user) == 1
    accepted = client.post(f"/api/coach/proposals/{remade['id']}/accept", headers=user.headers)
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["plan"]["week_start_date"] == "2026-09-21"
