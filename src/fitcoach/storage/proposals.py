"""Staged proposals (R42): stored apart from the plan until an explicit accept decides them."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Literal, cast

from sqlalchemy import Table, bindparam, insert, select, update
from sqlalchemy.orm import Session

from fitcoach.contract.models import Proposal, ProposalType, Weekday
from fitcoach.errors import NotFound
from fitcoach.storage.ids import new_id
from fitcoach.storage.tables import ProposalRow

ProposalStatus = Literal["staged", "accepted", "dismissed", "superseded"]


_PROPOSALS = cast(Table, ProposalRow.__table__)
_INSERT = insert(_PROPOSALS)
# UPDATE reserves column names for its SET parameters, hence the `b_` names.
_STAGED = update(_PROPOSALS).where(
    _PROPOSALS.c.user_id == bindparam("b_user_id"), _PROPOSALS.c.status == "staged"
)
_SUPERSEDE_ALL = _STAGED.values(status="superseded", decided_at=bindparam("b_now"))
_SUPERSEDE_DAY = _STAGED.where(
    _PROPOSALS.c.type == ProposalType.UPDATE_DAY.value,
    _PROPOSALS.c.target_day == bindparam("b_target_day"),
).values(status="superseded", decided_at=bindparam("b_now"))


def _staged_values(
    *,
    user_id: str,
    proposal: Proposal,
    now: datetime,
    turn_id: str | None,
    base_version: int | None,
    roll_week: date | None = None,
) -> dict[str, Any]:
    """A new staged row; its id (`prop_…`) is assigned here, whatever the model put in `proposal.id`."""
    return {
        "id": new_id("prop"),
        "user_id": user_id,
        "turn_id": turn_id,
        "type": proposal.type.value,
        "target_day": proposal.target_day.value if proposal.target_day else None,
        "summary_diff": proposal.summary_diff,
        "data": proposal.data.model_dump(mode="json") if proposal.data is not None else None,
        "status": "staged",
        "base_version": base_version,
        "created_at": now,
        "decided_at": None,
        "result_version": None,
        "roll_week": roll_week,
    }


def create_proposal(
    session: Session,
    *,
    user_id: str,
    proposal: Proposal,
    now: datetime,
    turn_id: str | None = None,
    base_version: int | None = None,
) -> ProposalRow:
    """Stage a proposal and return its row (the chat turn, which needs only the id, uses
    `stage_proposal`)."""
    proposal_id = stage_proposal(
        session, user_id=user_id, proposal=proposal, now=now, turn_id=turn_id, base_version=base_version
    )
    return get_proposal(session, user_id=user_id, proposal_id=proposal_id)


def stage_proposal(
    session: Session,
    *,
    user_id: str,
    proposal: Proposal,
    now: datetime,
    turn_id: str | None = None,
    base_version: int | None = None,
    roll_week: date | None = None,
) -> str:
    """Stage a proposal with one INSERT and return its id (no ORM object: the chat turn's hot path).
    `roll_week` marks the program's proposal for that week (unique per user, issue 18)."""
    values = _staged_values(
        user_id=user_id,
        proposal=proposal,
        now=now,
        turn_id=turn_id,
        base_version=base_version,
        roll_week=roll_week,
    )
    session.execute(_INSERT, values)
    return str(values["id"])


def get_proposal(session: Session, *, user_id: str, proposal_id: str) -> ProposalRow:
    """The user's proposal; someone else's id is NotFound, like an unknown one."""
    row = session.execute(
        select(ProposalRow).where(ProposalRow.user_id == user_id, ProposalRow.id == proposal_id)
    ).scalar_one_or_none()
    if row is None:
        raise NotFound("no such proposal", details={"proposal_id": proposal_id})
    return row


def summaries_of(session: Session, *, user_id: str, proposal_ids: list[str]) -> dict[str, str | None]:
    """`summary_diff` of each of the user's proposals named (what accepting it changed)."""
    if not proposal_ids:
        return {}
    rows = session.execute(
        select(ProposalRow.id, ProposalRow.summary_diff).where(
            ProposalRow.user_id == user_id, ProposalRow.id.in_(proposal_ids)
        )
    ).all()
    return {row.id: row.summary_diff for row in rows}


def list_proposals(
    session: Session, *, user_id: str, status: ProposalStatus | None = None, limit: int = 50
) -> list[ProposalRow]:
    """Newest first, optionally only those with `status`."""
    query = select(ProposalRow).where(ProposalRow.user_id == user_id)
    if status is not None:
        query = query.where(ProposalRow.status == status)
    return list(session.execute(query.order_by(ProposalRow.created_at.desc()).limit(limit)).scalars())


def set_proposal_status(
    session: Session,
    *,
    user_id: str,
    proposal_id: str,
    status: ProposalStatus,
    now: datetime,
    result_version: int | None = None,
) -> ProposalRow:
    row = get_proposal(session, user_id=user_id, proposal_id=proposal_id)
    row.status = status
    row.decided_at = now
    if result_version is not None:
        row.result_version = result_version
    session.flush()
    return row


def supersede_staged(
    session: Session, *, user_id: str, type: ProposalType, target_day: Weekday | None, now: datetime
) -> int:
    """Mark older staged proposals for the same target superseded: a newer day proposal replaces the
    staged one for that day; a newer week replaces every staged proposal (it rewrites all days)."""
    # Core statements on the table: nothing superseded is loaded in the turn's fresh session, so there
    # is no ORM state to synchronise, and a statement built once skips compiling it every turn.
    if type is ProposalType.UPDATE_DAY and target_day is not None:
        result = session.execute(
            _SUPERSEDE_DAY, {"b_user_id": user_id, "b_target_day": target_day.value, "b_now": now}
        )
    else:
        result = session.execute(_SUPERSEDE_ALL, {"b_user_id": user_id, "b_now": now})
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


def find_roll(session: Session, *, user_id: str, week: date) -> ProposalRow | None:
    """The program's proposal for `week`, whatever became of it (staged, accepted, dismissed)."""
    return session.execute(
        select(ProposalRow).where(ProposalRow.user_id == user_id, ProposalRow.roll_week == week)
    ).scalar_one_or_none()


def staged_week_exists(session: Session, *, user_id: str, other_than: str) -> bool:
    """Whether a staged UPDATE_WEEK other than `other_than` waits for the user's decision."""
    found = session.execute(
        select(ProposalRow.id)
        .where(
            ProposalRow.user_id == user_id,
            ProposalRow.status == "staged",
            ProposalRow.type == ProposalType.UPDATE_WEEK.value,
            ProposalRow.id != other_than,
        )
        .limit(1)
    ).first()
    return found is not None


def restage_roll(
    session: Session, *, row: ProposalRow, proposal: Proposal, now: datetime, base_version: int | None
) -> ProposalRow:
    """The program's proposal for the same week made again from the current plan, in its own row (one
    row per week stays the rule): staged, against `base_version`, undecided."""
    row.summary_diff = proposal.summary_diff
    row.data = proposal.data.model_dump(mode="json") if proposal.data is not None else None
    row.status = "staged"
    row.base_version = base_version
    row.created_at = now
    row.decided_at = None
    row.result_version = None
    session.flush()
    return row


def supersede_rolls(session: Session, *, user_id: str, now: datetime) -> int:
    """Mark the program's staged weeks superseded: the plan they were made from has changed, so they
    could no longer be accepted; the next request makes next week again from the new plan when due."""
    result = session.execute(
        update(_PROPOSALS)
        .where(
            _PROPOSALS.c.user_id == user_id,
            _PROPOSALS.c.status == "staged",
            _PROPOSALS.c.roll_week.is_not(None),
        )
        .values(status="superseded", decided_at=now)
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
