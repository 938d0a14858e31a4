"""The coach: one chat endpoint (R2), staged proposals and their decisions (R3, R42), history."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field

from fitcoach.agent.decisions import accept_proposal, dismiss_proposal
from fitcoach.agent.pipeline import Brains, ChatInput, run_turn
from fitcoach.api.deps import ClockDep, LibraryDep, SessionDep, UserDep
from fitcoach.api.limits import SlidingWindowLimiter
from fitcoach.contract.models import ActiveTab, Weekday
from fitcoach.errors import BadInput
from fitcoach.storage.chat import page_chat_turns
from fitcoach.storage.proposals import list_proposals
from fitcoach.storage.tables import ProposalRow

router = APIRouter(prefix="/api/coach", tags=["coach"])


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    message: str = Field(min_length=1, max_length=4000)
    active_tab: ActiveTab = "coach"
    selected_day: Weekday | None = None


@router.post("/chat")
async def chat(
    body: ChatRequest, request: Request, user: UserDep, clock: ClockDep, library: LibraryDep
) -> dict[str, Any]:
    if not body.message.strip():
        raise BadInput("the message is empty", code="empty_message")
    limiter: SlidingWindowLimiter = request.app.state.chat_limiter
    limiter.hit(user.id, now=clock.now())
    brains: Brains = request.app.state.brains
    # The turn blocks (database, model) so it runs in the threadpool; the route itself is async so
    # that FastAPI checks the returned dict inline instead of in a second threadpool hop.
    return await run_in_threadpool(
        run_turn,
        request.app.state.sessionmaker,
        user_id=user.id,
        chat=ChatInput(message=body.message, active_tab=body.active_tab, selected_day=body.selected_day),
        clock=clock,
        brains=brains,
        library=library,
    )


def render_proposal(row: ProposalRow) -> dict[str, Any]:
    return {
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


@router.get("/proposals")
def proposals(
    user: UserDep,
    session: SessionDep,
    status: Literal["staged", "accepted", "dismissed", "superseded"] | None = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
) -> dict[str, Any]:
    rows = list_proposals(session, user_id=user.id, status=status, limit=limit)
    return {"items": [render_proposal(row) for row in rows]}


@router.post("/proposals/{proposal_id}/accept")
def accept(proposal_id: str, user: UserDep, session: SessionDep, clock: ClockDep) -> dict[str, Any]:
    state = accept_proposal(session, user_id=user.id, proposal_id=proposal_id, now=clock.now())
    session.commit()
    return {"version": state.version, "plan": state.plan.model_dump(mode="json")}


@router.post("/proposals/{proposal_id}/dismiss")
def dismiss(proposal_id: str, user: UserDep, session: SessionDep, clock: ClockDep) -> dict[str, Any]:
    row = dismiss_proposal(session, user_id=user.id, proposal_id=proposal_id, now=clock.now())
    session.commit()
    return render_proposal(row)


@router.get("/history")
def history(
    user: UserDep,
    session: SessionDep,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    before: Annotated[str | None, Query(max_length=40)] = None,
) -> dict[str, Any]:
    """Newest first; pass the last item's id as `before` for the next page."""
    rows = page_chat_turns(session, user_id=user.id, limit=limit + 1, before=before)
    page = rows[:limit]
    return {
        "items": [
            {
                "id": row.id,
                "created_at": row.created_at,
                "message": row.message,
                "active_tab": row.active_tab,
                "selected_day": row.selected_day,
                "reply": row.reply,
                "meta": row.meta,
            }
            for row in page
        ],
        "next_before": page[-1].id if len(rows) > limit else None,
    }
