"""Security headers on every response, HTML, JSON and static files alike, and a client that needs no
inline script or style (the browser tests then run the whole client under this policy)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fitcoach.api.app import create_app
from fitcoach.config import Settings
from fitcoach.web.mount import STATIC_DIR
from tests.conftest import MakeUser

EXPECTED = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


def assert_secure(response: object) -> None:
    headers = response.headers  # type: ignore[attr-defined]
    csp = headers["content-security-policy"]
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'" and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert directives["frame-ancestors"] == "'none'"
    for name, value in EXPECTED.items():
        assert headers[name] == value
    assert "camera=()" in headers["permissions-policy"] and "geolocation=()" in headers["permissions-policy"]


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/", "text/html"),
        ("/coach", "text/html"),
        ("/workouts/monday", "text/html"),
        ("/static/js/app.js", "text/javascript"),
        ("/static/css/app.css", "text/css"),
        ("/static/icon.svg", "image/svg+xml"),
        ("/sw.js", "text/javascript"),
        ("/api/health", "application/json"),
        ("/api/auth/options", "application/json"),
        ("/api/nothing-here", "application/json"),
        ("/workouts/someday", "application/json"),
    ],
)
def test_every_kind_of_response_carries_the_headers(client: TestClient, path: str, kind: str) -> None:
    response = client.get(path)
    assert response.headers["content-type"].startswith(kind)
    assert_secure(response)
    assert "strict-transport-security" not in response.headers


def test_authenticated_errors_and_api_answers_are_never_cached(
    client: TestClient, make_user: MakeUser
) -> None:
    user = make_user()
    for response in (
        client.get("/api/me", headers=user.headers),
        client.get("/api/me"),  # 401
        client.post(
            "/api/workouts/log", content=b"{", headers={**user.headers, "Content-Type": "application/json"}
        ),
        client.post("/api/workouts/log", content=b"x" * 300_000, headers=user.headers),  # 413, refused early
    ):
        assert_secure(response)
        assert response.headers["cache-control"] == "no-store"
    assert client.get("/static/js/app.js").headers.get("cache-control") != "no-store"


def test_hsts_is_sent_when_served_behind_tls(database_url: str) -> None:
    with TestClient(create_app(Settings(database_url=database_url, hsts=True))) as tls:
        for path in ("/", "/api/health", "/static/css/app.css"):
            assert tls.get(path).headers["strict-transport-security"] == "max-age=31536000; includeSubDomains"


INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "inline <script>"),
    (re.compile(r"<style\b", re.I), "<style> element"),
    (re.compile(r"\sstyle\s*=", re.I), "style attribute"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "inline event handler"),
    (re.compile(r"javascript:", re.I), "javascript: URL"),
]


@pytest.mark.parametrize("page", sorted(STATIC_DIR.rglob("*.html")), ids=lambda p: p.name)
def test_the_pages_hold_nothing_the_policy_refuses(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for pattern, what in INLINE:
        assert not pattern.search(text), f"{page.name}: {what}"


def test_the_client_sets_no_style_attribute() -> None:
    """A `style` attribute set from script is inline style too; the client writes styles through the
    CSSOM (`el.style…`), which the policy allows."""
    for module in (STATIC_DIR / "js").rglob("*.js"):
        text = module.read_text(encoding="utf-8")
        assert 'setAttribute("style"' not in text and "innerHTML" not in text, module.name
