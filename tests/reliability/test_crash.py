"""Crash safety (issue 8, item 5): SIGKILL a real `fitcoach serve` while chat turns and workout logs
stream in, restart it, and prove every acknowledged request is whole and no request is half-applied."""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import Engine, func, select

from fitcoach.clock import SystemClock, isoformat_z
from fitcoach.contract.models import WEEKDAYS
from fitcoach.storage.db import make_engine, make_sessionmaker
from fitcoach.storage.tables import (
    ChatTurn,
    MemoryEventRow,
    PersonalRecord,
    ProposalRow,
    WorkoutLog,
    WorkoutSet,
)
from fitcoach.storage.users import create_user, issue_token
from tests.reliability.server import ServerProcess

SEED = 20260914
ROUNDS = 4
CLIENTS = 3
KILL_AFTER_S = (0.0, 1.2)
"""Each round kills the server at a seeded random moment in this window after the first acknowledgement
(a restarted server's first turn loads the coach's lexicons, so counting from the start could kill idle)."""

FIRST_MESSAGE = (
    "Hey! I'm 32 and I train at home. I've got adjustable dumbbells up to 50 lbs and an adjustable bench. "
    "I want to build muscle, especially chest and delts. I can train 4 days a week, about 45 minutes each."
)
"""Stages the first week; once it is accepted, each message below both remembers and stages."""
CHAT_MESSAGES = [
    "My right shoulder feels really pinchy and irritated today. I don't think I should do overhead presses.",
    "I hurt my left knee yesterday, sharp pain when I squat. Can you adjust my week?",
    "Sharp pain in my left elbow since yesterday when I curl. Can you change the plan?",
    "My lower back is really sore and irritated today, I should skip heavy hinging.",
    "My hamstrings are really sore from yesterday, go easy on legs this week.",
]
EXERCISES = ["flat-db-bench-press", "goblet-squat", "single-arm-db-row"]


@dataclass
class Sent:
    kind: str
    """"chat" or "log"."""
    key: str
    body: dict[str, Any]
    headers: dict[str, str]
    status: int | None = None
    """None: no response arrived (the server died first), so the request is unacknowledged."""
    reply: dict[str, Any] | None = None

    @property
    def acknowledged(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def _log_body(rng: random.Random, index: int) -> dict[str, Any]:
    done = SystemClock().now() - timedelta(minutes=rng.randint(1, 600))
    return {
        "plan_day": WEEKDAYS[done.weekday()].value,
        "completed_at": isoformat_z(done),
        "exercises_logged": [
            {
                "exercise_id": slug,
                "sets": [
                    {
                        "weight": 20 + 2.5 * rng.randint(0, 20) + index % 7,
                        "unit": "kg",
                        "reps": rng.randint(3, 12),
                    }
                    for _ in range(rng.randint(1, 4))
                ],
            }
            for slug in rng.sample(EXERCISES, rng.randint(1, len(EXERCISES)))
        ],
    }


def _stream(
    base_url: str, headers: dict[str, str], *, name: str, seed: int, stop: threading.Event, out: list[Sent]
) -> None:
    """Alternate chat turns and log posts until told to stop or the server stops answering."""
    rng = random.Random(seed)
    with httpx.Client(base_url=base_url, timeout=30.0) as client:
        index = 0
        while not stop.is_set():
            index += 1
            if rng.random() < 0.5:
                sent = Sent("chat", f"{name}-{index}", {"message": rng.choice(CHAT_MESSAGES)}, headers)
                path = "/api/coach/chat"
            else:
                sent = Sent("log", f"{name}-{index}", _log_body(rng, index), headers)
                path = "/api/workouts/log"
            out.append(sent)
            extra = {"Idempotency-Key": sent.key} if sent.kind == "log" else {}
            try:
                response = client.post(path, json=sent.body, headers={**headers, **extra})
            except httpx.TransportError:
                return
            sent.status = response.status_code
            sent.reply = response.json()


def _wait_for_first_acknowledgement(outs: list[list[Sent]], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not any(s.acknowledged for out in outs for s in list(out)):
        assert time.monotonic() < deadline, "no request was acknowledged"
        time.sleep(0.01)


def _wait_for_a_log_in_flight(outs: list[list[Sent]], timeout: float = 5.0) -> None:
    """Until some client's newest request is a log post not yet answered (or `timeout` passes)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(out and out[-1].kind == "log" and out[-1].status is None for out in outs):
            return
        time.sleep(0.0005)


def _make_users(engine: Engine, count: int) -> list[dict[str, str]]:
    now = SystemClock().now()
    headers = []
    with make_sessionmaker(engine)() as session:
        for n in range(count):
            user = create_user(session, name=f"crash-{n}", now=now)
            headers.append({"Authorization": f"Bearer {issue_token(session, user_id=user.id, now=now)}"})
        session.commit()
    return headers


def _give_plans(base_url: str, users: list[dict[str, str]]) -> None:
    with httpx.Client(base_url=base_url, timeout=30.0) as client:
        for headers in users:
            reply = client.post("/api/coach/chat", json={"message": FIRST_MESSAGE}, headers=headers).json()
            accepted = client.post(f"/api/coach/proposals/{reply['proposal']['id']}/accept", headers=headers)
            assert accepted.status_code == 200, accepted.text


def _check_chat_consistency(engine: Engine, acknowledged: list[Sent]) -> int:
    """Every turn whole (its proposal and memory events present), nothing without its turn."""
    with make_sessionmaker(engine)() as session:
        turns = {t.id: t for t in session.scalars(select(ChatTurn))}
        proposals = list(session.scalars(select(ProposalRow)))
        events = list(session.scalars(select(MemoryEventRow).where(MemoryEventRow.turn_id.is_not(None))))
    events_by_turn: dict[str, set[str]] = {}
    for event in events:
        assert event.turn_id in turns, f"memory event {event.id} of a turn that was never stored"
        events_by_turn.setdefault(event.turn_id, set()).add(event.item_id)
    for proposal in proposals:
        assert proposal.turn_id in turns, f"proposal {proposal.id} without its turn"
        assert turns[proposal.turn_id].proposal_id == proposal.id
    proposal_ids = {p.id for p in proposals}
    for turn in turns.values():
        assert turn.reply is not None
        if turn.proposal_id is not None:
            assert turn.proposal_id in proposal_ids, f"turn {turn.id} lost its proposal"
        mutated = {m["memory_id"] for m in turn.reply["memory_mutations"] if m.get("memory_id")}
        assert mutated == events_by_turn.get(turn.id, set()), f"turn {turn.id} and its memory disagree"
    for sent in acknowledged:
        assert sent.reply is not None
        turn_id = sent.reply["meta"]["turn_id"]
        assert turn_id in turns, f"acknowledged turn {turn_id} is missing after the crash"
        assert turns[turn_id].proposal_id == sent.reply["proposal"]["id"]
        mutated = {m["memory_id"] for m in sent.reply["memory_mutations"] if m.get("memory_id")}
        assert mutated == events_by_turn.get(turn_id, set())
    return sum(1 for t in turns.values() if t.proposal_id and events_by_turn.get(t.id))


def _check_logs(engine: Engine, sent_logs: dict[str, Sent]) -> None:
    """Every stored log has exactly the sets it was posted with and records for its exercises; every
    acknowledged log is stored under the id it was acknowledged with."""
    with make_sessionmaker(engine)() as session:
        logs = list(session.scalars(select(WorkoutLog)))
        set_counts = Counter(
            dict(session.execute(select(WorkoutSet.log_id, func.count()).group_by(WorkoutSet.log_id)).all())
        )
        recorded = {(r.user_id, r.exercise_id) for r in session.scalars(select(PersonalRecord))}
    stored = {log.idempotency_key: log for log in logs}
    assert len(stored) == len(logs), "a log stored twice"
    for key, log in stored.items():
        assert key is not None
        posted = sent_logs[key].body["exercises_logged"]
        assert set_counts[log.id] == sum(len(e["sets"]) for e in posted), f"log {key} is half-written"
        assert {(log.user_id, e["exercise_id"]) for e in posted} <= recorded, f"log {key} without records"
    for key, sent in sent_logs.items():
        if sent.acknowledged:
            assert sent.reply is not None
            assert key in stored, f"acknowledged log {key} is missing after the crash"
            assert stored[key].id == sent.reply["id"]


@pytest.mark.parametrize("workers", [1])
def test_sigkill_never_loses_an_acknowledged_request_nor_half_applies_one(
    database_url: str, tmp_path: Path, workers: int
) -> None:
    engine = make_engine(database_url)
    users = _make_users(engine, CLIENTS)
    server = ServerProcess(database_url, log_dir=tmp_path, workers=workers)
    rng = random.Random(SEED)
    everything: list[Sent] = []
    try:
        for round_no in range(ROUNDS):
            server.start()
            if round_no == 0:
                _give_plans(server.base_url, users)
            stop = threading.Event()
            outs: list[list[Sent]] = [[] for _ in users]
            threads = [
                threading.Thread(
                    target=_stream,
                    args=(server.base_url, headers),
                    kwargs={"name": f"r{round_no}c{n}", "seed": rng.random(), "stop": stop, "out": outs[n]},
                )
                for n, headers in enumerate(users)
            ]
            for thread in threads:
                thread.start()
            _wait_for_first_acknowledgement(outs)
            time.sleep(rng.uniform(*KILL_AFTER_S))
            # chat turns take longer than log posts (the understanding models read every message), so
            # at a random moment a log post is rarely in flight: the kill waits for one, briefly
            _wait_for_a_log_in_flight(outs)
            server.kill()
            stop.set()
            for thread in threads:
                thread.join(timeout=30)
            round_sent = [s for out in outs for s in out]
            failures = [s for s in round_sent if s.status is not None and not s.acknowledged]
            assert not failures, (
                f"requests refused before the kill: {[(s.status, s.reply) for s in failures]}"
            )
            assert any(s.acknowledged for s in round_sent), server.log_tail()
            everything += round_sent
            # What the crash left must already be consistent; the next start is the recovery.
            _check_chat_consistency(engine, [s for s in everything if s.kind == "chat" and s.acknowledged])
            _check_logs(engine, {s.key: s for s in everything if s.kind == "log"})

        # Retrying every unacknowledged log with its key after a restart stores it exactly once.
        server.start()
        unacknowledged = [s for s in everything if s.kind == "log" and not s.acknowledged]
        with httpx.Client(base_url=server.base_url, timeout=30.0) as client:
            for sent in unacknowledged:
                for _ in range(2):
                    response = client.post(
                        "/api/workouts/log",
                        json=sent.body,
                        headers={**sent.headers, "Idempotency-Key": sent.key},
                    )
                    assert response.status_code in (200, 201), response.text
                sent.status, sent.reply = response.status_code, response.json()
        server.kill()
        _check_logs(engine, {s.key: s for s in everything if s.kind == "log"})
        acknowledged_chats = [s for s in everything if s.kind == "chat" and s.acknowledged]
        whole_turns = _check_chat_consistency(engine, acknowledged_chats)
        # The test only means something if the kills hit real work of both kinds.
        assert len(acknowledged_chats) >= ROUNDS and whole_turns >= 1
        assert sum(1 for s in everything if s.kind == "log" and s.acknowledged) >= ROUNDS
        assert unacknowledged, "no kill landed on an in-flight log post"
    finally:
        server.kill()
        engine.dispose()
