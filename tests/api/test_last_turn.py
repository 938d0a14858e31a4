"""The turn before (issue 14, item 6): every brain's runtime context carries the previous turn (the
coach's question, the proposal it staged and whether it is still pending, the memory it wrote); with
the offline coach, an answer to its own question completes the request, and "yes, do it" re-offers
the pending proposal's Accept instead of changing anything itself."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.clock import FrozenClock
from tests.agent.test_pipeline import none_answer
from tests.conftest import MakeUser, TestUser


def chat(client: TestClient, user: TestUser, message: str) -> dict[str, object]:
    response = client.post("/api/coach/chat", json={"message": message}, headers=user.headers)
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def test_the_runtime_context_names_the_last_turn_and_its_pending_proposal(
    coach: TestClient, scripted: ScriptedProvider, make_user: MakeUser, clock: FrozenClock
) -> None:
    user = make_user()
    scripted.enqueue(none_answer("How many days a week can you train?"))
    chat(coach, user, "I want to get stronger with my dumbbells")
    clock.advance(timedelta(minutes=2))
    scripted.enqueue(none_answer("Great."))
    chat(coach, user, "four")
    first, second = scripted.history
    assert "LAST TURN:" not in first.runtime_block
    block = second.runtime_block
    assert "LAST TURN:" in block
    line = block.split("LAST TURN:\n", 1)[1].splitlines()[0]
    assert "How many days a week" in line
    assert "I want to get stronger" not in block.split("[USER MESSAGE", 1)[0]  # only this turn's words
    assert second.turn.last_turn is not None and second.turn.last_turn.asked


def test_a_turn_hours_later_is_another_conversation(
    coach: TestClient, scripted: ScriptedProvider, make_user: MakeUser, clock: FrozenClock
) -> None:
    user = make_user()
    scripted.enqueue(none_answer("How many days a week can you train?"), none_answer("Hi."))
    chat(coach, user, "I want to get stronger")
    clock.advance(timedelta(hours=7))
    chat(coach, user, "hello")
    assert "LAST TURN:" not in scripted.history[1].runtime_block


def test_yes_to_a_pending_week_points_to_accept_and_changes_nothing(
    client: TestClient, make_user: MakeUser, clock: FrozenClock
) -> None:
    user = make_user()
    first = chat(
        client,
        user,
        "Build muscle. I have dumbbells up to 25 kg and a bench. Mon, Wed, Fri, 45 minutes. No injuries.",
    )
    proposal = first["proposal"]
    assert isinstance(proposal, dict) and proposal["type"] == "UPDATE_WEEK"
    clock.advance(timedelta(minutes=1))
    second = chat(client, user, "yes, do it")
    assert second["proposal"] is None or second["proposal"]["type"] == "NONE"  # type: ignore[index]
    assert second["memory_mutations"] == []
    assert "Accept Plan" in str(second["message"])
    staged = client.get("/api/coach/proposals", params={"status": "staged"}, headers=user.headers)
    assert staged.status_code == 200, staged.text
    assert [item["id"] for item in staged.json()["items"]] == [proposal["id"]]
    assert client.get("/api/plan", headers=user.headers).status_code == 404
