"""Memory storage on SQLite and PostgreSQL: persistence of a plan, atomicity with the turn, ownership,
history, forgetting and pruning."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from fitcoach.contract.models import MemoryMutation, Operation, Tier
from fitcoach.errors import NotFound
from fitcoach.memory.plan import RejectReason
from fitcoach.services.memory import apply_turn_mutations
from fitcoach.storage import memory as rows
from fitcoach.storage import memory_repo
from fitcoach.storage.chat import add_chat_turn
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.tables import ChatTurn, MemoryEventRow, MemoryItemRow
from tests.conftest import MakeUser

NOW = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
T1, T2 = Tier.STAPLES, Tier.PHYSIOLOGICAL


def create(tier: Tier, **entry: object) -> MemoryMutation:
    return MemoryMutation(operation=Operation.CREATE, target_tier=tier, entry=entry, reason="told us")


def soreness(part: str = "hamstrings") -> MemoryMutation:
    return create(T2, body_part=part, condition="soreness", fact=f"{part} soreness")


def counts(engine: Engine, user_id: str) -> tuple[int, int, int]:
    with make_sessionmaker(engine)() as fresh:
        items = fresh.execute(select(MemoryItemRow).where(MemoryItemRow.user_id == user_id)).all()
        events = fresh.execute(select(MemoryEventRow).where(MemoryEventRow.user_id == user_id)).all()
        turns = fresh.execute(select(ChatTurn).where(ChatTurn.user_id == user_id)).all()
        return len(items), len(events), len(turns)


def test_plan_is_stored_with_events_and_read_back(session: Session, make_user: MakeUser) -> None:
    user = make_user()
    plan = apply_turn_mutations(
        session,
        user_id=user.id,
        mutations=[create(T1, category="equipment", fact="Dumbbells to 50 lb"), soreness()],
        now=NOW,
        turn_id="turn_1",
    )
    session.commit()
    # Both were created at the same instant, so the stored order between them is by id.
    loaded = sorted(memory_repo.load_active_items(session, user_id=user.id, now=NOW), key=lambda i: i.id)
    assert loaded == sorted((op.item for op in plan.operations), key=lambda i: i.id)
    assert {item.id for item in loaded} == {m.memory_id for m in plan.applied}
    events = rows.list_memory_events(session, user_id=user.id)
    assert [(e.kind, e.actor, e.turn_id) for e in events] == [("created", "agent", "turn_1")] * 2
    assert all(m.memory_id and m.memory_id.startswith("mem_") for m in plan.applied)


def test_turn_failure_after_mutations_stores_nothing(engine: Engine, make_user: MakeUser) -> None:
    user = make_user()
    with make_sessionmaker(engine)() as first:
        add_chat_turn(first, user_id=user.id, now=NOW, message="hi", turn_id="turn_taken")
        first.commit()
    before = counts(engine, user.id)
    with make_sessionmaker(engine)() as session:
        apply_turn_mutations(session, user_id=user.id, mutations=[soreness()], now=NOW, turn_id="turn_taken")
        with pytest.raises(IntegrityError):
            # The turn record violates its primary key after the memory was written in this transaction.
            add_chat_turn(session, user_id=user.id, now=NOW, message="again", turn_id="turn_taken")
        session.rollback()
    assert counts(engine, user.id) == before == (0, 0, 1)


def test_exception_from_a_callback_rolls_back_turn_and_memory(engine: Engine, make_user: MakeUser) -> None:
    user = make_user()

    def build_reply(session: Session) -> None:
        add_chat_turn(session, user_id=user.id, now=NOW, message="hi", turn_id="turn_2")
        raise RuntimeError("provider answered garbage after memory was applied")

    factory = make_sessionmaker(engine)
    with pytest.raises(RuntimeError), factory.begin() as session:
        apply_turn_mutations(
            session, user_id=user.id, mutations=[soreness("knee")], now=NOW, turn_id="turn_2"
        )
        build_reply(session)
    assert counts(engine, user.id) == (0, 0, 0)


def test_another_users_ids_are_rejected_and_untouched(session: Session, make_user: MakeUser) -> None:
    owner, stranger = make_user("owner"), make_user("stranger")
    plan = apply_turn_mutations(session, user_id=owner.id, mutations=[soreness()], now=NOW, turn_id=None)
    target = plan.applied[0].memory_id
    assert target is not None
    attack = [
        MemoryMutation(operation=Operation.DELETE, target_tier=T2, memory_id=target),
        MemoryMutation(
            operation=Operation.UPDATE,
            target_tier=T2,
            memory_id=target,
            entry={"body_part": "hamstrings", "condition": "soreness", "fact": "hacked"},
        ),
    ]
    result = apply_turn_mutations(session, user_id=stranger.id, mutations=attack, now=NOW, turn_id=None)
    session.commit()
    assert [r.reason for r in result.rejected] == [RejectReason.NOT_FOUND] * 2
    (kept,) = memory_repo.load_active_items(session, user_id=owner.id, now=NOW)
    assert kept.entry.fact == "hamstrings soreness"
    assert rows.list_memory_events(session, user_id=stranger.id) == []


def test_expired_and_deleted_ids_are_rejected(session: Session, make_user: MakeUser) -> None:
    user = make_user()
    plan = apply_turn_mutations(
        session, user_id=user.id, mutations=[soreness(), soreness("calf")], now=NOW, turn_id=None
    )
    sore, calf = (m.memory_id for m in plan.applied)
    delete_calf = MemoryMutation(operation=Operation.DELETE, target_tier=T2, memory_id=calf)
    apply_turn_mutations(session, user_id=user.id, mutations=[delete_calf], now=NOW, turn_id=None)
    later = NOW + dt.timedelta(hours=72)  # exactly the soreness default: expired
    again = [MemoryMutation(operation=Operation.DELETE, target_tier=T2, memory_id=i) for i in (sore, calf)]
    result = apply_turn_mutations(session, user_id=user.id, mutations=again, now=later, turn_id=None)
    assert [r.reason for r in result.rejected] == [RejectReason.INACTIVE] * 2
    assert memory_repo.load_active_items(session, user_id=user.id, now=later) == []


def test_history_keeps_agent_deletes_and_records_expiry_once(session: Session, make_user: MakeUser) -> None:
    user = make_user()
    plan = apply_turn_mutations(session, user_id=user.id, mutations=[soreness()], now=NOW, turn_id="t1")
    item_id = plan.applied[0].memory_id
    assert item_id is not None
    later = NOW + dt.timedelta(days=4)
    assert len(memory_repo.record_expiries(session, user_id=user.id, now=later)) == 1
    assert memory_repo.record_expiries(session, user_id=user.id, now=later) == []
    kinds = [(e.kind, e.actor) for e in rows.list_memory_events(session, user_id=user.id, item_id=item_id)]
    assert kinds == [("created", "agent"), ("expired", "system")]


def test_agent_delete_keeps_history(session: Session, make_user: MakeUser) -> None:
    user = make_user()
    plan = apply_turn_mutations(session, user_id=user.id, mutations=[soreness()], now=NOW, turn_id="t1")
    item_id = plan.applied[0].memory_id
    delete = MemoryMutation(operation=Operation.DELETE, target_tier=T2, memory_id=item_id, reason="healed")
    apply_turn_mutations(session, user_id=user.id, mutations=[delete], now=NOW, turn_id="t2")
    session.commit()
    events = rows.list_memory_events(session, user_id=user.id, item_id=item_id)
    assert [(e.kind, e.turn_id, e.reason) for e in events] == [
        ("created", "t1", "told us"),
        ("deleted", "t2", "healed"),
    ]
    assert events[0].snapshot is not None and events[0].snapshot["fact"] == "hamstrings soreness"
    assert memory_repo.load_active_items(session, user_id=user.id, now=NOW) == []


def test_forget_removes_item_history_and_reply_text(session: Session, make_user: MakeUser) -> None:
    user, other = make_user("a"), make_user("b")
    plan = apply_turn_mutations(session, user_id=user.id, mutations=[soreness()], now=NOW, turn_id="turn_f")
    item_id = plan.applied[0].memory_id
    assert item_id is not None
    reply = {"message": "ok", "memory_mutations": [m.model_dump(mode="json") for m in plan.applied]}
    add_chat_turn(session, user_id=user.id, now=NOW, message="my hamstrings", reply=reply, turn_id="turn_f")
    session.commit()
    with pytest.raises(NotFound):
        memory_repo.forget(session, user_id=other.id, item_id=item_id)
    session.rollback()
    memory_repo.forget(session, user_id=user.id, item_id=item_id)
    session.commit()
    assert memory_repo.owned_ids(session, user_id=user.id) == set()
    assert rows.list_memory_events(session, user_id=user.id) == []
    turn = session.get(ChatTurn, "turn_f")
    assert turn is not None and turn.reply is not None
    assert "hamstrings soreness" not in str(turn.reply)
    assert turn.reply["memory_mutations"][0]["memory_id"] == item_id


def test_prune_deletes_only_long_expired_items(session: Session, make_user: MakeUser) -> None:
    user = make_user()
    old = apply_turn_mutations(
        session, user_id=user.id, mutations=[soreness()], now=NOW - dt.timedelta(days=40), turn_id=None
    )
    recent = apply_turn_mutations(
        session, user_id=user.id, mutations=[soreness("calf")], now=NOW - dt.timedelta(days=10), turn_id=None
    )
    staple = apply_turn_mutations(
        session,
        user_id=user.id,
        mutations=[create(T1, category="goal", fact="Strength")],
        now=NOW - dt.timedelta(days=400),
        turn_id=None,
    )
    session.commit()
    assert memory_repo.prune(session, older_than_days=30, now=NOW) == 1
    session.commit()
    remaining = memory_repo.owned_ids(session, user_id=user.id)
    assert remaining == {recent.applied[0].memory_id, staple.applied[0].memory_id}
    assert old.applied[0].memory_id not in {
        e.item_id for e in rows.list_memory_events(session, user_id=user.id)
    }
