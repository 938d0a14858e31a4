"""Restraint (issue 14, item 4) through the real endpoint: a message that asks for no change is
answered and changes nothing (no proposal, no memory write), whatever days, muscles, gear, pain or
events its words mention; a plain request in the same words still acts. The messages are written
for this test, in five languages, and are no corpus items."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.conftest import MakeUser, TestUser

HOME = {"category": "equipment", "fact": "Home gym with dumbbells up to 50 lbs and adjustable bench."}

ASKS_NOTHING = {
    "en": [
        "is thursday still my leg day or did that change?",
        "my girlfriend tweaked her lower back deadlifting, what should she do?",
        "how long should I rest between heavy sets?",
    ],
    "fr": [
        "c'est quoi la séance de mercredi déjà ?",
        "mon frère s'est fait mal à l'épaule au foot, tu lui conseilles quoi ?",
        "combien de protéines par jour pour prendre du muscle ?",
    ],
    "pt": [
        "sexta é dia de costas mesmo?",
        "minha mãe torceu o tornozelo ontem, coitada",
        "quantas séries por semana pra peito é o ideal?",
    ],
    "ru": [
        "а в субботу у меня что по плану?",
        "у жены болит колено после бега, что ей посоветовать?",
        "сколько отдыхать между подходами?",
    ],
    "zh-Hant": [
        "星期五是練腿嗎？",
        "我老婆膝蓋痛，她該怎麼辦？",
        "每週胸要練幾組比較好？",
    ],
}


def chat(client: TestClient, user: TestUser, message: str) -> dict[str, object]:
    response = client.post("/api/coach/chat", json={"message": message}, headers=user.headers)
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def setup_user(client: TestClient, make_user: MakeUser) -> TestUser:
    user = make_user()
    response = client.post(
        "/api/memory", json={"target_tier": "tier_1_staples", "entry": HOME}, headers=user.headers
    )
    assert response.status_code in (200, 201), response.text
    onboarding = chat(client, user, "I want to build muscle, 4 days a week, 45 minutes, Mon Tue Thu Fri")
    proposal = onboarding["proposal"]
    assert isinstance(proposal, dict) and proposal["type"] == "UPDATE_WEEK"
    accepted = client.post(f"/api/coach/proposals/{proposal['id']}/accept", headers=user.headers)
    assert accepted.status_code == 200, accepted.text
    return user


@pytest.mark.parametrize(
    ("lang", "message"), [(lang, m) for lang, messages in ASKS_NOTHING.items() for m in messages]
)
def test_a_message_that_asks_for_nothing_changes_nothing(
    client: TestClient, make_user: MakeUser, lang: str, message: str
) -> None:
    user = setup_user(client, make_user)
    memory_before = client.get("/api/memory", headers=user.headers).json()
    reply = chat(client, user, message)
    proposal = reply.get("proposal")
    assert proposal is None or (isinstance(proposal, dict) and proposal.get("type") in (None, "NONE")), reply
    assert reply["memory_mutations"] == [], reply
    assert client.get("/api/memory", headers=user.headers).json() == memory_before
    assert reply["message"]
