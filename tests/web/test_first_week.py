"""A new user's first week at phone size, in Chromium against the real server (issue 15's bugs).

Each test replays what a person did and asserts on what they see."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .flows import CASES, onboard, sign_in
from .live import LiveServer

pytestmark = pytest.mark.browser


def test_a_suggestion_chip_on_week_today_and_a_day_page_sends_its_message_and_the_url_reloads(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Chip")
    api = shared_server.api(user["token"])
    plan = onboard(api, CASES["en-1"]["message"])
    page = phone("en-US")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(page, shared_server, user["token"])
    day = next(d for d, v in plan["days"].items() if v["suggested_edits"])
    for where in ("/week", "/today", f"/workouts/{day}"):
        page.goto(f"{shared_server.url}{where}")
        chip = page.locator(".day-page a.chip, .week a.chip").first
        text = chip.inner_text()
        chip.click()
        expect(page.locator(".bubble.user").last).to_have_text(text)
        expect(page.locator(".typing")).to_have_count(0)
        assert "ask=" not in page.url, "a reload must not ask the coach a second time"
        assert errors == [], errors
    turns = api.get("/api/coach/history", params={"limit": 3}).json()["items"]
    assert len(turns) == 3
    # The address with ?ask= opened directly (a reload, a shared link) works the same way.
    page.goto(f"{shared_server.url}/coach?tab=week&ask=Shorten%20to%2030%20minutes")
    expect(page.locator(".bubble.user").last).to_have_text("Shorten to 30 minutes")
    assert errors == [], errors
