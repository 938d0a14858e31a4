"""Plan decisions in Chromium: a proposal made stale (409) or superseded by a newer one, and undo from Me."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .flows import (
    CASES,
    accept_via_api,
    ask_about_day,
    day_exercises,
    first_training_day,
    onboard,
    sign_in,
    swap_question,
)
from .live import LiveServer

pytestmark = pytest.mark.browser


def ids(exercises: list[dict[str, object]]) -> list[object]:
    return [ex["exercise_id"] for ex in exercises]


def test_a_stale_proposal_explains_itself_and_asking_again_gives_one_that_applies(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Lea")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(week)
    first, second = day_exercises(week, day)[:2]
    accept_via_api(api, swap_question(first["name"]), day)  # v2: the day without `first`

    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    ask_about_day(page, shared_server, day, swap_question(second["name"]))
    stale = page.locator(".proposal").first
    expect(stale).to_have_attribute("data-type", "UPDATE_DAY")
    # Meanwhile another device undoes v2: the day this card was made from is gone.
    reverted = api.post("/api/plan/revert", json={"to_version": 1})
    assert reverted.status_code == 200, reverted.text

    stale.locator("button.accept").click()
    expect(stale).to_have_class(re.compile("is-stale"))
    expect(stale.locator(".proposal-state")).to_contain_text("The plan changed since this was proposed.")
    expect(stale.locator("button.accept")).to_have_count(0)
    expect(stale.locator("button.dismiss")).to_be_enabled()  # a stale card can still be cleared
    assert api.get("/api/plan").json()["version"] == 3, "a refused accept must not touch the plan"

    stale.locator("button.retry").click()
    expect(stale.locator("button.dismiss")).to_have_count(0)  # the new proposal replaces this one
    fresh = page.locator(".proposal:not(.is-stale)")
    expect(fresh).to_have_count(1)
    # The new card is diffed against the plan as it is now (v3, `first` back), so only `second` goes.
    expect(fresh.locator(".changes li.removed")).to_have_count(1)
    expect(fresh.locator(".changes li.removed")).to_contain_text(second["name"])
    fresh.locator("button.accept").click()
    expect(fresh).to_have_class(re.compile("is-accepted"))

    stored = api.get("/api/plan").json()
    assert stored["version"] == 4
    now = ids(day_exercises(stored["plan"], day))
    assert first["exercise_id"] in now and second["exercise_id"] not in now
    superseded = api.get("/api/coach/proposals", params={"status": "superseded"}).json()["items"]
    assert [p["target_day"] for p in superseded] == [day], "asking again replaces the stale proposal"


def test_undo_in_me_shows_the_previous_plan_again(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Noor")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(week)
    before = ids(day_exercises(week, day))
    victim = day_exercises(week, day)[0]

    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    ask_about_day(page, shared_server, day, swap_question(victim["name"]))
    card = page.locator(".proposal").first
    card.locator("button.accept").click()
    expect(card).to_have_class(re.compile("is-accepted"))
    changed = ids(day_exercises(api.get("/api/plan").json()["plan"], day))
    assert changed != before

    shown = page.locator(".day-page li.exercise")
    page.locator("a[data-tab=week]").click()
    page.locator(f".day-card[data-day={day}]").click()
    expect(shown).to_have_count(len(changed))
    assert shown.evaluate_all("els => els.map(e => e.dataset.exercise)") == changed

    page.locator("a[data-tab=me]").click()
    expect(page.locator(".version.is-active")).to_have_attribute("data-version", "2")
    page.locator(".version.is-active button.undo").click()  # the confirm() is accepted by the fixture
    expect(page.locator(".version.is-active")).to_have_attribute("data-version", "3")

    page.locator("a[data-tab=week]").click()
    expect(page.locator(".week .eyebrow")).to_contain_text("v3")
    page.locator(f".day-card[data-day={day}]").click()
    expect(page.locator(f".day-page li.exercise[data-exercise='{victim['exercise_id']}']")).to_have_count(1)
    assert shown.evaluate_all("els => els.map(e => e.dataset.exercise)") == before
    assert ids(day_exercises(api.get("/api/plan").json()["plan"], day)) == before


def test_accepting_an_older_card_when_the_newer_one_is_on_screen_points_to_it(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Ines")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(week)
    first, second = day_exercises(week, day)[:2]

    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    ask_about_day(page, shared_server, day, swap_question(first["name"]))
    expect(page.locator(".proposal")).to_have_count(1)
    page.locator(".composer-input").fill(swap_question(second["name"]))
    page.locator("button.send").click()
    expect(page.locator(".proposal")).to_have_count(2)
    older, newer = page.locator(".proposal").nth(0), page.locator(".proposal").nth(1)
    newer_id = newer.get_attribute("data-proposal-id")

    older.locator("button.accept").click()
    expect(older).to_have_class(re.compile("is-superseded"))
    expect(older.locator(".proposal-state")).to_contain_text("A newer proposal replaced this one.")
    expect(page.locator(f".proposal[data-proposal-id='{newer_id}']")).to_have_count(1)  # not shown twice
    expect(newer.locator("button.accept")).to_be_enabled()
    assert api.get("/api/plan").json()["version"] == 1
