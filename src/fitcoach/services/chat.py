"""The chat turn behind `POST /api/coach/chat` (R2, R27, R29-R32, issue 5).

Read the user's active memory and plan → assemble the prompt → let the brain answer (tools on
demand) → guard it → in ONE transaction apply the memory mutations, stage the proposal, learn the
user's weight unit from their message when they have none yet, and record the turn → return the
contract plus `meta`. The stored plan is never written here (R42).
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Literal

from sqlalchemy.orm import Session, sessionmaker

from fitcoach.agent.brain import BrainResult, think, usage_dict
from fitcoach.agent.guard import GuardContext
from fitcoach.agent.prompt import static_prefix
from fitcoach.agent.providers.base import ProviderRequest, TurnInput
from fitcoach.agent.tool_runner import AnalyticsToolRunner
from fitcoach.clock import Clock, ensure_utc
from fitcoach.contract.models import ActiveTab, CoachReply, ProposalType, Weekday, WeeklyPlan
from fitcoach.contract.nul import without_nul
from fitcoach.errors import NotFound
from fitcoach.languages.numbers import stated_unit
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.memory.context import LastTurn, render_plan_document, render_runtime_block
from fitcoach.memory.events import Actor
from fitcoach.services.brains import Brains
from fitcoach.services.memory import apply_turn_mutations
from fitcoach.storage.chat import add_chat_turn, list_chat_turns
from fitcoach.storage.ids import new_id
from fitcoach.storage.memory_repo import load_active_items
from fitcoach.storage.plans import get_active_document
from fitcoach.storage.proposals import get_proposal, stage_proposal, supersede_staged
from fitcoach.storage.users import learn_units

AfterWrite = Callable[[Session], None]
"""Test seam for atomicity: runs inside the turn's transaction after every write, before commit."""


@dataclass(frozen=True)
class ChatInput:
    message: str
    active_tab: ActiveTab
    selected_day: Weekday | None
    language: str | None = None
    """The user's stored language (None until they pick one): the prior for reading the message and
    the language remembered facts are written in."""
    units: str | None = None
    """The user's stored weight unit ("kg", "lb"), None until picked or learned."""


@dataclass(frozen=True)
class TurnMeta:
    """How a turn was answered (diagnostics for people and dashboards; the API's `TurnMeta` documents
    each field). Free of NUL: it quotes the model, and PostgreSQL cannot store NUL."""

    turn_id: str
    provider: str
    model: str
    path: Literal["fast", "tool"]
    tools_called: list[dict[str, Any]]
    latency_ms: float
    tokens: dict[str, int | None]
    repairs: list[str]
    degraded: bool
    memory: dict[str, Any]
    """`MutationPlan.diagnostics()`: the mutations rejected, merged or clamped, with reasons."""

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class TurnResult:
    """One answered turn: the reply as stored (proposal id, mutations as applied) and its meta."""

    reply: CoachReply
    meta: TurnMeta

    def body(self) -> dict[str, Any]:
        """The chat response as JSON: the contract's three fields plus `meta`."""
        return {**self.reply.model_dump(mode="json"), "meta": self.meta.as_json()}


LAST_TURN_WINDOW = dt.timedelta(hours=6)
"""A previous turn older than this is another conversation: it is not given as context."""


def last_turn(session: Session, *, user_id: str, now: dt.datetime) -> LastTurn | None:
    """The user's previous turn as context for this one: the coach's reply, the proposal it staged
    and that proposal's status now (still pending or decided), the memory it wrote."""
    rows = list_chat_turns(session, user_id=user_id, limit=1)
    if not rows or not rows[-1].reply:
        return None
    row = rows[-1]
    at = ensure_utc(row.created_at)
    if now - at > LAST_TURN_WINDOW:
        return None
    reply: dict[str, Any] = row.reply or {}
    proposal: dict[str, Any] = reply.get("proposal") or {}
    status = summary = None
    if row.proposal_id is not None:
        try:
            status = get_proposal(session, user_id=user_id, proposal_id=row.proposal_id).status
        except NotFound:
            status = None
        day = f" {proposal['target_day']}" if proposal.get("target_day") else ""
        summary = f"{proposal.get('type')}{day}: {proposal.get('summary_diff') or ''}"
    memory = []
    for mutation in reply.get("memory_mutations") or []:
        entry = mutation.get("entry") or {}
        what = entry.get("fact") or entry.get("body_part") or entry.get("event") or ""
        memory.append(f"{mutation.get('operation')} {mutation.get('target_tier')}: {what}".strip())
    return LastTurn(
        user_message=row.message,
        coach_message=str(reply.get("message") or ""),
        at=at,
        proposal_id=row.proposal_id,
        proposal=summary,
        proposal_status=status,
        memory=memory,
    )


def run_turn(
    sessions: sessionmaker[Session],
    *,
    user_id: str,
    chat: ChatInput,
    clock: Clock,
    brains: Brains,
    library: ExerciseLibrary,
    after_write: AfterWrite | None = None,
) -> TurnResult:
    started = time.perf_counter()
    now = clock.now()
    with sessions() as session:
        memory = load_active_items(session, user_id=user_id, now=now)
        active = get_active_document(session, user_id=user_id)
        version, document = active if active is not None else (None, None)
        # Parsed afresh every turn (the guard and the tools get their own mutable copy); only the
        # rendering, a pure function of the stored text, is cached.
        plan = WeeklyPlan.model_validate_json(document) if document is not None else None
        previous = last_turn(session, user_id=user_id, now=now)
        turn = TurnInput(
            message=chat.message,
            now=now,
            active_tab=chat.active_tab,
            selected_day=chat.selected_day,
            memory=memory,
            plan=plan,
            library=library,
            plan_version=version,
            language=chat.language,
            last_turn=previous,
            units=chat.units,
        )
        block = render_runtime_block(
            now=now,
            active_tab=chat.active_tab,
            selected_day=chat.selected_day,
            items=memory,
            plan=plan,
            message=chat.message,
            plan_line=render_plan_document(document) if document is not None else None,
            last_turn=previous,
        )
        # The read phase wrote nothing. Release its connection before the model thinks (seconds, up
        # to the LLM timeout): held, a few slow turns would drain the pool for every other request.
        session.rollback()
        runner = AnalyticsToolRunner(session=session, user_id=user_id, now=now)
        request = ProviderRequest(prefix=static_prefix(library), runtime_block=block, turn=turn)
        ctx = GuardContext(
            library=library, memory=memory, plan=plan, now=now, message=chat.message, language=chat.language
        )
        result = think(request, provider=brains.provider, fallback=brains.fallback, tools=runner, ctx=ctx)
        session.rollback()  # a tool call may have begun a read; release it before writing
    return _commit_turn(
        sessions,
        user_id=user_id,
        chat=chat,
        now_clock=clock,
        result=result,
        base_version=version,
        tools_called=runner.calls,
        started=started,
        after_write=after_write,
    )


def _commit_turn(
    sessions: sessionmaker[Session],
    *,
    user_id: str,
    chat: ChatInput,
    now_clock: Clock,
    result: BrainResult,
    base_version: int | None,
    tools_called: list[dict[str, Any]],
    started: float,
    after_write: AfterWrite | None,
) -> TurnResult:
    now = now_clock.now()
    turn_id = new_id("turn")
    reply = result.reply
    unit = stated_unit(chat.message)
    with sessions.begin() as session:
        # Takes the user's write lock first, which learn_units below relies on.
        memory_plan = apply_turn_mutations(
            session,
            user_id=user_id,
            mutations=reply.memory_mutations,
            now=now,
            turn_id=turn_id,
            actor=Actor.AGENT,
            message=chat.message,
            language=chat.language,
        )
        if unit is not None:
            learn_units(session, user_id=user_id, unit=unit)
        proposal = reply.proposal
        proposal_id: str | None = None
        if proposal.type is not ProposalType.NONE:
            supersede_staged(
                session, user_id=user_id, type=proposal.type, target_day=proposal.target_day, now=now
            )
            proposal_id = stage_proposal(
                session,
                user_id=user_id,
                proposal=proposal,
                now=now,
                turn_id=turn_id,
                base_version=base_version,
            )
        final = CoachReply(
            message=reply.message,
            proposal=proposal.model_copy(update={"id": proposal_id}),
            memory_mutations=memory_plan.applied,
            suggested_edits=reply.suggested_edits if proposal.type is ProposalType.NONE else [],
        )
        # Diagnostics quote the model (tool arguments, the slugs it invented): without NUL, which
        # PostgreSQL cannot store; the reply itself was cleaned before it was parsed.
        meta = TurnMeta(
            turn_id=turn_id,
            provider=without_nul(result.provider),
            model=without_nul(result.model),
            path="tool" if tools_called else "fast",
            tools_called=without_nul(tools_called),
            latency_ms=round((time.perf_counter() - started) * 1000, 2),
            tokens=usage_dict(result.usage),
            repairs=without_nul(result.repairs),
            degraded=result.degraded,
            memory=without_nul(memory_plan.diagnostics()),
        )
        problems = without_nul(result.problems)
        body = final.model_dump(mode="json")
        add_chat_turn(
            session,
            user_id=user_id,
            now=now,
            message=chat.message,
            active_tab=chat.active_tab,
            selected_day=chat.selected_day.value if chat.selected_day else None,
            reply=body,
            meta={**meta.as_json(), "problems": problems},
            proposal_id=proposal_id,
            turn_id=turn_id,
        )
        if after_write is not None:
            after_write(session)
    return TurnResult(reply=final, meta=meta)
