"""The program's next week in Chromium (issue 18): staged by `fitcoach plan roll` after a layoff, its
card on Today shows each change with its reason, Accept Plan makes it the plan, Week shows the block
position, the day shows the ramp's target load and the live workout prefills it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from fitcoach.engine.program.loads import GearKind, gear_kind
from fitcoach.library import get_library

from .flows import CASES, day_exercises, first_training_day, onboard, sign_in, start_workout
from .live import LiveServer

pytestmark = pytest.mark.browser


def test_next_weeks_card_explains_each_load_and_the_workout_starts_from_it(
    shared_server: LiveServer, phone: Callable[[str], Page], screenshots: Path
) -> None:
    user = shared_server.create_user("Ines")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(week)
    library = get_library()
    lift = next(
        ex
        for ex in day_exercises(week, day)
        if (entry := library.get(ex["exercise_id"])) is not None
        and gear_kind(entry) is not GearKind.BODYWEIGHT
    )
    assert day_exercises(week, day)[0] == lift, "the day opens with a loaded lift"
    start = date.fromisoformat(week["week_start_date"])
    # the lift was trained at 40 lb more than ten days before the roll: a layoff, and a ramp back
    logged_at = min(
        datetime.combine(start - timedelta(days=4), time(18), UTC), datetime.now(UTC) - timedelta(hours=1)
    )
    logged = api.post(
        "/api/workouts/log",
        json={
            "plan_day": day,
            "completed_at": logged_at.isoformat().replace("+00:00", "Z"),
            "exercises_logged": [
                {"exercise_id": lift["exercise_id"], "sets": [{"weight": 40, "unit": "lb", "reps": 8}] * 3}
            ],
        },
    )
    assert logged.status_code in (200, 201), logged.text
    rolled_at = datetime.combine(start + timedelta(days=6), time(20), UTC).isoformat().replace("+00:00", "Z")
    printed = json.loads(shared_server.cli("plan", "roll", "--user", user["id"], "--now", rolled_at))
    assert printed["created"] is True
    reason = f"{lift['name']}: back gradually at 30 lb (75% of 40), step 1 of 2"
    assert reason in [change["text"] for change in printed["proposal"]["data"]["program"]["changes"]]

    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    page.goto(f"{shared_server.url}/today")
    card = page.locator(".proposal[data-type=UPDATE_WEEK]")
    expect(card).to_be_visible()
    expect(card.locator(".program-changes li", has_text=reason)).to_have_count(1)
    page.screenshot(path=screenshots / "today-next-week.png")
    card.locator("button.accept").click()
    expect(card).to_have_class(re.compile("is-accepted"))

    page.goto(f"{shared_server.url}/week")
    expect(page.locator(".block-position")).to_have_text("Week 1 of 6")
    page.screenshot(path=screenshots / "week-block.png")
    page.goto(f"{shared_server.url}/workouts/{day}")
    first = page.locator(f"li.exercise[data-exercise='{lift['exercise_id']}'] .ex-rx").first
    expect(first).to_contain_text("30 lb")
    start_workout(page, shared_server, day)
    expect(page.locator("input.weight")).to_have_value("30")
