"""The live workout's rest timer in Chromium, on Playwright's clock: no real waiting anywhere."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .flows import CASES, WEEKDAYS, onboard, sign_in, start_workout, stored
from .live import LiveServer

pytestmark = pytest.mark.browser

START = datetime(2026, 9, 14, 9, 0, tzinfo=UTC)


def solo_exercise(week: dict[str, Any]) -> tuple[str, int, dict[str, Any]]:
    """(day, step index, exercise) of the first exercise outside a superset (partners rest 0 between)."""
    for day in WEEKDAYS:
        flat = [(len(b["exercises"]), ex) for b in week["days"][day]["blocks"] for ex in b["exercises"]]
        for index, (size, ex) in enumerate(flat):
            if size == 1 and ex["rest_seconds"] > 15:
                return day, index, ex
    raise AssertionError("the onboarded week has no exercise outside a superset")


def clock_text(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def log_set(page: Page, weight: str, reps: str) -> None:
    page.locator("input.weight").fill(weight)
    page.locator("input.reps").fill(reps)
    page.locator("button.log-set").click()


def test_rest_timer_starts_after_a_set_counts_down_and_skip_stops_it(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Kai")
    week = onboard(shared_server.api(user["token"]), CASES["en-1"]["message"])
    day, index, exercise = solo_exercise(week)
    rest = int(exercise["rest_seconds"])

    page = phone("en-US")
    page.clock.install(time=START)
    sign_in(page, shared_server, user["token"])
    start_workout(page, shared_server, day)
    # From here the page's time moves only when the test moves it.
    page.clock.pause_at(START + timedelta(hours=1))
    page.locator(".exercise-steps li").nth(index).locator("button").click()
    expect(page.locator(".current-exercise")).to_have_attribute("data-exercise", exercise["exercise_id"])
    timer = page.locator(".rest-timer")
    value = timer.locator(".timer-value")
    expect(timer).to_have_count(0)

    log_set(page, "40", "8")
    expect(value).to_have_text(clock_text(rest))
    page.clock.run_for(10_000)
    expect(value).to_have_text(clock_text(rest - 10))
    timer.locator("button", has_text="+15 s").click()
    page.clock.run_for(1_000)
    expect(value).to_have_text(clock_text(rest + 4))
    page.clock.run_for((rest + 4) * 1_000)
    expect(timer).to_have_class(re.compile("is-over"))
    expect(value).to_have_text("Go!")

    # The next set starts a fresh rest; Skip stops it, and it stays stopped after a reload.
    log_set(page, "40", "7")
    expect(timer).not_to_have_class(re.compile("is-over"))
    expect(value).to_have_text(clock_text(rest))
    timer.locator("button.skip").click()
    expect(timer).to_have_count(0)
    assert stored(page, "session")["restUntil"] is None
    page.reload()
    expect(page.locator(".current-exercise")).to_be_visible()
    expect(timer).to_have_count(0)
