"""The user's decisions on staged proposals and plan history: accept, dismiss, revert (R3, R42).

Each decision runs in one transaction that first takes the user's plan lock, so parallel accepts of
one proposal apply it once and two conflicting proposals cannot both land (issue 5, issue 8).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from fitcoach.agent.staging import StagedChange, apply_change, is_stale
from fitcoach.contract.models import DayPlan, ProposalType, Weekday, WeeklyPlan
from fitcoach.errors import Conflict, NotFound
from fitcoach.storage.plans import add_plan_version, get_active_plan, get_plan_version, mark_day_completed
from fitcoach.storage.proposals import get_proposal, set_proposal_status, supersede_rolls
from fitcoach.storage.tables import ProposalRow
from fitcoach.storage.users import lock_user
from fitcoach.storage.workouts import logs_of_week


@dataclass(frozen=True)
class PlanState:
    version: int
    plan: WeeklyPlan


def accept_proposal(session: Session, *, user_id: str, proposal_id: str, now: datetime) -> PlanState:
    lock_user(session, user_id=user_id)
    row = get_proposal(session, user_id=user_id, proposal_id=proposal_id)
    if row.status == "accepted" and row.result_version is not None:
        return _state(session, user_id=user_id, version=row.result_version)
    if row.status != "staged":
        raise Conflict(f"this proposal was {row.status}", code=f"proposal_{row.status}")
    change = _change_of(row)
    active = get_active_plan(session, user_id=user_id)
    current = WeeklyPlan.model_validate(active.plan) if active is not None else None
    base_row = (
        get_plan_version(session, user_id=user_id, version=change.base_version)
        if change.base_version is not None
        else None
    )
    base = WeeklyPlan.model_validate(base_row.plan) if base_row is not None else None
    if is_stale(change, base=base, current=current, current_version=active.version if active else None):
        raise Conflict(
            "your plan changed since this proposal was made; ask the coach again",
            code="plan_changed",
            details={
                "base_version": change.base_version,
                "current_version": active.version if active else None,
            },
        )
    new_plan = apply_change(change, current)
    stored = add_plan_version(
        session, user_id=user_id, plan=new_plan, now=now, reason="accepted_proposal", proposal_id=row.id
    )
    set_proposal_status(
        session,
        user_id=user_id,
        proposal_id=row.id,
        status="accepted",
        now=now,
        result_version=stored.version,
    )
    if row.roll_week is None:
        # the program's week staged from the old plan can no longer be accepted: made again when due
        supersede_rolls(session, user_id=user_id, now=now)
    if current is None or current.week_start_date != new_plan.week_start_date:
        # a new week accepted after some of its sessions were logged (next week proposed by the
        # program, issue 18): those days are done in it too
        for log in logs_of_week(session, user_id=user_id, week_start=new_plan.week_start_date):
            mark_day_completed(
                session,
                user_id=user_id,
                week_start=log.week_start_date,
                day=Weekday(log.plan_day),
                log_id=log.id,
                completed_at=log.completed_at,
            )
        new_plan = WeeklyPlan.model_validate(stored.plan)
    return PlanState(version=stored.version, plan=new_plan)


def dismiss_proposal(session: Session, *, user_id: str, proposal_id: str, now: datetime) -> ProposalRow:
    lock_user(session, user_id=user_id)
    row = get_proposal(session, user_id=user_id, proposal_id=proposal_id)
    if row.status == "dismissed":
        return row
    if row.status != "staged":
        raise Conflict(f"this proposal was {row.status}", code=f"proposal_{row.status}")
    return set_proposal_status(session, user_id=user_id, proposal_id=row.id, status="dismissed", now=now)


def revert_plan(session: Session, *, user_id: str, to_version: int, now: datetime) -> PlanState:
    """Undo: a new version equal to an older one, keeping days logged since (logs are history)."""
    lock_user(session, user_id=user_id)
    target = get_plan_version(session, user_id=user_id, version=to_version)
    active = get_active_plan(session, user_id=user_id)
    if target is None or active is None:
        raise NotFound("no such plan version", details={"to_version": to_version})
    if target.version == active.version:
        raise Conflict("that version is already the active plan", code="already_current")
    plan = WeeklyPlan.model_validate(target.plan)
    current = WeeklyPlan.model_validate(active.plan)
    if current.week_start_date == plan.week_start_date:
        logged = {day: d for day, d in current.days.items() if d.status == "completed"}
        plan = plan.model_copy(update={"days": {**plan.days, **logged}})
    stored = add_plan_version(session, user_id=user_id, plan=plan, now=now, reason="revert")
    supersede_rolls(session, user_id=user_id, now=now)
    return PlanState(version=stored.version, plan=plan)


def _state(session: Session, *, user_id: str, version: int) -> PlanState:
    row = get_plan_version(session, user_id=user_id, version=version)
    if row is None:
        raise NotFound("no such plan version", details={"version": version})
    return PlanState(version=row.version, plan=WeeklyPlan.model_validate(row.plan))


def _change_of(row: ProposalRow) -> StagedChange:
    """The stored proposal as a change to apply; one that no longer fits the contract (stored by an
    older version) is a conflict the user resolves by asking again, not a server error."""
    unusable = Conflict(
        "this proposal no longer fits the current plan format; ask the coach again",
        code="invalid_proposal",
        details={"proposal_id": row.id},
    )
    try:
        kind = ProposalType(row.type)
        target = Weekday(row.target_day) if row.target_day else None
        data: DayPlan | WeeklyPlan = (
            DayPlan.model_validate(row.data)
            if kind is ProposalType.UPDATE_DAY
            else WeeklyPlan.model_validate(row.data)
        )
    except ValueError as exc:  # an unknown type or day, or data that fails validation (ValidationError)
        raise unusable from exc
    if kind is ProposalType.UPDATE_DAY and target is None:
        raise unusable
    return StagedChange(
        type=kind,
        target_day=target,
        data=data,
        base_version=row.base_version,
    )
