"""Migration 0002 adds the typed `memory_items.facts` column and back-fills it from the fact text of
items stored before it, on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic import command
from sqlalchemy import Engine, text

from fitcoach.clock import FrozenClock
from fitcoach.library.gear import Gear
from fitcoach.storage.db import alembic_config, make_sessionmaker, migrate
from fitcoach.storage.memory_repo import load_active_items


def test_the_migration_back_fills_structured_facts_from_old_text(engine: Engine, clock: FrozenClock) -> None:
    command.downgrade(alembic_config(engine), "0001_initial")
    # the schema of 0001: the user row is written as that schema has it (later migrations add columns
    # the ORM model knows and the old table does not)
    user_id = "usr_old_schema"
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO users (id, name, created_at, settings) VALUES (:id, 'old', :now, :settings)"),
            {"id": user_id, "now": clock.now(), "settings": "{}"},
        )
    rows = [
        ("mem_01", "tier_1_staples", '{"category": "equipment", "fact": "Гантели до 20 кг, без скамьи."}'),
        ("mem_02", "tier_1_staples", '{"category": "chronic_condition", "fact": "Dor no ombro direito"}'),
    ]
    with engine.begin() as connection:
        for item_id, tier, entry in rows:
            connection.execute(
                text(
                    "INSERT INTO memory_items (user_id, id, tier, entry, created_at, updated_at) "
                    "VALUES (:user, :id, :tier, :entry, :now, :now)"
                ),
                {"user": user_id, "id": item_id, "tier": tier, "entry": entry, "now": clock.now()},
            )
    migrate(engine)
    with engine.connect() as connection:
        stored = dict(connection.execute(text("SELECT id, facts FROM memory_items")).all())
    assert stored["mem_01"] is not None and stored["mem_02"] is not None
    with make_sessionmaker(engine)() as session:
        items = {item.id: item for item in load_active_items(session, user_id=user_id, now=clock.now())}
    equipment = items["mem_01"].facts
    assert equipment is not None and equipment.inventory is not None
    assert equipment.inventory.owned == {Gear.DUMBBELLS}
    assert {Gear.BENCH, Gear.FLAT_BENCH} <= equipment.inventory.not_owned
    assert equipment.inventory.dumbbell_max_lb == 44.1 and equipment.inventory.load_unit == "kg"
    shoulder = items["mem_02"].facts
    assert shoulder is not None and shoulder.body is not None
    assert [area.value for area in shoulder.body.areas] == ["shoulder"] and shoulder.body.side == "right"
