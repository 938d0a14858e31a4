"""Storage: migrations, users and tokens, plan versions, proposals, memory, chat turns, imports."""

from __future__ import annotations

import datetime as dt
import json
import threading
from datetime import timedelta

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect
from sqlalchemy.orm import Session

from fitcoach.clock import FrozenClock
from fitcoach.contract.models import Proposal, ProposalType, Weekday, WeeklyPlan
from fitcoach.errors import Conflict, NotFound
from fitcoach.library import Exercise, get_library
from fitcoach.storage import chat, library, memory, plans, proposals, provider_cache
from fitcoach.storage.db import alembic_config, make_sessionmaker, migrate, normalize_url
from fitcoach.storage.tables import ApiToken, Base, ProviderCacheEntry, User
from fitcoach.storage.users import create_user, hash_token, issue_token, user_for_token
from tests.conftest import DATA

EXPECTED_TABLES = {
    "users",
    "api_tokens",
    "plan_versions",
    "proposals",
    "memory_items",
    "memory_events",
    "chat_turns",
    "provider_cache",
    "exercise_imports",
    "workout_logs",
    "workout_sets",
    "personal_records",
}


def _plan(week: str = "2026-09-14") -> WeeklyPlan:
    raw = json.loads((DATA / "fixtures" / "home_db_4day.json").read_text())
    raw["week_start_date"] = week
    return WeeklyPlan.model_validate(raw)


def test_migration_creates_every_table_and_is_idempotent(engine: Engine) -> None:
    migrate(engine)  # already at head: a no-op, not an error
    assert set(inspect(engine).get_table_names()) >= EXPECTED_TABLES
    indexes = {ix["name"] for ix in inspect(engine).get_indexes("workout_sets")}
    assert {"ix_workout_sets_user_exercise_time", "ix_workout_sets_user_time"} <= indexes


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgresql://u@h:5432/db", "postgresql+psycopg://u@h:5432/db"),
        ("postgres://u@h/db", "postgresql+psycopg://u@h/db"),
        ("sqlite:///data/x.db", "sqlite:///data/x.db"),
    ],
)
def test_normalize_url_maps_postgres_to_psycopg3(given: str, expected: str) -> None:
    assert normalize_url(given) == expected


def test_tokens_are_stored_hashed_and_resolve_to_their_user(session: Session, clock: FrozenClock) -> None:
    user = create_user(session, name="Ana", now=clock.now())
    token = issue_token(session, user_id=user.id, now=clock.now())
    session.commit()
    assert user.id.startswith("usr_") and user.settings == {}
    stored = session.get(ApiToken, hash_token(token))
    assert stored is not None and token not in stored.token_hash
    found = user_for_token(session, token=token, now=clock.now())
    assert found is not None and found.id == user.id
    assert user_for_token(session, token=token + "x", now=clock.now()) is None


def test_instants_come_back_aware_utc(session: Session, clock: FrozenClock) -> None:
    user = create_user(session, name="Ana", now=clock.now())
    session.commit()
    session.expire_all()
    row = session.get(User, user.id)
    assert row is not None and row.created_at == clock.now() and row.created_at.tzinfo is not None


def test_plan_versions_count_up_and_the_highest_is_active(session: Session, clock: FrozenClock) -> None:
    user = create_user(session, name="Ana", now=clock.now())
    assert plans.get_active_plan(session, user_id=user.id) is None
    first = plans.add_plan_version(session, user_id=user.id, plan=_plan(), now=clock.now(), reason="initial")
    second = plans.add_plan_version(
        session,
        user_id=user.id,
        plan=_plan(),
        now=clock.now(),
        reason="accepted_proposal",
        proposal_id="prop_1",
    )
    session.commit()
    assert (first.version, second.version) == (1, 2)
    active = plans.get_active_plan(session, user_id=user.id)
    assert active is not None and active.version == 2 and active.proposal_id == "prop_1"
    assert [v.version for v in plans.list_plan_versions(session, user_id=user.id)] == [2, 1]
    other = create_user(session, name="Bo", now=clock.now())
    assert plans.get_active_plan(session, user_id=other.id) is None


def test_concurrent_plan_versions_get_distinct_numbers(engine: Engine, clock: FrozenClock) -> None:
    factory = make_sessionmaker(engine)
    with factory() as session:
        user_id = create_user(session, name="Ana", now=clock.now()).id
        session.commit()
    errors: list[BaseException] = []

    def write() -> None:
        try:
            with factory() as session:
                plans.add_plan_version(
                    session, user_id=user_id, plan=_plan(), now=clock.now(), reason="revert"
                )
                session.commit()
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=write) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with factory() as session:
        assert sorted(v.version for v in plans.list_plan_versions(session, user_id=user_id)) == [1, 2, 3, 4]


def test_mark_day_completed_updates_the_active_version_in_place(session: Session, clock: FrozenClock) -> None:
    user = create_user(session, name="Ana", now=clock.now())
    plans.add_plan_version(session, user_id=user.id, plan=_plan(), now=clock.now(), reason="initial")
    done_at = clock.now() - timedelta(hours=1)
    assert plans.mark_day_completed(
        session,
        user_id=user.id,
        week_start=dt.date(2026, 9, 14),
        day=Weekday.MONDAY,
        log_id="log_x",
        completed_at=done_at,
    )
    assert not plans.mark_day_completed(
        session,
        user_id=user.id,
        week_start=dt.date(2026, 9, 7),
        day=Weekday.MONDAY,
        log_id="log_y",
        completed_at=done_at,
    )
    session.commit()
    session.expire_all()
    active = plans.get_active_plan(session, user_id=user.id)
    assert active is not None and active.version == 1
    monday = active.plan["days"]["monday"]
    assert (monday["status"], monday["completed_log_id"], monday["completed_at"]) == (
        "completed",
        "log_x",
        "2026-09-14T09:00:00Z",
    )


def test_proposals_are_staged_listed_and_decided_per_user(session: Session, clock: FrozenClock) -> None:
    user = create_user(session, name="Ana", now=clock.now())
    other = create_user(session, name="Bo", now=clock.now())
    staged = proposals.create_proposal(
        session,
        user_id=user.id,
        proposal=Proposal(type=ProposalType.UPDATE_WEEK, summary_diff="New week", data=_plan()),
        now=clock.now(),
        base_version=None,
    )
    assert staged.id.startswith("prop_") and staged.status == "staged" and staged.data is not None
    assert [p.id for p in proposals.list_proposals(session, user_id=user.id, status="staged")] == [staged.id]
    with pytest.raises(NotFound):
        proposals.get_proposal(session, user_id=other.id, proposal_id=staged.id)
    decided = proposals.set_proposal_status(
        session, user_id=user.id, proposal_id=staged.id, status="accepted", now=clock.now(), result_version=1
    )
    assert (decided.status, decided.result_version, decided.decided_at) == ("accepted", 1, clock.now())
    assert proposals.list_proposals(session, user_id=user.id, status="staged") == []


def test_memory_items_and_events_round_trip(session: Session, clock: FrozenClock) -> None:
    user = create_user(session, name="Ana", now=clock.now())
    other = create_user(session, name="Bo", now=clock.now())
    now = clock.now()
    entry = {"body_part": "shoulder", "condition": "soreness", "fact": "Right shoulder pinches."}
    memory.insert_memory_item(
        session,
        user_id=user.id,
        item_id="mem_01",
        tier="tier_2_physiological",
        entry=entry,
        now=now,
        expires_at=now + timedelta(days=5),
    )
    memory.insert_memory_item(
        session,
        user_id=other.id,
        item_id="mem_01",
        tier="tier_1_staples",
        entry={"category": "goal", "fact": "x"},
        now=now,
    )
    memory.add_memory_event(
        session, user_id=user.id, item_id="mem_01", kind="created", actor="agent", now=now
    )
    assert [i.id for i in memory.list_memory_items(session, user_id=user.id, active_at=now)] == ["mem_01"]
    assert memory.list_memory_items(session, user_id=user.id, active_at=now + timedelta(days=6)) == []
    memory.update_memory_item(
        session, user_id=user.id, item_id="mem_01", entry={**entry, "side": "right"}, now=now
    )
    memory.soft_delete_memory_item(session, user_id=user.id, item_id="mem_01", now=now)
    assert memory.list_memory_items(session, user_id=user.id) == []
    assert len(memory.list_memory_items(session, user_id=user.id, include_deleted=True)) == 1
    assert memory.get_memory_item(session, user_id=other.id, item_id="mem_01").tier == "tier_1_staples"
    memory.purge_memory_item(session, user_id=user.id, item_id="mem_01")
    session.commit()
    with pytest.raises(NotFound):
        memory.get_memory_item(session, user_id=user.id, item_id="mem_01")
    assert memory.list_memory_events(session, user_id=user.id) == []


def test_chat_turns_are_listed_oldest_first(session: Session, clock: FrozenClock) -> None:
    user = create_user(session, name="Ana", now=clock.now())
    for minute in range(3):
        chat.add_chat_turn(
            session,
            user_id=user.id,
            now=clock.now() + timedelta(minutes=minute),
            message=f"m{minute}",
            reply={"message": "ok"},
            active_tab="coach",
        )
    turns = chat.list_chat_turns(session, user_id=user.id, limit=2)
    assert [t.message for t in turns] == ["m1", "m2"] and turns[0].id.startswith("turn_")


def test_imported_exercises_join_the_library_and_duplicates_are_refused(
    session: Session, clock: FrozenClock
) -> None:
    base = get_library().require("goblet-squat").model_dump()
    entry = Exercise.model_validate(
        {**base, "slug": "kettlebell-goblet-squat", "name": "Kettlebell Goblet Squat"}
    )
    assert library.effective_library(session) is get_library()  # no imports: the shared object
    assert library.import_exercises(session, entries=[entry], now=clock.now()) == ["kettlebell-goblet-squat"]
    effective = library.effective_library(session)
    assert "kettlebell-goblet-squat" in effective and len(effective) == len(get_library()) + 1
    with pytest.raises(Conflict):
        library.import_exercises(session, entries=[entry], now=clock.now())


def test_tables_match_the_migrations(engine: Engine) -> None:
    """A model changed without a migration (or the reverse) shows up here as a diff."""
    with engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert diff == []


def test_downgrade_to_base_and_back(engine: Engine) -> None:
    command.downgrade(alembic_config(engine), "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    migrate(engine)
    assert set(inspect(engine).get_table_names()) >= EXPECTED_TABLES


def test_provider_cache_registry(session: Session, clock: FrozenClock) -> None:
    now = clock.now()
    assert provider_cache.get_cache_entry(session, key="k1") is None

    def put(
        name: str | None, expires_at: dt.datetime, *, stale_until: dt.datetime = now
    ) -> ProviderCacheEntry:
        return provider_cache.put_cache_entry(
            session,
            key="k1",
            provider="gemini",
            model="m",
            cache_name=name,
            expires_at=expires_at,
            now=now,
            replaceable_until=stale_until,
        )

    put("cachedContents/a", now + timedelta(hours=1))
    provider_cache.count_cache_use(session, key="k1", hit=False)
    provider_cache.count_cache_use(session, key="k1", hit=True)
    provider_cache.count_cache_use(session, key="k1", hit=True)
    # A live entry is kept: the racing second creator is handed the first one.
    assert put("cachedContents/late", now + timedelta(hours=2)).cache_name == "cachedContents/a"
    replaced = put("cachedContents/b", now + timedelta(hours=2), stale_until=now + timedelta(hours=1))
    session.commit()
    session.expire_all()
    assert (replaced.cache_name, replaced.hits, replaced.misses) == ("cachedContents/b", 2, 1)
    assert provider_cache.cache_totals(session) == (2, 1)
    assert not provider_cache.invalidate_cache_entry(session, key="k1", cache_name="cachedContents/a")
    assert provider_cache.invalidate_cache_entry(session, key="k1", cache_name="cachedContents/b")
    assert not provider_cache.invalidate_cache_entry(session, key="k1", cache_name="cachedContents/b")
    retired = provider_cache.get_cache_entry(session, key="k1")
    assert retired is not None and retired.expires_at == provider_cache.RETIRED_AT
    assert provider_cache.cache_totals(session) == (2, 1)  # counters outlive the retired cache
    assert put("cachedContents/c", now + timedelta(hours=1)).cache_name == "cachedContents/c"
    inline = provider_cache.put_cache_entry(
        session,
        key="k2",
        provider="gemini",
        model="m",
        cache_name=None,
        expires_at=now,
        now=now,
        replaceable_until=now,
    )
    assert inline.cache_name is None
