"""One turn's thinking: ask the provider, guard the answer, repair it, or fall back (issue 5).

The order is fixed: the model's own answer → one repair round with the violations → an engine
repair → the offline coach → a safe NONE reply. Whatever happens, the result is a valid reply.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Any

from fitcoach.agent.guard import GuardContext, Verdict, check_answer, check_reply, turn_profile
from fitcoach.agent.providers.base import Provider, ProviderRequest, ProviderResponse, TokenUsage, ToolRunner
from fitcoach.agent.safe_reply import cannot_change_safely
from fitcoach.contract.models import CoachReply, DayPlan, WeeklyPlan
from fitcoach.engine.edits import repair_day, repair_week
from fitcoach.errors import BadInput, ProviderError

log = logging.getLogger(__name__)


@dataclass
class BrainResult:
    reply: CoachReply
    provider: str
    model: str
    usage: TokenUsage = field(default_factory=TokenUsage)
    repairs: list[str] = field(default_factory=list)
    degraded: bool = False
    problems: list[str] = field(default_factory=list)
    """What was wrong with the primary provider's answers (diagnostics, never shown to the user)."""


def think(
    request: ProviderRequest,
    *,
    provider: Provider,
    fallback: Provider | None,
    tools: ToolRunner,
    ctx: GuardContext,
) -> BrainResult:
    problems: list[str] = []
    response = _ask(provider, request, tools, problems)
    if response is not None:
        verdict = check_answer(response.text, ctx)
        if verdict.ok:
            return _result(verdict, provider, response)
        problems.extend(verdict.problems)
        retry = replace(
            request,
            repair_feedback="\n".join(f"- {p}" for p in verdict.problems),
            previous_answer=response.text,
        )
        second = _ask(provider, retry, tools, problems)
        if second is not None:
            response = second
            verdict = check_answer(second.text, ctx)
            if verdict.ok:
                return _result(verdict, provider, second, repairs=["model repaired its answer"])
            problems.extend(verdict.problems)
        repaired = _engine_repair(verdict, ctx)
        if repaired is not None:
            result = _result(repaired, provider, response)
            result.problems = problems
            return result
    return _fall_back(request, fallback=fallback, tools=tools, ctx=ctx, primary=provider, problems=problems)


def _ask(
    provider: Provider, request: ProviderRequest, tools: ToolRunner, problems: list[str]
) -> ProviderResponse | None:
    try:
        return provider.respond(request, tools)
    except ProviderError as exc:
        problems.append(f"{exc.code}: {exc.message}")
        return None


def _engine_repair(verdict: Verdict, ctx: GuardContext) -> Verdict | None:
    """Fix what the engine can fix (invented or unavailable exercises, order, excess sets)."""
    reply = verdict.reply
    if reply is None or reply.proposal.data is None:
        return None
    proposal = reply.proposal
    profile = turn_profile(ctx, reply.memory_mutations)
    try:
        if isinstance(proposal.data, DayPlan) and proposal.target_day is not None:
            data: DayPlan | WeeklyPlan
            data, done = repair_day(
                proposal.data, proposal.target_day, profile, library=ctx.library, week=ctx.plan
            )
        elif isinstance(proposal.data, WeeklyPlan):
            data, done = repair_week(proposal.data, profile, library=ctx.library)
        else:
            return None
        notes = [f"engine {r.kind.value}: {r.detail}" for r in done]
    except BadInput as exc:
        log.info("engine could not repair the proposal: %s", exc)
        return None
    candidate = reply.model_copy(update={"proposal": proposal.model_copy(update={"data": data})})
    checked = check_reply(candidate, ctx)
    if not checked.ok:
        return None
    checked.repairs = [*verdict.repairs, *notes]
    return checked


def _fall_back(
    request: ProviderRequest,
    *,
    fallback: Provider | None,
    tools: ToolRunner,
    ctx: GuardContext,
    primary: Provider,
    problems: list[str],
) -> BrainResult:
    if fallback is not None and fallback is not primary:
        try:
            response = fallback.respond(replace(request, repair_feedback=None, previous_answer=None), tools)
            verdict = check_answer(response.text, ctx)
            if verdict.ok:
                result = _result(verdict, fallback, response)
                result.degraded, result.problems = True, problems
                return result
            problems.extend(f"fallback: {p}" for p in verdict.problems)
        except ProviderError as exc:
            problems.append(f"fallback {exc.code}: {exc.message}")
    reply = cannot_change_safely(request.turn.message, prior=request.turn.language)
    return BrainResult(
        reply=reply, provider=primary.name, model=primary.model, degraded=True, problems=problems
    )


def _result(
    verdict: Verdict, provider: Provider, response: ProviderResponse, *, repairs: list[str] | None = None
) -> BrainResult:
    assert verdict.reply is not None
    return BrainResult(
        reply=verdict.reply,
        provider=provider.name,
        model=response.model,
        usage=response.usage,
        repairs=[*(repairs or []), *verdict.repairs],
    )


def usage_dict(usage: TokenUsage) -> dict[str, Any]:
    return {
        "prompt_tokens": usage.prompt_tokens,
        "cached_tokens": usage.cached_tokens,
        "output_tokens": usage.output_tokens,
    }
