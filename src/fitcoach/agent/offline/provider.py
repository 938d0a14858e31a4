"""The offline coach as a provider (issue 6): deterministic, no network, the default brain and the
fallback when an LLM fails. It answers with the same JSON contract and calls the same tools."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from fitcoach.agent.offline.acting import (
    arbiter,
    days,
    equipment,
    knowledge,
    progression,
    reshape,
    restraint,
    swaps,
    talk,
    weeks,
)
from fitcoach.agent.offline.acting import memory as memory_ops
from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.agent.offline.answering import limit_sentences
from fitcoach.agent.offline.understanding import Intent, Understanding, understand
from fitcoach.agent.offline.understanding.chips import CHIP_FEATURE
from fitcoach.agent.providers.base import ProviderRequest, ProviderResponse, TokenUsage, ToolRunner, TurnInput
from fitcoach.agent.providers.registry import ProviderOptions
from fitcoach.contract.models import CoachReply, Tier1Entry, Tone, Verbosity, Weekday
from fitcoach.errors import FitcoachError
from fitcoach.memory.forget import asks_to_forget_everything
from fitcoach.nlu import Reading

Handler = Callable[[Turn], CoachReply]

HANDLERS: dict[Intent, Handler] = {
    Intent.ONBOARDING: weeks.onboarding,
    Intent.WEEK_OVERHAUL: weeks.overhaul,
    Intent.EVENT: weeks.event,
    Intent.DAY_EDIT: days.day_edit,
    Intent.LIVE_SWAP: swaps.swap,
    Intent.ACUTE_PAIN: days.pain,
    Intent.PROGRESSION: progression.progression,
    Intent.TECHNIQUE: talk.technique,
    Intent.RESOLUTION: talk.resolution,
    Intent.TONE: talk.tone,
    Intent.GREETING: talk.small_talk("greeting"),
    Intent.THANKS: talk.small_talk("thanks"),
    Intent.MOTIVATION: talk.small_talk("motivation"),
    Intent.WHATS_TODAY: talk.whats_today,
    Intent.UNKNOWN: talk.clarify,
}

EQUIPMENT_INTENTS = frozenset(
    {Intent.ONBOARDING, Intent.WEEK_OVERHAUL, Intent.DAY_EDIT, Intent.LIVE_SWAP, Intent.UNKNOWN}
)
"""Turns an equipment change re-plans; pain, events and questions keep their own handlers."""

ADDS_TO_A_DAY = frozenset({Intent.UNKNOWN, Intent.WEEK_OVERHAUL, Intent.LIVE_SWAP, Intent.DAY_EDIT})
"""Readings a request to add a named exercise to a day takes over (the rules read "adiciona … na
sexta" as adding a Friday session, the models were unsure of "add face pulls on friday")."""

CORRECTION_KEEPS = frozenset({Intent.ACUTE_PAIN, Intent.EVENT, Intent.TONE, Intent.RESOLUTION})
"""Turns whose own handler wins over an equipment correction in the same message."""

SENTENCE_LIMITS: dict[Intent, int] = {
    Intent.LIVE_SWAP: 2,
    Intent.DAY_EDIT: 3,
    Intent.ACUTE_PAIN: 3,
    Intent.RESOLUTION: 3,
    Intent.TONE: 3,
    Intent.GREETING: 3,
    Intent.THANKS: 3,
    Intent.MOTIVATION: 3,
    Intent.WHATS_TODAY: 3,
    Intent.UNKNOWN: 2,
}
"""R8/R44: brief by default, a live swap under two sentences; weeks, progress reviews and asked-for
explanations may run longer."""


def stored_tone(turn: TurnInput) -> Tone | None:
    for item in turn.memory:
        entry = item.entry
        if isinstance(entry, Tier1Entry) and entry.category == "preference" and entry.tone is not None:
            return entry.tone
    return None


def stored_verbosity(turn: TurnInput) -> Verbosity | None:
    for item in turn.memory:
        entry = item.entry
        if isinstance(entry, Tier1Entry) and entry.category == "preference" and entry.verbosity is not None:
            return entry.verbosity
    return None


def _verbosity(u: Understanding) -> Verbosity | None:
    return "brief" if "brief" in u.preferences else "detailed" if "detailed" in u.preferences else None


KNOWLEDGE_SENTENCES = 4
"""A general question's answer: the core with its numbers, plus one sentence on the user's plan or
numbers and one on their goal, read between sets."""

BRIEF_SENTENCES = 3
"""A user who asked for short answers (R7, R44) gets at most three sentences, whatever the turn."""


def coach_turn(turn: TurnInput, tools: ToolRunner) -> CoachReply:
    """Understand the message, act through the engine and memory rules, answer in the user's language."""
    if isinstance(turn.selected_day, str):  # a raw route value from a client or a case file
        turn = replace(turn, selected_day=Weekday(turn.selected_day))
    active = [item for item in turn.memory if item.is_active(turn.now)]

    def read(message: str) -> Understanding:
        return understand(
            message,
            now=turn.now,
            active_tab=turn.active_tab,
            selected_day=turn.selected_day,
            memory=active,
            has_plan=turn.plan is not None,
            library=turn.library,
            language=turn.language,
        )

    u = read(turn.message)
    last = turn.last_turn
    if u.intent is Intent.UNKNOWN and last is not None and last.asked and not last.pending:
        # an answer to the coach's own question ("how many days a week?" → "4, Mon to Thu") is read
        # with the request that question was about
        completed = read(f"{last.user_message}\n{turn.message}")
        if completed.intent is not Intent.UNKNOWN:
            u, turn = completed, replace(turn, message=f"{last.user_message}\n{turn.message}")
    # a tapped chip is the coach's own exact edit: no model second-guesses it
    found = None if CHIP_FEATURE in u.features else restraint.reading(turn.message, u.lang)
    trained = frozenset(turn.plan.training_days()) if turn.plan is not None else None
    u = arbiter.read_with_models(u, found, turn.message, turn.now, trained)
    week_level = u.days_per_week is not None or len({d.weekday for d in u.days if d.relative is None}) > 1
    if (
        u.intent in ADDS_TO_A_DAY
        and not (u.intent is Intent.WEEK_OVERHAUL and week_level)
        and turn.plan is not None
        and u.target_day in turn.plan.days
        and reshape.exercises_to_add(u, found, turn.plan.days[u.target_day])
    ):
        # "add face pulls on Friday": a named lift into that day, not a new day nor a swap
        u = replace(u, intent=Intent.DAY_EDIT)
    context = Turn(
        turn,
        u,
        turn.library,
        tools,
        tone=u.tone or stored_tone(turn),
        verbosity=_verbosity(u) or stored_verbosity(turn),
        reading=found,
    )
    # "I sold my bench", "comprei um rack": whatever the message asks next, the week must be
    # rebuilt with what the user now owns (R17)
    handler = HANDLERS[u.intent]
    if asks_to_forget_everything(turn.message):
        # never a rewrite of memory: the user confirms in the Me tab (DELETE /api/memory)
        return reply(context, context.say("forget_all_confirm"))
    if (topic := knowledge.general_topic(context)) is not None and not arbiter.other_question(found):
        # a question gets an answer: no proposal, no memory write, whatever else its words name
        answer = knowledge.knowledge(context, topic)
        cap = BRIEF_SENTENCES if context.verbosity == "brief" else KNOWLEDGE_SENTENCES
        answer.message = limit_sentences(answer.message, cap)
        return answer
    if restraint.holds_back(found, u):
        assert found is not None
        # the message asks for nothing: whatever words it contains, answer it and change nothing
        if (
            u.intent in restraint.ACTING_INTENTS
            or (u.intent is Intent.UNKNOWN and found.acts[0] in restraint.QUESTION_ACTS)
            or _book_answers(found, u)
        ):
            answer = restraint.answer_without_acting(context, found)
            if restraint.answered_act(found) == "knowledge_question":
                cap = BRIEF_SENTENCES if context.verbosity == "brief" else KNOWLEDGE_SENTENCES
                answer.message = limit_sentences(answer.message, cap)
                return answer
            return _limited(context, u, answer)
        return _limited(context, u, handler(context))
    if equipment.closes_gym(context):
        handler = equipment.gym_closed
    elif u.intent not in CORRECTION_KEEPS and equipment.corrects_equipment(context):
        handler = equipment.corrected
    elif (
        u.intent in EQUIPMENT_INTENTS
        or (u.intent not in CORRECTION_KEEPS and equipment.models_read_gear(context))
    ) and equipment.changes_equipment(context):
        handler = equipment.replan
    try:
        answer = handler(context)
    except FitcoachError:
        # the engine refused (no valid alternative, a day that cannot shrink): say so, change nothing
        answer = reply(context, context.say("edit_failed"))
    if u.intent is not Intent.ONBOARDING and (goal := memory_ops.goal_change(context)) is not None:
        update = context.say("goal_updated", goal=context.word(f"goal_{u.goal_type}"))
        # "меняю цель: хочу силу… объём уже надоел": the news is the goal, not a question about no lift
        if u.intent is Intent.UNKNOWN or (u.intent in arbiter.QUESTIONS and not u.exercises):
            answer = reply(context, update)
        else:
            answer.message = f"{answer.message}{context.sentence_gap()}{update}"
        answer.memory_mutations.append(goal)
    if u.intent is not Intent.TONE:
        preferences = [memory_ops.preference(context, u.tone)] if u.tone is not None else []
        preferences += [memory_ops.answer_preference(context, key) for key in u.preferences]
        answer.memory_mutations.extend(p for p in preferences if p is not None)
    return _limited(context, u, answer)


def _book_answers(found: Reading, u: Understanding) -> bool:
    """A general question the models read with its topic, and nothing else, gets the book's answer
    to it, whatever handler the rules' words pointed to ("how many hard sets for shoulders have I
    been doing per week?" is weekly volume, not a technique question). One that also asks about the
    user's own logs is the rules' progress review, and a warning sign (dizziness in a set) is
    answered with its safety warning first."""
    return (
        restraint.book_question(found)
        and len(found.acts) == 1
        and u.intent is not Intent.PROGRESSION
        and not u.problems
    )


def _limited(context: Turn, u: Understanding, answer: CoachReply) -> CoachReply:
    limit = SENTENCE_LIMITS.get(u.intent)
    detailed = u.asks_why or context.tone == "deep_science" or context.verbosity == "detailed"
    if u.intent is Intent.TECHNIQUE and not detailed:
        limit = 3
    if context.verbosity == "brief":
        limit = min(limit or BRIEF_SENTENCES, BRIEF_SENTENCES)
    if limit is not None:
        answer.message = limit_sentences(answer.message, limit)
    return answer


class OfflineProvider:
    """`Provider` protocol: the reply is the contract's JSON text; tools go through the runner."""

    name = "offline"
    model = "offline-coach-1"

    def respond(self, request: ProviderRequest, tools: ToolRunner) -> ProviderResponse:
        answer = coach_turn(request.turn, tools)
        return ProviderResponse(
            text=answer.model_dump_json(exclude_none=False),
            model=self.model,
            usage=TokenUsage(),
            cache_hit=None,
        )


def make_offline_provider(options: ProviderOptions) -> OfflineProvider:
    """The registry's entry point (`fitcoach.providers` in pyproject.toml); it needs no settings."""
    del options
    return OfflineProvider()
