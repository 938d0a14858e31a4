"""The chat pipeline's own overhead around a provider that answers at once, and the prompt budget.

Run: `.venv/bin/python bench/pipeline_bench.py [--turns N]`; writes bench/results/pipeline.json.
Overhead is `run_turn` end to end on a migrated SQLite file (read memory and plan, build the block,
guard the answer with the engine, stage it, record the turn), then the same through HTTP (TestClient).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session, sessionmaker

from fitcoach.agent.pipeline import Brains, ChatInput, run_turn
from fitcoach.agent.prompt import CHARS_PER_TOKEN, estimate_tokens, static_prefix
from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.agent.tools import TOOL_DECLARATIONS
from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.contract.models import Tier, Tier1Entry, Tier2Entry, Weekday, WeeklyPlan
from fitcoach.contract.schema import gemini_response_schema
from fitcoach.library import get_library
from fitcoach.memory.context import render_runtime_block
from fitcoach.memory.model import MemoryItem
from fitcoach.storage.db import make_engine, make_sessionmaker, migrate
from fitcoach.storage.memory import insert_memory_item
from fitcoach.storage.plans import add_plan_version
from fitcoach.storage.users import create_user, issue_token

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests/data"
NOW = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)
GOAL_P50_MS = 5.0
GOAL_TURN_TOKENS = 1500
MESSAGE = "My hamstrings are sore from Saturday. Can you adjust today's workout?"

SEED_MEMORY: list[tuple[str, Tier, dict[str, Any], dt.datetime | None]] = [
    (
        "mem_01",
        Tier.STAPLES,
        {"category": "equipment", "fact": "Home gym with dumbbells up to 50 lbs and adjustable bench."},
        None,
    ),
    ("mem_02", Tier.STAPLES, {"category": "goal", "fact": "Hypertrophy with chest/shoulder emphasis."}, None),
    (
        "mem_03",
        Tier.PHYSIOLOGICAL,
        {"body_part": "hamstrings", "condition": "soreness", "fact": "Hamstring soreness"},
        NOW + dt.timedelta(days=2),
    ),
]
"""The seed's example profile (source spec, runtime block example): two staples and a soreness."""


def seed_plan() -> WeeklyPlan:
    return WeeklyPlan.model_validate_json((DATA / "fixtures/home_db_4day.json").read_text())


def seed_answers() -> dict[str, dict[str, Any]]:
    none = {
        "message": "Keep going, you're on track.",
        "proposal": {"id": None, "type": "NONE", "target_day": None, "summary_diff": None, "data": None},
        "memory_mutations": [],
    }
    day: dict[str, Any] = json.loads((DATA / "seeds/monday_update_day.json").read_text())
    return {"none": none, "update_day": day}


def prepare(url: str) -> tuple[sessionmaker[Session], str, str]:
    """A migrated database with one user holding the seed memory and plan; returns its id and token."""
    engine = make_engine(url)
    migrate(engine)
    sessions = make_sessionmaker(engine)
    with sessions.begin() as session:
        user = create_user(session, name="ana", now=NOW)
        token = issue_token(session, user_id=user.id, now=NOW)
        for item_id, tier, entry, expires in SEED_MEMORY:
            insert_memory_item(
                session, user_id=user.id, item_id=item_id, tier=tier, entry=entry, now=NOW, expires_at=expires
            )
        add_plan_version(session, user_id=user.id, plan=seed_plan(), now=NOW, reason="initial")
        user_id = user.id
    return sessions, user_id, token


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "p50_ms": round(statistics.median(ordered), 3),
        "p90_ms": round(ordered[int(len(ordered) * 0.9) - 1], 3),
        "max_ms": round(ordered[-1], 3),
    }


def timed(turn: Callable[[], dict[str, Any]], turns: int, warmup: int = 20) -> dict[str, Any]:
    """Wall and CPU milliseconds per turn; the first `warmup` turns (imports, caches) are not counted."""
    wall: list[float] = []
    cpu: list[float] = []
    last: dict[str, Any] = {}
    for index in range(warmup + turns):
        started, started_cpu = time.perf_counter(), time.process_time()
        last = turn()
        if index >= warmup:
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
    assert last["meta"]["degraded"] is False, last["meta"]
    return {**percentiles(wall), "cpu_p50_ms": round(statistics.median(cpu), 3), "turns": turns}


def bench_direct(url: str, answer: dict[str, Any], turns: int) -> dict[str, Any]:
    """`run_turn` as the route calls it, without the HTTP layer."""
    sessions, user_id, _ = prepare(url)
    provider = ScriptedProvider()
    brains = Brains(provider=provider, fallback=None)
    chat = ChatInput(message=MESSAGE, active_tab="coach", selected_day=Weekday.MONDAY)
    library = get_library()

    def turn() -> dict[str, Any]:
        provider.enqueue(answer)
        return run_turn(
            sessions, user_id=user_id, chat=chat, clock=FrozenClock(NOW), brains=brains, library=library
        )

    return timed(turn, turns)


def bench_http(url: str, answer: dict[str, Any], turns: int) -> dict[str, Any]:
    """The same turn through `POST /api/coach/chat` (auth, body parsing, threadpool hops, JSON)."""
    _, _, token = prepare(url)
    provider = ScriptedProvider()
    app = create_app(
        Settings(database_url=url, chat_rate_per_minute=0),
        clock=FrozenClock(NOW),
        brains=Brains(provider=provider, fallback=None),
    )
    body = {"message": MESSAGE, "active_tab": "coach", "selected_day": "monday"}
    headers = {"Authorization": f"Bearer {token}"}
    with TestClient(app) as client:

        def turn() -> dict[str, Any]:
            provider.enqueue(answer)
            response = client.post("/api/coach/chat", json=body, headers=headers)
            assert response.status_code == 200, response.text
            reply: dict[str, Any] = response.json()
            return reply

        return timed(turn, turns)


def bench_overhead(workdir: Path, turns: int) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name, answer in seed_answers().items():
        results[f"run_turn_{name}"] = bench_direct(
            f"sqlite:///{workdir / f'direct-{name}.db'}", answer, turns
        )
        results[f"http_{name}"] = bench_http(f"sqlite:///{workdir / f'http-{name}.db'}", answer, turns)
    return results


def cross_check(texts: dict[str, str]) -> dict[str, Any]:
    """Counts with a real BPE tokenizer (OpenAI's o200k_base, embedded in the `bpe-openai` wheel: no
    download at run time) when it is installed; Gemini's tokenizer is not published offline."""
    try:
        import bpe_openai  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return {"tokenizer": None, "note": "pip install bpe-openai to cross-check against o200k_base"}
    encoding = bpe_openai.get_encoding("o200k_base")
    return {"tokenizer": "o200k_base (bpe-openai)", **{k: len(encoding.encode(v)) for k, v in texts.items()}}


def prompt_budget() -> dict[str, Any]:
    now = NOW
    items = [
        MemoryItem(
            id=item_id,
            tier=tier,
            entry=Tier1Entry.model_validate(entry)
            if tier is Tier.STAPLES
            else Tier2Entry.model_validate(entry),
            created_at=now,
            updated_at=now,
            expires_at=expires,
        )
        for item_id, tier, entry, expires in SEED_MEMORY
    ]
    block = render_runtime_block(
        now=now,
        active_tab="coach",
        selected_day=Weekday.MONDAY,
        items=items,
        plan=seed_plan(),
        message=MESSAGE,
    )
    texts = {
        "prefix": static_prefix(),
        "tools": json.dumps(TOOL_DECLARATIONS, ensure_ascii=False),
        "runtime_block_with_message": block,
        "gemini_response_schema": json.dumps(gemini_response_schema(get_library().slugs), ensure_ascii=False),
    }
    estimate = {name: estimate_tokens(text) for name, text in texts.items()}
    return {
        "method": f"estimate_tokens: ceil(chars / {CHARS_PER_TOKEN})",
        "chars": {name: len(text) for name, text in texts.items()},
        "estimate": estimate,
        "cached_prefix_tokens": estimate["prefix"] + estimate["tools"],
        "per_turn_uncached_tokens": estimate["runtime_block_with_message"],
        "cross_check": cross_check(texts),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=300)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        overhead = bench_overhead(Path(tmp), args.turns)
    # Wall time on a shared machine follows its load; CPU time (all threads of this process) does not.
    machine = {"cpus": os.cpu_count(), "load_avg_1m": [load_before, os.getloadavg()[0]]}
    budget = prompt_budget()
    figures = {
        "goals": {"overhead_p50_ms": GOAL_P50_MS, "per_turn_uncached_tokens": GOAL_TURN_TOKENS},
        "machine": machine,
        "overhead": overhead,
        "prompt_budget": budget,
    }
    print(json.dumps(figures, indent=2))
    results = ROOT / "bench/results"
    results.mkdir(parents=True, exist_ok=True)
    (results / "pipeline.json").write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
