"""Token lifecycle (both backends): per-device tokens with a name, a sliding expiry, sign-out and
revoke from another device; the old token answers 401 at once."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from sqlalchemy.orm import Session

from fitcoach.clock import FrozenClock
from fitcoach.storage.tables import User

from .conftest import MakeClient, bearer, login


def test_tokens_slide_and_expire(
    make_client: MakeClient, account: Callable[..., str], clock: FrozenClock
) -> None:
    account("ana")
    client = make_client(token_ttl_days=1)
    signed = login(client).json()
    token = signed["token"]
    assert signed["expires_at"] == "2026-09-15T10:00:00Z"
    for _ in range(3):  # used within a day each time: three days later it still works
        clock.advance(timedelta(hours=23))
        assert client.get("/api/me", headers=bearer(token)).status_code == 200
    listed = client.get("/api/me/tokens", headers=bearer(token)).json()["items"]
    assert listed[0]["expires_at"] == "2026-09-18T07:00:00Z"  # slid to the last use + 1 day
    clock.advance(timedelta(days=1))
    expired = client.get("/api/me", headers=bearer(token))
    assert expired.status_code == 401 and expired.json()["error"]["code"] == "invalid_token"


def test_logout_revokes_only_this_device_at_once(
    make_client: MakeClient, account: Callable[..., str]
) -> None:
    account("ana")
    client = make_client()
    phone, laptop = (
        login(client, device="Phone").json()["token"],
        login(client, device="Laptop").json()["token"],
    )
    assert client.post("/api/auth/logout", headers=bearer(phone)).status_code == 204
    gone = client.get("/api/me", headers=bearer(phone))
    assert gone.status_code == 401 and gone.json()["error"]["code"] == "invalid_token"
    assert client.post("/api/auth/logout", headers=bearer(phone)).status_code == 401
    assert client.get("/api/me", headers=bearer(laptop)).status_code == 200


def test_devices_are_listed_and_revoked(
    make_client: MakeClient, account: Callable[..., str], clock: FrozenClock
) -> None:
    account("ana")
    account("bo")
    client = make_client()
    phone = login(client, device="Phone").json()
    clock.advance(timedelta(minutes=5))
    laptop = login(client, device="").json()  # unnamed: the server names it from the User-Agent
    bo = login(client, "bo").json()
    items = client.get("/api/me/tokens", headers=bearer(laptop["token"])).json()["items"]
    assert [(i["id"], i["current"]) for i in items] == [
        (laptop["token_id"], True),
        (phone["token_id"], False),
    ]
    assert items[1]["name"] == "Phone" and items[0]["name"]
    # Another user's device id is unknown here, exactly like a made-up one.
    for foreign in (bo["token_id"], "tok_0000000000000000"):
        refused = client.delete(f"/api/me/tokens/{foreign}", headers=bearer(laptop["token"]))
        assert refused.status_code == 404
    assert client.get("/api/me", headers=bearer(bo["token"])).status_code == 200
    assert (
        client.delete(f"/api/me/tokens/{phone['token_id']}", headers=bearer(laptop["token"])).status_code
        == 204
    )
    assert client.get("/api/me", headers=bearer(phone["token"])).status_code == 401
    assert [
        i["id"] for i in client.get("/api/me/tokens", headers=bearer(laptop["token"])).json()["items"]
    ] == [laptop["token_id"]]


def test_a_disabled_account_is_refused_with_its_tokens(
    make_client: MakeClient, account: Callable[..., str], clock: FrozenClock
) -> None:
    user_id = account("ana")
    client = make_client()
    token = login(client).json()["token"]
    engine = client.app.state.engine  # type: ignore[attr-defined]
    with Session(engine) as session, session.begin():
        session.get(User, user_id).disabled_at = clock.now()  # type: ignore[union-attr]
    refused = client.get("/api/me", headers=bearer(token))
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "account_disabled"
