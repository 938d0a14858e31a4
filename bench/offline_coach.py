"""Latency of the offline coach's understanding layer over the public and team cases (issue 6).

Run: .venv/bin/python bench/offline_understanding.py  — prints p50/p95 and writes
bench/results/offline_understanding.json.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from fitcoach.agent.offline.understanding import understand
from fitcoach.clock import parse_instant

ROOT = Path(__file__).resolve().parents[1]
CASE_FILES = [ROOT / "tests/data/public.jsonl", ROOT / "tests/data/cases/team.jsonl"]
ROUNDS = 5


def main() -> None:
    cases = [json.loads(line) for path in CASE_FILES for line in path.read_text("utf-8").splitlines() if line]
    understand("warm up the caches", now=parse_instant(cases[0]["now"]))
    timings: list[float] = []
    for _ in range(ROUNDS):
        for case in cases:
            start = time.perf_counter()
            understand(
                case["message"],
                now=parse_instant(case["now"]),
                active_tab=case["active_tab"],
                selected_day=case["selected_day"],
                has_plan=case["plan"] is not None,
            )
            timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    result = {
        "turns": len(timings),
        "p50_ms": round(statistics.median(timings), 3),
        "p95_ms": round(timings[int(len(timings) * 0.95)], 3),
        "max_ms": round(timings[-1], 3),
    }
    out = ROOT / "bench/results/offline_understanding.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", "utf-8")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
