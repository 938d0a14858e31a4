"""Chips on a coach question, in Chromium: a clarifying reply's `suggested_edits` show as chips under
it, and tapping one sends its text as the next message in the same context (R34); a reply without
them shows none. The server is real; its reply gains the chips on the way, as a model would write them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Request, Route, expect

from .flows import first_training_day, onboard, sign_in
from .live import LiveServer

pytestmark = pytest.mark.browser

CHAT = "**/api/coach/chat"
CHOICES = ["Shorten Monday to 30 minutes", "Move Monday to Saturday"]


def test_a_clarifying_reply_offers_its_chips_and_a_tap_sends_one(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Quinn")
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    sent: list[Request] = []
    page.on("request", lambda r: sent.append(r) if r.url.endswith("/api/coach/chat") else None)

    def with_chips(route: Route) -> None:
        response = route.fetch()
        reply = response.json()
        assert reply["proposal"]["type"] == "NONE", reply
        route.fulfill(response=response, json={**reply, "suggested_edits": CHOICES})

    page.route(CHAT, with_chips)
    page.goto(f"{shared_server.url}/coach?tab=week&day=monday")
    page.locator(".composer-input").fill("Can you change it?")
    page.locator("button.send").click()
    chips = page.locator(".thread .reply-chips button.chip")
    expect(chips).to_have_text(CHOICES)
    page.unroute(CHAT)

    chips.nth(1).click()
    expect(page.locator(".bubble.user").last).to_have_text(CHOICES[1])
    expect(page.locator(".typing")).to_have_count(0)
    body = json.loads(sent[-1].post_data or "{}")
    assert body["message"] == CHOICES[1]
    assert (body["active_tab"], body["selected_day"]) == ("week", "monday")
    # the new reply came without chips: none under it, and the question's chips stay where they were
    expect(page.locator(".thread .reply-chips")).to_have_count(1)


def test_a_reply_without_suggested_edits_shows_no_reply_chips(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Rey")
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])

    def without_field(route: Route) -> None:
        response = route.fetch()
        reply = {k: v for k, v in response.json().items() if k != "suggested_edits"}
        route.fulfill(response=response, json=reply)

    page.route(CHAT, without_field)
    page.locator(".composer-input").fill("Can you change it?")
    page.locator("button.send").click()
    expect(page.locator(".bubble.coach").last).to_be_visible()
    expect(page.locator(".typing")).to_have_count(0)
    expect(page.locator(".thread .reply-chips")).to_have_count(0)


def test_the_offline_coachs_own_question_offers_choices_that_act_when_tapped(
    shared_server: LiveServer, phone: Callable[[str], Page], screenshots: Path
) -> None:
    """No interception: a French user with a plan writes something the coach cannot place; the reply
    is one short question in French with at most three chips, and tapping the first one stages a
    change (a card with Accept) instead of another question."""
    user = shared_server.create_user("Inès")
    api = shared_server.api(user["token"])
    plan = onboard(api, "Je veux prendre du muscle, 4 jours par semaine, 45 minutes, haltères jusqu'à 20 kg")
    day = first_training_day(plan)
    page = phone("fr-FR")
    sign_in(page, shared_server, user["token"])
    words = {"monday": "lundi", "tuesday": "mardi", "wednesday": "mercredi", "thursday": "jeudi"}
    page.locator(".composer-input").fill(f"bof {words.get(day, 'jeudi')}")
    page.locator("button.send").click()
    chips = page.locator(".thread .reply-chips button.chip")
    expect(chips.first).to_be_visible()
    count = chips.count()
    assert 1 <= count <= 3
    page.screenshot(path=str(screenshots / "reply-choices-fr.png"))
    first = chips.first.inner_text()
    chips.first.click()
    expect(page.locator(".bubble.user").last).to_have_text(first)
    expect(page.locator(".typing")).to_have_count(0)
    expect(page.get_by_role("button", name="Accepter le plan").last).to_be_visible()
    page.screenshot(path=str(screenshots / "reply-choice-tapped-fr.png"))
