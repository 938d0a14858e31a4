"""How long proposing next week takes with a year of logs (issue 18: p50 ≤ 20 ms): the engine alone
(`propose_next_week` over 52 weeks of the seed athlete's sessions, the history indexed afresh each
run), and the whole roll on SQLite (read 27 weeks of sets and the tier-2 notes, build the profile,
propose, stage; rolled back each run so every run does the work).

Run: `.venv/bin/python bench/program_roll.py`; writes bench/results/program_roll.json.
"""

from __future__ import annotations

import datetime as dt
import json
import statistics
import tempfile
import time
from pathlib import Path

from fitcoach.contract.logs import LogCreate
from fitcoach.contract.models import WeeklyPlan
from fitcoach.engine.profile import build_profile
from fitcoach.engine.program import (
    DoneExercise,
    DoneSession,
    DoneSet,
    ProgramHistory,
    propose_next_week,
    rolled_forward,
)
from fitcoach.engine.program.loads import rep_range
from fitcoach.library import get_library
from fitcoach.memory.model import MemoryItem
from fitcoach.services.program import roll_week
from fitcoach.storage.db import make_engine, make_sessionmaker, migrate
from fitcoach.storage.memory import insert_memory_item
from fitcoach.storage.plans import add_plan_version
from fitcoach.storage.users import create_user
from fitcoach.storage.workouts import insert_log

ROOT = Path(__file__).resolve().parent.parent
WEEKS = 52
START = dt.date(2025, 9, 15)
RUNS = 200
DB_RUNS = 100
EQUIPMENT = {"category": "equipment", "fact": "Home gym with dumbbells up to 50 lbs and adjustable bench."}
GOAL = {
    "category": "goal",
    "fact": "Hypertrophy focus with priority on chest and delts; 4 days/week, 45 min.",
}


def year_of_sessions(plan: WeeklyPlan) -> list[DoneSession]:
    """A year of the seed plan: loads creep up 5 lb every few weeks to the 50 lb pair, RPE 8."""
    sessions: list[DoneSession] = []
    for week in range(WEEKS):
        monday = START + dt.timedelta(weeks=week)
        for weekday in plan.training_days():
            when = dt.datetime.combine(monday + dt.timedelta(days=weekday.position), dt.time(18), dt.UTC)
            done = []
            for planned in plan.days[weekday].exercises():
                reps = rep_range(planned.target_reps)
                if reps is None:
                    continue
                weight = min(50.0, 20.0 + 5 * (week // 3))
                sets = tuple(
                    DoneSet(weight, reps[0] + week % 3, "lb", 8.0) for _ in range(planned.target_sets)
                )
                done.append(DoneExercise(planned.exercise_id, sets))
            sessions.append(DoneSession(when, weekday, tuple(done)))
    return sessions


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    library = get_library()
    seed = WeeklyPlan.model_validate_json((ROOT / "tests/data/fixtures/home_db_4day.json").read_text())
    last_monday = START + dt.timedelta(weeks=WEEKS - 1)
    current = rolled_forward(seed, last_monday)
    now = dt.datetime.combine(last_monday + dt.timedelta(days=6), dt.time(20), dt.UTC)
    items = [
        MemoryItem.model_validate(
            {"id": f"m{n}", "tier": "tier_1_staples", "entry": entry, "created_at": now, "updated_at": now}
        )
        for n, entry in enumerate((EQUIPMENT, GOAL))
    ]
    profile = build_profile(items, now)
    sessions = year_of_sessions(seed)

    engine_ms: list[float] = []
    engine_cpu: list[float] = []
    for _ in range(RUNS):
        started, cpu = time.perf_counter(), time.process_time()
        proposed = propose_next_week(
            current, ProgramHistory(sessions), profile, now=now, library=library, minutes=45
        )
        engine_ms.append((time.perf_counter() - started) * 1000)
        engine_cpu.append((time.process_time() - cpu) * 1000)

    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{folder}/bench.db")
        migrate(engine)
        sessionmaker = make_sessionmaker(engine)
        with sessionmaker.begin() as session:
            user = create_user(session, name="bench", now=now)
            user_id = user.id
            for n, entry in enumerate((EQUIPMENT, GOAL)):
                insert_memory_item(
                    session, user_id=user_id, item_id=f"m{n}", tier="tier_1_staples", entry=entry, now=now
                )
            add_plan_version(session, user_id=user_id, plan=current, now=now, reason="initial")
            for done in sessions:
                log = LogCreate.model_validate(
                    {
                        "plan_day": done.plan_day,
                        "completed_at": done.completed_at,
                        "exercises_logged": [
                            {
                                "exercise_id": exercise.exercise_id,
                                "sets": [
                                    {"weight": s.weight, "unit": s.unit, "reps": s.reps, "rpe": s.rpe}
                                    for s in exercise.sets
                                ],
                            }
                            for exercise in done.exercises
                        ],
                    }
                )
                insert_log(session, user_id=user_id, log=log, now=now)
        roll_ms: list[float] = []
        roll_cpu: list[float] = []
        for run in range(DB_RUNS + 1):
            with sessionmaker() as session:
                started, cpu = time.perf_counter(), time.process_time()
                rolled = roll_week(session, user_id=user_id, now=now, library=library, lang="en")
                if run:  # the first run loads the language models once per process, as a server does
                    roll_ms.append((time.perf_counter() - started) * 1000)
                    roll_cpu.append((time.process_time() - cpu) * 1000)
                assert rolled is not None and rolled.created
                session.rollback()
        engine.dispose()

    figures = {
        "weeks_of_logs": WEEKS,
        "sessions": len(sessions),
        "sets": sum(len(e.sets) for s in sessions for e in s.exercises),
        "engine_runs": RUNS,
        "engine_p50_ms": round(statistics.median(engine_ms), 2),
        "engine_p95_ms": round(percentile(engine_ms, 0.95), 2),
        "engine_cpu_p50_ms": round(statistics.median(engine_cpu), 2),
        "sqlite_roll_runs": DB_RUNS,
        "sqlite_roll_p50_ms": round(statistics.median(roll_ms), 2),
        "sqlite_roll_p95_ms": round(percentile(roll_ms, 0.95), 2),
        "sqlite_roll_cpu_p50_ms": round(statistics.median(roll_cpu), 2),
        "target_p50_ms": 20,
        "changes_proposed": len(proposed.changes),
    }
    for name, value in figures.items():
        print(f"{name:24} {value}")
    results = ROOT / "bench/results"
    results.mkdir(parents=True, exist_ok=True)
    (results / "program_roll.json").write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
