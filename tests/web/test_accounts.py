"""Accounts in the browser at phone size: sign in with a password (errors in the user's language),
create an account, see and revoke signed-in devices on Me, and sign out, which revokes the token."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from .flows import stored
from .live import LiveServer

PASSWORD = "a long walk on the beach"


@pytest.fixture(scope="module")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that takes sign-ups, with one password account (`ana`)."""
    server = LiveServer(tmp_path_factory.mktemp("accounts"))
    server.env["FITCOACH_ALLOW_SIGNUP"] = "1"
    server.cli("user", "create", "Ana", "--username", "ana", "--password-stdin", stdin=PASSWORD + "\n")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def stored_token(page: Page) -> str | None:
    token: str | None = stored(page, "token")
    return token


def sign_in_with_password(page: Page, server: LiveServer, login: str, password: str) -> None:
    page.goto(f"{server.url}/")
    page.locator("input.login").fill(login)
    page.locator("input.password").fill(password)
    page.locator("form.signin-password button[type=submit]").click()


@pytest.mark.parametrize("locale", ["en-US", "fr-FR", "pt-BR", "ru-RU", "zh-TW"])
def test_the_sign_in_page_in_five_languages(
    open_server: LiveServer, phone: Callable[[str], Page], screenshots: Path, locale: str
) -> None:
    page = phone(locale)
    sign_in_with_password(page, open_server, "ana", "not the password")
    error = page.locator("form.signin-password .error")
    expected = {
        "en-US": "Wrong username, e-mail or password.",
        "fr-FR": "Nom d'utilisateur, e-mail ou mot de passe incorrect.",
        "pt-BR": "Usuário, e-mail ou senha incorretos.",
        "ru-RU": "Неверное имя пользователя, e-mail или пароль.",
        "zh-TW": "使用者名稱、電子郵件或密碼錯誤。",
    }[locale]
    expect(error).to_have_text(expected)
    expect(page.locator("button.to-signup")).to_be_visible()
    page.screenshot(path=screenshots / ("signin.png" if locale == "en-US" else f"signin-{locale}.png"))


def test_sign_in_devices_revoke_and_sign_out(
    open_server: LiveServer, phone: Callable[[str], Page], screenshots: Path
) -> None:
    page = phone("en-US")
    sign_in_with_password(page, open_server, "ANA", PASSWORD)
    expect(page.locator("nav#tabs")).to_be_visible()
    token = stored_token(page)
    assert token and open_server.api(token).get("/api/me").json()["name"] == "Ana"

    # A second device signs in elsewhere; Me lists it with this one (marked) and the CLI's token.
    other = httpx.post(
        f"{open_server.url}/api/auth/login",
        json={"login": "ana", "password": PASSWORD, "device_name": "Old tablet"},
        timeout=30,
    )
    other_token = other.json()["token"]
    page.locator("a[data-tab=me]").click()
    devices = page.locator("section.devices li.device")
    expect(devices).to_have_count(3)
    expect(page.locator("li.device", has_text="This device")).to_contain_text("Chrome")
    page.locator("section.devices").evaluate("el => window.scrollTo(0, el.offsetTop - 56)")
    page.screenshot(path=screenshots / "me-devices.png")

    page.locator("li.device", has_text="Old tablet").locator("button.revoke").click()  # confirm is accepted
    expect(devices).to_have_count(2)
    assert open_server.api(other_token).get("/api/me").status_code == 401

    page.locator("button.sign-out").click()
    expect(page.locator("form.signin-password")).to_be_visible()
    assert stored_token(page) is None
    assert (
        open_server.api(token).get("/api/me").status_code == 401
    )  # revoked on the server, not just forgotten
    page.screenshot(path=screenshots / "signed-out.png")


def test_create_an_account_and_land_in_the_coach(
    open_server: LiveServer, phone: Callable[[str], Page], screenshots: Path
) -> None:
    page = phone("pt-BR")
    page.goto(f"{open_server.url}/")
    page.locator("button.to-signup").click()
    page.locator("form.signup input.username").fill("joão")
    page.locator("form.signup input.email").fill("joao@example.com.br")
    page.locator("form.signup input.password").fill("senha comprida demais")
    page.screenshot(path=screenshots / "signup-pt.png")
    page.locator("form.signup button[type=submit]").click()
    expect(page.locator("nav#tabs")).to_be_visible()
    # The same name again, in capitals: refused in Portuguese.
    fresh = phone("pt-BR")
    fresh.goto(f"{open_server.url}/")
    fresh.locator("button.to-signup").click()
    fresh.locator("form.signup input.username").fill("JOÃO")
    fresh.locator("form.signup input.password").fill("outra senha comprida")
    fresh.locator("form.signup button[type=submit]").click()
    expect(fresh.locator("form.signup .error")).to_have_text("Esse nome de usuário já existe. Escolha outro.")
    assert json.loads(open_server.cli("user", "list").splitlines()[-1])["username"] == "joão"
