"""When the next week is due, which week it is, and the old week shown on the right dates meanwhile."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from fitcoach.contract.models import WEEKDAYS, WeeklyPlan

WEEK = timedelta(days=7)


def monday_of(day: date) -> date:
    return day - timedelta(days=day.weekday())


def last_training_date(plan: WeeklyPlan) -> date | None:
    days = plan.training_days()
    return plan.week_start_date + timedelta(days=days[-1].position) if days else None


def roll_due(plan: WeeklyPlan, now: datetime) -> bool:
    """Due once the week is over, once its last planned session is logged, or once that session's day
    has passed (issue 18 item 1: no background scheduler; the next request or page view stages it)."""
    today = now.date()
    if today >= plan.week_start_date + WEEK:
        return True
    days = plan.training_days()
    if not days:
        return False
    last = plan.days[days[-1]]
    last_date = plan.week_start_date + timedelta(days=days[-1].position)
    return last.status == "completed" or today > last_date


def target_week_start(plan: WeeklyPlan, now: datetime) -> date:
    """The week to propose: the one after the plan's, or, when the plan is weeks old, the current week
    (the next one when the current week's planned sessions are already past)."""
    following = plan.week_start_date + WEEK
    current = monday_of(now.date())
    if current <= following:
        return following
    days = plan.training_days()
    last = days[-1].position if days else 6
    return current + WEEK if now.date().weekday() > last else current


def rolled_forward(plan: WeeklyPlan, week_start: date) -> WeeklyPlan:
    """The plan's days on the dates of the week starting `week_start`, nothing marked done: what Today
    and Week show while next week's proposal waits for an accept ("not updated")."""
    if week_start == plan.week_start_date:
        return plan
    days = {
        weekday: day.model_copy(
            update={
                "date": week_start + timedelta(days=WEEKDAYS.index(weekday)),
                "status": "scheduled",
                "completed_log_id": None,
                "completed_at": None,
            }
        )
        for weekday, day in plan.days.items()
    }
    return plan.model_copy(update={"week_start_date": week_start, "days": days})
