"""`fitcoach user …`: accounts and their tokens for the operator (create, reset-password, list, disable,
enable, revoke-tokens) and `ensure-default`, the local user of `make run`."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Annotated

import typer
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from fitcoach.auth.passwords import InvalidAccountName, check_password
from fitcoach.cli.common import echo_json, open_database
from fitcoach.clock import SystemClock, isoformat_z
from fitcoach.config import Settings
from fitcoach.errors import FitcoachError
from fitcoach.storage import throttle
from fitcoach.storage.accounts import create_account, find_account, list_accounts, set_disabled, set_password
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.tables import ApiToken, User
from fitcoach.storage.tokens import authenticate, issue_token, revoke_all_tokens
from fitcoach.storage.users import create_user

app = typer.Typer(no_args_is_help=True, help="Manage users, their passwords and their sign-in tokens.")

DEFAULT_USER_FILE = Path("data") / "default-user.json"
Who = Annotated[str, typer.Argument(help="The user's id, username or e-mail address.")]
PasswordStdin = Annotated[
    bool, typer.Option("--password-stdin", help="Read the password from the first line of standard input.")
]


@contextmanager
def _session() -> Iterator[Session]:
    """A session on the migrated database; a FitcoachError becomes a one-line error and exit code 1."""
    engine = open_database()
    try:
        with make_sessionmaker(engine)() as session:
            yield session
    except (FitcoachError, InvalidAccountName) as error:
        typer.echo(f"error: {getattr(error, 'message', error)}", err=True)
        raise typer.Exit(1) from error
    finally:
        engine.dispose()


def _ttl() -> timedelta:
    return timedelta(days=Settings().token_ttl_days)


def _read_password(from_stdin: bool) -> str:
    if from_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    try:
        check_password(password)
    except InvalidAccountName as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from error
    return password


@app.command("create")
def create(
    name: Annotated[str, typer.Argument(help="The name shown in the app.")],
    username: Annotated[
        str | None, typer.Option(help="Sign-in name (default: NAME, when a password is set).")
    ] = None,
    email: Annotated[str | None, typer.Option(help="Also sign in with this e-mail address.")] = None,
    password: Annotated[bool, typer.Option("--password", help="Prompt for a sign-in password.")] = False,
    password_stdin: PasswordStdin = False,
) -> None:
    """Create a user and print {"id", "name", "username", "token"} (the token is shown only this once).
    Without a password the user signs in with tokens only."""
    secret = _read_password(password_stdin) if password or password_stdin else None
    now = SystemClock().now()
    with _session() as session:
        if secret is None and username is None and email is None:
            user = create_user(session, name=name, now=now)
        else:
            user = create_account(
                session, username=username or name, password=secret, email=email, now=now, display_name=name
            )
        token = issue_token(
            session, user_id=user.id, now=now, name="Command line (fitcoach user create)", ttl=_ttl()
        )
        session.commit()
        echo_json({"id": user.id, "name": user.name, "username": user.username, "token": token})


@app.command("reset-password")
def reset_password(who: Who, password_stdin: PasswordStdin = False) -> None:
    """Set a new password, sign the user out everywhere (their tokens are revoked) and lift any back-off."""
    secret = _read_password(password_stdin)
    with _session() as session:
        user = find_account(session, who=who)
        if user.username is None:
            typer.echo(
                "error: this user has no username to sign in with; create one with --username", err=True
            )
            raise typer.Exit(1)
        set_password(session, user=user, password=secret)
        revoked = revoke_all_tokens(session, user_id=user.id)
        throttle.clear_failures(session, key=f"user:{user.id}")
        session.commit()
        echo_json({"id": user.id, "username": user.username, "revoked_tokens": revoked})


@app.command("list")
def list_command() -> None:
    """Every user, one JSON object a line: id, name, username, e-mail, password set, disabled, live tokens."""
    now = SystemClock().now()
    with _session() as session:
        counts = dict(
            session.execute(
                select(ApiToken.user_id, func.count())
                .where(ApiToken.expires_at > now)
                .group_by(ApiToken.user_id)
            ).all()
        )
        for user in list_accounts(session):
            echo_json(
                {
                    "id": user.id,
                    "name": user.name,
                    "username": user.username,
                    "email": user.email,
                    "password": user.password_hash is not None,
                    "disabled": user.disabled_at is not None,
                    "created_at": isoformat_z(user.created_at),
                    "tokens": counts.get(user.id, 0),
                }
            )


def _set_disabled(who: str, *, disabled: bool) -> None:
    with _session() as session:
        user = find_account(session, who=who)
        set_disabled(session, user=user, disabled=disabled, now=SystemClock().now())
        revoked = revoke_all_tokens(session, user_id=user.id) if disabled else 0
        session.commit()
        echo_json({"id": user.id, "disabled": disabled, "revoked_tokens": revoked})


@app.command("disable")
def disable(who: Who) -> None:
    """Refuse the user's sign-ins and revoke their tokens; their data is kept (`enable` undoes it)."""
    _set_disabled(who, disabled=True)


@app.command("enable")
def enable(who: Who) -> None:
    """Let a disabled user sign in again (with a password or a new token)."""
    _set_disabled(who, disabled=False)


@app.command("revoke-tokens")
def revoke_tokens(who: Who) -> None:
    """Sign the user out on every device at once: each of their tokens answers 401 from now on."""
    with _session() as session:
        user = find_account(session, who=who)
        revoked = revoke_all_tokens(session, user_id=user.id)
        session.commit()
        echo_json({"id": user.id, "revoked_tokens": revoked})


@app.command("ensure-default")
def ensure_default(
    file: Path = typer.Option(DEFAULT_USER_FILE, help="Where the local user's token is kept (mode 0600)."),
    url: str = typer.Option("http://127.0.0.1:8000/", help="Where the server will listen, for the hint."),
) -> None:
    """Create the local default user on first start; on later starts reuse it (with a new token when
    the saved one expired or was revoked). Prints how to sign in."""
    now = SystemClock().now()
    with _session() as session:
        saved = _read(file)
        user = session.get(User, saved["id"]) if saved is not None else None
        found = (
            authenticate(session, token=saved["token"], now=now, ttl=_ttl()) if saved is not None else None
        )
        if saved is not None and found is not None and found.user.id == saved["id"]:
            session.commit()
            created = False
        else:
            created = user is None
            if user is None:
                user = create_user(session, name="default", now=now)
            token = issue_token(session, user_id=user.id, now=now, name="Local user (make run)", ttl=_ttl())
            saved = {"id": user.id, "name": user.name, "token": token}
            session.commit()
            _write(file, saved)
    typer.echo(("Created" if created else "Using") + f" the local user {saved['name']!r} ({saved['id']}).")
    typer.echo(f"Sign in at {url} with this token (kept in {file}):")
    typer.echo(f"  {saved['token']}")
    typer.echo(f"API: curl -H 'Authorization: Bearer {saved['token']}' {url}api/workouts")


def _read(file: Path) -> dict[str, str] | None:
    try:
        raw = json.loads(file.read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(raw, dict) or not all(isinstance(raw.get(k), str) for k in ("id", "name", "token")):
        return None
    return {k: str(raw[k]) for k in ("id", "name", "token")}


def _write(file: Path, saved: dict[str, str]) -> None:
    file.parent.mkdir(parents=True, exist_ok=True)
    # Created with 0600 from the start, so the token is never readable by others, even briefly.
    descriptor = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        json.dump(saved, handle, indent=2)
    file.chmod(0o600)
