"""The weight unit in Chromium: while unknown, the browser's locale decides (en-US → lb, fr-FR → kg);
a unit the user states in a chat message takes over at once, with a note; every set of the live workout
is shown in the current unit whatever it was logged in; an old-shape history turn still shows its words."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import create_engine

from tests.api.test_history import insert_turn

from .flows import first_training_day, onboard, sign_in, start_workout
from .live import LiveServer

pytestmark = pytest.mark.browser

NO_UNIT_ONBOARDING = (
    "I'm 32 and train at home with adjustable dumbbells and an adjustable bench. I want to build muscle,"
    " especially chest and delts. I can train 4 days a week, about 45 minutes each."
)


def log_set(page: Page, weight: str, reps: str) -> None:
    page.locator("input.weight").fill(weight)
    page.locator("input.reps").fill(reps)
    page.locator("button.log-set").click()


def test_a_unit_stated_in_chat_replaces_the_locale_guess_and_converts_the_sets_shown(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Olga")
    api = shared_server.api(user["token"])
    day = first_training_day(onboard(api, NO_UNIT_ONBOARDING))
    assert api.get("/api/me").json()["settings"]["units"] is None

    page = phone("en-US")  # a Russian lifter on an American phone
    sign_in(page, shared_server, user["token"])
    start_workout(page, shared_server, day)
    expect(page.locator("input.weight")).to_have_attribute("aria-label", "Weight (lb)")
    log_set(page, "100", "8")
    expect(page.locator(".current-exercise table.sets td.weight")).to_have_text(["100 lb"])

    page.locator("a[data-tab=coach]").click()
    page.locator(".composer-input").fill("Мои гантели до 22 кг, это тяжело?")
    page.locator("button.send").click()
    expect(page.locator(".units-learned")).to_contain_text("Weights in kg from now on")
    assert api.get("/api/me").json()["settings"]["units"] == "kg"

    page.goto(f"{shared_server.url}/workout/active")  # a reload: the session and the learned unit stay
    expect(page.locator("input.weight")).to_have_attribute("aria-label", "Weight (kg)")
    expect(page.locator("input.weight")).to_have_value("45.5")  # the 100 lb set, to a half kilo
    log_set(page, "21.25", "10")
    # 100 lb is 45.36 kg, shown to a quarter kilo; the set logged in kilograms as it was.
    expect(page.locator(".current-exercise table.sets td.weight")).to_have_text(["45.25 kg", "21.25 kg"])
    page.locator("button.finish").click()
    expect(page.locator(".sync-state.ok")).to_be_visible()
    logged = api.get("/api/workouts").json()["items"][0]["exercises_logged"][0]["sets"]
    assert [(s["weight"], s["unit"]) for s in logged] == [(100, "lb"), (21.25, "kg")]  # stored as logged

    page.locator("a[data-tab=me]").click()
    expect(page.locator("button.segment[data-units=kg]")).to_have_attribute("aria-pressed", "true")


def test_a_french_browser_starts_in_kilograms_and_an_old_history_turn_shows_its_words(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Camille")
    engine = create_engine(shared_server.env["FITCOACH_DATABASE_URL"])
    try:
        at = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
        old = {"message": "Garde tes haltères, on avance.", "proposal": {"type": "SKIP"}}
        insert_turn(engine, user["id"], "turn_old_words", at, reply=old)
        insert_turn(engine, user["id"], "turn_old_blank", at, reply={"text": "unreadable shape"})
    finally:
        engine.dispose()

    page = phone("fr-FR")
    sign_in(page, shared_server, user["token"])
    thread = page.locator(".thread")
    expect(thread.locator(".bubble.coach")).to_have_text(["Garde tes haltères, on avance."])
    expect(thread.locator(".bubble.user")).to_have_count(2)  # the turn without words shows the question

    page.locator("a[data-tab=me]").click()
    expect(page.locator("button.segment[data-units=kg]")).to_have_attribute("aria-pressed", "true")
    assert shared_server.api(user["token"]).get("/api/me").json()["settings"]["units"] is None
