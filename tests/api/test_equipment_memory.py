"""Issue 13 through the real endpoint and the offline coach, on SQLite and PostgreSQL: a purchase adds
to the stored inventory in every language (nothing the user had is lost), a request to forget
everything deletes nothing, and only the user's confirmation (`DELETE /api/memory`) does."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.clock import FrozenClock
from fitcoach.facts.model import InventoryFacts
from fitcoach.library.gear import Gear
from fitcoach.memory.facts import inventory_of
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.memory_repo import load_active_items
from tests.conftest import MakeUser, TestUser

HOME = {"category": "equipment", "fact": "Home gym with dumbbells up to 50 lbs and adjustable bench."}
BENCHES = {Gear.BENCH, Gear.FLAT_BENCH, Gear.INCLINE_BENCH}

PURCHASES = {
    "en": ("I just picked up a pull-up bar", Gear.PULL_UP_BAR),
    "fr": ("Je viens d'acheter une barre de traction", Gear.PULL_UP_BAR),
    "pt": ("Comprei uma barra olímpica", Gear.BARBELL),
    "ru": ("Купил турник", Gear.PULL_UP_BAR),
    "zh-Hant": ("我剛買了深蹲架", Gear.SQUAT_RACK),
}


def remember(client: TestClient, user: TestUser) -> None:
    response = client.post(
        "/api/memory", json={"target_tier": "tier_1_staples", "entry": HOME}, headers=user.headers
    )
    assert response.status_code in (200, 201), response.text


def chat(client: TestClient, user: TestUser, message: str) -> dict[str, object]:
    response = client.post("/api/coach/chat", json={"message": message}, headers=user.headers)
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def stored_equipment(engine: Engine, user: TestUser, clock: FrozenClock) -> InventoryFacts:
    with make_sessionmaker(engine)() as session:
        items = load_active_items(session, user_id=user.id, now=clock.now())
    found = [i for i in items if getattr(i.entry, "category", None) == "equipment"]
    assert len(found) == 1, found
    return inventory_of(found[0])


@pytest.mark.parametrize("lang", PURCHASES)
def test_a_purchase_adds_to_the_stored_inventory(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock, lang: str
) -> None:
    user = make_user()
    remember(client, user)
    message, bought = PURCHASES[lang]
    chat(client, user, message)
    inventory = stored_equipment(engine, user, clock)
    assert bought in inventory.owned, inventory
    assert {Gear.DUMBBELLS, *BENCHES} <= inventory.owned, inventory
    assert inventory.dumbbell_max_lb == 50


def test_forget_everything_is_only_proposed_until_the_user_confirms(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    user = make_user()
    remember(client, user)
    before = client.get("/api/memory", headers=user.headers).json()
    reply = chat(client, user, "Forget everything you know about me")
    assert reply["memory_mutations"] == []
    assert client.get("/api/memory", headers=user.headers).json() == before
    assert stored_equipment(engine, user, clock).owned >= {Gear.DUMBBELLS, *BENCHES}
    assert client.delete("/api/memory", headers=user.headers).status_code == 204
    after = client.get("/api/memory", headers=user.headers).json()
    assert all(not items for items in after.values() if isinstance(items, list)), after


def test_forgetting_everything_needs_the_user_and_touches_only_them(
    client: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock
) -> None:
    ana, bo = make_user("ana"), make_user("bo")
    remember(client, ana)
    remember(client, bo)
    assert client.delete("/api/memory").status_code == 401
    assert client.delete("/api/memory", headers=ana.headers).status_code == 204
    assert stored_equipment(engine, bo, clock).owned >= {Gear.DUMBBELLS}
