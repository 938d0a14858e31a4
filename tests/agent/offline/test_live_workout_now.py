"""In a live workout, "right now" and "today" mean the session being trained, not the calendar's day
(a Monday session trained on a Tuesday asked the coach about Tuesday's exercises)."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.understanding.understand import understand
from fitcoach.contract.models import Weekday

TUESDAY = dt.datetime(2026, 12, 1, 8, 30, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    "message",
    [
        "What can I do instead of Flat DB Bench Press right now?",
        "The bench is taken today, what else can I do?",
        "Je peux remplacer le développé couché maintenant ?",
    ],
)
def test_now_in_a_live_workout_is_the_workout_day(message: str) -> None:
    u = understand(message, now=TUESDAY, active_tab="workout", selected_day=Weekday.MONDAY, has_plan=True)
    assert u.target_day is Weekday.MONDAY


def test_now_elsewhere_is_still_today() -> None:
    u = understand(
        "What can I do instead of Flat DB Bench Press right now?",
        now=TUESDAY,
        active_tab="week",
        selected_day=Weekday.MONDAY,
        has_plan=True,
    )
    assert u.target_day is Weekday.TUESDAY
