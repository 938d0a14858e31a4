"""Accept on the live workout's swap card when the server says 409: a newer proposal superseded it, or
the plan changed under it. The user is told, sees what applies now, and no button is left stuck."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .flows import (
    CASES,
    accept_via_api,
    day_exercises,
    first_training_day,
    onboard,
    sign_in,
    start_workout,
    stored,
    swap_question,
)
from .live import LiveServer

pytestmark = pytest.mark.browser

SUPERSEDED = "A newer proposal replaced this one. Your plan is unchanged."
REPLACED = "Your coach has a newer proposal, shown here instead of the one you tapped."


def ask_via_api(api: Any, message: str, day: str) -> dict[str, Any]:
    """Another device asks about `day` and leaves the proposal staged (superseding older ones)."""
    reply = api.post("/api/coach/chat", json={"message": message, "active_tab": "week", "selected_day": day})
    assert reply.status_code == 200, reply.text
    proposal: dict[str, Any] = reply.json()["proposal"]
    assert proposal["type"] == "UPDATE_DAY" and proposal["target_day"] == day, reply.text
    return proposal


def ids(exercises: list[dict[str, Any]]) -> list[str]:
    return [str(e["exercise_id"]) for e in exercises]


def session_exercises(page: Page) -> list[str]:
    ids: list[str] = [e["exercise_id"] for e in stored(page, "session")["exercises"]]
    return ids


def test_accepting_a_superseded_swap_shows_the_newer_proposal_and_accepting_that_applies(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Kai")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(week)
    first, second = day_exercises(week, day)[:2]

    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    start_workout(page, shared_server, day)
    page.locator("button.swap").click()
    old = page.locator(".swap-slot .proposal")
    expect(old.locator(".changes li.removed")).to_contain_text(first["name"])
    old_id = old.get_attribute("data-proposal-id")

    newer = ask_via_api(api, swap_question(second["name"]), day)  # e.g. from the laptop

    page.locator(f".proposal[data-proposal-id='{old_id}'] button.accept").click()
    shown = page.locator(f".swap-slot .proposal[data-proposal-id='{newer['id']}']")
    expect(shown.locator(".notice")).to_contain_text(REPLACED)
    expect(page.locator(f".proposal[data-proposal-id='{old_id}']")).to_have_count(0)
    # The newer card is diffed against the plan as it is: only `second` goes, nothing is half-applied.
    expect(shown.locator(".changes li.removed")).to_have_count(1)
    expect(shown.locator(".changes li.removed")).to_contain_text(second["name"])
    expect(shown.locator("button.accept")).to_be_enabled()
    expect(shown.locator("button.accept")).to_be_focused()
    expect(shown.locator("button.dismiss")).to_be_enabled()
    assert api.get("/api/plan").json()["version"] == 1, "a superseded accept must not touch the plan"

    shown.locator("button.accept").click()
    # Accepting redraws the workout with the new day: `second` is gone, the current exercise stays.
    expect(page.locator(".swap-slot .proposal")).to_have_count(0)
    stored = api.get("/api/plan").json()
    assert stored["version"] == 2
    planned = day_exercises(stored["plan"], day)
    assert second["exercise_id"] not in ids(planned) and first["exercise_id"] in ids(planned)
    expect(page.locator(".exercise-steps .sr")).to_have_text([e["name"] for e in planned])
    expect(page.locator(".current-exercise")).to_have_attribute("data-exercise", first["exercise_id"])
    assert session_exercises(page) == ids(planned)


def test_a_superseded_proposal_already_decided_elsewhere_says_so_and_offers_to_ask_again(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Rui")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(week)
    first, second = day_exercises(week, day)[:2]

    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    start_workout(page, shared_server, day)
    page.locator("button.swap").click()
    expect(page.locator(".swap-slot .proposal .changes li.removed")).to_contain_text(first["name"])
    old_id = page.locator(".swap-slot .proposal").get_attribute("data-proposal-id")
    card = page.locator(f".proposal[data-proposal-id='{old_id}']")

    accept_via_api(api, swap_question(second["name"]), day)  # superseded, then the newer one accepted

    card.locator("button.accept").click()
    expect(card).to_have_class(re.compile("is-superseded"))
    expect(card.locator(".proposal-state")).to_contain_text(SUPERSEDED)
    expect(card.locator(".actions")).to_have_count(0)
    retry = card.locator("button.retry")
    expect(retry).to_be_enabled()
    retry.click()
    expect(card).to_have_count(0)
    fresh = page.locator(".swap-slot .proposal")
    expect(fresh.locator(".changes li.removed")).to_contain_text(first["name"])
    fresh.locator("button.accept").click()
    expect(page.locator(".current-exercise")).not_to_have_attribute("data-exercise", first["exercise_id"])
    stored = api.get("/api/plan").json()
    assert stored["version"] == 3
    planned = [e["exercise_id"] for e in day_exercises(stored["plan"], day)]
    assert first["exercise_id"] not in planned and second["exercise_id"] not in planned


def test_a_swap_made_stale_by_a_plan_change_asks_again_and_the_new_card_applies(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Mia")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(week)
    first, second = day_exercises(week, day)[:2]
    accept_via_api(api, swap_question(second["name"]), day)  # v2: the day without `second`

    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    start_workout(page, shared_server, day)
    expect(page.locator(".current-exercise")).to_have_attribute("data-exercise", first["exercise_id"])
    page.locator("button.swap").click()
    stale = page.locator(".swap-slot .proposal")
    expect(stale.locator(".changes li.removed")).to_contain_text(first["name"])
    reverted = api.post("/api/plan/revert", json={"to_version": 1})  # v3: `second` is back
    assert reverted.status_code == 200, reverted.text

    stale.locator("button.accept").click()
    expect(stale).to_have_class(re.compile("is-stale"))
    expect(stale.locator(".proposal-state")).to_contain_text("The plan changed since this was proposed.")
    expect(stale.locator("button.accept")).to_have_count(0)
    expect(stale.locator("button.dismiss")).to_be_enabled()
    assert api.get("/api/plan").json()["version"] == 3

    stale.locator("button.retry").click()
    fresh = page.locator(".swap-slot .proposal")
    expect(fresh).not_to_have_class(re.compile("is-stale"))
    # Diffed against v3 (with `second`), the new card only takes `first` out.
    expect(fresh.locator(".changes li.removed")).to_have_count(1)
    expect(fresh.locator(".changes li.removed")).to_contain_text(first["name"])
    fresh.locator("button.accept").click()
    expect(page.locator(".current-exercise")).not_to_have_attribute("data-exercise", first["exercise_id"])
    stored = api.get("/api/plan").json()
    assert stored["version"] == 4
    planned = [e["exercise_id"] for e in day_exercises(stored["plan"], day)]
    assert first["exercise_id"] not in planned and second["exercise_id"] in planned
    # Sets logged so far survive; the session now follows the accepted day.
    assert session_exercises(page) == planned
