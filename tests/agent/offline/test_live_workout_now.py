"""In a live workout "right now" and "today" mean the session being trained, and from a day's page "right
now" means that day, not the calendar's (a Monday session trained on a Tuesday asked the coach about
Tuesday's exercises)."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.understanding.understand import understand
from fitcoach.contract.models import Weekday
from fitcoach.library import get_library

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
    u = understand(
        message,
        now=TUESDAY,
        active_tab="workout",
        selected_day=Weekday.MONDAY,
        has_plan=True,
        library=get_library(),
    )
    assert u.target_day is Weekday.MONDAY


def test_now_from_a_days_page_is_that_day() -> None:
    """Asked from Monday's page, "instead of X right now?" is about Monday's X."""
    u = understand(
        "What can I do instead of Flat DB Bench Press right now?",
        now=TUESDAY,
        active_tab="week",
        selected_day=Weekday.MONDAY,
        has_plan=True,
        library=get_library(),
    )
    assert u.target_day is Weekday.MONDAY


@pytest.mark.parametrize(
    ("message", "tab", "selected"),
    [
        ("What can I do instead of Flat DB Bench Press right now?", "coach", None),
        ("The bench is taken today, what else can I do?", "week", Weekday.MONDAY),
        ("Je n'ai que 20 minutes maintenant, tu peux raccourcir ?", "coach", None),
    ],
)
def test_today_elsewhere_is_the_calendar_day(message: str, tab: str, selected: Weekday | None) -> None:
    u = understand(
        message, now=TUESDAY, active_tab=tab, selected_day=selected, has_plan=True, library=get_library()
    )  # type: ignore[arg-type]
    assert u.target_day is Weekday.TUESDAY
