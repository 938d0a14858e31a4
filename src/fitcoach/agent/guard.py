"""The guard: nothing a model says reaches the user until it parses, fits the contract and passes
the engine against this user's memory and plan (issue 5, R30-R33, R40-R41)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from pydantic import ValidationError

from fitcoach.contract.finite import loads_finite
from fitcoach.contract.models import (
    CoachReply,
    DayPlan,
    MemoryMutation,
    ProposalType,
    Weekday,
    WeeklyPlan,
)
from fitcoach.contract.normalize import clean_raw_reply, normalize_reply
from fitcoach.engine.dayops import done_so_far
from fitcoach.engine.estimators import fill_missing_estimates
from fitcoach.engine.profile import Profile, build_profile
from fitcoach.engine.validator import validate_day, validate_week
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.memory.apply import memory_after
from fitcoach.memory.model import MemoryItem

_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)


@dataclass(frozen=True)
class GuardContext:
    """What an answer is checked against: the user's memory and plan at the start of the turn."""

    library: ExerciseLibrary
    memory: list[MemoryItem]
    plan: WeeklyPlan | None
    now: datetime
    message: str | None = None
    """The user's message: equipment merges read what it says, exactly as the store will."""
    language: str | None = None


@dataclass
class Verdict:
    """`reply` is set when the answer parsed; `problems` empty means it may be shown and staged."""

    reply: CoachReply | None
    problems: list[str] = field(default_factory=list)
    repairs: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.reply is not None and not self.problems


def week_start_of(day: date) -> date:
    return day - timedelta(days=day.weekday())


def check_answer(text: str, ctx: GuardContext) -> Verdict:
    """Parse, clean, normalise and validate one raw model answer."""
    raw = _parse_json(text)
    if isinstance(raw, str):
        return Verdict(reply=None, problems=[raw])
    try:
        reply = CoachReply.model_validate(clean_raw_reply(raw))
    except ValidationError as exc:
        return Verdict(reply=None, problems=[_describe(exc)])
    return check_reply(reply, ctx)


def check_reply(reply: CoachReply, ctx: GuardContext) -> Verdict:
    """Validate an already-parsed reply (also used after an engine repair)."""
    problems = _unknown_slugs(reply, ctx.library)
    if problems:
        return Verdict(reply=reply, problems=problems)
    proposal = reply.proposal
    if proposal.type is ProposalType.UPDATE_DAY and ctx.plan is None:
        return Verdict(reply=reply, problems=["UPDATE_DAY needs an active plan; there is none yet"])
    repairs: list[str] = []
    week_start = ctx.plan.week_start_date if ctx.plan is not None else week_start_of(ctx.now.date())
    if isinstance(proposal.data, WeeklyPlan):
        week_start = _acceptable_week_start(proposal.data.week_start_date, ctx)
        if week_start != proposal.data.week_start_date:
            repairs.append(f"week_start_date {proposal.data.week_start_date} → {week_start}")
    normalized = _with_estimates(
        normalize_reply(reply, library=ctx.library, week_start=week_start, plan=ctx.plan), ctx.library
    )
    violations: list[str] = []
    if normalized.proposal.data is not None:
        # Most turns propose nothing: no plan to check, so no profile to build.
        violations = proposal_problems(normalized, turn_profile(ctx, normalized.memory_mutations), ctx)
    return Verdict(reply=normalized, problems=violations, repairs=repairs)


def proposal_problems(reply: CoachReply, profile: Profile, ctx: GuardContext) -> list[str]:
    """Engine violations (errors only) of the proposal, as short human-readable lines."""
    proposal = reply.proposal
    if isinstance(proposal.data, DayPlan) and proposal.target_day is not None:
        week = _week_with_day(ctx.plan, proposal.target_day, proposal.data, ctx.now)
        report = validate_day(proposal.data, proposal.target_day, profile, library=ctx.library, week=week)
    elif isinstance(proposal.data, WeeklyPlan):
        report = validate_week(proposal.data, profile, library=ctx.library)
    else:
        return []
    return [_violation_line(v.to_dict()) for v in report.errors]


def turn_profile(ctx: GuardContext, mutations: list[MemoryMutation]) -> Profile:
    """The profile the proposal must respect: memory before the turn plus what this turn states.

    A user who says "I only have dumbbells" in the same message as the request must not get a
    barbell plan because the memory write happens after the guard. The memory rules themselves
    (defaults, dedup, rejected ids) decide what the turn's mutations become, exactly as the write
    will, so the guard never trusts a mutation the store would refuse.
    """
    after = memory_after(ctx.memory, mutations, now=ctx.now, message=ctx.message, language=ctx.language)
    return build_profile(after, ctx.now)


def _with_estimates(reply: CoachReply, library: ExerciseLibrary) -> CoachReply:
    """Fill the duration, volume, muscle focus and week summary a model left out (Gemini's lean
    schema does not ask for them, `wire_schema.SERVER_OWNED`), so every reply carries them (R33)."""
    data = reply.proposal.data
    if data is None:
        return reply
    filled = fill_missing_estimates(data, library)
    if filled is data:
        return reply
    return reply.model_copy(update={"proposal": reply.proposal.model_copy(update={"data": filled})})


def _parse_json(text: str) -> dict[str, Any] | str:
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1)
    try:
        raw = loads_finite(text)
    except (ValueError, RecursionError) as exc:
        return f"the answer is not valid JSON ({exc.__class__.__name__}: {str(exc)[:120]})"
    if not isinstance(raw, dict):
        return "the answer must be one JSON object"
    return raw


def _unknown_slugs(reply: CoachReply, library: ExerciseLibrary) -> list[str]:
    data = reply.proposal.data
    days: list[DayPlan] = []
    if isinstance(data, DayPlan):
        days = [data]
    elif isinstance(data, WeeklyPlan):
        days = list(data.days.values())
    unknown = sorted({slug for day in days for slug in day.slugs() if slug not in library})
    if not unknown:
        return []
    return [f"unknown exercise_id(s) {', '.join(unknown)}: use only slugs from the exercise index"]


def _acceptable_week_start(proposed: date, ctx: GuardContext) -> date:
    """A proposed week starts on this week's Monday or next week's; anything else is moved here."""
    this_week = week_start_of(ctx.now.date())
    if proposed in (this_week, this_week + timedelta(days=7)):
        return proposed
    if ctx.plan is not None and proposed == ctx.plan.week_start_date:
        return proposed
    return this_week


def _week_with_day(
    plan: WeeklyPlan | None, weekday: Weekday, day: DayPlan, now: datetime
) -> WeeklyPlan | None:
    """The week the day joins, as trained so far: a past session never logged (R38 marks logged
    days completed) holds no recovery back, so a make-up session may follow a missed day."""
    if plan is None:
        return None
    week = done_so_far(plan, now.date())
    return week.model_copy(update={"days": {**week.days, weekday: day}})


def _violation_line(violation: dict[str, Any]) -> str:
    where = " ".join(
        f"{key}={violation[key]}" for key in ("day", "block", "exercise_id") if violation.get(key) is not None
    )
    return f"[{violation.get('code')}] {violation.get('message')}" + (f" ({where})" if where else "")


def _describe(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors()[:8]:
        location = ".".join(str(part) for part in error["loc"])
        parts.append(f"{location}: {error['msg']}")
    return "the answer does not fit the contract: " + "; ".join(parts)
