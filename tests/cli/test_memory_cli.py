"""`fitcoach memory prune --older-than DAYS` against the test database."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from sqlalchemy import Engine
from typer.testing import CliRunner

from fitcoach.cli.main import app
from fitcoach.contract.models import MemoryMutation, Operation, Tier
from fitcoach.services.memory import apply_turn_mutations
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.memory_repo import owned_ids
from tests.conftest import MakeUser

runner = CliRunner()
LONG_AGO = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
FAR_AHEAD = dt.datetime(2100, 1, 1, tzinfo=dt.UTC)


def soreness(part: str) -> MemoryMutation:
    entry = {"body_part": part, "condition": "soreness", "fact": f"{part} soreness"}
    return MemoryMutation(operation=Operation.CREATE, target_tier=Tier.PHYSIOLOGICAL, entry=entry)


@pytest.fixture
def env(database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.chdir(tmp_path)
    return {"FITCOACH_DATABASE_URL": database_url}


def test_prune_removes_only_long_expired_items(
    env: dict[str, str], engine: Engine, make_user: MakeUser
) -> None:
    user = make_user()
    with make_sessionmaker(engine)() as session:
        # Dates far from today, because the CLI runs on the real clock.
        apply_turn_mutations(
            session, user_id=user.id, mutations=[soreness("knee")], now=LONG_AGO, turn_id=None
        )
        kept = apply_turn_mutations(
            session, user_id=user.id, mutations=[soreness("calf")], now=FAR_AHEAD, turn_id=None
        )
        session.commit()
    result = runner.invoke(app, ["memory", "prune", "--older-than", "30"], env=env)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"pruned": 1, "older_than_days": 30}
    with make_sessionmaker(engine)() as session:
        assert owned_ids(session, user_id=user.id) == {kept.applied[0].memory_id}


def test_prune_needs_a_number_of_days(env: dict[str, str]) -> None:
    result = runner.invoke(app, ["memory", "prune"], env=env)
    assert result.exit_code != 0
