"""Load benchmark (issue 8, item 7): simulated users against a real `fitcoach serve` (offline coach), on
SQLite and PostgreSQL, with as many server workers as cores.

    .venv/bin/python bench/load.py [--users 50] [--duration 60] [--backend sqlite|postgres|both]
                                   [--workers N] [--postgres-url URL] [--out NAME]

Each user loops without think time over: chat 60 %, plan and today reads 25 %, workout logs 10 %,
accepts of its latest staged proposal 5 %. Prints a table per backend and writes bench/results/<NAME>.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))

from fitcoach.clock import SystemClock, isoformat_z
from fitcoach.contract.models import WEEKDAYS
from fitcoach.storage.db import make_engine, make_sessionmaker, migrate
from fitcoach.storage.users import create_user, issue_token
from load_server import Server, throwaway_postgres

RESULTS = Path(__file__).parent / "results"
MIX = {"chat": 60, "read": 25, "log": 10, "accept": 5}
BARE_ROUTE = "POST /api/workouts/log"
"""The baseline of the latency ratio: an indexed read (idempotency key) and inserts, no coach."""
CHAT_ROUTE = "POST /api/coach/chat"
MESSAGES = [
    "Hey! I'm 32 and I train at home. I've got adjustable dumbbells up to 50 lbs and an adjustable bench. "
    "I want to build muscle, especially chest and delts. I can train 4 days a week, about 45 minutes each.",
    "I hurt my left knee yesterday, sharp pain when I squat. Can you adjust my week?",
    "My right shoulder feels really pinchy and irritated today. I don't think I should do overhead presses.",
    "My hamstrings are really sore from yesterday, go easy on legs this week.",
    "How much should I rest between sets for hypertrophy?",
    "Swap Monday's presses for something easier on my shoulder please.",
    "I only have 30 minutes today, can you shorten today's workout?",
    "What did I do last week? Am I progressing on the bench press?",
]
EXERCISES = ["flat-db-bench-press", "goblet-squat", "single-arm-db-row", "seated-db-shoulder-press"]


@dataclass
class Sample:
    route: str
    ms: float
    status: int | None
    error: str | None = None

    @property
    def conflict(self) -> bool:
        """A 409 is the domain refusing a stale decision (e.g. accepting a change to a day the user has
        since logged as done): a correct answer, counted apart from errors."""
        return self.status == 409


@dataclass
class SimUser:
    headers: dict[str, str]
    rng: random.Random
    staged: str | None = None
    logs: int = 0
    samples: list[Sample] = field(default_factory=list)


def _log_body(user: SimUser) -> dict[str, Any]:
    # Sessions of the last few days: a log of today would close the day the coach's staged changes
    # target, and accepting those is then (rightly) refused with 409 day_completed.
    done = SystemClock().now() - timedelta(hours=user.rng.randint(24, 72))
    sets = [{"weight": 20 + 2.5 * user.rng.randint(0, 12), "unit": "kg", "reps": user.rng.randint(5, 12)}]
    return {
        "plan_day": WEEKDAYS[done.weekday()].value,
        "completed_at": isoformat_z(done),
        "exercises_logged": [{"exercise_id": s, "sets": sets * 3} for s in user.rng.sample(EXERCISES, 2)],
    }


async def _call(
    client: httpx.AsyncClient, user: SimUser, route: str, path: str, **kwargs: Any
) -> dict[str, Any] | None:
    method = route.split(" ", 1)[0]
    started = time.perf_counter()
    try:
        response = await client.request(
            method, path, headers={**user.headers, **kwargs.pop("headers", {})}, **kwargs
        )
    except httpx.HTTPError as exc:
        user.samples.append(Sample(route, (time.perf_counter() - started) * 1000, None, type(exc).__name__))
        return None
    elapsed = (time.perf_counter() - started) * 1000
    ok = 200 <= response.status_code < 300
    user.samples.append(Sample(route, elapsed, response.status_code, None if ok else response.text[:200]))
    body: dict[str, Any] = response.json() if ok else {}
    return body


async def _chat(client: httpx.AsyncClient, user: SimUser, message: str) -> None:
    reply = await _call(client, user, CHAT_ROUTE, "/api/coach/chat", json={"message": message})
    if reply and reply["proposal"]["id"]:
        user.staged = reply["proposal"]["id"]


async def _step(client: httpx.AsyncClient, user: SimUser) -> None:
    kind = user.rng.choices(list(MIX), weights=list(MIX.values()))[0]
    if kind == "accept" and user.staged is None:
        kind = "chat"  # nothing staged yet: the turn that would stage one stands in for the accept
    if kind == "chat":
        await _chat(client, user, user.rng.choice(MESSAGES))
    elif kind == "read":
        path = user.rng.choice(["/api/plan", "/api/plan/today"])
        await _call(client, user, f"GET {path}", path)
    elif kind == "log":
        user.logs += 1
        key = f"{id(user)}-{user.logs}-{user.rng.random()}"
        await _call(
            client,
            user,
            BARE_ROUTE,
            "/api/workouts/log",
            json=_log_body(user),
            headers={"Idempotency-Key": key},
        )
    else:
        proposal, user.staged = user.staged, None
        route = "POST /api/coach/proposals/{id}/accept"
        await _call(client, user, route, f"/api/coach/proposals/{proposal}/accept")


async def _prepare(client: httpx.AsyncClient, user: SimUser) -> None:
    """Give every user a plan to read and accept against (not measured)."""
    await _chat(client, user, MESSAGES[0])
    if user.staged is not None:
        await _call(client, user, "POST prepare", f"/api/coach/proposals/{user.staged}/accept")
        user.staged = None
    failed = [s for s in user.samples if s.error is not None]
    if failed or len(user.samples) != 2:
        raise RuntimeError(f"could not give a user a plan: {failed or 'nothing staged'}")
    user.samples.clear()


async def _drive(base_url: str, users: list[SimUser], duration: float) -> float:
    # Drop idle connections before the server's 5 s keep-alive does: equal timeouts race, and a POST
    # sent on a connection the server is closing fails with ReadError (not retried: chat is not idempotent).
    limits = httpx.Limits(
        max_connections=len(users), max_keepalive_connections=len(users), keepalive_expiry=2.0
    )
    async with httpx.AsyncClient(base_url=base_url, timeout=60.0, limits=limits) as client:
        await asyncio.gather(*(_prepare(client, user) for user in users))
        deadline = time.perf_counter() + duration

        async def loop(user: SimUser) -> None:
            while time.perf_counter() < deadline:
                await _step(client, user)

        started = time.perf_counter()
        await asyncio.gather(*(loop(user) for user in users))
        return time.perf_counter() - started


async def _calibrate(base_url: str, user: SimUser, rounds: int) -> dict[str, Any]:
    """One user alone, alternating a chat turn and a log post: the ratio without any queueing."""
    async with httpx.AsyncClient(base_url=base_url, timeout=60.0) as client:
        for n in range(rounds):
            await _chat(client, user, MESSAGES[1 + n % (len(MESSAGES) - 1)])
            user.logs += 1
            headers = {"Idempotency-Key": f"calibrate-{n}"}
            await _call(client, user, BARE_ROUTE, "/api/workouts/log", json=_log_body(user), headers=headers)
    chat = [s.ms for s in user.samples if s.route == CHAT_ROUTE and s.error is None]
    bare = [s.ms for s in user.samples if s.route == BARE_ROUTE and s.error is None]
    return {
        "requests_each": rounds,
        "chat_p50_ms": round(_percentile(chat, 50), 1),
        "bare_p50_ms": round(_percentile(bare, 50), 1),
        "chat_to_bare_ratio_p50": round(_percentile(chat, 50) / _percentile(bare, 50), 2),
        "errors": sum(1 for s in user.samples if s.error is not None),
    }


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def summarize(samples: list[Sample], elapsed: float) -> dict[str, Any]:
    routes: dict[str, dict[str, Any]] = {}
    for route in sorted({s.route for s in samples}):
        mine = [s for s in samples if s.route == route]
        ms = [s.ms for s in mine]
        routes[route] = {
            "requests": len(mine),
            "errors": sum(1 for s in mine if s.error is not None and not s.conflict),
            "conflicts_409": sum(1 for s in mine if s.conflict),
            "rps": round(len(mine) / elapsed, 1),
            "p50_ms": round(_percentile(ms, 50), 1),
            "p95_ms": round(_percentile(ms, 95), 1),
            "p99_ms": round(_percentile(ms, 99), 1),
            "mean_ms": round(statistics.fmean(ms), 1),
        }
    chat, bare = routes.get(CHAT_ROUTE), routes.get(BARE_ROUTE)
    errors = [s for s in samples if s.error is not None and not s.conflict]
    conflicts = [s for s in samples if s.conflict]
    return {
        "seconds": round(elapsed, 1),
        "requests": len(samples),
        "throughput_rps": round(len(samples) / elapsed, 1),
        "errors": len(errors),
        "error_examples": sorted({f"{s.route} {s.status}: {s.error}" for s in errors})[:5],
        "conflicts_409": len(conflicts),
        "conflict_examples": sorted({f"{s.route}: {s.error}" for s in conflicts})[:3],
        "chat_to_bare_ratio_p50": round(chat["p50_ms"] / bare["p50_ms"], 2) if chat and bare else None,
        "chat_to_bare_ratio_mean": round(chat["mean_ms"] / bare["mean_ms"], 2) if chat and bare else None,
        "routes": routes,
    }


def _make_users(database_url: str, count: int, seed: int) -> list[SimUser]:
    engine = make_engine(database_url)
    migrate(engine)
    now = SystemClock().now()
    users = []
    with make_sessionmaker(engine)() as session:
        for n in range(count):
            user = create_user(session, name=f"load-{n}", now=now)
            token = issue_token(session, user_id=user.id, now=now)
            users.append(SimUser({"Authorization": f"Bearer {token}"}, random.Random(seed + n)))
        session.commit()
    engine.dispose()
    return users


def run_backend(backend: str, args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    with throwaway_postgres(args.postgres_url) if backend == "postgres" else _sqlite(workdir) as url:
        users = _make_users(url, args.users + 1, args.seed)
        alone = users.pop()
        with Server(url, workers=args.workers, log=workdir / f"server-{backend}.log") as server:
            elapsed = asyncio.run(_drive(server.base_url, users, args.duration))
            unloaded = asyncio.run(_calibrate(server.base_url, alone, args.calibrate))
    return {**summarize([s for user in users for s in user.samples], elapsed), "unloaded": unloaded}


class _sqlite:
    def __init__(self, workdir: Path) -> None:
        self.url = f"sqlite:///{workdir / 'load.db'}"

    def __enter__(self) -> str:
        return self.url

    def __exit__(self, *_exc: object) -> None:
        return None


def print_table(backend: str, result: dict[str, Any]) -> None:
    print(
        f"\n{backend}: {result['throughput_rps']} req/s over {result['seconds']} s, errors {result['errors']}"
    )
    print(
        f"chat/bare p50 ratio {result['chat_to_bare_ratio_p50']} (mean {result['chat_to_bare_ratio_mean']})"
    )
    print(f"{'route':45} {'n':>6} {'rps':>6} {'p50':>7} {'p95':>7} {'p99':>7} {'err':>4} {'409':>4}")
    for route, r in result["routes"].items():
        print(
            f"{route:45} {r['requests']:>6} {r['rps']:>6} {r['p50_ms']:>7} {r['p95_ms']:>7} "
            f"{r['p99_ms']:>7} {r['errors']:>4} {r['conflicts_409']:>4}"
        )
    for example in result["error_examples"]:
        print("  error:", example)
    for example in result["conflict_examples"]:
        print("  409:", example)
    alone = result["unloaded"]
    print(
        f"one user alone: chat p50 {alone['chat_p50_ms']} ms, log p50 {alone['bare_p50_ms']} ms, "
        f"ratio {alone['chat_to_bare_ratio_p50']}, errors {alone['errors']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of measured load per backend")
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="server processes")
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("FITCOACH_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test"),
    )
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--calibrate", type=int, default=30, help="chat+log pairs sent by one user alone")
    parser.add_argument("--out", default="load", help="results file name (without .json)")
    args = parser.parse_args()
    backends = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    results = {}
    workdir = Path(tempfile.mkdtemp(prefix="fitcoach-load-"))
    print(f"server logs and the SQLite file: {workdir}")
    for backend in backends:
        results[backend] = run_backend(backend, args, workdir)
        print_table(backend, results[backend])
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "workers": args.workers,
        "users": args.users,
        "duration_s": args.duration,
        "mix_percent": MIX,
        "bare_route": BARE_ROUTE,
        "command": " ".join(["bench/load.py", *sys.argv[1:]]),
    }
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"{args.out}.json"
    out.write_text(json.dumps({"meta": meta, "results": results}, indent=2) + "\n")
    print(f"\nwrote {out}")


if __name__ == "__main__":
    main()
