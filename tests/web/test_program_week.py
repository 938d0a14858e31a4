"""The program's next week in Chromium (issue 18): staged by `fitcoach plan roll` after a layoff, its
card on Today shows each change with its reason, Accept Plan makes it the plan, Week shows the block
position, the day shows the ramp's target load and the live workout prefills it. A chat turn that
rolls next week shows its card on Coach at once, under the reply, without a reload. The program's
tempo and a load added to bodyweight work ("+10 lb") show on the day and in the live workout."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import create_engine

from fitcoach.contract.models import Load, Weekday, WeeklyPlan
from fitcoach.engine.program.loads import GearKind, gear_kind
from fitcoach.engine.program.timing import monday_of, rolled_forward
from fitcoach.library import get_library
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.plans import add_plan_version

from .flows import CASES, day_exercises, first_training_day, onboard, sign_in, start_workout
from .live import LiveServer
from .test_first_week import assert_inside

pytestmark = pytest.mark.browser


def test_next_weeks_card_explains_each_load_and_the_workout_starts_from_it(
    shared_server: LiveServer, phone: Callable[[str], Page], screenshots: Path
) -> None:
    user = shared_server.create_user("Ines")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(week)
    library = get_library()
    lift = next(
        ex
        for ex in day_exercises(week, day)
        if (entry := library.get(ex["exercise_id"])) is not None
        and gear_kind(entry) is not GearKind.BODYWEIGHT
    )
    assert day_exercises(week, day)[0] == lift, "the day opens with a loaded lift"
    start = date.fromisoformat(week["week_start_date"])
    # the lift was trained at 40 lb more than ten days before the roll: a layoff, and a ramp back
    logged_at = min(
        datetime.combine(start - timedelta(days=4), time(18), UTC), datetime.now(UTC) - timedelta(hours=1)
    )
    logged = api.post(
        "/api/workouts/log",
        json={
            "plan_day": day,
            "completed_at": logged_at.isoformat().replace("+00:00", "Z"),
            "exercises_logged": [
                {"exercise_id": lift["exercise_id"], "sets": [{"weight": 40, "unit": "lb", "reps": 8}] * 3}
            ],
        },
    )
    assert logged.status_code in (200, 201), logged.text
    rolled_at = datetime.combine(start + timedelta(days=6), time(20), UTC).isoformat().replace("+00:00", "Z")
    printed = json.loads(shared_server.cli("plan", "roll", "--user", user["id"], "--now", rolled_at))
    assert printed["created"] is True
    reason = f"{lift['name']}: back gradually at 30 lb (75% of 40), step 1 of 2"
    assert reason in [change["text"] for change in printed["proposal"]["data"]["program"]["changes"]]

    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    page.goto(f"{shared_server.url}/today")
    card = page.locator(".proposal[data-type=UPDATE_WEEK]")
    expect(card).to_be_visible()
    expect(card.locator(".program-changes li", has_text=reason)).to_have_count(1)
    page.screenshot(path=screenshots / "today-next-week.png")
    card.locator("button.accept").click()
    expect(card).to_have_class(re.compile("is-accepted"))

    page.goto(f"{shared_server.url}/week")
    expect(page.locator(".block-position")).to_have_text("Week 1 of 6")
    page.screenshot(path=screenshots / "week-block.png")
    page.goto(f"{shared_server.url}/workouts/{day}")
    first = page.locator(f"li.exercise[data-exercise='{lift['exercise_id']}'] .ex-rx").first
    expect(first).to_contain_text("30 lb")
    start_workout(page, shared_server, day)
    expect(page.locator("input.weight")).to_have_value("30")


SUNDAY_LAST = (
    "Build muscle. I have dumbbells up to 50 lb and a bench. Tuesday, Thursday and Sunday, 45 minutes."
)


def store_plan(server: LiveServer, user_id: str, plan: WeeklyPlan, now: datetime) -> None:
    """`plan` as the next version of the user's plan, as an accepted proposal would store it."""
    engine = create_engine(server.env["FITCOACH_DATABASE_URL"])
    try:
        with make_sessionmaker(engine)() as session:
            add_plan_version(session, user_id=user_id, plan=plan, now=now, reason="initial")
            session.commit()
    finally:
        engine.dispose()


def plan_this_week(server: LiveServer, user_id: str, week: dict[str, Any], now: datetime) -> None:
    """The accepted week moved onto this week's dates (the server's clock is the real one, and a new
    plan starts next Monday unless made on a Monday), as a later version of the user's plan."""
    plan = WeeklyPlan.model_validate(week)
    if plan.week_start_date != monday_of(now.date()):
        store_plan(server, user_id, rolled_forward(plan, monday_of(now.date())), now)


def test_a_chat_turn_that_rolls_next_week_shows_its_card_at_once(
    shared_server: LiveServer, phone: Callable[[str], Page], screenshots: Path
) -> None:
    user = shared_server.create_user("Noor")
    api = shared_server.api(user["token"])
    week = onboard(api, SUNDAY_LAST)
    training = [day for day, plan in week["days"].items() if not plan["is_rest_day"]]
    assert training[-1] == "sunday", training  # the week's last session is never behind today
    now = datetime.now(UTC)
    plan_this_week(shared_server, user["id"], week, now)

    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    page.goto(f"{shared_server.url}/coach")
    expect(page.locator(".composer-input")).to_be_visible()
    expect(page.locator(".proposal")).to_have_count(0)  # nothing due yet: Sunday is still ahead

    # Sunday's session is logged (another device) while Coach is open: the next turn rolls next week
    library = get_library()
    lift = next(
        ex
        for ex in day_exercises(week, "sunday")
        if (entry := library.get(ex["exercise_id"])) is not None
        and gear_kind(entry) is not GearKind.BODYWEIGHT
    )
    top = int(lift["target_reps"].split("-")[-1])
    this_monday = datetime.combine(monday_of(now.date()), time(), UTC)
    logged_at = max(datetime.now(UTC) - timedelta(seconds=5), this_monday)
    logged = api.post(
        "/api/workouts/log",
        json={
            "plan_day": "sunday",
            "completed_at": logged_at.isoformat().replace("+00:00", "Z"),
            "exercises_logged": [
                {
                    "exercise_id": lift["exercise_id"],
                    "sets": [{"weight": 40, "unit": "lb", "reps": top}] * lift["target_sets"],
                }
            ],
        },
    )
    assert logged.status_code in (200, 201), logged.text  # logging stages nothing; the next request does

    page.locator(".composer-input").fill("Thanks, that was a good session.")
    page.locator("button.send").click()
    expect(page.locator(".bubble.coach").last).to_contain_text("Next week is ready")
    card = page.locator(".proposal[data-type=UPDATE_WEEK]")
    expect(card).to_have_count(1)
    (roll,) = api.get("/api/coach/proposals", params={"status": "staged"}).json()["items"]
    changes = [change["text"] for change in roll["data"]["program"]["changes"]]
    assert any(f"{lift['name']} 40 → " in text for text in changes), changes
    expect(card).to_have_attribute("data-proposal-id", roll["id"])
    expect(card.locator(".program-changes li")).to_have_text(changes)
    expect(card.locator("button.accept")).to_have_text("Accept Plan")
    assert_inside(page, ".proposal button.accept")
    assert_inside(page, ".thread > :last-child")
    page.screenshot(path=screenshots / "coach-next-week-after-turn.png")

    # the next turn finds it shown: no second card
    page.locator(".composer-input").fill("Thanks again.")
    page.locator("button.send").click()
    expect(page.locator(".typing")).to_have_count(0)
    expect(page.locator(".proposal")).to_have_count(1)
    assert_inside(page, ".thread > :last-child")
    card.locator("button.accept").click()
    expect(card).to_have_class(re.compile("is-accepted"))


@pytest.mark.parametrize(("locale", "tempo"), [("en-US", "tempo 3-1-1"), ("pt-BR", "cadência 3-1-1")])
def test_the_day_and_the_live_workout_show_the_tempo_and_a_load_added_to_the_body(
    shared_server: LiveServer, phone: Callable[[str], Page], screenshots: Path, locale: str, tempo: str
) -> None:
    """As the bodyweight ladder writes them: a slower tempo on one exercise, and a pull-up with a
    dumbbell held (`target_load` on bodyweight work) on the same day."""
    user = shared_server.create_user("Tomas")
    api = shared_server.api(user["token"])
    week = onboard(api, CASES["en-1"]["message"])
    day = first_training_day(week)
    plan = WeeklyPlan.model_validate(week)
    blocks = plan.days[Weekday(day)].blocks
    slow = blocks[0].exercises[0]
    pull_up = (
        blocks[-1]
        .exercises[-1]
        .model_copy(
            update={
                "exercise_id": "pull-up",
                "name": "Pull-Up",
                "target_reps": "8-12",
                "target_load": Load(value=10, unit="lb"),
                "tempo": None,
            }
        )
    )
    changed = [
        block.model_copy(
            update={
                "exercises": [
                    ex.model_copy(update={"tempo": "3-1-1"})
                    if ex is slow
                    else pull_up
                    if ex is blocks[-1].exercises[-1]
                    else ex
                    for ex in block.exercises
                ]
            }
        )
        for block in blocks
    ]
    days = {**plan.days, Weekday(day): plan.days[Weekday(day)].model_copy(update={"blocks": changed})}
    store_plan(shared_server, user["id"], plan.model_copy(update={"days": days}), datetime.now(UTC))

    page = phone(locale)
    sign_in(page, shared_server, user["token"])
    page.goto(f"{shared_server.url}/workouts/{day}")
    slow_rx = page.locator(f"li.exercise[data-exercise='{slow.exercise_id}'] .ex-rx").first
    expect(slow_rx).to_have_text(re.compile(rf" · {tempo}$"))
    pull_rx = page.locator("li.exercise[data-exercise='pull-up'] .ex-rx")
    expect(pull_rx).to_have_text(re.compile(r"^\d+×8-12 · \+10 lb$"))
    page.screenshot(path=screenshots / f"day-tempo-added-load-{locale}.png", full_page=True)

    start_workout(page, shared_server, day)
    expect(page.locator(".current-exercise .meta")).to_contain_text(f" · {tempo} · ")
    page.locator("button.step").nth(len([ex for b in blocks for ex in b.exercises]) - 1).click()
    expect(page.locator(".current-exercise")).to_have_attribute("data-exercise", "pull-up")
    expect(page.locator(".current-exercise .meta")).to_contain_text("8-12 · +10 lb · ")
    expect(page.locator("input.weight")).to_have_value("10")
    page.screenshot(path=screenshots / f"workout-added-load-{locale}.png")
