"""`POST /api/import` on SQLite and PostgreSQL: the dry run writes nothing, the commit writes the
sessions and refreshes records at once, a second import adds nothing, unmapped names are kept in the
import record and a mapping brings them in, and a failure half-way leaves nothing written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event, func, select
from sqlalchemy.orm import Session

from fitcoach.storage.tables import PersonalRecord, WorkoutLog, WorkoutSet
from fitcoach.storage.transfer_tables import ImportRecord
from tests.conftest import MakeUser

FIXTURES = Path(__file__).parent.parent / "transfer" / "fixtures"


def upload(
    client: TestClient, headers: dict[str, str], name: str, *, commit: bool = False, **form: str
) -> Any:
    files = {"file": (name, (FIXTURES / name).read_bytes(), "text/csv")}
    data = {"commit": "true" if commit else "false", "timezone": "Europe/Paris", **form}
    return client.post("/api/import", headers=headers, files=files, data=data)


def count(engine: Engine, table: Any) -> int:
    with Session(engine) as session:
        return int(session.execute(select(func.count()).select_from(table)).scalar_one())


def test_dry_run_then_commit_then_nothing_twice(
    client: TestClient, make_user: MakeUser, engine: Engine
) -> None:
    user = make_user()
    preview = upload(client, user.headers, "hevy_kg.csv")
    assert preview.status_code == 200, preview.text
    body = preview.json()
    assert body["committed"] is False and body["import_id"] is None
    assert (body["sessions"], body["sets"], body["warmup_sets"]) == (2, 7, 1)
    assert body["skipped"] == {"cardio": 1, "empty": 0, "other": 0}
    assert body["first"] == "2025-07-26T06:11:00Z" and body["last"] == "2025-07-29T17:25:00Z"
    assert [n["name"] for n in body["unmatched"]] == ["Landmine Press"]
    assert count(engine, WorkoutLog) == 0 and count(engine, ImportRecord) == 0

    done = upload(client, user.headers, "hevy_kg.csv", commit=True).json()
    assert done["committed"] is True and done["import_id"].startswith("imp_")
    assert {k: done[k] for k in ("sessions", "sets")} == {"sessions": 2, "sets": 7}
    assert count(engine, WorkoutLog) == 2 and count(engine, WorkoutSet) == 7

    again = upload(client, user.headers, "hevy_kg.csv", commit=True).json()
    assert (again["sessions"], again["sets"], again["already_imported_sessions"]) == (0, 0, 2)
    assert count(engine, WorkoutLog) == 2 and count(engine, WorkoutSet) == 7


def test_warmups_units_and_rpe_kept_and_records_at_once(client: TestClient, make_user: MakeUser) -> None:
    user = make_user()
    assert upload(client, user.headers, "strong_comma_lb.csv", commit=True, unit="lb").status_code == 200
    logs = client.get("/api/workouts", headers=user.headers).json()["items"]
    upper = next(log for log in logs if log["exercises_logged"][0]["exercise_id"] == "flat-db-bench-press")
    bench = upper["exercises_logged"][0]["sets"]
    assert [(s["weight"], s["unit"], s["reps"], s["is_warmup"], s["rpe"]) for s in bench] == [
        (25, "lb", 12, True, None),
        (50, "lb", 10, False, 8),
        (50, "lb", 9, False, 8.5),
        (35, "lb", 12, False, None),
    ]
    assert upper["plan_day"] == "tuesday" and upper["completed_at"] == "2024-03-05T19:36:12Z"
    prs = client.get("/api/analytics/prs/flat-db-bench-press", headers=user.headers).json()
    assert prs["max_weight_set"]["weight"] == 50 and prs["max_weight_set"]["unit"] == "lb"
    history = client.get(
        "/api/analytics/exercise-history",
        params={"exercise_slug": "barbell-back-squat"},
        headers=user.headers,
    ).json()
    assert history["sessions"] and history["sessions"][0]["sets"][1]["weight"] == 235


def test_kg_stays_kg(client: TestClient, make_user: MakeUser) -> None:
    user = make_user()
    upload(client, user.headers, "strong_semicolon_kg.csv", commit=True)
    prs = client.get("/api/analytics/prs/conventional-deadlift", headers=user.headers).json()
    assert (prs["max_weight_set"]["weight"], prs["max_weight_set"]["unit"]) == (22.5, "kg")
    plank = client.get("/api/workouts", headers=user.headers).json()["items"][0]["exercises_logged"][-1]
    assert plank["exercise_id"] == "plank" and plank["sets"][0]["duration_seconds"] == 60


def test_unmapped_names_are_kept_and_a_mapping_brings_them(
    client: TestClient, make_user: MakeUser, engine: Engine
) -> None:
    user = make_user()
    done = upload(client, user.headers, "hevy_kg.csv", commit=True).json()
    with Session(engine) as session:
        record = session.get(ImportRecord, done["import_id"])
        assert record is not None
        kept = record.unmatched["rows"]
    assert [(r["name"], r["weight"], r["reps"]) for r in kept] == [("Landmine Press", 25, 10)]
    # Mapped in the request, the name's sets come in with the rest.
    other = make_user("other")
    mapped = upload(
        client,
        other.headers,
        "hevy_kg.csv",
        commit=True,
        mapping=json.dumps({"Landmine Press": "arnold-press"}),
    ).json()
    assert mapped["unmatched"] == [] and mapped["sets"] == 8
    assert {"name": "Landmine Press", "slug": "arnold-press", "mapped_by": "user"}.items() <= next(
        n for n in mapped["matched"] if n["name"] == "Landmine Press"
    ).items()
    skipped = upload(
        client, make_user("third").headers, "hevy_kg.csv", mapping=json.dumps({"Landmine Press": ""})
    )
    assert skipped.json()["skipped_names"] == ["Landmine Press"] and skipped.json()["unmatched"] == []


@pytest.mark.parametrize(
    ("form", "code"),
    [
        ({"mapping": "{not json"}, "import_bad_mapping"),
        ({"mapping": json.dumps({"Landmine Press": "no-such-lift"})}, "unknown_exercise"),
        ({"timezone": "Mars/Olympus"}, "import_bad_timezone"),
    ],
)
def test_bad_options(client: TestClient, make_user: MakeUser, form: dict[str, str], code: str) -> None:
    response = upload(client, make_user().headers, "hevy_kg.csv", commit=True, **form)
    assert response.status_code == 422 and response.json()["error"]["code"] == code


def test_a_bad_row_late_in_the_file_writes_nothing(
    client: TestClient, make_user: MakeUser, engine: Engine
) -> None:
    user = make_user()
    text = (FIXTURES / "hevy_kg.csv").read_text("utf-8")
    broken = text.replace('"Landmine Press",,"",0,"normal",25,10', '"Landmine Press",,"",0,"normal",25,1000')
    files = {"file": ("h.csv", broken.encode(), "text/csv")}
    response = client.post("/api/import", headers=user.headers, files=files, data={"commit": "true"})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "import_invalid_row"
    assert response.json()["error"]["details"]["line"] == 10
    assert count(engine, WorkoutLog) == 0 and count(engine, ImportRecord) == 0


def test_a_database_failure_mid_import_rolls_everything_back(
    client: TestClient, make_user: MakeUser, engine: Engine
) -> None:
    """The sets' insert fails after the logs' insert ran: the logs must not stay."""
    user = make_user()

    def fail_on_sets(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO WORKOUT_SETS"):
            raise RuntimeError("disk full")

    event.listen(engine, "before_cursor_execute", fail_on_sets)
    try:
        with pytest.raises(RuntimeError):
            upload(client, user.headers, "hevy_kg.csv", commit=True)
    finally:
        event.remove(engine, "before_cursor_execute", fail_on_sets)
    assert count(engine, WorkoutLog) == 0 and count(engine, PersonalRecord) == 0
    assert count(engine, ImportRecord) == 0


def test_import_needs_a_token(client: TestClient) -> None:
    files = {"file": ("h.csv", b"x", "text/csv")}
    assert client.post("/api/import", files=files).status_code == 401


def test_kept_names_are_mapped_later(client: TestClient, make_user: MakeUser, engine: Engine) -> None:
    user = make_user()
    done = upload(client, user.headers, "hevy_kg.csv", commit=True).json()
    listed = client.get("/api/imports", headers=user.headers).json()["items"]
    assert listed[0]["id"] == done["import_id"]
    assert listed[0]["still_unmatched"] == [{"name": "Landmine Press", "sets": 1}]
    path = f"/api/imports/{done['import_id']}/mapping"
    other = make_user("other")
    foreign = client.post(path, json={"mapping": {"Landmine Press": "arnold-press"}}, headers=other.headers)
    assert foreign.status_code == 404

    mapped = client.post(
        path, json={"mapping": {"Landmine Press": "arnold-press"}}, headers=user.headers
    ).json()
    assert (mapped["sessions"], mapped["sets"], mapped["still_unmatched"]) == (1, 1, [])
    prs = client.get("/api/analytics/prs/arnold-press", headers=user.headers).json()
    assert prs["max_weight_set"]["weight"] == 25 and prs["max_weight_set"]["unit"] == "kg"
    again = client.post(
        path, json={"mapping": {"Landmine Press": "arnold-press"}}, headers=user.headers
    ).json()
    assert again["sessions"] == 0
    assert count(engine, WorkoutLog) == 3 and count(engine, WorkoutSet) == 8
