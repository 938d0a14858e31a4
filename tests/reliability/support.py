"""Shared pieces of the reliability tests: seeded users, an app whose brain is an LLM behind a fake
server (offline coach as fallback), and the checks every hostile or faulty turn must pass."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.contract.models import CoachReply, DayPlan, Weekday, WeeklyPlan
from fitcoach.engine.profile import build_profile
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.library import get_library
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.memory import insert_memory_item
from fitcoach.storage.memory_repo import load_active_items
from fitcoach.storage.plans import get_active_plan, get_plan_version
from fitcoach.storage.tables import MemoryItemRow, ProposalRow
from tests.conftest import MakeUser, TestUser

DATA = Path(__file__).parents[1] / "data"
FOREIGN_MEMORY_ID = "mem_other"


def seed_answer(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((DATA / f"seeds/{name}.json").read_text())
    return loaded


def seed_other(make_user: MakeUser, engine: Engine, now: datetime) -> TestUser:
    """Another tenant whose memory id a hostile message or model names."""
    user = make_user("bo")
    with make_sessionmaker(engine).begin() as session:
        insert_memory_item(
            session,
            user_id=user.id,
            item_id=FOREIGN_MEMORY_ID,
            tier="tier_1_staples",
            entry={"category": "goal", "fact": "Marathon in May"},
            now=now,
        )
    return user


def llm_app(
    *,
    database_url: str,
    engine: Engine,
    clock: FrozenClock,
    base_url: str,
    timeout_s: float = 5.0,
    provider: Literal["openai", "gemini"] = "openai",
) -> FastAPI:
    """The production wiring for an LLM provider: the real SDK, the offline coach as fallback."""
    settings = Settings(
        database_url=database_url,
        provider=provider,
        llm_timeout_s=timeout_s,
        chat_rate_per_minute=100_000,
        **({"openai_base_url": f"{base_url}/v1"} if provider == "openai" else {"gemini_base_url": base_url}),
        **({"GEMINI_API_KEY": "fake-key"} if provider == "gemini" else {}),
    )
    return create_app(settings, clock=clock, engine=engine)


def stored_plan(engine: Engine, user_id: str) -> tuple[int, dict[str, Any]] | None:
    with Session(engine) as session:
        row = get_active_plan(session, user_id=user_id)
        return None if row is None else (row.version, row.plan)


@dataclass(frozen=True)
class MemoryRow:
    id: str
    entry: dict[str, Any]
    updated_at: datetime
    deleted_at: datetime | None


def memory_rows(engine: Engine, user_id: str) -> dict[str, MemoryRow]:
    """Every memory row of the user, deleted ones included."""
    with Session(engine) as session:
        rows = session.execute(select(MemoryItemRow).where(MemoryItemRow.user_id == user_id)).scalars()
        return {r.id: MemoryRow(r.id, copy.deepcopy(r.entry), r.updated_at, r.deleted_at) for r in rows}


def assert_valid_reply(body: dict[str, Any]) -> CoachReply:
    """The answer fits the contract and says something."""
    reply = CoachReply.model_validate({key: value for key, value in body.items() if key != "meta"})
    assert reply.message.strip(), body
    return reply


def assert_staged_proposals_valid(engine: Engine, user_id: str, now: datetime) -> int:
    """Every proposal still staged for the user (what an accept could write) passes the engine against
    the user's memory now and the plan version it was made on; returns how many there are.

    Call it after every turn: a proposal is checked at the moment it is staged, and again as long as
    it stays acceptable while memory changes."""
    library = get_library()
    with Session(engine) as session:
        profile = build_profile(load_active_items(session, user_id=user_id, now=now), now)
        rows = (
            session.execute(
                select(ProposalRow).where(ProposalRow.user_id == user_id, ProposalRow.status == "staged")
            )
            .scalars()
            .all()
        )
        for row in rows:
            assert row.data is not None, row.id
            if row.type == "UPDATE_DAY":
                assert row.target_day is not None and row.base_version is not None, row.id
                base = get_plan_version(session, user_id=user_id, version=row.base_version)
                assert base is not None
                day, weekday = DayPlan.model_validate(row.data), Weekday(row.target_day)
                week = WeeklyPlan.model_validate(base.plan)
                week = week.model_copy(update={"days": {**week.days, weekday: day}})
                report = validate_day(day, weekday, profile, week=week, library=library)
            else:
                report = validate_week(WeeklyPlan.model_validate(row.data), profile, library=library)
            assert report.ok, (row.id, row.status, row.turn_id, report.to_dict())
        return len(rows)


# --- answers a model might give that break the rules while fitting the schema ----------------------


def barbell_day() -> dict[str, Any]:
    """Monday with a barbell back squat first: a dumbbell-only user cannot do it."""
    answer = seed_answer("monday_update_day")
    answer["proposal"]["data"]["blocks"][0]["exercises"][0]["exercise_id"] = "barbell-back-squat"
    return answer


def barbell_week() -> dict[str, Any]:
    """The onboarding week with every day's first exercise swapped for a barbell lift."""
    answer = seed_answer("onboarding_update_week")
    lifts = iter(
        ["barbell-back-squat", "flat-bb-bench-press", "conventional-deadlift", "barbell-bent-over-row"]
    )
    for day in answer["proposal"]["data"]["days"].values():
        if day.get("blocks"):
            day["blocks"][0]["exercises"][0]["exercise_id"] = next(lifts, "barbell-curl")
    return answer


def spinal_superset() -> dict[str, Any]:
    """Two spinally loaded barbell lifts paired in one superset."""
    answer = seed_answer("monday_update_day")
    answer["proposal"]["data"]["blocks"] = [
        {
            "label": "Heavy pair",
            "exercises": [
                {
                    "exercise_id": "barbell-back-squat",
                    "target_sets": 3,
                    "target_reps": "5",
                    "rest_seconds": 120,
                },
                {
                    "exercise_id": "conventional-deadlift",
                    "target_sets": 3,
                    "target_reps": "5",
                    "rest_seconds": 120,
                },
            ],
        }
    ]
    return answer
