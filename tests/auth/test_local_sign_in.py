"""One-click local sign-in only where it is safe: a loopback bind, a loopback client and a loopback
Host; `fitcoach serve` on a network address with it on refuses to start; the trusted-hosts setting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import Engine
from typer.testing import CliRunner

from fitcoach.auth.loopback import local_sign_in_refusal
from fitcoach.cli.main import app as cli
from fitcoach.clock import FrozenClock
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.users import create_user

from .conftest import MakeClient, bearer

LOCAL = "http://127.0.0.1:8000"


@pytest.mark.parametrize(
    ("bind", "client", "host", "refused"),
    [
        ("127.0.0.1", "127.0.0.1", "127.0.0.1:8000", None),
        ("localhost", "::1", "localhost:8000", None),
        ("::1", "::1", "[::1]:8000", None),
        ("127.0.0.1", "::ffff:127.0.0.1", "localhost", None),
        ("0.0.0.0", "127.0.0.1", "127.0.0.1:8000", "the server is not bound to a loopback address"),
        ("::", "127.0.0.1", "127.0.0.1:8000", "the server is not bound to a loopback address"),
        ("192.168.1.20", "127.0.0.1", "127.0.0.1:8000", "the server is not bound to a loopback address"),
        (None, "127.0.0.1", "127.0.0.1:8000", "the server is not bound to a loopback address"),
        ("127.0.0.1", "192.168.1.30", "127.0.0.1:8000", "the request does not come from this machine"),
        ("127.0.0.1", "testclient", "127.0.0.1:8000", "the request does not come from this machine"),
        ("127.0.0.1", None, "127.0.0.1:8000", "the request does not come from this machine"),
        ("127.0.0.1", "127.0.0.1", "evil.example:8000", "the Host header does not name this machine"),
        ("127.0.0.1", "127.0.0.1", "localhost.evil.example", "the Host header does not name this machine"),
        ("127.0.0.1", "127.0.0.1", "127.0.0.1.nip.io", "the Host header does not name this machine"),
        ("127.0.0.1", "127.0.0.1", None, "the Host header does not name this machine"),
    ],
)
def test_where_local_sign_in_is_safe(
    bind: str | None, client: str | None, host: str | None, refused: str | None
) -> None:
    assert local_sign_in_refusal(bind_host=bind, client_host=client, host_header=host) == refused


@pytest.fixture
def default_user(engine: Engine, clock: FrozenClock, tmp_path: Path) -> Path:
    """The file `fitcoach user ensure-default` writes, for a user that exists."""
    with make_sessionmaker(engine).begin() as session:
        user = create_user(session, name="default", now=clock.now())
        saved = {"id": user.id, "name": user.name, "token": "fc_kept-for-the-cli"}
    path = tmp_path / "default-user.json"
    path.write_text(json.dumps(saved))
    return path


def test_one_click_on_loopback_gives_a_device_token(make_client: MakeClient, default_user: Path) -> None:
    client = make_client(
        "127.0.0.1", LOCAL, default_login=True, default_user_file=default_user, bind_host="127.0.0.1"
    )
    assert client.get("/api/auth/options").json() == {"signup": False, "default_user": "default"}
    signed = client.post("/api/auth/default")
    assert signed.status_code == 200, signed.text
    token = signed.json()["token"]
    assert token != "fc_kept-for-the-cli"  # a token of its own, which sign-out revokes alone
    assert client.get("/api/me", headers=bearer(token)).json()["name"] == "default"


@pytest.mark.parametrize(
    ("client_host", "base_url", "bind", "why"),
    [
        ("203.0.113.9", LOCAL, "127.0.0.1", "the request does not come from this machine"),
        (
            "127.0.0.1",
            "http://attacker.example:8000",
            "127.0.0.1",
            "the Host header does not name this machine",
        ),
        ("127.0.0.1", LOCAL, "0.0.0.0", "the server is not bound to a loopback address"),
    ],
    ids=["non-loopback client", "foreign Host (DNS rebinding)", "non-loopback bind"],
)
def test_one_click_is_refused_where_it_is_not_safe(
    make_client: MakeClient, default_user: Path, client_host: str, base_url: str, bind: str, why: str
) -> None:
    client = make_client(
        client_host, base_url, default_login=True, default_user_file=default_user, bind_host=bind
    )
    assert client.get("/api/auth/options").json()["default_user"] is None
    refused = client.post("/api/auth/default")
    assert refused.status_code == 403
    assert (
        refused.json()["error"]["code"] == "local_sign_in_refused"
        and why in refused.json()["error"]["message"]
    )
    assert "token" not in refused.text


def test_one_click_is_absent_unless_enabled(make_client: MakeClient, default_user: Path) -> None:
    client = make_client("127.0.0.1", LOCAL, default_user_file=default_user, bind_host="127.0.0.1")
    refused = client.post("/api/auth/default")
    assert refused.status_code == 404 and refused.json()["error"]["code"] == "no_default_user"


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20"])
def test_serve_refuses_a_network_address_with_one_click_on(
    database_url: str, tmp_path: Path, host: str
) -> None:
    env = {"FITCOACH_DATABASE_URL": database_url, "FITCOACH_DEFAULT_LOGIN": "1"}
    result = CliRunner().invoke(cli, ["serve", "--host", host, "--port", "1"], env=env)
    assert result.exit_code == 2
    assert "refusing to start" in result.output and "FITCOACH_DEFAULT_LOGIN" in result.output


def test_trusted_hosts_refuse_other_host_headers(make_client: MakeClient) -> None:
    pinned = make_client(base_url="http://coach.example.com", trusted_hosts=["coach.example.com"])
    assert pinned.get("/api/health").status_code == 200
    other = pinned.get("/api/health", headers={"Host": "rebound.example"})
    assert other.status_code == 400
    assert other.headers["content-security-policy"].startswith("default-src 'self'")  # headers even here
