"""End to end in Chromium against the real server (`fitcoach serve`, offline coach, temp SQLite)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .flows import CASES, WEEKDAYS, day_exercises, first_training_day, onboard, sign_in, start_workout, stored
from .live import LiveServer

pytestmark = pytest.mark.browser

PENDING = "#status"


def test_french_onboarding_accept_week_today_log_and_progress(
    shared_server: LiveServer, phone: Callable[[str], Page], screenshots: Path
) -> None:
    user = shared_server.create_user("Camille")
    api = shared_server.api(user["token"])
    page = phone("fr-FR")
    sign_in(page, shared_server, user["token"])

    welcome = page.locator(".bubble.coach").first
    expect(welcome).to_contain_text("Bienvenue ! Je suis ton coach personnel IA.")
    page.screenshot(path=screenshots / "coach-welcome.png")

    # Kilograms, stored on the server as the user's preference.
    page.locator("a[data-tab=me]").click()
    # kg is already shown (a French browser's unit): wait for the PATCH itself, not for the button.
    with page.expect_response(lambda r: r.url.endswith("/api/me") and r.request.method == "PATCH"):
        page.locator("button.segment[data-units=kg]").click()
    expect(page.locator("button.segment[data-units=kg]")).to_have_attribute("aria-pressed", "true")
    assert api.get("/api/me").json()["settings"]["units"] == "kg"
    page.locator("a[data-tab=coach]").click()

    page.locator(".composer-input").fill(CASES["fr-1"]["message"])
    page.locator("button.send").click()
    card = page.locator(".proposal")
    expect(card).to_be_visible()
    expect(card.locator(".day-row")).to_have_count(7)
    expect(card.locator("button.accept")).to_have_text("Accepter le plan")
    assert page.locator(".memory-note").count() >= 3
    assert api.get("/api/plan").status_code == 404, "a proposal must not touch the plan before Accept"
    card.locator("button.accept").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "coach-proposal.png")

    card.locator("button.accept").click()
    expect(card).to_have_class(re.compile("is-accepted"))
    plan = api.get("/api/plan").json()["plan"]
    training = [day for day in WEEKDAYS if not plan["days"][day]["is_rest_day"]]
    assert len(training) == 4

    page.locator("a[data-tab=week]").click()
    expect(page.locator(".day-card")).to_have_count(7)
    expect(page.locator(".day-card.is-rest")).to_have_count(3)
    expect(page.locator(".modify-week")).to_be_visible()
    page.screenshot(path=screenshots / "week.png")

    page.locator("a[data-tab=today]").click()
    expect(page.locator(".day-page")).to_be_visible()
    page.screenshot(path=screenshots / "today.png")

    day = training[0]
    exercises = day_exercises(plan, day)
    page.locator("a[data-tab=week]").click()
    page.locator(f".day-card[data-day={day}]").click()
    expect(page.locator(".block").first).to_be_visible()
    if any(len(block["exercises"]) > 1 for block in plan["days"][day]["blocks"]):
        expect(page.locator(".block.superset").first).to_contain_text("Superset")
    page.locator("a.start").click()
    current = page.locator(".current-exercise")
    expect(current).to_have_attribute("data-exercise", exercises[0]["exercise_id"])
    for reps in ("10", "9"):
        page.locator("input.weight").fill("20")
        page.locator("input.reps").fill(reps)
        page.locator("button.log-set").click()
    expect(page.locator(".rest-timer")).to_be_visible()
    page.locator(".exercise-steps li").nth(0).locator("button").click()
    expect(current.locator("table.sets tr")).to_have_count(2)
    page.screenshot(path=screenshots / "workout.png")

    page.locator("button.finish").click()
    expect(page.locator(".sync-state.ok")).to_be_visible()
    logs = api.get("/api/workouts").json()["items"]
    assert len(logs) == 1
    logged = logs[0]["exercises_logged"]
    assert [(e["exercise_id"], [(s["weight"], s["unit"], s["reps"]) for s in e["sets"]]) for e in logged] == [
        (exercises[0]["exercise_id"], [(20, "kg", 10), (20, "kg", 9)])
    ]

    page.locator("a[data-tab=progress]").click()
    expect(page.locator("select.exercise")).to_have_value(exercises[0]["exercise_id"])
    expect(page.locator(".e1rm-chart canvas")).to_have_count(1)
    expect(page.locator(".prs")).to_contain_text("20 kg × 10")
    expect(page.locator(".volume-chart canvas, .volume-chart .no-data")).to_have_count(1)
    page.screenshot(path=screenshots / "progress.png")

    page.locator("a[data-tab=me]").click()
    expect(page.locator(".memory-item").first).to_be_visible()
    page.screenshot(path=screenshots / "me.png")


def test_swap_from_the_live_workout_shows_the_card_in_place(
    shared_server: LiveServer, phone: Callable[[str], Page], screenshots: Path
) -> None:
    user = shared_server.create_user("Sam")
    api = shared_server.api(user["token"])
    plan = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(plan)
    original = day_exercises(plan, day)[0]
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    start_workout(page, shared_server, day)

    page.locator("button.swap").click()
    card = page.locator(".swap-slot .proposal")
    expect(card).to_be_visible()
    expect(card).to_have_attribute("data-type", "UPDATE_DAY")
    expect(card.locator(".changes li.removed")).to_contain_text(original["name"])
    card.locator("button.accept").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "workout-swap.png")
    card.locator("button.accept").click()
    expect(page.locator(".current-exercise")).not_to_have_attribute("data-exercise", original["exercise_id"])

    stored = api.get("/api/plan").json()
    assert original["exercise_id"] not in [e["exercise_id"] for e in day_exercises(stored["plan"], day)]
    turn = api.get("/api/coach/history", params={"limit": 1}).json()["items"][0]
    assert turn["message"] == f"What can I do instead of {original['name']} right now?"


def test_forgetting_a_memory_item(shared_server: LiveServer, phone: Callable[[str], Page]) -> None:
    user = shared_server.create_user("Ana")
    api = shared_server.api(user["token"])
    onboard(api, CASES["pt-1"]["message"])
    remembered = api.get("/api/memory").json()["tier_1_staples"]
    assert len(remembered) >= 2
    page = phone("pt-BR")
    sign_in(page, shared_server, user["token"])
    page.locator("a[data-tab=me]").click()
    items = page.locator(".tier[data-tier=tier_1_staples] .memory-item")
    expect(items).to_have_count(len(remembered))
    victim = remembered[0]["id"]
    page.locator(f".memory-item[data-memory-id='{victim}'] button.forget").click()
    expect(items).to_have_count(len(remembered) - 1)
    left = [item["id"] for item in api.get("/api/memory").json()["tier_1_staples"]]
    assert victim not in left and len(left) == len(remembered) - 1
    page.reload()
    expect(page.locator(f".memory-item[data-memory-id='{victim}']")).to_have_count(0)


def test_server_down_mid_workout_the_session_arrives_exactly_once(
    live_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = live_server.create_user("Ivan")
    api = live_server.api(user["token"])
    plan = onboard(api, CASES["ru-1"]["message"])
    day = first_training_day(plan)
    first = day_exercises(plan, day)[0]["exercise_id"]
    page = phone("ru-RU")
    sign_in(page, live_server, user["token"])
    start_workout(page, live_server, day)
    # The service worker has cached the shell and every module before the server goes away.
    page.wait_for_function(
        "async () => (await (await caches.open('fitcoach-shell-v1')).keys()).length > 20", polling=200
    )

    page.locator("input.weight").fill("22")
    page.locator("input.reps").fill("8")
    page.locator("button.log-set").click()
    live_server.stop()

    page.locator(".exercise-steps li").nth(0).locator("button").click()
    page.locator("input.weight").fill("22")
    page.locator("input.reps").fill("7")
    page.locator("button.log-set").click()
    page.reload()
    page.locator(".exercise-steps li").nth(0).locator("button").click()
    expect(page.locator(".current-exercise table.sets tr")).to_have_count(2)

    page.locator("button.finish").click()
    expect(page.locator(".sync-state.warn")).to_be_visible()
    expect(page.locator(PENDING)).not_to_have_text("")
    queued = stored(page, "outbox")
    assert len(queued) == 1

    live_server.start()
    expect(page.locator(PENDING)).to_have_text("", timeout=30_000)
    logs = api.get("/api/workouts").json()["items"]
    assert len(logs) == 1
    sets = [
        (s["weight"], s["reps"])
        for e in logs[0]["exercises_logged"]
        if e["exercise_id"] == first
        for s in e["sets"]
    ]
    assert sets == [(22, 8), (22, 7)]

    # The same log sent again under its key (as after an answer lost in transit) is stored once.
    remaining = page.evaluate(
        """async (item) => {
            const outbox = await import('/static/js/outbox.js');
            outbox.enqueue(item);
            await outbox.flush();
            return outbox.pending().length;
        }""",
        {"key": queued[0]["key"], "body": queued[0]["body"], "userId": queued[0]["userId"]},
    )
    assert remaining == 0
    assert [log["id"] for log in api.get("/api/workouts").json()["items"]] == [logs[0]["id"]]


def test_one_click_sign_in_only_where_the_operator_enabled_it(
    shared_server: LiveServer,
    phone: Callable[[str], Page],
    tmp_path_factory: pytest.TempPathFactory,
    screenshots: Path,
) -> None:
    page = phone("en-US")
    page.goto(f"{shared_server.url}/")
    expect(page.locator("form.signin-password")).to_be_visible()
    expect(page.locator(".default-sign-in")).to_have_count(0)

    local = LiveServer(tmp_path_factory.mktemp("make-run"))
    local.env["FITCOACH_DEFAULT_LOGIN"] = "1"
    local.cli("user", "ensure-default")
    local.start()
    try:
        page.goto(f"{local.url}/")
        expect(page.locator(".default-sign-in")).to_have_text("Continue as default")
        page.screenshot(path=screenshots / "signin-local.png")
        page.locator(".default-sign-in").click()
        expect(page.locator("nav#tabs")).to_be_visible()
        expect(page.locator(".bubble.coach").first).to_contain_text("Welcome!")
        token = stored(page, "token")
        assert local.api(token).get("/api/me").json()["name"] == "default"
    finally:
        local.stop()
