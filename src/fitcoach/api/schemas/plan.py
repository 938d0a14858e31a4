"""The active plan, today's day, the version history, and the plan a decision leaves behind."""

from __future__ import annotations

import datetime as dt

from pydantic import Field

from fitcoach.api.schemas.base import PublicModel
from fitcoach.contract.models import DayPlan, InstantZ, Weekday, WeeklyPlan
from fitcoach.storage.plans import PlanReason


class PlanState(PublicModel):
    """The active plan after accepting a proposal or reverting."""

    version: int
    plan: WeeklyPlan


class PlanVersionPublic(PlanState):
    created_at: InstantZ
    not_updated: bool = Field(
        default=False,
        description="The stored week is over and next week is not accepted yet: `plan` is the old week "
        "on this week's dates (issue 18).",
    )


class PlanToday(PublicModel):
    weekday: Weekday
    date: dt.date
    version: int
    in_plan_week: bool = Field(description="False when the active plan is for another week.")
    day: DayPlan | None = Field(description="Today's day in the active plan, null if the plan has none.")
    not_updated: bool = Field(
        default=False,
        description="The active plan's week is over and next week is not accepted yet: `day` is the old "
        "week's day on today's date (issue 18).",
    )


class PlanVersionSummary(PublicModel):
    version: int
    created_at: InstantZ
    reason: PlanReason
    proposal_id: str | None
    week_start_date: dt.date
    summary: str | None = Field(
        default=None,
        description="What this version changed, as the accepted proposal said it (null for the first "
        "plan made without one, and for a revert).",
    )


class PlanVersionList(PublicModel):
    items: list[PlanVersionSummary]
