"""A new user's first week at phone size, in Chromium against the real server (issue 15's bugs).

Each test replays what a person did and asserts on what they see."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .flows import (
    CASES,
    WEEKDAYS,
    accept_via_api,
    day_exercises,
    first_training_day,
    onboard,
    sign_in,
    start_workout,
    stored,
)
from .live import LiveServer

pytestmark = pytest.mark.browser


def session_exercises(page: Page) -> list[str]:
    ids: list[str] = [e["exercise_id"] for e in stored(page, "session")["exercises"]]
    return ids


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


def visible_band(page: Page) -> tuple[float, float]:
    """The part of the viewport the thread shows: below the top bar, above the composer."""
    top = page.locator(".topbar").bounding_box()
    composer = page.locator(".composer-wrap").bounding_box()
    assert top is not None and composer is not None
    return top["y"] + top["height"], composer["y"]


def assert_inside(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    low, high = visible_band(page)
    assert box["y"] >= low - 1 and box["y"] + box["height"] <= high + 1, (
        f"{selector} spans {box['y']:.0f}–{box['y'] + box['height']:.0f}, visible band {low:.0f}–{high:.0f}"
    )


def assert_on_screen(page: Page, selector: str) -> None:
    """Between the top bar and the tab bar (parts of the sticky composer included)."""
    box = page.locator(selector).bounding_box()
    top = page.locator(".topbar").bounding_box()
    tabs = page.locator("nav#tabs").bounding_box()
    assert box is not None and top is not None and tabs is not None, selector
    assert box["y"] >= top["y"] + top["height"] - 1 and box["y"] + box["height"] <= tabs["y"] + 1, selector


def test_the_newest_reply_and_accept_plan_end_above_the_composer(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Vis")
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    page.locator(".composer-input").fill(CASES["en-1"]["message"])
    page.locator("button.send").click()
    card = page.locator(".proposal")
    expect(card).to_be_visible()
    assert_inside(page, ".proposal button.accept")
    assert_inside(page, ".thread > :last-child")
    card.locator("button.accept").click()
    expect(card).to_have_class(re.compile("is-accepted"))
    for message in ("Shorten Monday to 30 minutes", "thanks"):
        page.locator(".composer-input").fill(message)
        page.locator("button.send").click()
        expect(page.locator(".typing")).to_have_count(0)
        assert_inside(page, ".thread > :last-child")
    # Opening the tab again lands on the newest turn, above the composer too.
    page.reload()
    expect(page.locator(".bubble.coach").last).to_be_visible()
    assert_inside(page, ".thread > :last-child")


def test_swap_in_a_live_workout_acts_on_its_own_day_and_exercise_and_only_for_this_session(
    shared_server: LiveServer, phone: Callable[[str], Page], screenshots: Path
) -> None:
    user = shared_server.create_user("Swapper")
    api = shared_server.api(user["token"])
    plan = onboard(api, CASES["en-1"]["message"])
    # Not the plan's first training day, and not the day's first exercise: the swap must not drift.
    day = [d for d in WEEKDAYS if not plan["days"][d]["is_rest_day"]][1]
    second = day_exercises(plan, day)[1]
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    start_workout(page, shared_server, day)
    page.locator(".exercise-steps li").nth(1).locator("button").click()
    expect(page.locator(".current-exercise")).to_have_attribute("data-exercise", second["exercise_id"])
    page.locator("button.swap").click()
    card = page.locator(".swap-slot .proposal")
    expect(card).to_have_attribute("data-target-day", day)
    expect(card.locator(".changes li.removed")).to_contain_text(second["name"])
    card.locator("button.session-only").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "workout-swap-session.png")
    card.locator("button.session-only").click()
    current = page.locator(".current-exercise")
    expect(current).not_to_have_attribute("data-exercise", second["exercise_id"])
    assert second["exercise_id"] not in session_exercises(page)
    # The plan is as it was: next week's session still has the exercise, and nothing is left staged.
    assert api.get("/api/plan").json()["plan"] == plan
    assert api.get("/api/coach/proposals", params={"status": "staged"}).json()["items"] == []


def test_today_shows_todays_date_says_when_the_plan_starts_and_a_finished_workout_is_marked(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Newcomer")
    api = shared_server.api(user["token"])
    plan = onboard(api, CASES["en-1"]["message"])
    today = api.get("/api/plan/today").json()
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    page.locator("a[data-tab=today]").click()
    on = date.fromisoformat(today["date"])
    eyebrow = page.locator(".day-page .day-header .eyebrow")
    expect(eyebrow).to_have_text(f"{on.strftime('%A')} · {on.strftime('%b')} {on.day}")
    starts = page.locator(".plan-starts")
    if today["in_plan_week"]:
        expect(starts).to_have_count(0)
    else:
        start = date.fromisoformat(plan["week_start_date"])
        expect(starts).to_contain_text(f"{start.strftime('%A, %B')} {start.day}")

    day = today["weekday"] if not plan["days"][today["weekday"]]["is_rest_day"] else first_training_day(plan)
    start_workout(page, shared_server, day)
    page.locator("input.weight").fill("20")
    page.locator("input.reps").fill("10")
    page.locator("button.log-set").click()
    page.locator("button.finish").click()
    expect(page.locator(".sync-state.ok")).to_be_visible()
    page.locator("a[data-tab=week]").click()
    card = page.locator(f".day-card[data-day={day}]")
    expect(card).to_have_class(re.compile("is-done"))
    expect(card.locator(".badge.done")).to_be_visible()
    expect(page.locator(".day-card.is-done")).to_have_count(1)
    card.click()
    expect(page.locator(".day-page .badge.done")).to_be_visible()
    expect(page.locator("a.start")).to_have_count(0)


def test_a_message_over_the_limit_is_counted_explained_in_the_users_language_and_kept(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Bavard")
    page = phone("fr-FR")
    sign_in(page, shared_server, user["token"])
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/api/coach/chat") else None)
    box = page.locator(".composer-input")
    counter = page.locator(".composer-count")
    expect(counter).to_be_hidden()
    # 4,001 characters, the last one outside the Basic Multilingual Plane (one character, two UTF-16 units).
    text = "Je m'entraîne trois fois par semaine. " * 110
    text = text[: 4000 - 1] + "💪" + "!"
    box.fill(text)
    expect(counter).to_be_visible()
    expect(counter).to_have_text("4\u202f001 / 4\u202f000")
    expect(counter).to_have_class(re.compile("is-over"))
    page.locator("button.send").click()
    expect(page.locator(".composer-error")).to_have_text(
        "Ton message est trop long (4\u202f001 caractères, 4\u202f000 au plus). "
        "Raccourcis-le, puis renvoie-le."
    )
    expect(box).to_have_value(text)
    expect(page.locator(".bubble.user")).to_have_count(0)
    assert sent == []
    assert_on_screen(page, ".composer-error")
    assert_on_screen(page, ".composer-count")
    # One character less is exactly the limit: it goes, and the box empties.
    box.fill(text[:-1])
    expect(page.locator(".composer-error")).to_be_hidden()
    expect(counter).not_to_have_class(re.compile("is-over"))
    page.locator("button.send").click()
    expect(page.locator(".bubble.user")).to_have_count(1)
    expect(page.locator(".typing")).to_have_count(0)
    expect(box).to_have_value("")
    assert len(sent) == 1


def test_the_weeks_totals_in_the_header_follow_a_day_edit(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Totals")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(week)
    shorter = accept_via_api(api, "Shorten to 20 minutes", day)["plan"]
    training = [d for d in shorter["days"].values() if not d["is_rest_day"]]
    minutes = sum(d["duration_minutes"] for d in training)
    volume = round(sum(d["estimated_volume_lbs"] for d in training))
    assert minutes < sum(d["duration_minutes"] for d in week["days"].values() if not d["is_rest_day"])
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    page.locator("a[data-tab=week]").click()
    expect(page.locator(".week > .day-header .meta")).to_have_text(
        f"{len(training)} sessions · {minutes} min · {volume:,} lb"
    )


PULL_UP_BAR = (
    "I train at home and only have a pull-up bar. I want to build muscle. Three days a week, 40 minutes."
)


def test_sets_and_supersets_read_as_a_person_writes_them(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Plural")
    api = shared_server.api(user["token"])
    plan = onboard(api, CASES["en-1"]["message"])
    day = next(
        d
        for d in WEEKDAYS
        if not plan["days"][d]["is_rest_day"]
        and any(len(b["exercises"]) > 1 for b in plan["days"][d]["blocks"])
    )
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    page.goto(f"{shared_server.url}/workouts/{day}")
    superset = page.locator(".block.superset .block-label").first
    expect(superset).to_have_text("Superset")
    expect(page.locator(".block:not(.superset) .block-label").first).to_have_text("Main lift")
    page.locator("a.start").click()
    page.locator("input.weight").fill("20")
    page.locator("input.reps").fill("10")
    page.locator("button.log-set").click()
    expect(page.locator(".workout .day-header .eyebrow")).to_have_text("Live workout · 1 set logged")
    page.locator("input.reps").fill("9")
    page.locator("button.log-set").click()
    expect(page.locator(".workout .day-header .eyebrow")).to_have_text("Live workout · 2 sets logged")
    first_in_superset = next(
        i
        for i, ex in enumerate(
            [(b, len(b["exercises"])) for b in plan["days"][day]["blocks"] for _ in b["exercises"]]
        )
        if ex[1] > 1
    )
    page.locator(".exercise-steps li").nth(first_in_superset).locator("button").click()
    expect(page.locator(".current-exercise .eyebrow")).to_have_text("Superset · 1 of 2")
    page.locator(".exercise-steps li").nth(first_in_superset + 1).locator("button").click()
    expect(page.locator(".current-exercise .eyebrow")).to_have_text("Superset · 2 of 2")


def test_bodyweight_work_is_reps_and_records_name_what_they_are(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Hanger")
    api = shared_server.api(user["token"])
    plan = onboard(api, PULL_UP_BAR)
    day = first_training_day(plan)
    assert day_exercises(plan, day)[0]["exercise_id"] == "pull-up"
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    start_workout(page, shared_server, day)
    weight = page.locator("input.weight")
    expect(weight).to_have_attribute("placeholder", "Bodyweight")
    expect(weight).to_have_value("")
    page.locator("input.reps").fill("8")
    page.locator("button.log-set").click()
    weight.fill("10")
    page.locator("input.reps").fill("6")
    page.locator("button.log-set").click()
    page.locator(".exercise-steps li").nth(0).locator("button").click()
    expect(page.locator(".current-exercise table.sets td.weight")).to_have_text(
        ["Bodyweight", "Bodyweight + 10 lb"]
    )
    page.locator("button.finish").click()
    expect(page.locator(".sync-state.ok")).to_be_visible()
    # A weighted exercise logged elsewhere: its one 40 × 10 set is not a "1RM".
    logged = api.post(
        "/api/workouts/log",
        json={
            "plan_day": day,
            "completed_at": "2026-11-30T10:00:00Z",
            "exercises_logged": [
                {"exercise_id": "goblet-squat", "sets": [{"weight": 40, "unit": "lb", "reps": 10}]}
            ],
        },
    )
    assert logged.status_code == 201, logged.text

    page.locator("a[data-tab=progress]").click()
    page.locator("select.muscle-group").select_option("Back")
    # This week's hard sets for the back, against the 10–20 band the plan aims for.
    expect(page.locator(".volume-chart")).to_contain_text("Target: 10 sets")
    expect(page.locator(".volume-chart")).to_contain_text("Target: 20 sets")
    expect(page.locator("select.exercise")).to_have_value("pull-up")
    expect(page.locator(".e1rm-chart")).to_contain_text("Most reps in a set")
    records = page.locator(".prs")
    expect(records).to_contain_text("Bodyweight")
    expect(records).not_to_contain_text(re.compile(r"(^|[^\d.,])0 lb"))
    expect(records.locator("dt")).not_to_contain_text(["Estimated 1RM"])
    page.locator("select.exercise").select_option("goblet-squat")
    expect(records.locator("dt")).to_have_text(["Estimated 1RM", "Heaviest set", "Best at 10+ reps"])
    expect(records.locator("dd.rep-record")).to_contain_text("40 lb × 10")
    expect(records).not_to_contain_text("1RM:")


def test_a_new_user_sees_no_errors_and_me_says_nothing_yet_after_the_last_forget(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Fresh")
    page = phone("en-US")
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    sign_in(page, shared_server, user["token"])
    for tab in ("today", "week", "progress", "me", "coach"):
        page.locator(f"a[data-tab={tab}]").click()
        expect(page.locator(".loading")).to_have_count(0)
    expect(page.locator(".tier .nothing-yet")).to_have_count(0)  # the coach tab is showing
    assert console == [], console
    api = shared_server.api(user["token"])
    onboard(api, PULL_UP_BAR)
    page.locator("a[data-tab=me]").click()
    tier = page.locator(".tier[data-tier=tier_1_staples]")
    count = len(api.get("/api/memory").json()["tier_1_staples"])
    assert count >= 1
    for _ in range(count):
        tier.locator(".memory-item button.forget").first.click()
    expect(tier.locator(".memory-item")).to_have_count(0)
    expect(tier.locator(".nothing-yet")).to_have_text("Nothing yet.")


def test_zh_hant_undo_and_restore_stay_on_one_line(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Lin")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    accept_via_api(api, "Shorten to 20 minutes", first_training_day(week))
    page = phone("zh-TW")
    sign_in(page, shared_server, user["token"])
    page.locator("a[data-tab=me]").click()
    for button in (page.locator("button.undo"), page.locator("button.restore").first):
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box is not None
        assert box["width"] > box["height"], f"{button.inner_text()!r} wraps: {box}"
        assert box["height"] < 48, box


def test_the_week_proposal_opens_each_day_onto_its_exercises_before_accept(
    shared_server: LiveServer, phone: Callable[[str], Page], screenshots: Path
) -> None:
    user = shared_server.create_user("Preview")
    api = shared_server.api(user["token"])
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    page.locator(".composer-input").fill(CASES["en-1"]["message"])
    page.locator("button.send").click()
    card = page.locator(".proposal")
    expect(card.locator(".day-row")).to_have_count(7)
    staged = api.get("/api/coach/proposals", params={"status": "staged"}).json()["items"][0]["data"]
    training = [d for d in WEEKDAYS if not staged["days"][d]["is_rest_day"]]
    expect(card.locator(".day-row.has-exercises")).to_have_count(len(training))
    for day in training:
        row = card.locator(f".day-row[data-day={day}]")
        exercises = row.locator(".day-exercise")
        expect(exercises.first).to_be_hidden()
        row.locator("summary").click()
        names = [ex["name"] for ex in day_exercises(staged, day)]
        expect(exercises.locator(".ex-name")).to_have_text(names)
    row.locator("summary").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "coach-proposal-exercises.png")
    expect(card.locator("button.accept")).to_be_enabled()


def test_every_route_in_the_table_opens_its_tab(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Router")
    onboard(shared_server.api(user["token"]), CASES["en-1"]["message"])
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    table = page.evaluate("() => fetch('/static/js/routes.json').then(r => r.json())")
    assert len(table) == 7
    for spec in table:
        page.goto(shared_server.url + spec["path"].replace("{day}", "monday"))
        expect(page.locator("nav#tabs a[aria-current=page]")).to_have_attribute("data-tab", spec["tab"])
        expect(page.locator(".loading")).to_have_count(0)
        assert [t for t in page.locator(".page .error").all_inner_texts() if t.strip()] == [], spec


def test_one_store_keeps_the_state_and_takes_over_an_older_releases_keys(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Upgrader")
    page = phone("en-US")
    page.goto(f"{shared_server.url}/")
    # What an older release left in this browser: one localStorage entry per field.
    page.evaluate(
        """(token) => {
            localStorage.clear();
            localStorage.setItem('fitcoach.token', JSON.stringify(token));
            localStorage.setItem('fitcoach.lang', JSON.stringify('fr'));
            localStorage.setItem('fitcoach.units', JSON.stringify('kg'));
        }""",
        user["token"],
    )
    page.goto(f"{shared_server.url}/me")
    expect(page.locator("a[data-tab=me]")).to_have_text("Moi")
    expect(page.locator("button.segment[data-units=kg]")).to_have_attribute("aria-pressed", "true")
    keys = page.evaluate("() => Object.keys(localStorage)")
    assert keys == ["fitcoach.state"], keys
    assert stored(page, "token") == user["token"]
    assert stored(page, "user")["name"] == "Upgrader"
    # Signing out forgets the user here; the language shown stays.
    page.locator("button.sign-out").click()
    expect(page.locator(".signin-page")).to_be_visible()
    assert stored(page, "token") is None and stored(page, "user") is None
    assert stored(page, "lang") == "fr"


def test_plan_versions_say_what_changed(shared_server: LiveServer, phone: Callable[[str], Page]) -> None:
    user = shared_server.create_user("Versions")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(week)
    accept_via_api(api, "Shorten to 20 minutes", day)
    said = [
        p["summary_diff"]
        for p in api.get("/api/coach/proposals").json()["items"]
        if p["status"] == "accepted"
    ]
    versions = api.get("/api/plan/versions").json()["items"]
    assert [v["summary"] for v in versions] == said  # both newest first
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    page.locator("a[data-tab=me]").click()
    expect(page.locator(".version .version-summary")).to_have_text(said)
    page.locator("button.undo").click()
    expect(page.locator(".version.is-active .version-reason")).to_have_text("Reverted")


def test_the_summary_names_the_records_set_with_the_previous_best(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Recorder")
    api = shared_server.api(user["token"])
    plan = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(plan)
    first = day_exercises(plan, day)[0]
    before = {"exercise_id": first["exercise_id"], "sets": [{"weight": 20, "unit": "lb", "reps": 8}]}
    logged = api.post(
        "/api/workouts/log",
        json={"plan_day": day, "completed_at": "2026-11-20T10:00:00Z", "exercises_logged": [before]},
    )
    assert logged.status_code == 201, logged.text
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    start_workout(page, shared_server, day)
    page.locator("input.weight").fill("20")
    page.locator("input.reps").fill("10")
    page.locator("button.log-set").click()
    # the set is on the page before the workout is finished (a loaded machine clicked finish first)
    expect(page.locator(".current-exercise table.sets tr")).to_have_count(1)
    page.locator("button.finish").click()
    summary = page.locator(".finished")
    expect(summary.locator("dd.sets")).to_have_text("1")
    expect(summary.locator("dd.volume")).to_have_text("200 lb")
    # Epley: 20 × (1 + 10/30) = 26.7 now, 20 × (1 + 8/30) = 25.3 before.
    expect(summary.locator(".records-set li")).to_have_text(
        [f"{first['name']}: e1RM 26.7 lb (before: 25.3 lb)"]
    )
