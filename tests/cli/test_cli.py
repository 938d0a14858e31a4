"""The operator CLI against the test database: migrate, user create, ensure-default, exercises import."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from sqlalchemy import Engine
from typer.testing import CliRunner

from fitcoach.cli.main import app
from fitcoach.clock import parse_instant
from fitcoach.library import get_library
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.library import effective_library
from fitcoach.storage.users import user_for_token
from tests.conftest import DEFAULT_NOW

runner = CliRunner()


@pytest.fixture
def env(database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.chdir(tmp_path)
    return {"FITCOACH_DATABASE_URL": database_url}


def test_migrate_is_idempotent(env: dict[str, str]) -> None:
    for _ in range(2):
        result = runner.invoke(app, ["migrate"], env=env)
        assert result.exit_code == 0, result.output


def test_user_create_prints_a_working_token(env: dict[str, str], engine: Engine) -> None:
    result = runner.invoke(app, ["user", "create", "Ana"], env=env)
    assert result.exit_code == 0, result.output
    created = json.loads(result.stdout)
    assert created["name"] == "Ana" and created["id"].startswith("usr_")
    with make_sessionmaker(engine)() as session:
        user = user_for_token(session, token=created["token"], now=parse_instant(DEFAULT_NOW))
        assert user is not None and user.id == created["id"]


def test_ensure_default_creates_once_then_reuses(env: dict[str, str], tmp_path: Path) -> None:
    first = runner.invoke(app, ["user", "ensure-default"], env=env)
    assert first.exit_code == 0, first.output
    saved_file = tmp_path / "data" / "default-user.json"
    saved = json.loads(saved_file.read_text())
    assert stat.S_IMODE(saved_file.stat().st_mode) == 0o600
    assert saved["token"] in first.stdout and first.stdout.startswith("Created")
    second = runner.invoke(app, ["user", "ensure-default"], env=env)
    assert second.stdout.startswith("Using") and saved["token"] in second.stdout
    assert json.loads(saved_file.read_text()) == saved


def _entry(slug: str) -> dict[str, object]:
    return {
        **get_library().require("goblet-squat").model_dump(mode="json"),
        "slug": slug,
        "name": slug.title(),
    }


def test_exercises_import_is_all_or_nothing(env: dict[str, str], tmp_path: Path, engine: Engine) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([_entry("kb-goblet-squat"), {**_entry("kb-front-squat"), "priority_tier": 9}]))
    refused = runner.invoke(app, ["exercises", "import", str(bad)], env=env)
    assert refused.exit_code == 1 and "priority_tier" in refused.output
    duplicate = tmp_path / "dup.json"
    duplicate.write_text(json.dumps([_entry("kb-goblet-squat"), _entry("goblet-squat")]))
    refused = runner.invoke(app, ["exercises", "import", str(duplicate)], env=env)
    assert refused.exit_code == 1 and "goblet-squat" in refused.output
    with make_sessionmaker(engine)() as session:
        assert "kb-goblet-squat" not in effective_library(session)
    good = tmp_path / "good.json"
    good.write_text(json.dumps([_entry("kb-goblet-squat")]))
    accepted = runner.invoke(app, ["exercises", "import", str(good)], env=env)
    assert accepted.exit_code == 0, accepted.output
    assert json.loads(accepted.stdout) == {"imported": ["kb-goblet-squat"]}
    with make_sessionmaker(engine)() as session:
        assert "kb-goblet-squat" in effective_library(session)
