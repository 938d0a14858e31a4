"""Benchmark: importing a five-year Strong export (about 30,000 sets) into SQLite: the dry run and the
commit, each timed end to end (read, match names, plan, write in one transaction, refresh records).

    .venv/bin/python bench/import_bench.py [--sets 30000] [--postgres URL]

Prints the figures and writes bench/results/import.json. Goal: the commit under 10 s on SQLite.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fitcoach.clock import FrozenClock
from fitcoach.services.imports import ImportOptions, commit_import, preview_import
from fitcoach.storage.db import make_engine, make_sessionmaker, migrate
from fitcoach.storage.library import effective_library
from fitcoach.storage.users import create_user
from fitcoach.transfer.names import app_names

RESULTS = Path(__file__).parent / "results"
NOW = datetime(2026, 9, 14, 10, 0, tzinfo=UTC)
HEADER = (
    "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;"
    "Notes;Workout Notes"
)


def strong_export(total_sets: int, seed: int = 7) -> bytes:
    """Four sessions a week for five years, six exercises of five to six sets (warm-ups included), with
    a custom exercise and a run now and then, in Strong's semicolon layout."""
    rng = random.Random(seed)
    names = [names[0] for names in app_names().values()] + ["Zercher Carry (Barbell)"]
    lines = [HEADER]
    day = NOW - timedelta(days=5 * 365)
    count = 0
    while count < total_sets:
        stamp = day.strftime("%Y-%m-%d %H:%M:%S")
        for name in rng.sample(names, 6):
            weight = rng.randrange(20, 140)
            lines.append(f"{stamp};Session;{name};W;{weight // 2};kg;10;;;;0;;")
            for order in range(1, rng.randint(4, 5) + 1):
                rpe = rng.choice(["", "8", "8,5", "9"])
                lines.append(
                    f'{stamp};Session;"{name}";{order};{weight},5;kg;{rng.randint(5, 12)};{rpe};;;0;"";""'
                )
            count += 5
        if rng.random() < 0.2:
            lines.append(f"{stamp};Session;Running;1;0;kg;0;;5;km;1500;;")
        day += timedelta(days=rng.choice([1, 2, 2, 2]))
    return ("\n".join(lines) + "\n").encode()


def run(url: str, data: bytes) -> dict[str, Any]:
    engine = make_engine(url)
    migrate(engine)
    sessions = make_sessionmaker(engine)
    with sessions() as session:
        user = create_user(session, name="bench", now=NOW)
        session.commit()
        library = effective_library(session)
    options = ImportOptions(timezone="Europe/Paris")
    figures: dict[str, Any] = {}
    for name, action in (
        ("dry_run_s", preview_import),
        ("commit_s", commit_import),
        ("reimport_s", commit_import),
    ):
        with sessions() as session:
            start = time.perf_counter()
            summary = action(
                session,
                user_id=user.id,
                data=data,
                options=options,
                library=library,
                now=FrozenClock(NOW).now(),
            )
            session.commit()
            figures[name] = round(time.perf_counter() - start, 3)
            figures.setdefault("sets", summary["sets"])
            figures.setdefault("sessions", summary["sessions"])
            if name == "reimport_s":
                figures["reimport_added_sessions"] = summary["sessions"]
    engine.dispose()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sets", type=int, default=30_000)
    parser.add_argument("--postgres", help="also run on this PostgreSQL database (it is written to)")
    args = parser.parse_args()
    data = strong_export(args.sets)
    results: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "platform": platform.platform()},
        "file_bytes": len(data),
    }
    with tempfile.TemporaryDirectory() as folder:
        results["sqlite"] = run(f"sqlite:///{folder}/bench.db", data)
    if args.postgres:
        results["postgres"] = run(args.postgres, data)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "import.json").write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
