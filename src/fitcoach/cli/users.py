"""`fitcoach user create NAME` and `fitcoach user ensure-default` (the local user of `make run`)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer

from fitcoach.cli.common import echo_json, open_database
from fitcoach.clock import SystemClock
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.users import create_user, issue_token, user_for_token

app = typer.Typer(no_args_is_help=True, help="Manage users and their API tokens.")

DEFAULT_USER_FILE = Path("data") / "default-user.json"


@app.command("create")
def create(name: str) -> None:
    """Create a user and print {"id", "name", "token"} (the token is shown only this once)."""
    now = SystemClock().now()
    with make_sessionmaker(open_database())() as session:
        user = create_user(session, name=name, now=now)
        token = issue_token(session, user_id=user.id, now=now)
        session.commit()
        echo_json({"id": user.id, "name": user.name, "token": token})


@app.command("ensure-default")
def ensure_default(
    file: Path = typer.Option(DEFAULT_USER_FILE, help="Where the local user's token is kept (mode 0600)."),
    url: str = typer.Option("http://127.0.0.1:8000/", help="Where the server will listen, for the hint."),
) -> None:
    """Create the local default user on first start; on later starts reuse it. Prints how to sign in."""
    now = SystemClock().now()
    with make_sessionmaker(open_database())() as session:
        saved = _read(file)
        if saved is not None and user_for_token(session, token=saved["token"], now=now) is not None:
            session.commit()
            created = False
        else:
            user = create_user(session, name="default", now=now)
            saved = {
                "id": user.id,
                "name": user.name,
                "token": issue_token(session, user_id=user.id, now=now),
            }
            session.commit()
            _write(file, saved)
            created = True
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
