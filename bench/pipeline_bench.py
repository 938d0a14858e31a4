"""The chat pipeline's own overhead around a provider that answers at once, and the prompt budget.

Run: `.venv/bin/python bench/pipeline_bench.py [--turns N]`; writes bench/results/pipeline.json.
`--budget-only` prints just the prompt budget (and writes bench/results/prompt_budget.json): per
provider, the tokens its cache holds and the tokens every turn pays uncached, the response schema
included where the provider bills it.
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

from fitcoach.agent.prompt import CHARS_PER_TOKEN, estimate_tokens, static_prefix
from fitcoach.agent.providers.gemini.support import reply_tool
from fitcoach.agent.providers.scripted import ScriptedProvider
from fitcoach.agent.tools import TOOL_DECLARATIONS
from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock
from fitcoach.config import Settings
from fitcoach.contract.models import Tier, Tier1Entry, Tier2Entry, Weekday, WeeklyPlan
from fitcoach.contract.schema import gemini_response_schema
from fitcoach.contract.wire_schema import lean_response_schema, openai_response_format
from fitcoach.library import get_library
from fitcoach.memory.context import render_runtime_block
from fitcoach.memory.model import MemoryItem
from fitcoach.services.brains import Brains
from fitcoach.services.chat import ChatInput, run_turn
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
        ).body()

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


def compact(value: Any) -> str:
    """A schema as the API parses it: the wire's whitespace is not what the model reads."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def seed_block() -> str:
    """The runtime block (with the message) for the seed profile and its 4-day plan."""
    items = [
        MemoryItem(
            id=item_id,
            tier=tier,
            entry=Tier1Entry.model_validate(entry)
            if tier is Tier.STAPLES
            else Tier2Entry.model_validate(entry),
            created_at=NOW,
            updated_at=NOW,
            expires_at=expires,
        )
        for item_id, tier, entry, expires in SEED_MEMORY
    ]
    return render_runtime_block(
        now=NOW,
        active_tab="coach",
        selected_day=Weekday.MONDAY,
        items=items,
        plan=seed_plan(),
        message=MESSAGE,
    )


def budget_texts() -> dict[str, str]:
    slugs = get_library().slugs
    return {
        "prefix": static_prefix(get_library()),
        "tools": json.dumps(TOOL_DECLARATIONS, ensure_ascii=False),
        "runtime_block_with_message": seed_block(),
        "gemini_response_json_schema": compact(lean_response_schema(slugs)),
        "gemini_legacy_response_schema": compact(gemini_response_schema(slugs)),
        "openai_response_format": compact(openai_response_format(slugs)),
        "gemini_reply_function": compact(reply_tool(slugs).model_dump(mode="json", exclude_none=True)),
    }


PROVIDERS: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    "gemini": (
        ("prefix", "tools", "gemini_reply_function"),
        ("runtime_block_with_message",),
        "default (FITCOACH_GEMINI_CONTRACT=function): the contract is the coach_reply function "
        "declared in the CachedContent with forced function calling, so no turn carries a schema",
    ),
    "gemini_response_schema": (
        ("prefix", "tools"),
        ("runtime_block_with_message", "gemini_response_json_schema"),
        "opt-in FITCOACH_GEMINI_CONTRACT=response_schema: a CachedContent cannot hold generation "
        "config, so the response_json_schema is billed as input on every structured call (2.5+)",
    ),
    "gemini_before_2_5": (
        ("prefix", "tools"),
        ("runtime_block_with_message", "gemini_legacy_response_schema"),
        "opt-in response_schema mode on models without response_json_schema: the inlined "
        "OpenAPI-subset response_schema",
    ),
    "openai": (
        ("openai_response_format", "prefix", "tools"),
        ("runtime_block_with_message",),
        "OpenAI renders the structured-output schema as a prefix of the system message: it counts "
        "in prompt_tokens and is cached with the prefix after the first turn",
    ),
    "vllm_or_local": (
        ("prefix", "tools"),
        ("runtime_block_with_message",),
        "guided decoding applies the json_schema as a grammar on the logits: it is not prompt text",
    ),
}
"""Per provider: what its cache holds, what every turn pays uncached, and why."""


def provider_budgets(counts: dict[str, int]) -> dict[str, Any]:
    budgets = {}
    for name, (cached, uncached, why) in PROVIDERS.items():
        per_turn = sum(counts[part] for part in uncached)
        budgets[name] = {
            "cached_prefix_tokens": sum(counts[part] for part in cached),
            "per_turn_uncached_tokens": per_turn,
            "uncached_parts": list(uncached),
            "meets_goal": per_turn <= GOAL_TURN_TOKENS,
            "why": why,
        }
    return budgets


def o200k_counts(texts: dict[str, str]) -> dict[str, int] | None:
    """Counts with a real BPE tokenizer (OpenAI's o200k_base, embedded in the `bpe-openai` wheel: no
    download at run time) when it is installed; Gemini's tokenizer is not published offline."""
    try:
        import bpe_openai  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    encoding = bpe_openai.get_encoding("o200k_base")
    return {name: len(encoding.encode(text)) for name, text in texts.items()}


def prompt_budget() -> dict[str, Any]:
    texts = budget_texts()
    estimate = {name: estimate_tokens(text) for name, text in texts.items()}
    counted = o200k_counts(texts)
    return {
        "goal_per_turn_uncached_tokens": GOAL_TURN_TOKENS,
        "method": (
            f"estimate_tokens: ceil(chars / {CHARS_PER_TOKEN}) on the text each API reads (schemas as "
            "compact JSON); o200k_base counts the same texts with a real BPE when bpe-openai is "
            "installed. Per turn means per model call: a tool round is another call, and Gemini bills "
            "the schema again on each structured one."
        ),
        "chars": {name: len(text) for name, text in texts.items()},
        "estimate": estimate,
        "o200k_base": counted or "pip install bpe-openai (the `bench` extra) for a real-tokenizer count",
        "providers_by_estimate": provider_budgets(estimate),
        "providers_by_o200k": provider_budgets(counted) if counted else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--budget-only", action="store_true", help="print the prompt budget and stop")
    args = parser.parse_args()
    if args.budget_only:
        budget = prompt_budget()
        print(json.dumps(budget, indent=2))
        (ROOT / "bench/results/prompt_budget.json").write_text(json.dumps(budget, indent=2) + "\n")
        return
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
