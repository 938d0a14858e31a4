"""Steps the browser tests share: sign in, onboard through the API, find days and exercises."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from .live import LiveServer

CASES = {
    case["id"]: case
    for case in map(
        json.loads, (Path(__file__).parents[1] / "data" / "public.jsonl").read_text().splitlines()
    )
}
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def stored(page: Page, field: str) -> Any:
    """A field of the client's store as kept in localStorage (one entry, `fitcoach.state`)."""
    script = "(field) => (JSON.parse(localStorage.getItem('fitcoach.state')) || {})[field] ?? null"
    return page.evaluate(script, field)


def sign_in(page: Page, server: LiveServer, token: str) -> None:
    """Sign in with an access token (the form under "Sign in with an access token")."""
    page.goto(f"{server.url}/")
    page.locator("details.token-signin summary").click()
    page.locator("input.token").fill(token)
    page.locator("form.signin button[type=submit]").click()
    expect(page.locator("nav#tabs")).to_be_visible()


def onboard(api: httpx.Client, message: str) -> dict[str, Any]:
    """Onboard through the API (the same turn the UI sends) and accept the week; returns the plan."""
    reply = api.post(
        "/api/coach/chat", json={"message": message, "active_tab": "coach", "selected_day": None}
    )
    assert reply.status_code == 200, reply.text
    proposal = reply.json()["proposal"]
    assert proposal["type"] == "UPDATE_WEEK", reply.text
    accepted = api.post(f"/api/coach/proposals/{proposal['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    plan: dict[str, Any] = accepted.json()["plan"]
    return plan


def first_training_day(plan: dict[str, Any]) -> str:
    return next(day for day in WEEKDAYS if not plan["days"][day]["is_rest_day"])


def day_exercises(plan: dict[str, Any], day: str) -> list[dict[str, Any]]:
    return [ex for block in plan["days"][day]["blocks"] for ex in block["exercises"]]


def start_workout(page: Page, server: LiveServer, day: str) -> None:
    page.goto(f"{server.url}/workouts/{day}")
    page.locator("a.start").click()
    expect(page.locator(".current-exercise")).to_be_visible()


def swap_question(name: str) -> str:
    """The question the workout's swap button asks; the offline coach answers it with a day proposal."""
    return f"What can I do instead of {name} right now?"


def ask_about_day(page: Page, server: LiveServer, day: str, message: str) -> None:
    """Send `message` from the coach tab opened on `day` (as the day page's "ask the coach" does)."""
    page.goto(f"{server.url}/coach?tab=week&day={day}")
    page.locator(".composer-input").fill(message)
    page.locator("button.send").click()


def accept_via_api(api: httpx.Client, message: str, day: str) -> dict[str, Any]:
    """Another device: ask about `day` and accept the day proposal; returns {version, plan}."""
    reply = api.post("/api/coach/chat", json={"message": message, "active_tab": "week", "selected_day": day})
    assert reply.status_code == 200, reply.text
    proposal = reply.json()["proposal"]
    assert proposal["type"] == "UPDATE_DAY" and proposal["target_day"] == day, reply.text
    accepted = api.post(f"/api/coach/proposals/{proposal['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    state: dict[str, Any] = accepted.json()
    return state
