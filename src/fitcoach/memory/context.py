"""The runtime context block (R29) sent after the cached instructions on every turn.

Layout exactly as the spec shows it. The plan is compact (it is re-sent every turn and is the largest
uncached part of the prompt), and user-controlled text cannot forge block lines: facts are folded onto
one line and the message is a JSON string literal.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from fitcoach.clock import ensure_utc, isoformat_z
from fitcoach.contract.models import (
    ActiveTab,
    DayPlan,
    Tier,
    Tier1Entry,
    Tier2Entry,
    Tier3Entry,
    Weekday,
    WeeklyPlan,
)
from fitcoach.memory.caps import MAX_MEMORY_CHARS, MAX_RUNTIME_BLOCK_CHARS, fit_items
from fitcoach.memory.model import MemoryItem

BLOCK_HEADER = "[RUNTIME CONTEXT BLOCK]"
MESSAGE_HEADER = "[USER MESSAGE / CHIP INPUT]"
NONE_ACTIVE = "  • (None active)"
LEFT_OUT = "  • ({count} older or less important items left out: prompt size limit)"
NO_PLAN = "(No active plan)"

TIER_TITLES: dict[Tier, str] = {
    Tier.STAPLES: "- Tier 1 Staples:",
    Tier.PHYSIOLOGICAL: "- Tier 2 Physiological:",
    Tier.SITUATIONAL: "- Tier 3 Situational:",
}

# Fields the server rebuilds from the library, the calendar and the estimators (R31), or that only
# the client shows (chips, notes, charts): the model does not need them to reason about the plan.
WEEK_FIELDS_DROPPED = frozenset({"summary", "suggested_edits", "program"})
DAY_FIELDS_DROPPED = frozenset(
    {"date", "day_of_week", "estimated_volume_lbs", "muscle_focus", "suggested_edits", "coach_note"}
)
EXERCISE_FIELDS_DROPPED = frozenset({"name"})

PLAN_RENDER_CACHE = 256
"""Stored plans whose rendering is kept; about 10 kB of key and 2 kB of line each."""

# Line breaks JSON leaves unescaped but a reader (or a model) may still take as a new line.
_UNESCAPED_BREAKS = {"\u2028": "\\u2028", "\u2029": "\\u2029", "\u0085": "\\u0085"}


def one_line(text: str) -> str:
    """Fold any whitespace run, line breaks included, into one space: a fact cannot start a new line."""
    return " ".join(text.split())


def one_line_json(value: Any) -> str:
    """Compact JSON with the breaks JSON leaves raw escaped too, so it is always one line."""
    encoded = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in _UNESCAPED_BREAKS.items():
        encoded = encoded.replace(raw, escaped)
    return encoded


def quote_message(message: str) -> str:
    """The message as a JSON string literal on one line, so it can only ever be read as the message."""
    return one_line_json(message)


def _item_line(item: MemoryItem) -> str:
    entry = item.entry
    prefix = f"  • [id: {item.id}]"
    if isinstance(entry, Tier1Entry):
        return f"{prefix} [{entry.category}] {one_line(entry.fact)}"
    expires = f"expires: {isoformat_z(item.expires_at)}" if item.expires_at is not None else ""
    if isinstance(entry, Tier2Entry):
        when = f"effective: {entry.effective_date.isoformat()}, " if entry.effective_date else ""
        return f"{prefix} {one_line(entry.fact)} ({when}{expires})"
    assert isinstance(entry, Tier3Entry)
    week = f"week: {entry.week_start_date.isoformat()}, " if entry.week_start_date else ""
    return f"{prefix} [{one_line(entry.event)}] {one_line(entry.fact)} ({week}{expires})"


def _section(active: list[MemoryItem], shown: list[MemoryItem], rendered: dict[str, str]) -> list[str]:
    kept = {item.id for item in shown}
    lines: list[str] = []
    for tier, title in TIER_TITLES.items():
        lines.append(title)
        tier_lines = [rendered[item.id] for item in shown if item.tier is tier]
        left_out = sum(1 for item in active if item.tier is tier and item.id not in kept)
        if left_out:
            tier_lines.append(LEFT_OUT.format(count=left_out))
        lines.extend(tier_lines or [NONE_ACTIVE])
    return lines


def memory_lines(
    items: Iterable[MemoryItem], *, now: dt.datetime, budget: int = MAX_MEMORY_CHARS
) -> list[str]:
    """The profile section: three tier titles, each with its active items or `(None active)`, within
    `budget` characters: past it the least important items are left out (`caps.drop_order`) and a
    line per tier says how many."""
    active = sorted(
        (item for item in items if item.is_active(now)), key=lambda item: (item.created_at, item.id)
    )
    rendered = {item.id: _item_line(item) for item in active}  # each line once, however many tries

    def size(kept: list[MemoryItem]) -> int:
        return len("\n".join(_section(active, kept, rendered)))

    return _section(active, fit_items(active, budget=budget, size=size), rendered)


def _prune(value: Any) -> Any:
    """Drop nulls, empty strings and empty lists, recursively."""
    if isinstance(value, dict):
        pruned = {key: _prune(inner) for key, inner in value.items()}
        return {key: inner for key, inner in pruned.items() if inner not in (None, "", [], {})}
    if isinstance(value, list):
        return [_prune(inner) for inner in value]
    return value


def _compact_day(day: DayPlan) -> dict[str, Any]:
    raw = day.model_dump(mode="json", exclude=set(DAY_FIELDS_DROPPED))
    if raw.get("status") == "scheduled":
        del raw["status"]
    if not raw.get("duration_minutes"):
        raw.pop("duration_minutes", None)
    for block in raw.get("blocks", []):
        block["exercises"] = [
            {key: value for key, value in exercise.items() if key not in EXERCISE_FIELDS_DROPPED}
            for exercise in block["exercises"]
        ]
    # `is_rest_day` survives pruning even when false: the flag is what the model plans around.
    compact: dict[str, Any] = _prune(raw)
    return compact


def compact_plan(plan: WeeklyPlan) -> dict[str, Any]:
    """The plan as the model needs it: ids, titles, sets, reps, rest, rest-day flags; no nulls."""
    raw = plan.model_dump(mode="json", exclude=set(WEEK_FIELDS_DROPPED) | {"days"})
    compact: dict[str, Any] = _prune(raw)
    compact["days"] = {day.value: _compact_day(plan.days[day]) for day in Weekday if day in plan.days}
    return compact


PROGRAM_CHANGES_SHOWN = 6
"""Change lines of the week the timeline repeats: enough for "why is this lighter?", few tokens."""


def _number(value: float) -> str:
    return f"{value:g}"


def program_line(plan: WeeklyPlan) -> str | None:
    """The week's place in the program for the coach (issue 18 item 5), on one line: the block
    position, each priority exercise's best-set e1RM trend, movements returning after an injury or a
    layoff, and the first of this week's changes with their reasons."""
    info = plan.program
    if info is None:
        return None
    block = info.block
    parts = [
        f"Week {block.week} of {block.length} (block {block.number})"
        + (", deload week" if block.deload else f", deload in week {block.length}")
    ]
    if info.trends:
        trends = "; ".join(
            f"{t.exercise_id} {'>'.join(_number(v) for v in t.e1rm)} {t.unit} {t.trend}" for t in info.trends
        )
        parts.append(f"e1RM trends (oldest>newest): {trends}")
    if info.ramp:
        ramps = "; ".join(
            f"{r.exercise_id} step {r.step}/{r.steps}"
            + (f" toward {_number(r.previous_load.value)} {r.previous_load.unit}" if r.previous_load else "")
            + (f" ({r.area})" if r.area else "")
            for r in info.ramp
        )
        parts.append(f"returning: {ramps}")
    if info.changes:
        shown = "; ".join(c.text for c in info.changes[:PROGRAM_CHANGES_SHOWN])
        more = len(info.changes) - PROGRAM_CHANGES_SHOWN
        parts.append(f"changes this week: {shown}" + (f" (+{more} more)" if more > 0 else ""))
    return one_line("PROGRAM TIMELINE: " + " | ".join(parts))


def render_plan(plan: WeeklyPlan | None) -> str:
    """The compact plan on one line, and the program's timeline on the next when the week has one."""
    if plan is None:
        return NO_PLAN
    # Titles and themes are model-written, often at the user's request: they must not break lines.
    rendered = one_line_json(compact_plan(plan))
    timeline = program_line(plan)
    return rendered if timeline is None else f"{rendered}\n{timeline}"


@functools.lru_cache(maxsize=PLAN_RENDER_CACHE)
def render_plan_document(document: str) -> str:
    """`render_plan` of a stored plan's JSON text, cached on the whole text (the same plan is re-sent
    every turn). The key is the content itself, so a plan changed by any writer in any process is a
    new key: the cache cannot serve a stale plan, and equal text renders equally whoever owns it."""
    return render_plan(WeeklyPlan.model_validate_json(document))


LAST_TURN_CHARS = 600
"""The previous turn is context, not history: one line, its texts cut to fit."""


@dataclass(frozen=True)
class LastTurn:
    """What the coach said and did on the user's previous turn (issue 14, item 6): the question it
    asked, the proposal it staged and whether that is still pending, the memory it wrote."""

    user_message: str
    coach_message: str
    at: dt.datetime
    proposal_id: str | None = None
    proposal: str | None = None
    """ "UPDATE_DAY monday: <summary>" or "UPDATE_WEEK: <summary>"."""
    proposal_status: str | None = None
    """staged (pending: waiting for Accept Plan), accepted, dismissed, superseded..."""
    memory: list[str] = field(default_factory=list)
    """ "CREATE tier_2_physiological: right shoulder pain" per mutation applied."""

    @property
    def pending(self) -> bool:
        return self.proposal_id is not None and self.proposal_status == "staged"

    @property
    def asked(self) -> bool:
        """The coach ended on a question: this message may be its answer."""
        return self.coach_message.rstrip().endswith(("?", "？"))

    def line(self) -> str:
        def cut(text: str, size: int) -> str:
            flat = " ".join(text.split())
            return flat if len(flat) <= size else flat[: size - 1] + "…"

        # the user's own previous words stay out of the block: only this turn's message is theirs,
        # quoted once at the end (a hostile message cannot reappear as context the next turn)
        parts = [f"coach: {json.dumps(cut(self.coach_message, 200), ensure_ascii=False)}"]
        if self.proposal is not None:
            status = "PENDING, waiting for Accept Plan" if self.pending else self.proposal_status
            parts.append(f"proposal {self.proposal_id} ({status}): {cut(self.proposal, 120)}")
        if self.memory:
            parts.append("memory written: " + "; ".join(cut(m, 60) for m in self.memory[:3]))
        return cut(" | ".join(parts), LAST_TURN_CHARS)


def render_runtime_block(
    *,
    now: dt.datetime,
    active_tab: ActiveTab,
    selected_day: Weekday | None,
    items: Iterable[MemoryItem],
    plan: WeeklyPlan | None,
    message: str,
    plan_line: str | None = None,
    last_turn: LastTurn | None = None,
) -> str:
    """The block for one turn, line by line as in the spec (R29); expired items are left out (R28).
    Memory gets what the plan and the message leave of `MAX_RUNTIME_BLOCK_CHARS` (at most
    `MAX_MEMORY_CHARS`); the least important memory lines go first.

    `plan_line` is `render_plan(plan)` when the caller already has it (`render_plan_document`)."""
    now = ensure_utc(now)
    head = [
        BLOCK_HEADER,
        f"CURRENT TIMESTAMP: {isoformat_z(now)}",
        f"CURRENT DATE: {Weekday.of(now.date()).display}, {now.date().isoformat()}",
        f"ACTIVE TAB: {active_tab}",
        f"SELECTED DAY IN ROUTE: {selected_day.value if selected_day is not None else 'null'}",
        "ACTIVE USER MEMORY PROFILE (Unexpired Only):",
    ]
    tail = [
        "ACTIVE WEEKLY TRAINING PLAN:",
        render_plan(plan) if plan_line is None else plan_line,
        *(["LAST TURN:", last_turn.line()] if last_turn is not None else []),
        MESSAGE_HEADER,
        quote_message(message),
    ]
    fixed = len("\n".join(head + tail)) + 1  # the newline joining memory to the rest
    budget = min(MAX_MEMORY_CHARS, MAX_RUNTIME_BLOCK_CHARS - fixed)
    return "\n".join([*head, *memory_lines(items, now=now, budget=budget), *tail])
