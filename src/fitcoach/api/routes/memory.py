"""The user's view of what the coach remembers, and the context block the coach would see next."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, Field

from fitcoach.api.deps import ClockDep, SessionDep, UserDep
from fitcoach.api.errors import AUTHED, WITH_BODY, error_responses
from fitcoach.api.schemas.memory import (
    ContextBlock,
    MemoryByTier,
    MemoryEventPublic,
    MemoryHistory,
    MemoryItemPublic,
    MemoryStated,
)
from fitcoach.contract.models import ActiveTab, Operation, Tier, Weekday
from fitcoach.memory.events import Actor, EventKind
from fitcoach.memory.model import MemoryItem
from fitcoach.services import memory as service
from fitcoach.storage import memory as rows
from fitcoach.storage import memory_repo
from fitcoach.storage.rate_limits import DatabaseRateLimiter

router = APIRouter(tags=["memory"])


class MemoryCreate(BaseModel):
    """A fact the user states: the entry follows its tier's schema (R23-R25)."""

    target_tier: Tier
    entry: dict[str, Any]
    reason: str = Field(default="stated by the user", max_length=500)


def render_item(item: MemoryItem) -> MemoryItemPublic:
    return MemoryItemPublic(
        id=item.id,
        tier=item.tier,
        entry=item.entry.model_dump(mode="json", exclude_none=True),
        created_at=item.created_at,
        updated_at=item.updated_at,
        expires_at=item.expires_at,
    )


@router.get("/api/memory", responses=error_responses(*AUTHED))
def list_memory(user: UserDep, session: SessionDep, clock: ClockDep) -> MemoryByTier:
    """Active items grouped by tier, each with its expiry; expired and deleted items never show (R28)."""
    items = memory_repo.load_active_items(session, user_id=user.id, now=clock.now())
    return MemoryByTier.model_validate(
        {tier.value: [render_item(item) for item in items if item.tier is tier] for tier in Tier}
    )


@router.get("/api/memory/history", responses=error_responses(*AUTHED, 422))
def memory_history(
    user: UserDep,
    session: SessionDep,
    clock: ClockDep,
    item_id: Annotated[str | None, Query(max_length=64)] = None,
) -> MemoryHistory:
    """Every event on the user's items, oldest first: what changed, by whom, in which turn, and why."""
    memory_repo.record_expiries(session, user_id=user.id, now=clock.now())
    session.commit()
    events = rows.list_memory_events(session, user_id=user.id, item_id=item_id)
    return MemoryHistory(
        events=[
            MemoryEventPublic(
                item_id=event.item_id,
                kind=EventKind(event.kind),
                actor=Actor(event.actor),
                at=event.at,
                turn_id=event.turn_id,
                reason=event.reason,
                entry=event.snapshot,
            )
            for event in events
        ]
    )


@router.post(
    "/api/memory",
    status_code=201,
    responses={
        200: {"model": MemoryStated, "description": "An equivalent active fact was updated instead"},
        **error_responses(*AUTHED, *WITH_BODY, 429),
    },
)
def state_fact(
    body: MemoryCreate,
    request: Request,
    response: Response,
    user: UserDep,
    session: SessionDep,
    clock: ClockDep,
) -> MemoryStated:
    """Remember a fact the user states; an equivalent active fact is updated instead (200). A full
    tier answers 422 `memory_full`; more than `FITCOACH_MEMORY_WRITE_RATE_PER_MINUTE` a minute, 429."""
    limiter: DatabaseRateLimiter = request.app.state.memory_limiter
    limiter.hit(user.id, now=clock.now())
    plan = service.remember(
        session, user_id=user.id, tier=body.target_tier, entry=body.entry, reason=body.reason, now=clock.now()
    )
    session.commit()
    if not any(op.action is Operation.CREATE for op in plan.operations):
        response.status_code = 200
    # `applied` lists whole MemoryMutations, null `memory_id`/`entry` included, exactly as a chat
    # turn's `memory_mutations` do (this route used to leave the nulls out).
    return MemoryStated.model_validate(
        {
            "applied": plan.applied,
            "items": [render_item(op.item) for op in plan.operations],
            **plan.diagnostics(),
        }
    )


@router.delete("/api/memory", status_code=204, responses=error_responses(*AUTHED))
def forget_everything(user: UserDep, session: SessionDep) -> Response:
    """The user's confirmed "forget everything": all memory, its history and its text in past replies.
    A chat turn never does this; the coach only proposes it."""
    service.forget_all(session, user_id=user.id)
    session.commit()
    return Response(status_code=204)


@router.delete("/api/memory/{item_id}", status_code=204, responses=error_responses(*AUTHED, 404, 422))
def forget_item(item_id: str, user: UserDep, session: SessionDep) -> Response:
    """Forget for good: the item, its history and its text in past replies. Another user's id is a 404."""
    memory_repo.forget(session, user_id=user.id, item_id=item_id)
    session.commit()
    return Response(status_code=204)


@router.get("/api/coach/context", responses=error_responses(*AUTHED, 422))
def coach_context(
    user: UserDep,
    session: SessionDep,
    clock: ClockDep,
    active_tab: ActiveTab = "coach",
    selected_day: Weekday | None = None,
    message: Annotated[str, Query(max_length=4000)] = "",
) -> ContextBlock:
    """The context block the next message would be sent with, so people can see what the coach sees."""
    block = service.runtime_block(
        session,
        user_id=user.id,
        now=clock.now(),
        active_tab=active_tab,
        selected_day=selected_day,
        message=message,
    )
    return ContextBlock(block=block)
