"""Weights follow the user's unit everywhere they are shown, plate-sized weights can be logged, and
on a 375 px phone nothing runs off the side of the screen, in Chromium against the real server."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .flows import CASES, day_exercises, first_training_day, onboard, sign_in, start_workout
from .live import LiveServer

pytestmark = pytest.mark.browser

NARROW = {"width": 375, "height": 740}


def assert_fits(page: Page) -> None:
    """No horizontal scrolling: the page is no wider than the screen (scrollers like chips excepted)."""
    root = "document.documentElement"
    widths = page.evaluate(f"() => [{root}.scrollWidth, {root}.clientWidth]")
    assert widths[0] <= widths[1], f"{page.url} is {widths[0]} px wide on a {widths[1]} px screen"


def test_a_pound_user_sees_pounds_and_logs_a_weight_with_small_plates(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Dana")
    api = shared_server.api(user["token"])
    plan = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(plan)
    exercise = day_exercises(plan, day)[0]
    kilos = [{"weight": 20, "unit": "kg", "reps": 10}]
    logged = api.post(
        "/api/workouts/log",
        json={
            "plan_day": day,
            "completed_at": "2024-01-01T10:00:00Z",
            "exercises_logged": [{"exercise_id": exercise["exercise_id"], "sets": kilos}],
        },
        headers={"Idempotency-Key": "kg-session-1"},
    )
    assert logged.status_code in (200, 201), logged.text

    page = phone("en-US")
    page.set_viewport_size(NARROW)
    sign_in(page, shared_server, user["token"])
    long_message = "My notes: https://example.com/" + "x" * 160 + " " + "很長的訊息" * 30
    page.locator(".composer-input").fill(long_message)
    page.locator("button.send").click()
    expect(page.locator(".typing")).to_have_count(0)
    assert_fits(page)

    page.locator("a[data-tab=me]").click()
    page.locator("button.segment[data-units=lb]").click()
    expect(page.locator("button.segment[data-units=lb]")).to_have_attribute("aria-pressed", "true")
    assert api.get("/api/me").json()["settings"]["units"] == "lb"
    assert_fits(page)

    start_workout(page, shared_server, day)
    weight = page.locator("input.weight")
    expect(weight).to_have_attribute("aria-label", "Weight (lb)")
    expect(weight).to_have_value("44")  # last time's 20 kg, in pounds, rounded to a plate
    weight.fill("102.5")  # 2.5 lb plates: a weight no whole-pound step allows
    page.locator("input.reps").fill("8")
    page.locator("button.log-set").click()
    expect(page.locator(".current-exercise table.sets tr")).to_have_count(1)
    expect(page.locator(".current-exercise table.sets")).to_contain_text("102.5 lb")
    assert_fits(page)
    page.locator("button.finish").click()
    expect(page.locator(".sync-state.ok")).to_be_visible()
    latest = api.get("/api/workouts").json()["items"][0]["exercises_logged"][0]["sets"]
    assert [(s["weight"], s["unit"], s["reps"]) for s in latest] == [(102.5, "lb", 8)]

    page.locator("a[data-tab=progress]").click()
    records = page.locator(".prs")
    expect(records.locator("dd.heaviest")).to_contain_text("102.5 lb × 8")
    expect(records).not_to_contain_text("kg")
    expect(records).to_contain_text("44.1 lb × 10")  # the kilogram session, shown in pounds
    assert_fits(page)
    page.locator("a[data-tab=week]").click()
    expect(page.locator(".day-card")).to_have_count(7)
    assert_fits(page)
