"""/api/me settings: the UI language is unset until chosen, saved per user, and only supported codes."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.conftest import MakeUser


def settings(client: TestClient, headers: dict[str, str]) -> dict[str, Any]:
    response = client.get("/api/me", headers=headers)
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()["settings"]
    return found


def test_a_new_user_has_no_language_until_they_choose_one(client: TestClient, make_user: MakeUser) -> None:
    ana = make_user("ana")
    # Null, not a default: a client must be able to tell "never chose" from "chose English".
    assert settings(client, ana.headers)["language"] is None

    chosen = client.patch("/api/me", json={"settings": {"language": "zh-Hant"}}, headers=ana.headers)
    assert chosen.status_code == 200, chosen.text
    assert chosen.json()["settings"]["language"] == "zh-Hant"
    assert settings(client, ana.headers) == {"language": "zh-Hant", "units": None}

    # Changing the units keeps the language, and one user's choice is not another's.
    client.patch("/api/me", json={"settings": {"units": "kg"}}, headers=ana.headers)
    assert settings(client, ana.headers) == {"language": "zh-Hant", "units": "kg"}
    assert settings(client, make_user("bo").headers)["language"] is None


@pytest.mark.parametrize("language", ["de", "EN", "zh", "zh-hans", "", 7])
def test_an_unsupported_language_is_refused_and_changes_nothing(
    client: TestClient, make_user: MakeUser, language: object
) -> None:
    ana = make_user("ana")
    client.patch("/api/me", json={"settings": {"language": "fr"}}, headers=ana.headers)
    refused = client.patch("/api/me", json={"settings": {"language": language}}, headers=ana.headers)
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["code"] == "invalid_input"
    assert settings(client, ana.headers)["language"] == "fr"
