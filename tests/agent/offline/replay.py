"""Replaying eval cases straight into the offline coach: TurnInputs from the FORMAT.md case shape, a
small tool runner that computes the analytics from the case's own logs, and the `expect` checks."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from fitcoach.agent.offline.provider import coach_turn
from fitcoach.agent.offline.understanding.language import identify
from fitcoach.agent.providers.base import TurnInput
from fitcoach.clock import parse_instant
from fitcoach.contract.models import CoachReply, DayPlan, Tier, WeeklyPlan
from fitcoach.engine.profile import build_profile
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.languages.text import fold
from fitcoach.library import get_library
from fitcoach.library.gear import Gear
from fitcoach.memory.apply import memory_after, plan_mutations
from fitcoach.memory.model import MemoryItem
from fitcoach.nlu import Reading
from fitcoach.nlu.reader import SlotSpan

DATA = Path(__file__).parents[2] / "data"
LB_PER_KG = 2.20462


def load_cases(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def _fixture(base: Path, value: Any) -> Any:
    if isinstance(value, str):
        return json.loads((base / "fixtures" / f"{value}.json").read_text("utf-8"))
    return value


def memory_items(case: dict[str, Any], now: dt.datetime) -> list[MemoryItem]:
    items = []
    for raw in case["memory"]:
        expires = raw["entry"].get("expires_at")
        items.append(
            MemoryItem.model_validate(
                {
                    **raw,
                    "created_at": now,
                    "updated_at": now,
                    "expires_at": parse_instant(expires) if expires else None,
                }
            )
        )
    return items


def chat_case(
    message: str,
    lang: str,
    *,
    equipment: str | None = None,
    plan: Any = "gym_fullbody_3day",
    now: str = "2026-09-14T09:00:00Z",
    **extra: Any,
) -> dict[str, Any]:
    """A case of the FORMAT.md shape for one message, with an equipment fact on record when given."""
    memory = [
        {"id": "mem_01", "tier": "tier_1_staples", "entry": {"category": "equipment", "fact": equipment}}
    ]
    return {
        "id": "t",
        "lang": lang,
        "now": now,
        "active_tab": "coach",
        "selected_day": None,
        "memory": memory if equipment is not None else [],
        "plan": plan,
        "logs": [],
        "message": message,
        **extra,
    }


def send(case: dict[str, Any]) -> CoachReply:
    """The offline coach's reply to the case's message, its logs behind the analytics tools."""
    turn, logs = turn_input(case, DATA / "cases")
    return coach_turn(turn, LogToolRunner(logs, turn.now))


def tagged_reading(
    message: str,
    acts: tuple[str, ...],
    spans: list[tuple[str, str]] | tuple[()] = (),
    *,
    confidence: float = 0.9,
    span_confidence: float = 0.9,
    probabilities: dict[str, float] | None = None,
    threshold: float = 1.0,
    quiet_threshold: float = 1.0,
    quiet_threshold_own_body: float = 1.0,
) -> Reading:
    """A reading as the models could give it, made by hand to test what the coach does with it: the
    acts at `confidence` (unless `probabilities` are given) and each (text, role) tagged where the
    text first stands in the message."""
    tagged = []
    for text, role in spans:
        start = message.index(text)
        tagged.append(SlotSpan(text, start, start + len(text), role, span_confidence))
    return Reading(
        acts=acts,
        confidence=confidence,
        probabilities=probabilities if probabilities is not None else {a: confidence for a in acts},
        topic=None,
        spans=tuple(tagged),
        threshold=threshold,
        quiet_threshold=quiet_threshold,
        quiet_threshold_own_body=quiet_threshold_own_body,
    )


def turn_input(case: dict[str, Any], base: Path) -> tuple[TurnInput, list[dict[str, Any]]]:
    now = parse_instant(case["now"])
    plan = _fixture(base, case["plan"])
    logs = _fixture(base, case["logs"]) or []
    turn = TurnInput(
        message=case["message"],
        now=now,
        active_tab=case["active_tab"],
        selected_day=case["selected_day"],
        memory=[item for item in memory_items(case, now) if item.is_active(now)],
        plan=WeeklyPlan.model_validate(plan) if plan else None,
        library=get_library(),
    )
    return turn, logs


class LogToolRunner:
    """The two analytics tools over a case's logs, simply and honestly (R35, R36)."""

    def __init__(self, logs: list[dict[str, Any]], now: dt.datetime) -> None:
        self.logs = sorted(logs, key=lambda log: log["completed_at"], reverse=True)
        self.now = now
        self.calls: list[dict[str, Any]] = []

    def declarations(self) -> list[dict[str, Any]]:
        return []

    def call(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        self.calls.append({"name": name, "args": args})
        if name == "get_historical_exercise_logs":
            return self._history(args["exercise_slug"], int(args.get("limit_sessions", args.get("limit", 3))))
        if name == "get_volume_trends":
            return self._volume(args["muscle_group"], int(args.get("weeks_back", 4)))
        return {"error": f"unknown tool {name}"}

    def _history(self, slug: str, limit: int) -> dict[str, Any]:
        sessions = []
        for log in self.logs:
            sets = [s for e in log["exercises_logged"] if e["exercise_id"] == slug for s in e["sets"]]
            if sets:
                sessions.append({"log_id": log["id"], "completed_at": log["completed_at"], "sets": sets})
        return {"exercise_slug": slug, "sessions": sessions[: min(limit, 10)]}

    def _volume(self, group: str, weeks_back: int) -> dict[str, Any]:
        library = get_library()
        since = self.now - dt.timedelta(days=7 * weeks_back)
        buckets: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
        start = since.date() - dt.timedelta(days=since.weekday())
        while start <= self.now.date():
            buckets[start.isoformat()]
            start += dt.timedelta(days=7)
        for log in self.logs:
            done = parse_instant(log["completed_at"])
            if not since <= done <= self.now:
                continue
            week = (done.date() - dt.timedelta(days=done.weekday())).isoformat()
            for logged in log["exercises_logged"]:
                exercise = library.get(logged["exercise_id"])
                if exercise is None or group not in {g.value for g in exercise.primary_groups}:
                    continue
                for s in logged["sets"]:
                    weight = s["weight"] * (LB_PER_KG if s.get("unit") == "kg" else 1)
                    buckets[week][0] += weight * s["reps"]
                    buckets[week][1] += 1
        weeks = [
            {"week_start": k, "tonnage_lbs": v[0], "hard_sets": v[1]} for k, v in sorted(buckets.items())
        ]
        return {"muscle_group": group, "weeks": weeks}


_SENTENCE = re.compile(r"(?<=[.!?。！？])\s*")


def sentences(message: str) -> int:
    count = 0
    for line in message.splitlines():
        line = re.sub(r"^\s*(?:[-*•]|\d+[.)])\s+", "", line).strip()
        count += len([p for p in _SENTENCE.split(line) if p.strip(" .!?。！？")])
    return count


def _days(data: Any) -> dict[str, DayPlan]:
    if isinstance(data, WeeklyPlan):
        return {day.value: plan for day, plan in data.days.items()}
    if isinstance(data, DayPlan):
        return {"_": data}
    return {}


def _needs(slug: str) -> set[Gear]:
    return get_library().require(slug).gear.mentions()


def _gear_hit(slug: str, word: str) -> bool:
    words = {word} | ({"Flat Bench", "Incline Bench"} if word == "Bench" else set())
    requirement = get_library().require(slug).gear
    # an exercise "needs" a gear when every option of some clause is in the listed words
    return any(all(option.value in words for option in clause) for clause in requirement.all_of)


def check(case: dict[str, Any], answer: CoachReply, turn: TurnInput, tools: LogToolRunner) -> list[str]:
    """The universal checks and every `expect` key; returns the failures (empty: the case passes)."""
    failures: list[str] = []
    expect = case["expect"]
    # the server applies the mutations through the memory rules (dedup, merges, clamps) and
    # returns what it applied; the expectations are checked against that, as the endpoint does
    counter = iter(range(1000))
    planned = plan_mutations(
        turn.memory,
        answer.memory_mutations,
        now=turn.now,
        new_id=lambda: f"mem_new_{next(counter)}",
        owned_ids={item.id for item in turn.memory},
    )
    if planned.rejected:
        failures.append(f"memory rejected {[r.reason.value for r in planned.rejected]}")
    answer = answer.model_copy(update={"memory_mutations": list(planned.applied)})
    proposal = answer.proposal
    data = proposal.data
    library = get_library()
    slugs = [s for day in _days(data).values() for s in day.slugs()]
    if any(slug not in library for slug in slugs):
        failures.append("unknown slug")
    after = memory_after(turn.memory, answer.memory_mutations, now=turn.now, message=turn.message)
    inventory = build_profile(after, turn.now).inventory
    equipment = [
        i for i in after if i.tier is Tier.STAPLES and getattr(i.entry, "category", "") == "equipment"
    ]
    if equipment and any(not inventory.allows(library.require(s).gear) for s in slugs if s in library):
        failures.append("gear outside the user's equipment")
    profile = build_profile(after, turn.now)
    if isinstance(data, WeeklyPlan) and not validate_week(data, profile, library=library).ok:
        failures.append("staged week fails the validator")
    if isinstance(data, DayPlan) and proposal.target_day is not None:
        report = validate_day(data, proposal.target_day, profile, library=library, week=turn.plan)
        if not report.ok:
            failures.append(f"staged day fails the validator {report.codes()}")
    for day in _days(data).values():
        if day.status != "scheduled" or day.completed_log_id is not None or day.completed_at is not None:
            failures.append("day object fields")
    if "proposal_type" in expect and proposal.type.value != expect["proposal_type"]:
        failures.append(f"proposal_type {proposal.type.value}")
    if "target_day" in expect and (proposal.target_day or None) != expect["target_day"]:
        failures.append(f"target_day {proposal.target_day}")
    if expect.get("no_memory") and answer.memory_mutations:
        failures.append("memory not empty")
    failures += _memory_failures(expect.get("memory", []), answer, turn.now)
    if any(slug in slugs for slug in expect.get("excludes", [])):
        failures.append("excludes")
    if any(_gear_hit(s, word) for s in slugs for word in expect.get("excludes_gear", [])):
        failures.append("excludes_gear")
    if "requires_any" in expect and not set(expect["requires_any"]) & set(slugs):
        failures.append("requires_any")
    days = _days(data)
    training = [d for d, p in days.items() if not p.is_rest_day and d != "_"]
    if "training_days" in expect and sorted(training) != sorted(expect["training_days"]):
        failures.append(f"training_days {training}")
    if "training_day_count" in expect and len(training) != expect["training_day_count"]:
        failures.append(f"training_day_count {len(training)}")
    if any(not days.get(d) or not days[d].is_rest_day for d in expect.get("rest_days_include", [])):
        failures.append("rest_days_include")
    for day, banned in expect.get("day_excludes", {}).items():
        if day in days and set(banned) & set(days[day].slugs()):
            failures.append(f"day_excludes {day}")
    for day, groups in expect.get("day_groups", {}).items():
        entries = [library.require(s) for s in days[day].slugs()] if day in days else []
        if not entries or any(e.group.value not in groups for e in entries if e.group.value != "core"):
            failures.append(f"day_groups {day}")
    if "max_minutes" in expect and any(
        p.duration_minutes > expect["max_minutes"] for p in days.values() if not p.is_rest_day
    ):
        failures.append("max_minutes")
    if "max_sentences" in expect and sentences(answer.message) > expect["max_sentences"]:
        failures.append(f"max_sentences {sentences(answer.message)}")
    if "reply_lang" in expect:
        allowed = expect["reply_lang"] if isinstance(expect["reply_lang"], list) else [expect["reply_lang"]]
        if identify(answer.message, fold(answer.message)).lang not in allowed:
            failures.append(f"reply_lang {identify(answer.message, fold(answer.message)).lang}")
    called = {call["name"] for call in tools.calls}
    if any(name not in called for name in expect.get("tools_called", [])):
        failures.append("tools_called")
    return failures


def _memory_failures(expected: list[dict[str, Any]], answer: CoachReply, now: dt.datetime) -> list[str]:
    unused = list(answer.memory_mutations)
    failures = []
    for want in expected:
        match = next((m for m in unused if _matches(want, m, now)), None)
        if match is None:
            failures.append(
                f"memory {want.get('operation')} {want.get('target_tier')} {want.get('category', '')}"
            )
        else:
            unused.remove(match)
    return failures


def _matches(want: dict[str, Any], mutation: Any, now: dt.datetime) -> bool:
    entry = mutation.entry or {}
    if mutation.operation.value != want["operation"] or mutation.target_tier.value != want["target_tier"]:
        return False
    for key in ("category", "condition"):
        allowed = want.get(key)
        if allowed is not None and entry.get(key) not in (
            allowed if isinstance(allowed, list) else [allowed]
        ):
            return False
    if "memory_id" in want and mutation.memory_id != want["memory_id"]:
        return False
    if "body_part_any" in want:
        text = f"{entry.get('body_part', '')} {entry.get('fact', '')}".lower()
        if not any(word.lower() in text for word in want["body_part_any"]):
            return False
    expires = entry.get("expires_at")
    if "expires_between" in want:
        low, high = (parse_instant(v) for v in want["expires_between"])
        if expires is None or not low <= parse_instant(expires) <= high:
            return False
    if "expires_in_days" in want:
        low, high = want["expires_in_days"]
        if expires is None or not low <= (parse_instant(expires) - now).total_seconds() / 86400 <= high:
            return False
    return True
