"""Staged proposals (R42): stored apart from the plan until an explicit accept decides them."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from fitcoach.contract.models import Proposal, ProposalType, Weekday
from fitcoach.errors import NotFound
from fitcoach.storage.ids import new_id
from fitcoach.storage.tables import ProposalRow

ProposalStatus = Literal["staged", "accepted", "dismissed", "superseded"]


def create_proposal(
    session: Session,
    *,
    user_id: str,
    proposal: Proposal,
    now: datetime,
    turn_id: str | None = None,
    base_version: int | None = None,
) -> ProposalRow:
    """Stage a proposal; its id (`prop_…`) is assigned here, whatever the model put in `proposal.id`."""
    row = ProposalRow(
        id=new_id("prop"),
        user_id=user_id,
        turn_id=turn_id,
        type=proposal.type.value,
        target_day=proposal.target_day.value if proposal.target_day else None,
        summary_diff=proposal.summary_diff,
        data=proposal.data.model_dump(mode="json") if proposal.data is not None else None,
        status="staged",
        base_version=base_version,
        created_at=now,
        decided_at=None,
        result_version=None,
    )
    session.add(row)
    session.flush()
    return row


def get_proposal(session: Session, *, user_id: str, proposal_id: str) -> ProposalRow:
    """The user's proposal; someone else's id is NotFound, like an unknown one."""
    row = session.execute(
        select(ProposalRow).where(ProposalRow.user_id == user_id, ProposalRow.id == proposal_id)
    ).scalar_one_or_none()
    if row is None:
        raise NotFound("no such proposal", details={"proposal_id": proposal_id})
    return row


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
    query = update(ProposalRow).where(ProposalRow.user_id == user_id, ProposalRow.status == "staged")
    if type is ProposalType.UPDATE_DAY and target_day is not None:
        query = query.where(
            ProposalRow.type == ProposalType.UPDATE_DAY.value, ProposalRow.target_day == target_day.value
        )
    # Nothing superseded is loaded in this fresh session; skipping the sync keeps a turn cheap.
    result = session.execute(
        query.values(status="superseded", decided_at=now).execution_options(synchronize_session=False)
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
