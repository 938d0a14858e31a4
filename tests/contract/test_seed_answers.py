"""The two complete JSON answers of the source spec parse against the contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from fitcoach.contract.models import CoachReply, DayPlan, Proposal, ProposalType, WeeklyPlan


def test_onboarding_week_parses(data_dir: Path) -> None:
    reply = CoachReply.model_validate(
        json.loads((data_dir / "seeds/onboarding_update_week.json").read_text())
    )
    assert reply.proposal.type is ProposalType.UPDATE_WEEK
    assert isinstance(reply.proposal.data, WeeklyPlan)
    assert [m.typed_entry().category for m in reply.memory_mutations] == [  # type: ignore[union-attr]
        "equipment",
        "goal",
        "chronic_condition",
    ]


def test_monday_day_parses_as_a_day(data_dir: Path) -> None:
    reply = CoachReply.model_validate(json.loads((data_dir / "seeds/monday_update_day.json").read_text()))
    assert isinstance(reply.proposal.data, DayPlan)
    assert reply.proposal.data.slugs() == [
        "incline-db-bench-press",
        "db-lateral-raise",
        "overhead-db-tricep-extension",
    ]


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "NONE", "data": {"title": "x"}},
        {"type": "UPDATE_DAY", "target_day": None, "data": {"title": "x"}},
        {
            "type": "UPDATE_WEEK",
            "target_day": "monday",
            "data": {"week_start_date": "2026-09-14", "days": {}},
        },
        {"type": "MAYBE"},
    ],
)
def test_incoherent_proposals_are_rejected(raw: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        Proposal.model_validate(raw)
