"""Replay eval cases through the real chat endpoint, each on a fresh store with the case's clock.

The template database is migrated once and copied per case, so isolation costs a file copy rather
than a migration.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from fitcoach.analytics.workouts import record_workout
from fitcoach.api.app import create_app
from fitcoach.clock import FrozenClock, parse_instant
from fitcoach.config import Settings
from fitcoach.contract.logs import LogCreate
from fitcoach.contract.models import Tier, WeeklyPlan
from fitcoach.engine.profile import build_profile
from fitcoach.eval.cases import EvalCase
from fitcoach.eval.checks import CheckResult, Observed, expected, universal
from fitcoach.library import get_library
from fitcoach.memory.model import MemoryItem
from fitcoach.services.brains import Brains
from fitcoach.storage.db import make_engine, make_sessionmaker, migrate
from fitcoach.storage.memory import insert_memory_item
from fitcoach.storage.memory_repo import load_active_items
from fitcoach.storage.plans import add_plan_version, get_active_plan
from fitcoach.storage.users import create_user, issue_token

BrainsFactory = Callable[[], Brains]


@dataclass
class CaseOutcome:
    case: EvalCase
    checks: list[CheckResult] = field(default_factory=list)
    reply: dict[str, Any] | None = None
    error: str | None = None
    line: dict[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.error is None and all(check.passed for check in self.checks)


class Replayer:
    def __init__(self, brains: BrainsFactory, workdir: Path) -> None:
        self._brains = brains
        self._workdir = workdir
        self._template = workdir / "template.db"
        engine = make_engine(f"sqlite:///{self._template}")
        migrate(engine)
        engine.dispose()

    def run(self, case: EvalCase, index: int) -> CaseOutcome:
        path = self._workdir / f"case-{index}.db"
        shutil.copyfile(self._template, path)
        engine = make_engine(f"sqlite:///{path}")
        try:
            return self._replay(case, engine)
        except Exception as exc:  # a case that raises still gets its line (FORMAT.md)
            outcome = CaseOutcome(case=case, error=f"{exc.__class__.__name__}: {exc}")
            outcome.line = {"id": case.id, "reply": None, "error": outcome.error}
            return outcome
        finally:
            engine.dispose()
            path.unlink(missing_ok=True)

    def _replay(self, case: EvalCase, engine: Any) -> CaseOutcome:
        clock = FrozenClock(case.now)
        sessions = make_sessionmaker(engine)
        library = get_library()
        with sessions.begin() as session:
            user = create_user(session, name=f"eval {case.id}", now=case.now)
            token = issue_token(session, user_id=user.id, now=case.now)
            user_id = user.id
            for item in case.memory:
                insert_memory_item(
                    session,
                    user_id=user_id,
                    item_id=item.id,
                    tier=item.tier.value,
                    entry=item.entry,
                    now=case.now,
                    expires_at=_expiry(item.entry) if item.tier is not Tier.STAPLES else None,
                )
            if case.plan is not None:
                plan = WeeklyPlan.model_validate(case.plan)
                add_plan_version(session, user_id=user_id, plan=plan, now=case.now, reason="initial")
            for raw in case.logs:
                body = LogCreate.model_validate({k: v for k, v in raw.items() if k != "id"})
                record_workout(
                    session, user_id=user_id, log=body, library=library, now=case.now, log_id=raw.get("id")
                )
        plan_before = self._plan_document(sessions, user_id)
        with sessions() as session:
            before = load_active_items(session, user_id=user_id, now=case.now)
        brains = self._brains()
        app = create_app(Settings(database_url=str(engine.url)), clock=clock, engine=engine, brains=brains)
        started = time.perf_counter()
        with TestClient(app) as client:
            response = client.post(
                "/api/coach/chat",
                json={
                    "message": case.message,
                    "active_tab": case.active_tab,
                    "selected_day": case.selected_day,
                },
                headers={"Authorization": f"Bearer {token}"},
            )
        latency = (time.perf_counter() - started) * 1000
        if response.status_code != 200:
            raise RuntimeError(f"HTTP {response.status_code}: {response.text[:300]}")
        body = response.json()
        meta = body.pop("meta", {})
        with sessions() as session:
            after = load_active_items(session, user_id=user_id, now=case.now)
        plan_changed = self._plan_document(sessions, user_id) != plan_before
        inventory = build_profile(_with_created(before, after), case.now).inventory
        observed = Observed(
            now=clock.now(),
            reply=body,
            tools_called=meta.get("tools_called", []),
            plan_changed=plan_changed,
            inventory=inventory,
        )
        outcome = CaseOutcome(case=case, reply=body)
        outcome.checks = [*universal(observed, library), *expected(case.expect, observed, library)]
        outcome.line = {
            "id": case.id,
            "provider": meta.get("provider"),
            "latency_ms": round(latency, 2),
            "reply": body,
            "tools_called": meta.get("tools_called", []),
            "memory_after": [
                {
                    "id": item.id,
                    "tier": item.tier.value,
                    "entry": item.entry.model_dump(mode="json", exclude_none=True),
                }
                for item in after
            ],
            "plan_changed": plan_changed,
        }
        return outcome

    @staticmethod
    def _plan_document(sessions: Any, user_id: str) -> Any:
        with sessions() as session:
            row = get_active_plan(session, user_id=user_id)
            return None if row is None else (row.version, row.plan)


def _expiry(entry: dict[str, Any]) -> datetime | None:
    raw = entry.get("expires_at")
    return parse_instant(raw) if isinstance(raw, str) else None


def _with_created(before: list[MemoryItem], after: list[MemoryItem]) -> list[MemoryItem]:
    """Memory before the turn plus what the turn created or updated (FORMAT.md's gear rule)."""
    merged = {item.id: item for item in before}
    merged.update({item.id: item for item in after})
    return list(merged.values())


def run_cases(
    cases: list[EvalCase], brains: BrainsFactory, *, emit: Callable[[str], None]
) -> list[CaseOutcome]:
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="fitcoach-eval-") as tmp:
        replayer = Replayer(brains, Path(tmp))
        for index, case in enumerate(cases):
            outcome = replayer.run(case, index)
            outcomes.append(outcome)
            emit(_case_line(outcome))
    for line in summary_lines(outcomes):
        emit(line)
    return outcomes


def _case_line(outcome: CaseOutcome) -> str:
    if outcome.error is not None:
        return f"ERROR {outcome.case.id}: {outcome.error}"
    failed = [f"{c.name} ({c.detail})" for c in outcome.checks if not c.passed]
    latency = outcome.line.get("latency_ms")
    if not failed:
        return f"PASS  {outcome.case.id} [{latency} ms]"
    return f"FAIL  {outcome.case.id} [{latency} ms]: " + "; ".join(failed)


def summary_lines(outcomes: list[CaseOutcome]) -> list[str]:
    per_check: dict[str, Counter[bool]] = defaultdict(Counter)
    per_lang: dict[str, Counter[bool]] = defaultdict(Counter)
    per_intent: dict[str, Counter[bool]] = defaultdict(Counter)
    for outcome in outcomes:
        for check in outcome.checks:
            per_check[check.name][check.passed] += 1
        per_lang[outcome.case.lang][outcome.passed] += 1
        per_intent[str(outcome.case.intent)][outcome.passed] += 1
    lines = ["", "per check:"]
    lines += [
        f"  {name:<20} {c[True]:>4} passed {c[False]:>4} failed" for name, c in sorted(per_check.items())
    ]
    lines.append("per language:")
    lines += [
        f"  {name:<20} {c[True]:>4} passed {c[False]:>4} failed" for name, c in sorted(per_lang.items())
    ]
    lines.append("per request type:")
    lines += [
        f"  {name:<20} {c[True]:>4} passed {c[False]:>4} failed" for name, c in sorted(per_intent.items())
    ]
    passed = sum(1 for outcome in outcomes if outcome.passed)
    lines.append(f"{passed} passed, {len(outcomes) - passed} failed")
    return lines


def write_replies(outcomes: list[CaseOutcome], path: Path) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for outcome in outcomes:
            handle.write(json.dumps(outcome.line, ensure_ascii=False, default=str) + "\n")
