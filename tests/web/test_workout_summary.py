"""The workout summary says what the coach changes next time (issue 15), in Chromium at phone size:
every planned set of the first exercise done at the top of its range, then Finish, and the summary
lists that exercise's next load with its reason, in the user's language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .flows import first_training_day, onboard, sign_in, start_workout
from .live import LiveServer

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("locale", "language", "message"),
    [
        ("en-US", "en", "Build muscle, 3 days a week, 45 minutes, dumbbells up to 50 lb and a bench"),
        (
            "fr-FR",
            "fr",
            "Prendre du muscle, 3 jours par semaine, 45 minutes, haltères jusqu'à 25 kg et un banc",
        ),
    ],
)
def test_the_summary_says_what_changes_next_time(
    shared_server: LiveServer,
    phone: Callable[[str], Page],
    screenshots: Path,
    locale: str,
    language: str,
    message: str,
) -> None:
    user = shared_server.create_user(f"Next {language}")
    api = shared_server.api(user["token"])
    assert api.patch("/api/me", json={"settings": {"language": language}}).status_code == 200
    plan = onboard(api, message)
    day = first_training_day(plan)
    first = plan["days"][day]["blocks"][0]["exercises"][0]
    top = int(str(first["target_reps"]).split("-")[-1])
    page = phone(locale)
    sign_in(page, shared_server, user["token"])
    start_workout(page, shared_server, day)
    for _ in range(int(first["target_sets"])):
        page.locator("input.weight").fill("20")
        page.locator("input.reps").fill(str(top))
        page.locator("button.log-set").click()
    page.locator("button.finish").click()
    expect(page.locator(".sync-state.ok")).to_be_visible()
    lines = page.locator("section.next-time li")
    expect(lines.first).to_be_visible()
    assert "20 → " in lines.first.inner_text(), lines.first.inner_text()
    if language == "fr":
        assert "next" not in lines.first.inner_text().lower()
    page.screenshot(path=str(screenshots / f"summary-next-time-{language}.png"))
