"""The UI language in Chromium: switching it changes what is shown, and the choice follows the user
to a fresh device through /api/me, while a user who never chose keeps each browser's language."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .flows import sign_in
from .live import LiveServer

pytestmark = pytest.mark.browser

TAB_LABELS = {
    "en": ["Coach", "Today", "Week", "Progress", "Me"],
    "ru": ["Тренер", "Сегодня", "Неделя", "Прогресс", "Я"],
    "pt": ["Coach", "Hoje", "Semana", "Progresso", "Eu"],
}


def expect_language(page: Page, lang: str) -> None:
    expect(page.locator("nav#tabs .tab-label")).to_have_text(TAB_LABELS[lang])
    expect(page.locator("html")).to_have_attribute("lang", lang)


def test_switching_language_relabels_the_app_and_a_fresh_device_follows_it(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Olga")
    api = shared_server.api(user["token"])
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    expect_language(page, "en")
    assert api.get("/api/me").json()["settings"]["language"] is None

    page.locator("a[data-tab=me]").click()
    with page.expect_response(lambda r: r.url.endswith("/api/me") and r.request.method == "PATCH") as saved:
        page.locator("select.language").select_option("ru")
    assert saved.value.ok
    expect_language(page, "ru")
    expect(page.locator(".settings h3")).to_have_text("Настройки")
    expect(page.locator(".settings label.row span")).to_have_text("Язык")
    assert api.get("/api/me").json()["settings"]["language"] == "ru"

    # A new phone whose browser speaks French: the user's choice wins from the first screen after sign-in.
    other = phone("fr-FR")
    sign_in(other, shared_server, user["token"])
    expect_language(other, "ru")
    expect(other.locator(".bubble.coach").first).to_contain_text("Привет! Я твой личный ИИ-тренер.")


def test_without_a_choice_each_browser_keeps_its_own_language(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Joao")
    api = shared_server.api(user["token"])
    page = phone("pt-BR")
    sign_in(page, shared_server, user["token"])
    expect_language(page, "pt")
    page.locator("a[data-tab=me]").click()
    expect(page.locator("select.language")).to_have_value("pt")
    assert api.get("/api/me").json()["settings"]["language"] is None, "showing a language is not choosing it"
