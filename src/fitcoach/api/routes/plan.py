"""Reading the active plan and its history, and undo (issue 5 item 4)."""

from __future__ import annotations

from datetime import timedelta

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from fitcoach.api.deps import ClockDep, LibraryDep, SessionDep, UserDep
from fitcoach.api.errors import AUTHED, WITH_BODY, error_responses
from fitcoach.api.schemas.plan import (
    PlanState,
    PlanToday,
    PlanVersionList,
    PlanVersionPublic,
    PlanVersionSummary,
)
from fitcoach.contract.models import Weekday, WeeklyPlan
from fitcoach.engine.program import rolled_forward
from fitcoach.engine.program.timing import monday_of
from fitcoach.errors import NotFound
from fitcoach.services.decisions import revert_plan
from fitcoach.services.program import roll_if_due
from fitcoach.storage.plans import get_active_plan, list_plan_versions
from fitcoach.storage.proposals import summaries_of

router = APIRouter(prefix="/api/plan", tags=["plan"])


class RevertRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    to_version: int = Field(ge=1, le=1_000_000)


@router.get("", responses=error_responses(*AUTHED, 404))
def active_plan(
    user: UserDep, session: SessionDep, clock: ClockDep, library: LibraryDep
) -> PlanVersionPublic:
    """The active plan. Viewing it after the week's last session stages next week (issue 18); until
    that is accepted, a past week is shown on this week's dates, flagged `not_updated`."""
    now = clock.now()
    roll_if_due(session, user_id=user.id, now=now, library=library, lang=user.settings.get("language"))
    row = get_active_plan(session, user_id=user.id)
    if row is None:
        raise NotFound("no plan yet: ask the coach for one", code="no_plan")
    plan = WeeklyPlan.model_validate(row.plan)
    stale = now.date() >= plan.week_start_date + timedelta(days=7)
    shown = rolled_forward(plan, monday_of(now.date())) if stale else plan
    return PlanVersionPublic(version=row.version, created_at=row.created_at, plan=shown, not_updated=stale)


@router.get("/today", responses=error_responses(*AUTHED, 404))
def today(user: UserDep, session: SessionDep, clock: ClockDep, library: LibraryDep) -> PlanToday:
    now = clock.now()
    roll_if_due(session, user_id=user.id, now=now, library=library, lang=user.settings.get("language"))
    row = get_active_plan(session, user_id=user.id)
    if row is None:
        raise NotFound("no plan yet: ask the coach for one", code="no_plan")
    weekday = Weekday.of(now.date())
    plan = WeeklyPlan.model_validate(row.plan)
    in_week = plan.week_start_date <= now.date() < plan.week_start_date + timedelta(days=7)
    stale = now.date() >= plan.week_start_date + timedelta(days=7)
    if stale:
        plan = rolled_forward(plan, monday_of(now.date()))
    day = plan.days.get(weekday)
    return PlanToday(
        weekday=weekday,
        date=now.date(),
        version=row.version,
        in_plan_week=in_week,
        day=day,
        not_updated=stale,
    )


@router.get("/versions", responses=error_responses(*AUTHED))
def versions(user: UserDep, session: SessionDep) -> PlanVersionList:
    rows = list_plan_versions(session, user_id=user.id)
    ids = [row.proposal_id for row in rows if row.proposal_id]
    said = summaries_of(session, user_id=user.id, proposal_ids=ids)
    return PlanVersionList(
        items=[
            PlanVersionSummary(
                version=row.version,
                created_at=row.created_at,
                reason=row.reason,
                proposal_id=row.proposal_id,
                week_start_date=row.week_start_date,
                summary=said.get(row.proposal_id) if row.proposal_id else None,
            )
            for row in rows
        ]
    )


@router.post("/revert", responses=error_responses(*AUTHED, *WITH_BODY, 404, 409))
def revert(body: RevertRequest, user: UserDep, session: SessionDep, clock: ClockDep) -> PlanState:
    state = revert_plan(session, user_id=user.id, to_version=body.to_version, now=clock.now())
    session.commit()
    return PlanState(version=state.version, plan=state.plan)
