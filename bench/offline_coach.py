"""Offline coach latency over the public and team cases (issues 6 and 14: in-process turn p50 <= 10 ms).

Run: .venv/bin/python bench/offline_coach.py — prints p50/p95 of the rules' understanding, of the
understanding models' reading, and of a whole turn (both, act through the engine, answer), and writes
bench/results/offline_coach.json.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.agent.offline.replay import LogToolRunner, load_cases, turn_input  # noqa: E402

from fitcoach.agent.offline import coach_turn  # noqa: E402
from fitcoach.agent.offline.understanding import understand  # noqa: E402
from fitcoach.nlu import read  # noqa: E402

CASE_FILES = [ROOT / "tests/data/public.jsonl", ROOT / "tests/data/cases/team.jsonl"]
ROUNDS = 5


def _figures(timings: list[float]) -> dict[str, float]:
    timings = sorted(timings)
    return {
        "p50_ms": round(statistics.median(timings), 3),
        "p95_ms": round(timings[int(len(timings) * 0.95)], 3),
        "max_ms": round(timings[-1], 3),
    }


def _time(work: Callable[[], object], clock: Callable[[], float] = time.perf_counter) -> float:
    start = clock()
    work()
    return (clock() - start) * 1000


def main() -> None:
    prepared = []
    for path in CASE_FILES:
        for case in load_cases(path):
            inputs, logs = turn_input(case, path.parent)
            prepared.append((inputs, logs))
    for inputs, logs in prepared:  # warm the lexicon, catalogue and library caches
        coach_turn(inputs, LogToolRunner(logs, inputs.now))
    understanding: list[float] = []
    models: list[float] = []
    turns: list[float] = []
    turns_cpu: list[float] = []
    for _ in range(ROUNDS):
        for inputs, logs in prepared:
            understanding.append(_time(lambda i=inputs: understand(i.message, now=i.now, library=i.library)))
            # the understanding models' reading (acts, topic, tagged spans), part of every turn
            models.append(_time(lambda i=inputs: read(i.message, i.language)))
            turns.append(_time(lambda i=inputs, g=logs: coach_turn(i, LogToolRunner(g, i.now))))
            # the thread's CPU time does not move when other work shares the machine
            turns_cpu.append(
                _time(lambda i=inputs, g=logs: coach_turn(i, LogToolRunner(g, i.now)), time.thread_time)
            )
    result = {
        "cases": len(prepared),
        "rounds": ROUNDS,
        "understand": _figures(understanding),
        "models_read": _figures(models),
        "turn": _figures(turns),
        "turn_cpu": _figures(turns_cpu),
    }
    out = ROOT / "bench/results/offline_coach.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", "utf-8")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
