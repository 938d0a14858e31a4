"""A French user's plan chips at phone size, in Chromium: Today's and the Week's chips stay inside the
screen, tapping the week's "add arm work" chip stages that day's change, the Me view shows the
condition as the server wrote it (in French, with what aggravates it) and plan versions start with a
capital letter."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .flows import CASES, onboard, sign_in
from .live import LiveServer

pytestmark = pytest.mark.browser

PHONE_WIDTH = 390


def _inside_screen(chips: Locator) -> None:
    assert chips.count() > 0
    for i in range(chips.count()):
        box = chips.nth(i).bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_WIDTH, (chips.nth(i).inner_text(), box)


def test_a_french_users_chips_fit_the_phone_and_act(
    shared_server: LiveServer, phone: Callable[[str], Page], screenshots: Path
) -> None:
    user = shared_server.create_user("Camille")
    api = shared_server.api(user["token"])
    assert api.patch("/api/me", json={"settings": {"language": "fr"}}).status_code == 200
    plan = onboard(api, CASES["fr-1"]["message"])
    add_chip = next(text for text in plan["suggested_edits"] if text.startswith("Add "))
    page = phone("fr-FR")
    sign_in(page, shared_server, user["token"])

    page.goto(f"{shared_server.url}/today")
    expect(page.locator(".day-page .chip").first).to_be_visible()
    _inside_screen(page.locator(".day-page .chip"))
    page.screenshot(path=screenshots / "chips-today-fr-phone.png", full_page=True)

    page.goto(f"{shared_server.url}/week")
    chips = page.locator(".chips .chip")
    expect(chips.first).to_be_visible()
    _inside_screen(chips)
    day = add_chip.rsplit(" ", 1)[1].lower()
    shown = page.locator(".chips .chip", has_text="bras")
    expect(shown).to_have_count(1)
    shown.click()
    card = page.locator(".proposal")
    expect(card).to_be_visible(timeout=20_000)
    staged = [p for p in api.get("/api/coach/proposals").json()["items"] if p["type"] == "UPDATE_DAY"]
    assert [(p["type"], p["target_day"]) for p in staged] == [("UPDATE_DAY", day)], staged
    page.screenshot(path=screenshots / "chips-add-fr-phone.png", full_page=True)
    # the day's chips above the composer: one scrolling line, no chip drawn over another
    row = page.locator(".chip-row .chip")
    boxes = [row.nth(i).bounding_box() for i in range(row.count())]
    assert len(boxes) >= 2 and all(b is not None for b in boxes)
    edges = [(b["x"], b["x"] + b["width"]) for b in boxes if b is not None]
    assert all(right <= left for (_, right), (left, _) in pairwise(edges)), edges

    memory = api.get("/api/memory").json()
    conditions = [
        i["entry"]["fact"] for i in memory["tier_1_staples"] if i["entry"]["category"] == "chronic_condition"
    ]
    assert conditions, memory
    page.goto(f"{shared_server.url}/me")
    for fact in conditions:
        expect(page.locator(".memory-item", has_text=fact)).to_have_count(1)
    labels = page.locator(".version-text > span:first-child")
    expect(labels.first).to_be_visible()
    for text in labels.all_inner_texts():
        assert text[:1] == text[:1].upper(), text
    page.screenshot(path=screenshots / "chips-me-fr-phone.png", full_page=True)
