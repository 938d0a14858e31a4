"""Export and account deletion on SQLite and PostgreSQL: the JSON export holds everything and imports
back to the same analytics (export → delete → import), the CSV is Strong's layout and reads back, and
deleting an account leaves no row of it in any table while another user's rows stay."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, inspect, text

from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.clock import FrozenClock
from tests.api.test_db_faults import REMEMBERING_ANSWER
from tests.api.test_workouts import GOOD
from tests.conftest import MakeUser, TestUser
from tests.seeding import seed_athlete

FIXTURES = Path(__file__).parent.parent / "transfer" / "fixtures"
SLUGS = ["flat-db-bench-press", "barbell-back-squat", "romanian-deadlift", "lat-pulldown", "plank"]


def import_file(client: TestClient, user: TestUser, name: str, **form: str) -> dict[str, Any]:
    files = {"file": (name, (FIXTURES / name).read_bytes(), "text/csv")}
    response = client.post("/api/import", headers=user.headers, files=files, data={"commit": "true", **form})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def without_ids(value: Any) -> Any:
    """Analytics answers with the log ids (new on import) taken out."""
    if isinstance(value, dict):
        return {k: without_ids(v) for k, v in value.items() if k not in ("log_id", "id")}
    if isinstance(value, list):
        return [without_ids(v) for v in value]
    return value


def analytics(client: TestClient, user: TestUser) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for slug in SLUGS:
        found[f"prs:{slug}"] = client.get(f"/api/analytics/prs/{slug}", headers=user.headers).json()
        found[f"history:{slug}"] = client.get(
            "/api/analytics/exercise-history",
            params={"exercise_slug": slug, "limit_sessions": 10},
            headers=user.headers,
        ).json()
    for group in ("Chest", "Back", "Quads", "Hamstrings"):
        found[f"volume:{group}"] = client.get(
            "/api/analytics/volume-trends",
            params={"muscle_group": group, "weeks_back": 12},
            headers=user.headers,
        ).json()
    return without_ids(found)


def delete_account(client: TestClient, user: TestUser) -> dict[str, Any]:
    first = client.delete("/api/me", headers=user.headers)
    assert first.status_code == 202, first.text
    pending: dict[str, Any] = first.json()
    gone = client.delete(
        "/api/me", params={"confirmation": pending["confirmation_token"]}, headers=user.headers
    )
    assert gone.status_code == 204, gone.text
    return pending


def test_round_trip_export_delete_import(client: TestClient, make_user: MakeUser, clock: FrozenClock) -> None:
    clock.set(clock.now().replace(year=2025, month=8, day=5))
    ana = make_user("ana")
    import_file(client, ana, "hevy_kg.csv", timezone="Europe/Lisbon")
    import_file(client, ana, "strong_comma_lb.csv", unit="lb")
    logged = {**GOOD, "completed_at": "2025-07-31T08:00:00Z", "plan_day": "thursday"}
    assert client.post("/api/workouts/log", json=logged, headers=ana.headers).status_code == 201
    before = analytics(client, ana)
    exported = client.get("/api/export", params={"format": "json"}, headers=ana.headers)
    assert exported.status_code == 200
    assert exported.headers["content-disposition"].startswith("attachment;")
    document = exported.json()
    assert document["format"] == "fitcoach-export" and len(document["workouts"]) == 5
    assert {"plan_versions", "memory_items", "memory_events", "chat_turns", "personal_records"} <= set(
        document
    )
    kept = {row["name"] for record in document["import_records"] for row in record["unmatched"]["rows"]}
    assert kept == {"Landmine Press", "Zercher Carry (Barbell)"}

    delete_account(client, ana)
    assert client.get("/api/me", headers=ana.headers).status_code == 401

    back = make_user("ana again")
    files = {"file": ("fitcoach.json", exported.content, "application/json")}
    preview = client.post("/api/import", headers=back.headers, files=files).json()
    assert preview["format"] == "fitcoach_json" and preview["sessions"] == 5 and preview["unmatched"] == []
    client.post("/api/import", headers=back.headers, files=files, data={"commit": "true"})
    assert analytics(client, back) == before


def test_csv_export_is_strongs_layout_and_reads_back(
    client: TestClient, make_user: MakeUser, clock: FrozenClock
) -> None:
    clock.set(clock.now().replace(year=2025, month=8, day=5))
    ana = make_user("ana")
    import_file(client, ana, "strong_semicolon_kg.csv")
    import_file(client, ana, "hevy_lbs.csv")
    exported = client.get("/api/export", params={"format": "csv"}, headers=ana.headers)
    assert exported.status_code == 200 and exported.headers["content-type"].startswith("text/csv")
    lines = exported.text.splitlines()
    assert lines[0] == (
        "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;"
        "Seconds;Notes;Workout Notes"
    )
    assert any(";Barbell Bench Press;W;95;lbs;10;" in line for line in lines)
    assert any(";Conventional Deadlift;2;22.5;kg;4;8;" in line for line in lines)
    before = analytics(client, ana)
    other = make_user("bea")
    files = {"file": ("strong.csv", exported.content, "text/csv")}
    done = client.post("/api/import", headers=other.headers, files=files, data={"commit": "true"}).json()
    assert done["unmatched"] == [] and done["sessions"] == 3
    assert analytics(client, other) == before


def test_deleting_an_account_leaves_no_row_anywhere(
    coach: TestClient, make_user: MakeUser, engine: Engine, clock: FrozenClock, scripted: ScriptedProvider
) -> None:
    ana = seed_athlete(make_user, engine, clock.now())
    bea = seed_athlete(make_user, engine, clock.now(), name="bea")
    for user in (ana, bea):
        import_file(coach, user, "hevy_kg.csv")
        assert coach.post("/api/workouts/log", json=GOOD, headers=user.headers).status_code == 201
        scripted.enqueue(REMEMBERING_ANSWER)
        reply = coach.post("/api/coach/chat", json={"message": "my shoulder hurts"}, headers=user.headers)
        assert reply.status_code == 200, reply.text
    refused = coach.delete("/api/me", params={"confirmation": "guess"}, headers=ana.headers)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "deletion_not_confirmed"
    pending = delete_account(coach, ana)
    assert {"workout_sets", "memory_items", "chat_turns", "plan_versions", "import_records"} <= set(
        pending["will_delete"]
    )
    # Every table, every column: the id appears nowhere (counters keyed by it included).
    found: dict[str, int] = {}
    with engine.connect() as connection:
        for table in inspect(engine).get_table_names():
            rows = connection.execute(text(f'SELECT * FROM "{table}"')).all()
            found[table] = sum(1 for row in rows if any(ana.id in str(cell) for cell in row))
            if table in ("workout_sets", "memory_items", "chat_turns", "users"):
                assert any(bea.id in str(cell) for row in rows for cell in row), table
    assert {t: n for t, n in found.items() if n} == {}
    assert coach.get("/api/me", headers=bea.headers).status_code == 200


def test_a_confirmation_expires(client: TestClient, make_user: MakeUser, clock: FrozenClock) -> None:
    ana = make_user()
    token = client.delete("/api/me", headers=ana.headers).json()["confirmation_token"]
    clock.advance(timedelta(minutes=11))
    late = client.delete("/api/me", params={"confirmation": token}, headers=ana.headers)
    assert late.status_code == 403
    assert client.get("/api/me", headers=ana.headers).status_code == 200
