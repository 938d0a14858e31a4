"""The user's weight unit on SQLite and PostgreSQL: null until picked or learned, learned from the
user's own chat message in every language (never from one without a unit or with both), never
overwriting a stored unit, and committed with the turn or not at all."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.clock import FrozenClock
from fitcoach.library import get_library
from fitcoach.services.brains import Brains
from fitcoach.services.chat import ChatInput, run_turn
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.tables import ChatTurn
from fitcoach.storage.users import create_user, issue_token
from tests.conftest import MakeUser, TestUser


def units(client: TestClient, user: TestUser) -> str | None:
    response = client.get("/api/me", headers=user.headers)
    assert response.status_code == 200, response.text
    found: str | None = response.json()["settings"]["units"]
    return found


def say(client: TestClient, user: TestUser, message: str) -> None:
    response = client.post("/api/coach/chat", json={"message": message}, headers=user.headers)
    assert response.status_code == 200, response.text


def test_a_new_user_has_no_units_until_they_pick_or_state_one(
    client: TestClient, make_user: MakeUser
) -> None:
    ana = make_user("ana")
    assert client.get("/api/me", headers=ana.headers).json()["settings"] == {"language": None, "units": None}
    picked = client.patch("/api/me", json={"settings": {"units": "kg"}}, headers=ana.headers)
    assert picked.status_code == 200 and picked.json()["settings"]["units"] == "kg"
    assert units(client, ana) == "kg" and units(client, make_user("bo")) is None


def test_the_document_says_units_may_be_null(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    schema = schemas["UserSettings"]["properties"]["units"]
    assert {"type": "null"} in schema["anyOf"] and "null while unknown" in schema["description"]


LEARNED = [
    pytest.param("I've got adjustable dumbbells up to 50 lbs and a bench.", "lb", id="en-lbs"),
    pytest.param("Did 3x8 at 60 kilos on the squat today", "kg", id="en-kilos"),
    pytest.param("J'ai des haltères réglables jusqu'à 22 kg et un banc.", "kg", id="fr-kg"),
    pytest.param("Je fais mes curls avec 30 livres", "lb", id="fr-livres"),
    pytest.param("Tenho halteres de até 20 quilos em casa.", "kg", id="pt-quilos"),
    pytest.param("Faço supino com 45 libras de cada lado", "lb", id="pt-libras"),
    pytest.param("Гантели до 22 кг, скамья есть.", "kg", id="ru-кг"),
    pytest.param("Жму гантели по 40 фунтов", "lb", id="ru-фунтов"),
    pytest.param("我有可調式啞鈴，最重 50磅。", "lb", id="zh-磅"),
    pytest.param("深蹲做到 80公斤 了", "kg", id="zh-公斤"),
]


@pytest.mark.parametrize(("message", "unit"), LEARNED)
def test_a_weight_with_a_unit_in_the_users_message_sets_their_units(
    client: TestClient, make_user: MakeUser, message: str, unit: str
) -> None:
    user = make_user()
    say(client, user, message)
    assert units(client, user) == unit


NOT_LEARNED = [
    pytest.param("My hamstrings are sore, can you adjust today?", id="en"),
    pytest.param("Je peux m'entraîner 4 jours par semaine, 45 minutes.", id="fr-numbers-no-unit"),
    pytest.param("Hoje estou muito cansado, 3 séries bastam", id="pt"),
    pytest.param("Болит правое плечо уже 3 дня", id="ru"),
    pytest.param("今天腿很酸，可以調整嗎？", id="zh-Hant"),
    pytest.param("Adjustable dumbbells to 22 kg / 50 lb", id="mixed-units"),
    pytest.param("Гантели 24 кг, штанга 135 lbs", id="mixed-ru"),
]


@pytest.mark.parametrize("message", NOT_LEARNED)
def test_no_unit_is_learned_from_a_message_without_one_or_with_both(
    client: TestClient, make_user: MakeUser, message: str
) -> None:
    user = make_user()
    say(client, user, message)
    assert units(client, user) is None


def test_a_stored_unit_is_never_overwritten_by_a_message(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    learned, picked = make_user("learned"), make_user("picked")
    say(client, learned, "Гантели до 22 кг")
    say(client, learned, "Now I bench 185 lbs")
    assert units(client, learned) == "kg"

    client.patch("/api/me", json={"settings": {"units": "lb", "language": "fr"}}, headers=picked.headers)
    say(client, picked, "J'ai des haltères de 20 kg")
    assert units(client, picked) == "lb"
    # A pick after a learned unit is the user's word: it wins.
    client.patch("/api/me", json={"settings": {"units": "lb"}}, headers=learned.headers)
    assert units(client, learned) == "lb"

    # A row written before units could be unknown keeps the unit it has (it may be a real choice).
    with make_sessionmaker(engine)() as session:
        row = create_user(session, name="old", now=clock.now(), settings={"units": "lb"})
        token = issue_token(session, user_id=row.id, now=clock.now())
        session.commit()
    old = TestUser(row.id, "old", token, {"Authorization": f"Bearer {token}"})
    say(client, old, "Гантели до 22 кг")
    assert units(client, old) == "lb"


def test_the_learned_unit_is_rolled_back_with_a_failed_turn(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = make_user()
    answer = {
        "message": "Noted.",
        "proposal": {"id": None, "type": "NONE", "target_day": None, "summary_diff": None, "data": None},
        "memory_mutations": [],
    }

    def explode(session: Session) -> None:
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        run_turn(
            make_sessionmaker(engine),
            user_id=user.id,
            chat=ChatInput(message="Гантели до 22 кг", active_tab="coach", selected_day=None),
            clock=clock,
            brains=Brains(provider=ScriptedProvider(answer), fallback=None),
            library=get_library(),
            after_write=explode,
        )
    with Session(engine) as session:
        assert session.query(ChatTurn).filter_by(user_id=user.id).count() == 0
    assert units(client, user) is None

    # The same turn without the failure stores both.
    run_turn(
        make_sessionmaker(engine),
        user_id=user.id,
        chat=ChatInput(message="Гантели до 22 кг", active_tab="coach", selected_day=None),
        clock=clock,
        brains=Brains(provider=ScriptedProvider(answer), fallback=None),
        library=get_library(),
    )
    assert units(client, user) == "kg"
