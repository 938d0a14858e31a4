"""The chat under a slow or failing server, in Chromium: one turn at a time, every failure said in the
user's language (never a raw proxy page, never a spinner that stays), and a retry that goes through.

The server is real; only the network in front of it is made to fail, as a proxy or a dead link would."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Request, Route, expect

from .flows import CASES, sign_in
from .live import LiveServer

pytestmark = pytest.mark.browser

CHAT = "**/api/coach/chat"
SERVER_TROUBLE = "Le serveur a rencontré un problème. Réessaie dans un instant."
TOO_MANY = "Trop de messages d'affilée. Attends une minute, puis réessaie."
BAD_GATEWAY = "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>"


def test_a_second_message_waits_until_the_coach_has_answered_the_first(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Tess")
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    held: list[Route] = []
    page.route(CHAT, lambda route: held.append(route))  # the server's answer is late: the request waits here
    sent: list[Request] = []
    page.on("request", lambda r: sent.append(r) if r.url.endswith("/api/coach/chat") else None)

    box = page.locator(".composer-input")
    send = page.get_by_role("button", name="Send")
    box.fill("I have a pair of 20 kg dumbbells.")
    with page.expect_request(CHAT):
        box.press("Enter")
    expect(page.locator(".typing")).to_be_visible()
    expect(send).to_be_disabled()

    box.fill("Also a pull-up bar.")
    box.press("Enter")  # while the coach answers: kept in the box, not sent
    expect(page.locator(".bubble.user")).to_have_count(1)
    expect(box).to_have_value("Also a pull-up bar.")

    held[0].continue_()
    page.unroute(CHAT)
    expect(page.locator(".typing")).to_have_count(0)
    expect(send).to_be_enabled()
    assert len(sent) == 1
    box.press("Enter")
    expect(page.locator(".bubble.user")).to_have_count(2)
    expect(page.locator(".bubble.user").last).to_contain_text("Also a pull-up bar.")
    expect(page.locator(".typing")).to_have_count(0)
    assert len(sent) == 2


def test_failures_are_told_in_the_users_language_and_retry_sends_the_message_once(
    phone: Callable[[str], Page], tmp_path: Path
) -> None:
    server = LiveServer(tmp_path)
    server.env["FITCOACH_CHAT_RATE_PER_MINUTE"] = "2"
    server.start()
    try:
        user = server.create_user("Chloé")
        api = server.api(user["token"])
        page = phone("fr-FR")
        sign_in(page, server, user["token"])
        box = page.locator(".composer-input")
        send = page.locator("button.send")
        failed = page.locator(".bubble.failed")

        box.fill("Bonjour")
        send.click()  # turn 1 of 2 this minute
        expect(page.locator(".bubble.coach")).to_have_count(2)

        # A proxy in front of the server answers with its own HTML page.
        page.route(CHAT, lambda route: route.fulfill(status=502, content_type="text/html", body=BAD_GATEWAY))
        question = CASES["fr-1"]["message"]
        box.fill(question)
        send.click()
        expect(failed.locator(".error")).to_have_text(SERVER_TROUBLE)
        expect(failed).not_to_contain_text("Bad Gateway")
        expect(page.locator(".typing")).to_have_count(0)
        expect(send).to_be_enabled()

        # Then the link drops: the retry says so instead of failing silently.
        page.unroute(CHAT)
        page.route(CHAT, lambda route: route.abort("connectionrefused"))
        failed.locator("button.retry").click()
        expect(failed.locator(".error")).to_contain_text("Serveur injoignable.")
        expect(failed).to_have_count(1)

        page.unroute(CHAT)
        failed.locator("button.retry").click()  # turn 2 of 2
        expect(page.locator(".proposal")).to_be_visible()
        expect(failed).to_have_count(0)
        expect(page.locator(".bubble.user", has_text=question[:40])).to_have_count(1)
        turns = api.get("/api/coach/history").json()["items"]
        assert [turn["message"] for turn in turns] == [question, "Bonjour"], "each message reached it once"

        # The server's own refusal (429): said plainly, and the box is usable again.
        box.fill("Et le cardio ?")
        send.click()
        expect(failed.locator(".error")).to_have_text(TOO_MANY)
        expect(send).to_be_enabled()
        assert len(api.get("/api/coach/history").json()["items"]) == 2
    finally:
        server.stop()


def test_accept_by_keyboard_survives_a_failure_and_a_double_tap_accepts_once(
    shared_server: LiveServer, phone: Callable[[str], Page]
) -> None:
    user = shared_server.create_user("Ola")
    api = shared_server.api(user["token"])
    staged = api.post("/api/coach/chat", json={"message": CASES["en-1"]["message"], "active_tab": "coach"})
    assert staged.status_code == 200, staged.text
    page = phone("en-US")
    sign_in(page, shared_server, user["token"])
    card = page.locator(".proposal")
    accept = card.get_by_role("button", name="Accept Plan")
    expect(card.get_by_role("button", name="Dismiss")).to_be_enabled()

    # From the message box, Shift+Tab walks back to Accept: reachable without a pointer.
    page.locator(".composer-input").focus()
    for _ in range(30):
        if accept.evaluate("el => el === document.activeElement"):
            break
        page.keyboard.press("Shift+Tab")
    expect(accept).to_be_focused()

    page.route("**/accept", lambda route: route.fulfill(status=503, json={"error": {"code": "x"}}))
    page.keyboard.press("Enter")
    trouble = "The server had a problem. Try again in a moment."
    expect(card.locator(".proposal-state .error")).to_have_text(trouble)
    expect(accept).to_be_focused()  # back where the keyboard user was, enabled
    assert api.get("/api/plan").status_code == 404

    page.unroute("**/accept")
    accepts: list[Request] = []
    page.on("request", lambda r: accepts.append(r) if r.url.endswith("/accept") else None)
    accept.dblclick()
    expect(card.locator(".proposal-state")).to_contain_text("Accepted: your plan is now version 1.")
    assert len(accepts) == 1, "the second tap hit a disabled button"
    assert api.get("/api/plan").json()["version"] == 1
