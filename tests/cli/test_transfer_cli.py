"""`fitcoach import` (preview, then --commit), `fitcoach export` and `fitcoach user delete` against the
test database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from fitcoach.cli.main import app
from fitcoach.storage.tables import User, WorkoutLog, WorkoutSet
from tests.conftest import MakeUser

runner = CliRunner()
FIXTURES = Path(__file__).parent.parent / "transfer" / "fixtures"


@pytest.fixture
def env(database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.chdir(tmp_path)
    return {"FITCOACH_DATABASE_URL": database_url}


def run(env: dict[str, str], *args: str, code: int = 0, stdin: str | None = None) -> str:
    result = runner.invoke(app, list(args), env=env, input=stdin)
    assert result.exit_code == code, result.output
    return result.stdout


def count(engine: Engine, table: type) -> int:  # type: ignore[type-arg]
    with Session(engine) as session:
        return int(session.execute(select(func.count()).select_from(table)).scalar_one())


def test_import_previews_then_commits(env: dict[str, str], make_user: MakeUser, engine: Engine) -> None:
    user = make_user()
    file = str(FIXTURES / "strong_comma_lb.csv")
    preview = json.loads(
        run(env, "import", file, "--user", user.id, "--unit", "lb", "--timezone", "Europe/Paris")
    )
    assert preview["committed"] is False and preview["sessions"] == 2 and preview["sets"] == 9
    assert [n["name"] for n in preview["unmatched"]] == ["Zercher Carry (Barbell)"]
    assert count(engine, WorkoutLog) == 0
    args = [
        "import",
        file,
        "--user",
        user.id,
        "--unit",
        "lb",
        "--map",
        "Zercher Carry (Barbell)=",
        "--commit",
    ]
    done = json.loads(run(env, *args))
    assert done["committed"] is True and done["skipped_names"] == ["Zercher Carry (Barbell)"]
    assert count(engine, WorkoutLog) == 2 and count(engine, WorkoutSet) == 9
    again = json.loads(run(env, *args))
    assert again["sessions"] == 0 and again["already_imported_sessions"] == 2


def test_import_errors_are_json_and_exit_1(env: dict[str, str], make_user: MakeUser) -> None:
    user = make_user()
    out = run(env, "import", str(FIXTURES / "strong_comma_lb.csv"), "--user", user.id, code=1)
    assert json.loads(out)["error"]["code"] == "import_unit_required"


def test_export_and_delete(env: dict[str, str], make_user: MakeUser, engine: Engine, tmp_path: Path) -> None:
    user = make_user()
    run(env, "import", str(FIXTURES / "hevy_lbs.csv"), "--user", user.id, "--commit")
    document = json.loads(run(env, "export", "--user", user.id))
    assert document["user"]["id"] == user.id and len(document["workouts"]) == 1
    run(env, "export", "--user", user.id, "--format", "csv", "--output", str(tmp_path / "out.csv"))
    assert (tmp_path / "out.csv").read_text().startswith("Date;Workout Name;Exercise Name;Set Order;")
    run(env, "user", "delete", user.id, stdin="n\n", code=1)
    assert count(engine, User) == 1
    assert json.loads(run(env, "user", "delete", user.id, "--yes")) == {"deleted": user.id}
    assert count(engine, User) == 0 and count(engine, WorkoutSet) == 0
