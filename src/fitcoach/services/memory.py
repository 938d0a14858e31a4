"""Memory as the chat pipeline and the API use it: one call per turn, inside the caller's transaction.

The one module of memory/ that touches storage: thin glue between the pure rules and the repository.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from sqlalchemy.orm import Session

from fitcoach.contract.models import ActiveTab, MemoryMutation, Operation, Tier, Weekday, WeeklyPlan
from fitcoach.errors import BadInput
from fitcoach.memory.apply import plan_mutations
from fitcoach.memory.context import render_runtime_block
from fitcoach.memory.events import Actor
from fitcoach.memory.model import MemoryItem
from fitcoach.memory.plan import MutationPlan
from fitcoach.storage import memory_repo
from fitcoach.storage.ids import new_id
from fitcoach.storage.plans import get_active_plan
from fitcoach.storage.users import lock_user


def new_memory_id() -> str:
    return new_id("mem")


def apply_turn_mutations(
    session: Session,
    *,
    user_id: str,
    mutations: list[MemoryMutation],
    now: dt.datetime,
    turn_id: str | None,
    actor: Actor = Actor.AGENT,
    make_id: Callable[[], str] = new_memory_id,
    message: str | None = None,
    language: str | None = None,
) -> MutationPlan:
    """Plan and store a turn's mutations without committing; the caller commits with the turn record.

    The user's write lock comes first: two turns of one user at once would otherwise both read the
    same memory (and the same unrecorded expiries) and write duplicates past dedup."""
    lock_user(session, user_id=user_id)
    memory_repo.record_expiries(session, user_id=user_id, now=now)
    if not mutations:
        return MutationPlan()  # most turns: nothing to decide, so skip reading the profile and id set
    plan = plan_mutations(
        memory_repo.load_active_items(session, user_id=user_id, now=now),
        mutations,
        now=now,
        new_id=make_id,
        owned_ids=memory_repo.owned_ids(session, user_id=user_id),
        actor=actor,
        message=message,
        language=language,
    )
    memory_repo.persist_plan(session, user_id=user_id, plan=plan, turn_id=turn_id)
    return plan


def remember(
    session: Session, *, user_id: str, tier: Tier, entry: dict[str, Any], reason: str, now: dt.datetime
) -> MutationPlan:
    """A fact the user states themselves: same validation and dedup as the agent's; rejection is a 422."""
    mutation = MemoryMutation(operation=Operation.CREATE, target_tier=tier, entry=entry, reason=reason)
    plan = apply_turn_mutations(
        session, user_id=user_id, mutations=[mutation], now=now, turn_id=None, actor=Actor.USER
    )
    if plan.rejected:
        rejected = plan.rejected[0]
        raise BadInput(rejected.detail, code=f"memory_{rejected.reason.value}", details=plan.diagnostics())
    return plan


def forget_all(session: Session, *, user_id: str) -> int:
    """The user confirmed "forget everything" (the Me tab, or the chip the coach offers): every memory
    item, its history and its text in past replies, for good. Never done by a chat turn itself."""
    lock_user(session, user_id=user_id)
    ids = sorted(memory_repo.owned_ids(session, user_id=user_id))
    for item_id in ids:
        memory_repo.forget(session, user_id=user_id, item_id=item_id)
    return len(ids)


def active_plan(session: Session, *, user_id: str) -> WeeklyPlan | None:
    row = get_active_plan(session, user_id=user_id)
    return None if row is None else WeeklyPlan.model_validate(row.plan)


def runtime_block(
    session: Session,
    *,
    user_id: str,
    now: dt.datetime,
    active_tab: ActiveTab,
    selected_day: Weekday | None,
    message: str,
) -> str:
    """The block the next message would be sent with (R29): active memory and the active plan."""
    items: list[MemoryItem] = memory_repo.load_active_items(session, user_id=user_id, now=now)
    return render_runtime_block(
        now=now,
        active_tab=active_tab,
        selected_day=selected_day,
        items=items,
        plan=active_plan(session, user_id=user_id),
        message=message,
    )
