"""Me › History in Chromium at phone size: a Hevy export previewed (sessions, sets, names not
recognised), one name mapped, the import confirmed; then everything downloaded as JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .flows import sign_in
from .live import LiveServer

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).parents[1] / "transfer" / "fixtures"


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_import_with_preview_then_export(
    shared_server: LiveServer, phone: Callable[[str], Page], locale: str, tmp_path: Path, screenshots: Path
) -> None:
    user = shared_server.create_user(f"Lifter {locale}")
    page = phone(locale)
    sign_in(page, shared_server, user["token"])
    page.locator("nav#tabs [data-tab=me]").click()
    section = page.locator("section.history-import")
    expect(section).to_be_visible()

    section.locator("input.import-file").set_input_files(str(FIXTURES / "hevy_kg.csv"))
    section.locator("select.import-unit").select_option("kg")
    section.locator("button.import-preview-button").click()
    summary = section.locator(".import-summary")
    expect(summary).to_contain_text("2")
    expect(summary).to_contain_text("7")
    unmatched = section.locator("li.unmatched")
    expect(unmatched).to_have_count(1)
    expect(unmatched).to_contain_text("Landmine Press")
    with shared_server.api(user["token"]) as api:
        assert api.get("/api/workouts").json()["items"] == []  # the preview wrote nothing

    if locale == "en-US":
        section.scroll_into_view_if_needed()
        page.screenshot(path=screenshots / "me-import.png")
    unmatched.locator("select.map-name").select_option("arnold-press")
    section.locator("button.import-confirm").click()
    expect(section.locator(".import-done")).to_contain_text("8")
    with shared_server.api(user["token"]) as api:
        logs = api.get("/api/workouts").json()["items"]
    assert len(logs) == 2
    assert "arnold-press" in {e["exercise_id"] for log in logs for e in log["exercises_logged"]}

    with page.expect_download() as caught:
        page.locator("section.history-export button.export-json").click()
    saved = tmp_path / "export.json"
    caught.value.save_as(saved)
    document = json.loads(saved.read_text())
    assert document["format"] == "fitcoach-export" and len(document["workouts"]) == 2
