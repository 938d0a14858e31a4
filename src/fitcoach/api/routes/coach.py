"""The coach: one chat endpoint (R2), staged proposals and their decisions (R3, R42), history."""

from __future__ import annotations

import logging
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from fitcoach.api.deps import ClockDep, LibraryDep, SessionDep, UserDep
from fitcoach.api.errors import AUTHED, WITH_BODY, error_responses
from fitcoach.api.schemas.coach import (
    ChatHistoryPage,
    ChatResponse,
    ChatTurnPublic,
    LegacyReply,
    ProposalList,
    ProposalPublic,
)
from fitcoach.api.schemas.plan import PlanState
from fitcoach.contract.models import ActiveTab, CoachReply, Weekday
from fitcoach.errors import BadInput
from fitcoach.services.brains import Brains
from fitcoach.services.chat import ChatInput, run_turn
from fitcoach.services.decisions import accept_proposal, dismiss_proposal
from fitcoach.services.program import roll_if_due
from fitcoach.storage.chat import page_chat_turns
from fitcoach.storage.proposals import ProposalStatus, list_proposals
from fitcoach.storage.rate_limits import DatabaseRateLimiter
from fitcoach.storage.tables import ChatTurn, ProposalRow

log = logging.getLogger(__name__)

router = APIRouter(prefix="/api/coach", tags=["coach"])


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    message: str = Field(min_length=1, max_length=4000)
    active_tab: ActiveTab = "coach"
    selected_day: Weekday | None = None


@router.post("/chat", responses=error_responses(*AUTHED, *WITH_BODY, 429))
async def chat(
    body: ChatRequest, request: Request, user: UserDep, clock: ClockDep, library: LibraryDep
) -> ChatResponse:
    if not body.message.strip():
        raise BadInput("the message is empty", code="empty_message")
    limiter: DatabaseRateLimiter = request.app.state.chat_limiter
    await run_in_threadpool(limiter.hit, user.id, now=clock.now())
    brains: Brains = request.app.state.brains
    # The turn blocks (database, model) so it runs in the threadpool; the route itself is async so that
    # the one validation of the turn's body (the week of an UPDATE_WEEK included) runs inline instead of
    # in a second threadpool hop. FastAPI then writes the instance as it is.
    turn = await run_in_threadpool(
        run_turn,
        request.app.state.sessionmaker,
        user_id=user.id,
        chat=ChatInput(
            message=body.message,
            active_tab=body.active_tab,
            selected_day=body.selected_day,
            language=user.settings.get("language"),
            units=user.settings.get("units"),
        ),
        clock=clock,
        brains=brains,
        library=library,
    )
    return ChatResponse.model_validate(turn.body())


def render_proposal(row: ProposalRow) -> ProposalPublic:
    return ProposalPublic.model_validate(
        {
            "id": row.id,
            "type": row.type,
            "target_day": row.target_day,
            "summary_diff": row.summary_diff,
            "data": row.data,
            "status": row.status,
            "base_version": row.base_version,
            "result_version": row.result_version,
            "turn_id": row.turn_id,
            "created_at": row.created_at,
            "decided_at": row.decided_at,
        }
    )


@router.get("/proposals", responses=error_responses(*AUTHED, 422))
def proposals(
    user: UserDep,
    session: SessionDep,
    clock: ClockDep,
    library: LibraryDep,
    status: ProposalStatus | None = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
) -> ProposalList:
    """Newest first. A proposal stored by an older version that no longer fits the contract is left
    out: it cannot be accepted (409 `invalid_proposal`), and one such row must not hide the others.
    Listing after the week's last planned session stages next week first (issue 18)."""
    roll_if_due(
        session, user_id=user.id, now=clock.now(), library=library, lang=user.settings.get("language")
    )
    rows = list_proposals(session, user_id=user.id, status=status, limit=limit)
    items: list[ProposalPublic] = []
    for row in rows:
        try:
            items.append(render_proposal(row))
        except ValidationError as exc:
            log.warning("proposal %s no longer fits the contract: %s", row.id, exc.errors()[:3])
    return ProposalList(items=items)


@router.post("/proposals/{proposal_id}/accept", responses=error_responses(*AUTHED, 404, 409, 422))
def accept(proposal_id: str, user: UserDep, session: SessionDep, clock: ClockDep) -> PlanState:
    state = accept_proposal(session, user_id=user.id, proposal_id=proposal_id, now=clock.now())
    session.commit()
    return PlanState(version=state.version, plan=state.plan)


@router.post("/proposals/{proposal_id}/dismiss", responses=error_responses(*AUTHED, 404, 409, 422))
def dismiss(proposal_id: str, user: UserDep, session: SessionDep, clock: ClockDep) -> ProposalPublic:
    row = dismiss_proposal(session, user_id=user.id, proposal_id=proposal_id, now=clock.now())
    session.commit()
    return render_proposal(row)


@router.get("/history", responses=error_responses(*AUTHED, 404, 422))
def history(
    user: UserDep,
    session: SessionDep,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    before: Annotated[str | None, Query(max_length=40)] = None,
) -> ChatHistoryPage:
    """Newest first; pass the last item's id as `before` for the next page."""
    rows = page_chat_turns(session, user_id=user.id, limit=limit + 1, before=before)
    page = rows[:limit]
    return ChatHistoryPage(
        items=[render_turn(row) for row in page],
        next_before=page[-1].id if len(rows) > limit else None,
    )


def render_turn(row: ChatTurn) -> ChatTurnPublic:
    """A recorded turn as the API shows it. A row written by an older version may not fit today's
    contract; each field that does not degrades to null (the reply moves to `legacy_reply`), so one
    old row cannot make the whole history unreadable."""
    fields: dict[str, Any] = {
        "id": row.id,
        "created_at": row.created_at,
        "message": row.message,
        "active_tab": row.active_tab,
        "selected_day": row.selected_day,
        "reply": row.reply,
        "legacy_reply": None,
        "meta": row.meta,
    }
    try:
        return ChatTurnPublic.model_validate(fields)
    except ValidationError as exc:
        log.warning("chat turn %s no longer fits the contract: %s", row.id, exc.errors()[:3])
    reply = _valid_or_none(_REPLY, row.reply)
    legacy = None
    if reply is None and row.reply is not None:
        said = row.reply.get("message") if isinstance(row.reply, dict) else None
        legacy = LegacyReply(message=said if isinstance(said, str) else None, document=row.reply)
    return ChatTurnPublic.model_validate(
        {
            **fields,
            "active_tab": _valid_or_none(_TAB, row.active_tab),
            "selected_day": _valid_or_none(_DAY, row.selected_day),
            "reply": reply,
            "legacy_reply": legacy,
            "meta": row.meta if isinstance(row.meta, dict) else None,
        }
    )


T = TypeVar("T")

_REPLY = TypeAdapter(CoachReply)
_TAB: TypeAdapter[ActiveTab] = TypeAdapter(ActiveTab)
_DAY = TypeAdapter(Weekday)


def _valid_or_none(adapter: TypeAdapter[T], value: object) -> T | None:
    try:
        return adapter.validate_python(value)
    except ValidationError:
        return None
