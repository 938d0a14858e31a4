"""`fitcoach plan validate|generate|roll`: the programming engine from the command line (issue 3 item 7),
and next week's proposal staged for a user (issue 18)."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import TypeAdapter, ValidationError

from fitcoach.clock import SystemClock, parse_instant
from fitcoach.contract.models import DayPlan, Weekday, WeeklyPlan
from fitcoach.engine.generator import FocusGroup, ScheduleRequest, generate_week
from fitcoach.engine.profile import Profile, build_profile
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.library.gear import COMMERCIAL_GYM, Inventory
from fitcoach.library.loader import get_library
from fitcoach.library.models import IndexGroup, MuscleGroup
from fitcoach.memory.model import MemoryItem

app = typer.Typer(no_args_is_help=True, help="Validate and generate weekly plans with the engine.")

_ITEMS = TypeAdapter(list[dict[str, Any]])


def load_memory(path: Path, now: datetime) -> list[MemoryItem]:
    """Memory items in the shape of an eval case's `memory`; missing timestamps default to `now`."""
    items: list[MemoryItem] = []
    for raw in _ITEMS.validate_json(path.read_bytes()):
        entry = raw.get("entry") or {}
        expires = raw.get("expires_at") or entry.get("expires_at")
        items.append(
            MemoryItem.model_validate(
                {
                    "id": raw.get("id", f"mem_{len(items)}"),
                    "tier": raw["tier"],
                    "entry": entry,
                    "created_at": raw.get("created_at", now),
                    "updated_at": raw.get("updated_at", now),
                    "expires_at": expires,
                }
            )
        )
    return items


def _now(text: str | None) -> datetime:
    return parse_instant(text) if text else SystemClock().now()


def _profile(memory: Path | None, now: datetime) -> Profile:
    if memory is None:
        # Nothing known about the user: check the rules, but not one particular gym's gear.
        return Profile(inventory=Inventory(gear=COMMERCIAL_GYM))
    return build_profile(load_memory(memory, now), now)


def _fail(message: str) -> typer.Exit:
    typer.echo(json.dumps({"error": message}), err=True)
    return typer.Exit(2)


@app.command()
def validate(
    plan: Annotated[Path, typer.Argument(help="A weekly plan or a single day (JSON).")],
    memory: Annotated[Path | None, typer.Option(help="Memory items (JSON list).")] = None,
    minutes: Annotated[int | None, typer.Option(help="Time budget per session.")] = None,
    now: Annotated[str | None, typer.Option(help="ISO instant to evaluate memory expiry at.")] = None,
) -> None:
    """Print {"errors": [...], "warnings": [...]}; exit 0 when there are no errors, 1 otherwise."""
    at = _now(now)
    profile = _profile(memory, at)
    try:
        raw = json.loads(plan.read_text())
        if isinstance(raw, dict) and "days" in raw:
            report = validate_week(
                WeeklyPlan.model_validate(raw), profile, library=get_library(), minutes=minutes
            )
        else:
            day = DayPlan.model_validate(raw)
            weekday = Weekday.of(day.date) if day.date else Weekday((day.day_of_week or "").lower())
            report = validate_day(day, weekday, profile, library=get_library(), minutes=minutes)
    except (ValidationError, ValueError) as error:
        body = {"errors": [{"code": "invalid_field", "message": str(error)}], "warnings": []}
        typer.echo(json.dumps(body, ensure_ascii=False, indent=2))
        raise typer.Exit(1) from error
    result = report.to_dict()
    for violation in result["errors"] + result["warnings"]:
        violation.pop("severity", None)
    typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
    raise typer.Exit(0 if report.ok else 1)


def parse_focus(values: list[str]) -> dict[Weekday, list[FocusGroup]]:
    """`saturday=arms,shoulders` → {saturday: [arms, shoulders]} (index groups, else muscle groups)."""
    focus: dict[Weekday, list[FocusGroup]] = {}
    by_name: dict[str, FocusGroup] = {g.value.lower(): g for g in MuscleGroup}
    by_name.update({g.value: g for g in IndexGroup})
    for value in values:
        day, _, groups = value.partition("=")
        try:
            weekday = Weekday(day.strip().lower())
            focus[weekday] = [by_name[name.strip().lower()] for name in groups.split(",") if name.strip()]
        except (ValueError, KeyError) as error:
            raise _fail(f"bad --focus '{value}'; use e.g. saturday=arms,shoulders") from error
    return focus


@app.command()
def generate(
    memory: Annotated[Path, typer.Option(help="Memory items (JSON list).")],
    days: Annotated[str | None, typer.Option(help="Training days, e.g. monday,wednesday,friday.")] = None,
    days_per_week: Annotated[int | None, typer.Option(help="How many training days.")] = None,
    minutes: Annotated[int | None, typer.Option(help="Minutes per session.")] = None,
    week_start: Annotated[str | None, typer.Option(help="Monday the week starts (YYYY-MM-DD).")] = None,
    focus: Annotated[
        list[str] | None, typer.Option(help="Per-day focus, e.g. saturday=arms,shoulders.")
    ] = None,
    now: Annotated[str | None, typer.Option(help="ISO instant to evaluate memory expiry at.")] = None,
) -> None:
    """Print a generated seven-day plan as JSON (notes go to stderr)."""
    if (days is None) == (days_per_week is None):
        raise _fail("give exactly one of --days or --days-per-week")
    at = _now(now)
    try:
        chosen = tuple(Weekday(d.strip().lower()) for d in days.split(",")) if days else None
        start = (
            date.fromisoformat(week_start) if week_start else at.date() + timedelta(days=-at.weekday() % 7)
        )
    except ValueError as error:
        raise _fail(str(error)) from error
    request = ScheduleRequest(chosen, days_per_week, minutes, parse_focus(focus or []))
    generated = generate_week(_profile(memory, at), request, library=get_library(), week_start=start)
    for note in generated.notes:
        typer.echo(note, err=True)
    typer.echo(json.dumps(generated.plan.model_dump(mode="json"), ensure_ascii=False, indent=2))


@app.command()
def roll(
    user: Annotated[str, typer.Option(help="The user's id.")],
    now: Annotated[str | None, typer.Option(help="ISO instant to roll at (default: now).")] = None,
) -> None:
    """Stage next week for USER if it is due and print {"proposal": {...}, "created": bool}; a week
    staged before is printed again, never staged twice; {"proposal": null} when nothing is due."""
    from fitcoach.api.routes.coach import render_proposal
    from fitcoach.cli.common import echo_json, open_database
    from fitcoach.errors import FitcoachError
    from fitcoach.services.program import roll_week
    from fitcoach.storage.db import make_sessionmaker
    from fitcoach.storage.library import effective_library
    from fitcoach.storage.users import get_user

    try:
        at = _now(now)
    except ValueError as error:
        raise _fail(str(error)) from error
    engine = open_database()
    try:
        with make_sessionmaker(engine)() as session:
            owner = get_user(session, user_id=user)
            language = owner.settings.get("language")
            library = effective_library(session)
            rolled = roll_week(session, user_id=user, now=at, library=library, lang=language)
            session.commit()
            if rolled is None:
                echo_json({"proposal": None, "created": False})
                return
            body = render_proposal(rolled.proposal).model_dump(mode="json")
            echo_json({"proposal": body, "created": rolled.created})
    except FitcoachError as error:
        raise _fail(error.message) from error
    finally:
        engine.dispose()
