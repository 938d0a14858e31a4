"""Benchmark: log ingestion rate and `get_volume_trends(weeks_back=12)` latency for one user with five
years of history inside databases of 100 k and 10 M total sets, on SQLite and PostgreSQL.

    .venv/bin/python bench/bench_storage.py [--quick] [--backend sqlite|postgres|both]

Prints a table and writes bench/results/storage.json (storage-quick.json with --quick).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy import Engine
from sqlalchemy.engine import make_url

sys.path.insert(0, str(Path(__file__).parent))

from fitcoach.analytics.tools import get_volume_trends
from fitcoach.analytics.workouts import record_workout, refresh_records
from fitcoach.contract.logs import LogCreate
from fitcoach.library import get_library
from fitcoach.storage.db import make_engine, make_sessionmaker, migrate, normalize_url
from history import SETS_PER_USER, bulk_load

NOW = datetime(2026, 9, 14, 10, 0, tzinfo=UTC)
RESULTS = Path(__file__).parent / "results"
TARGET = "usr_target000000"


def _sqlite_url(directory: Path, name: str) -> str:
    return f"sqlite:///{directory / name}.db"


class _Postgres:
    """A throwaway database on the server, dropped afterwards."""

    def __init__(self, base_url: str) -> None:
        self.admin = make_url(normalize_url(base_url)).set(drivername="postgresql")
        self.name = f"fitcoach_bench_{uuid.uuid4().hex[:10]}"

    def __enter__(self) -> str:
        with psycopg.connect(self.admin.render_as_string(hide_password=False), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{self.name}"')
        return self.admin.set(database=self.name).render_as_string(hide_password=False)

    def __exit__(self, *_exc: object) -> None:
        with psycopg.connect(self.admin.render_as_string(hide_password=False), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def _load(engine: Engine, total_sets: int) -> tuple[int, float]:
    fillers = max(0, round(total_sets / SETS_PER_USER) - 1)
    started = time.perf_counter()
    written = bulk_load(engine, TARGET, fillers, end=NOW, now=NOW)
    with make_sessionmaker(engine)() as session:
        # Bulk loading bypasses the logging path; give the measured user the records it would have.
        refresh_records(session, user_id=TARGET, exercise_ids=get_library().slugs, now=NOW)
        session.commit()
    with engine.begin() as conn:
        conn.exec_driver_sql("ANALYZE")
    return written, time.perf_counter() - started


def _volume_p50(engine: Engine, runs: int) -> dict[str, float]:
    factory = make_sessionmaker(engine)
    timings = []
    with factory() as session:
        get_volume_trends(session, user_id=TARGET, muscle_group="Chest", weeks_back=12, now=NOW)  # warm-up
        for i in range(runs):
            group = ("Chest", "Back", "Quads", "Shoulders")[i % 4]
            started = time.perf_counter()
            result = get_volume_trends(session, user_id=TARGET, muscle_group=group, weeks_back=12, now=NOW)
            timings.append((time.perf_counter() - started) * 1000)
            assert "weeks" in result and len(result["weeks"]) == 13
    timings.sort()
    return {
        "p50_ms": round(statistics.median(timings), 2),
        "p95_ms": round(timings[int(len(timings) * 0.95) - 1], 2),
    }


def _ingest(engine: Engine, count: int) -> dict[str, float]:
    """Post `count` 25-set logs for the five-year user through the real logging path (records included)."""
    library = get_library()
    slugs = library.slugs[:5]
    factory = make_sessionmaker(engine)
    started = time.perf_counter()
    for i in range(count):
        body = LogCreate.model_validate(
            {
                "plan_day": "monday",
                "completed_at": (NOW - timedelta(minutes=count - i)).isoformat(),
                "exercises_logged": [
                    {"exercise_id": s, "sets": [{"weight": 50, "reps": 8, "rpe": 8}] * 5} for s in slugs
                ],
            }
        )
        with factory() as session:
            record_workout(session, user_id=TARGET, log=body, library=library, now=NOW)
            session.commit()
    elapsed = time.perf_counter() - started
    return {"logs_per_s": round(count / elapsed, 1), "sets_per_s": round(count * 25 / elapsed, 1)}


def run(
    backend: str, total: int, runs: int, ingest: int, workdir: Path, pg_url: str | None
) -> dict[str, Any]:
    if backend == "sqlite":
        engine = make_engine(_sqlite_url(workdir, f"bench_{total}"))
        return _measure(engine, backend, total, runs, ingest)
    assert pg_url is not None
    with _Postgres(pg_url) as url:
        engine = make_engine(url)
        try:
            return _measure(engine, backend, total, runs, ingest)
        finally:
            engine.dispose()


def _measure(engine: Engine, backend: str, total: int, runs: int, ingest: int) -> dict[str, Any]:
    migrate(engine)
    written, load_s = _load(engine, total)
    row = {"backend": backend, "total_sets": written, "load_s": round(load_s, 1)}
    row |= _volume_p50(engine, runs)
    row |= _ingest(engine, ingest)
    print(json.dumps(row), flush=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="100 k and 1 M sets, fewer runs")
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("FITCOACH_BENCH_POSTGRES_URL") or os.environ.get("FITCOACH_TEST_POSTGRES_URL"),
    )
    args = parser.parse_args()
    sizes = [100_000, 1_000_000] if args.quick else [100_000, 10_000_000]
    runs, ingest = (30, 50) if args.quick else (100, 200)
    backends = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    if "postgres" in backends and not args.postgres_url:
        parser.error("PostgreSQL needs --postgres-url or FITCOACH_TEST_POSTGRES_URL")
    rows = []
    with tempfile.TemporaryDirectory(prefix="fitcoach-bench-") as tmp:
        for backend in backends:
            for total in sizes:
                rows.append(run(backend, total, runs, ingest, Path(tmp), args.postgres_url))
    print(f"\n{'backend':<10} {'total sets':>11} {'load s':>7} {'p50 ms':>7} {'p95 ms':>7} {'logs/s':>7}")
    for r in rows:
        print(
            f"{r['backend']:<10} {r['total_sets']:>11,} {r['load_s']:>7} {r['p50_ms']:>7} {r['p95_ms']:>7}"
            f" {r['logs_per_s']:>7}"
        )
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / ("storage-quick.json" if args.quick else "storage.json")
    meta = {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count()}
    out.write_text(json.dumps({"meta": meta, "weeks_back": 12, "results": rows}, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
