"""`fitcoach import`, `fitcoach export` and `fitcoach user delete`: history in and out for the operator."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from sqlalchemy.orm import Session, sessionmaker

from fitcoach.cli.common import echo_json, open_database
from fitcoach.clock import SystemClock
from fitcoach.contract.logs import Unit
from fitcoach.errors import FitcoachError
from fitcoach.services.account import delete_account
from fitcoach.services.export import export_csv, export_json
from fitcoach.services.imports import ImportOptions, commit_import, preview_import
from fitcoach.storage.accounts import find_account
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.library import effective_library

UserOption = Annotated[str, typer.Option("--user", help="The user's id, username or e-mail address.")]


@contextmanager
def _sessions() -> Iterator[sessionmaker[Session]]:
    engine = open_database()
    try:
        yield make_sessionmaker(engine)
    except FitcoachError as error:
        echo_json({"error": {"code": error.code, "message": error.message, "details": error.details}})
        raise typer.Exit(1) from error
    finally:
        engine.dispose()


def _mapping(pairs: list[str]) -> dict[str, str]:
    mapping: dict[str, str] = {}
    for pair in pairs:
        name, sep, slug = pair.rpartition("=")
        if not sep or not name:
            typer.echo(
                f"error: --map takes 'App name=slug' (empty slug skips the name), not {pair!r}", err=True
            )
            raise typer.Exit(2)
        mapping[name] = slug
    return mapping


def import_command(
    file: Annotated[
        Path, typer.Argument(exists=True, dir_okay=False, help="A Strong/Hevy CSV or a fitcoach JSON.")
    ],
    user: UserOption,
    commit: Annotated[
        bool, typer.Option("--commit", help="Import; without it, print the preview only.")
    ] = False,
    timezone: Annotated[str, typer.Option(help="IANA zone the app wrote its times in.")] = "UTC",
    unit: Annotated[str | None, typer.Option(help="kg or lb: Strong's newer export does not say.")] = None,
    map_: Annotated[list[str] | None, typer.Option("--map", help="'App name=slug'; repeatable.")] = None,
) -> None:
    """Preview an export as JSON (sessions, sets, dates, names matched and not); import it with --commit."""
    if unit not in (None, "kg", "lb"):
        typer.echo("error: --unit is kg or lb", err=True)
        raise typer.Exit(2)
    chosen: Unit | None = "kg" if unit == "kg" else "lb" if unit == "lb" else None
    options = ImportOptions(timezone=timezone, unit=chosen, mapping=_mapping(map_ or []))
    with _sessions() as sessions, sessions() as session:
        account = find_account(session, who=user)
        run = commit_import if commit else preview_import
        summary = run(
            session,
            user_id=account.id,
            data=file.read_bytes(),
            options=options,
            library=effective_library(session),
            now=SystemClock().now(),
        )
        session.commit()
        echo_json(summary)


def export_command(
    user: UserOption,
    format: Annotated[
        str, typer.Option(help="json (everything) or csv (the logs, Strong's layout).")
    ] = "json",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File to write (default: stdout).")
    ] = None,
) -> None:
    """Write everything the user has as JSON, or the logs as CSV, streamed."""
    if format not in ("json", "csv"):
        typer.echo("error: --format is json or csv", err=True)
        raise typer.Exit(2)
    with _sessions() as sessions:
        with sessions() as session:
            user_id = find_account(session, who=user).id
        chunks = (
            export_csv(sessions, user_id=user_id)
            if format == "csv"
            else export_json(sessions, user_id=user_id, now=SystemClock().now())
        )
        target = output.open("wb") if output else sys.stdout.buffer
        try:
            for chunk in chunks:
                target.write(chunk)
        finally:
            if output:
                target.close()
            else:
                target.flush()


def delete_user_command(
    who: Annotated[str, typer.Argument(help="The user's id, username or e-mail address.")],
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
) -> None:
    """Delete the user and every row they own, in every table."""
    with _sessions() as sessions, sessions() as session:
        account = find_account(session, who=who)
        if not yes and not typer.confirm(f"Delete {account.name} ({account.id}) and all their data?"):
            raise typer.Exit(1)
        delete_account(session, user_id=account.id)
        session.commit()
        echo_json({"deleted": account.id})
