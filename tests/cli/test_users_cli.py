"""`fitcoach user …` against the test database: accounts with passwords, reset, list, disable and
enable, revoke-tokens, and ensure-default reusing the local user when its token is gone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import Engine
from typer.testing import CliRunner

from fitcoach.auth.passwords import verify_password
from fitcoach.cli.main import app
from fitcoach.clock import SystemClock
from fitcoach.storage.accounts import find_by_login
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.tokens import user_for_token

runner = CliRunner()
PASSWORD = "a proper passphrase"


@pytest.fixture
def env(database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.chdir(tmp_path)
    return {"FITCOACH_DATABASE_URL": database_url}


def run(env: dict[str, str], *args: str, stdin: str | None = None, code: int = 0) -> str:
    result = runner.invoke(app, list(args), env=env, input=stdin)
    assert result.exit_code == code, result.output
    return result.stdout


def token_works(engine: Engine, token: str) -> bool:
    with make_sessionmaker(engine)() as session:
        return user_for_token(session, token=token, now=SystemClock().now()) is not None


def password_matches(engine: Engine, login: str, password: str) -> bool:
    with make_sessionmaker(engine)() as session:
        user = find_by_login(session, login=login)
        return user is not None and verify_password(user.password_hash, password)


def test_create_with_a_password_then_reset_it(env: dict[str, str], engine: Engine) -> None:
    created = json.loads(
        run(
            env,
            "user",
            "create",
            "Ana Silva",
            "--username",
            "ana",
            "--email",
            "ana@example.org",
            "--password-stdin",
            stdin=PASSWORD + "\n",
        )
    )
    assert created["username"] == "ana" and created["name"] == "Ana Silva"
    assert token_works(engine, created["token"])
    assert password_matches(engine, "ana@example.org", PASSWORD)
    reset = json.loads(
        run(env, "user", "reset-password", "ana", "--password-stdin", stdin="new passphrase here\n")
    )
    assert reset == {"id": created["id"], "username": "ana", "revoked_tokens": 1}
    assert not token_works(engine, created["token"])  # signed out everywhere
    assert password_matches(engine, "ana", "new passphrase here") and not password_matches(
        engine, "ana", PASSWORD
    )


def test_bad_passwords_and_names_are_refused(env: dict[str, str]) -> None:
    short = runner.invoke(app, ["user", "create", "bo", "--password-stdin"], env=env, input="short\n")
    assert short.exit_code == 1 and "at least 8" in short.output
    run(env, "user", "create", "bo", "--password-stdin", stdin=PASSWORD + "\n")
    taken = runner.invoke(app, ["user", "create", "BO", "--password-stdin"], env=env, input=PASSWORD + "\n")
    assert taken.exit_code == 1 and "taken" in taken.output
    missing = runner.invoke(app, ["user", "disable", "nobody"], env=env)
    assert missing.exit_code == 1 and "no user 'nobody'" in missing.output


def test_list_disable_enable_and_revoke(env: dict[str, str], engine: Engine) -> None:
    ana = json.loads(run(env, "user", "create", "ana", "--password-stdin", stdin=PASSWORD + "\n"))
    plain = json.loads(run(env, "user", "create", "Token only"))
    listed = [json.loads(line) for line in run(env, "user", "list").splitlines()]
    assert [(u["name"], u["username"], u["password"], u["disabled"], u["tokens"]) for u in listed] == [
        ("ana", "ana", True, False, 1),
        ("Token only", None, False, False, 1),
    ]
    assert json.loads(run(env, "user", "disable", "ana")) == {
        "id": ana["id"],
        "disabled": True,
        "revoked_tokens": 1,
    }
    assert not token_works(engine, ana["token"])
    assert [json.loads(line)["disabled"] for line in run(env, "user", "list").splitlines()] == [True, False]
    run(env, "user", "enable", ana["id"])
    assert json.loads(run(env, "user", "revoke-tokens", plain["id"]))["revoked_tokens"] == 1
    assert not token_works(engine, plain["token"])


def test_ensure_default_keeps_the_same_user_when_its_token_is_revoked(
    env: dict[str, str], tmp_path: Path
) -> None:
    run(env, "user", "ensure-default")
    saved = json.loads((tmp_path / "data" / "default-user.json").read_text())
    run(env, "user", "revoke-tokens", saved["id"])
    again = run(env, "user", "ensure-default")
    renewed = json.loads((tmp_path / "data" / "default-user.json").read_text())
    assert again.startswith("Using") and renewed["id"] == saved["id"] and renewed["token"] != saved["token"]
