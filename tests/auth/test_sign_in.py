"""Password sign-in (both backends): username or e-mail, one answer for every failure, argon2 hashes at
rest, one verification per failure whatever the account, and back-off per account and per address."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
from argon2 import PasswordHasher
from sqlalchemy import Engine, select, text

from fitcoach.clock import FrozenClock
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.tables import User

from .conftest import PASSWORD, MakeClient, bearer, login


def test_sign_in_with_username_or_email_gives_a_working_token(
    make_client: MakeClient, account: Callable[..., str]
) -> None:
    user_id = account("Ana.Silva", email="Ana@Example.org")
    client = make_client()
    for who in ("ana.silva", "ANA.SILVA", "ana@example.org", " Ana@EXAMPLE.org "):
        answer = login(client, who, device="Pixel 8")
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["user"]["id"] == user_id and body["token"].startswith("fc_")
        assert client.get("/api/me", headers=bearer(body["token"])).json()["id"] == user_id


def test_passwords_are_argon2_hashes_and_tokens_are_not_stored(
    make_client: MakeClient, account: Callable[..., str], engine: Engine
) -> None:
    account("ana")
    token = login(make_client()).json()["token"]
    with make_sessionmaker(engine)() as session:
        stored = session.execute(select(User.password_hash)).scalar_one()
        assert stored is not None and stored.startswith("$argon2id$") and PASSWORD not in stored
        rows = session.execute(text("SELECT * FROM api_tokens")).all()
    assert rows and all(token not in str(row) for row in rows)


@pytest.fixture
def verifications(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every argon2 verification the server runs (the real one, counted)."""
    calls: list[str] = []
    real = PasswordHasher.verify

    def counted(self: PasswordHasher, hash: str | bytes, password: str | bytes) -> bool:
        calls.append(str(password))
        return real(self, hash, password)

    monkeypatch.setattr(PasswordHasher, "verify", counted)
    yield calls


@pytest.mark.parametrize(
    ("who", "password"),
    [
        ("ana", "wrong password"),  # known account, wrong password
        ("nobody", PASSWORD),  # no such account
        ("nobody@example.org", PASSWORD),
        ("x", PASSWORD),  # not even a valid name
        ("a" * 64 + "@" + "b" * 180 + ".org", PASSWORD),  # the longest address: its key is a hash
        ("disabled", PASSWORD),  # right password, disabled account
        ("tokens-only", PASSWORD),  # an account with no password
    ],
)
def test_every_failure_is_the_same_answer_after_one_verification(
    make_client: MakeClient,
    account: Callable[..., str],
    engine: Engine,
    clock: FrozenClock,
    verifications: list[str],
    who: str,
    password: str,
) -> None:
    account("ana")
    disabled = account("disabled")
    tokens_only = account("tokens-only")
    with make_sessionmaker(engine).begin() as session:
        session.get(User, disabled).disabled_at = clock.now()  # type: ignore[union-attr]
        session.get(User, tokens_only).password_hash = None  # type: ignore[union-attr]
    answer = login(make_client(), who, password)
    assert answer.status_code == 401
    assert answer.json()["error"] == {
        "code": "invalid_credentials",
        "message": "wrong username, e-mail or password",
        "details": None,
    }
    assert verifications == [password]  # the same work whether the account exists or not


def test_wrong_passwords_back_off_per_account(
    make_client: MakeClient, account: Callable[..., str], clock: FrozenClock
) -> None:
    account("ana")
    client = make_client()
    for _ in range(5):  # free tries
        assert login(client, password="typo").status_code == 401
    assert login(client, password="typo").status_code == 401  # the 6th failure locks for 5 s
    locked = login(client)  # even the right password waits: the lock says nothing about it
    assert locked.status_code == 429 and locked.json()["error"]["code"] == "too_many_attempts"
    assert locked.headers["retry-after"] == "5"
    clock.advance(timedelta(seconds=5))
    assert login(client, password="typo").status_code == 401  # the 7th: 10 s now
    assert login(client).headers["retry-after"] == "10"
    clock.advance(timedelta(seconds=10))
    assert login(client).status_code == 200  # success clears the account's count
    assert login(client, password="typo").status_code == 401
    assert login(client).status_code == 200


def test_another_address_is_held_back_by_the_account_lock_too(
    make_client: MakeClient, account: Callable[..., str]
) -> None:
    account("ana")
    attacker, owner = make_client("198.51.100.1"), make_client("192.0.2.44")
    for _ in range(6):
        login(attacker, password="guess")
    assert login(owner).status_code == 429  # per account, whoever asks


def test_wrong_passwords_back_off_per_address(make_client: MakeClient, account: Callable[..., str]) -> None:
    """Spraying many accounts from one address: each account stays under its own limit, the address
    does not. Another address is unaffected."""
    account("ana")
    sprayer, neighbour = make_client("198.51.100.9"), make_client("198.51.100.10")
    for n in range(21):
        assert login(sprayer, f"user{n}", "guess").status_code == 401
    refused = login(sprayer)
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_attempts"
    assert login(neighbour).status_code == 200


def test_ipv6_addresses_back_off_by_their_64(make_client: MakeClient, account: Callable[..., str]) -> None:
    account("ana")
    for n in range(21):
        login(make_client(f"2001:db8:1:2::{n + 1:x}"), f"user{n}", "guess")
    assert login(make_client("2001:db8:1:2::ffff")).status_code == 429
    assert login(make_client("2001:db8:1:3::1")).status_code == 200
