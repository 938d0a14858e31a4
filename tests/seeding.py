"""The seed athlete most API, pipeline and reliability tests start from: the seed's home-gym memory
(dumbbells to 50 lb, adjustable bench) and its 4-day plan as version 1."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from sqlalchemy import Engine

from fitcoach.contract.models import WeeklyPlan
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.memory import insert_memory_item
from fitcoach.storage.plans import add_plan_version
from tests.conftest import MakeUser, TestUser

DATA = Path(__file__).parent / "data"
EQUIPMENT = {"category": "equipment", "fact": "Home gym with dumbbells up to 50 lbs and adjustable bench."}
SEED_MEMORY_ID = "mem_01"


def seed_athlete(make_user: MakeUser, engine: Engine, now: datetime, name: str = "ana") -> TestUser:
    """A new user with the seed's equipment fact (id `mem_01`) and 4-day plan as version 1."""
    user = make_user(name)
    plan = WeeklyPlan.model_validate_json((DATA / "fixtures/home_db_4day.json").read_text())
    with make_sessionmaker(engine).begin() as session:
        insert_memory_item(
            session, user_id=user.id, item_id=SEED_MEMORY_ID, tier="tier_1_staples", entry=EQUIPMENT, now=now
        )
        add_plan_version(session, user_id=user.id, plan=plan, now=now, reason="initial")
    return user
