"""Sign-up (both backends): closed unless the operator opens it; names case-folded and unique;
bounded per client address."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import PASSWORD, MakeClient, bearer, login

GOOD = {"username": "Chloé_92", "password": "un mot de passe long", "email": "chloe@example.fr"}


def test_sign_up_is_closed_by_default(make_client: MakeClient) -> None:
    client = make_client()
    refused = client.post("/api/auth/signup", json=GOOD)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "signup_disabled"
    assert client.get("/api/auth/options").json() == {"signup": False, "default_user": None}


def test_sign_up_creates_an_account_signed_in_on_this_device(make_client: MakeClient) -> None:
    client = make_client(allow_signup=True)
    assert client.get("/api/auth/options").json()["signup"] is True
    created = client.post("/api/auth/signup", json={**GOOD, "device_name": "Chloé's phone"})
    assert created.status_code == 201, created.text
    me = client.get("/api/me", headers=bearer(created.json()["token"])).json()
    assert me["name"] == "Chloé_92" and me["settings"] == {"language": None, "units": None}
    assert login(client, "chloé_92", GOOD["password"]).status_code == 200
    assert login(client, "CHLOE@example.fr", GOOD["password"]).status_code == 200


def test_taken_names_and_bad_input_are_refused(make_client: MakeClient, account: Callable[..., str]) -> None:
    account("ana", email="ana@example.org")
    client = make_client(allow_signup=True)
    cases = [
        ({"username": "ANA", "password": PASSWORD}, 409, "username_taken"),
        ({"username": "ana2", "password": PASSWORD, "email": "Ana@Example.org"}, 409, "email_taken"),
        ({"username": "ana2", "password": "short"}, 422, "invalid_account"),
        ({"username": "a", "password": PASSWORD}, 422, "invalid_account"),
        ({"username": "has space", "password": PASSWORD}, 422, "invalid_account"),
        ({"username": "ana2", "password": PASSWORD, "email": "not-an-address"}, 422, "invalid_account"),
        ({"username": "ana2", "password": "        "}, 422, "invalid_account"),
    ]
    for body, status, code in cases:
        answer = client.post("/api/auth/signup", json=body)
        assert (answer.status_code, answer.json()["error"]["code"]) == (status, code), body


def test_sign_ups_per_address_are_limited(make_client: MakeClient) -> None:
    client = make_client(allow_signup=True, signup_rate_per_hour=2)
    for n in range(2):
        assert (
            client.post("/api/auth/signup", json={"username": f"new{n}", "password": PASSWORD}).status_code
            == 201
        )
    refused = client.post("/api/auth/signup", json={"username": "new9", "password": PASSWORD})
    assert refused.status_code == 429 and "retry-after" in refused.headers
    other = make_client("192.0.2.99", allow_signup=True, signup_rate_per_hour=2)
    assert other.post("/api/auth/signup", json={"username": "new9", "password": PASSWORD}).status_code == 201
