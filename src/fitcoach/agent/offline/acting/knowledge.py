"""General training questions (request type 8's knowledge side): "how many sets a week for chest?",
"should I train to failure?", "how much protein?". The answer comes from the answer book, tailored
to the user's goal, units and current week; it is a conversation turn, never a proposal or a
memory write."""

from __future__ import annotations

from fitcoach.agent.offline.acting.progression import volume_line
from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.agent.offline.acting.writing import preference_key
from fitcoach.agent.offline.answering.book import AnswerContext, Unit, answer
from fitcoach.agent.offline.understanding import Intent
from fitcoach.agent.offline.understanding.topics import TopicReading, read_topic
from fitcoach.contract.models import CoachReply, Tier, Tier1Entry
from fitcoach.engine.bodyparts import AREA_GROUP
from fitcoach.engine.estimators import direct_sets, fractional_sets
from fitcoach.facts.model import BodyArea
from fitcoach.library.models import MuscleGroup

ANSWERED_INTENTS = frozenset(
    {Intent.TECHNIQUE, Intent.UNKNOWN, Intent.GREETING, Intent.THANKS, Intent.MOTIVATION}
)
"""Turns that change nothing anyway: a topic named in them is the question."""

ASKED_INTENTS = frozenset(
    {
        Intent.ONBOARDING,
        Intent.PROGRESSION,
        Intent.ACUTE_PAIN,
        Intent.WEEK_OVERHAUL,
        Intent.DAY_EDIT,
        Intent.EVENT,
    }
)
"""Turns that would act, overruled only by a question with nothing in it that is the user's own
news or request: a phrase that asks the general question itself ("does soreness mean…", "what is
a deload"), or, before any plan exists, a question naming a topic."""

PROGRESS_CUES = frozenset({"past", "record", "plateau"})
"""A question about the user's own logged numbers ("how many sets did I do", "my PR") is a progress
review, not a general question."""

STATEMENT_CUES = frozenset({"goal_change"})
"""A goal changed: the user's news, whatever topic its words name."""

NEWS_FEATURES = frozenset(
    {
        "has:set_log",
        "has:one_day",
        "has:multi_days",
        "has:relative_day",
        "has:today",
        "has:gear",
        "has:unavailable_gear",
        "has:days_count",
        "has:duration",
        "has:event",
    }
)
"""Entities that make a message the user's news or request: days, gear, a schedule, an event."""


def general_topic(turn: Turn) -> str | None:
    """The topic when the message asks a general training question, else None.

    A stand-in for the act classifier of issue 14: the one place that decides "knowledge question"."""
    u = turn.u
    reading = read_topic(turn.input.message, u.lang)
    if reading.topic is None or reading.own:
        return None
    if u.intent in ANSWERED_INTENTS and (reading.asked or u.has_cue("question")):
        # a statement naming a topic ("my goal is to lose fat now") is news, not a question
        return None if u.cues & STATEMENT_CUES else reading.topic
    if u.intent not in ASKED_INTENTS or reading.requested or _own_news(turn, reading):
        return None
    if reading.asked:
        return reading.topic
    # before any plan, a question naming a topic is the question, even with a goal word in it (a
    # progress question naming only a topic, "肩膀的總組數是多少？", is about the user's own logs)
    return reading.topic if u.intent is Intent.ONBOARDING and u.has_cue("question") else None


def _own_news(turn: Turn, reading: TopicReading) -> bool:
    """The user's own state, logs, days, gear or events are in the message: news, not a question."""
    u = turn.u
    # "is training 3 times a week enough?": a count inside the question is no schedule
    news = NEWS_FEATURES - {"has:days_count"} if reading.asked else NEWS_FEATURES
    return bool(
        # a pain word inside a soreness word (zh 痠痛) is the soreness the question is about
        ("pain" in u.conditions and "soreness" not in u.conditions)
        or u.hurt_areas
        or u.afflicted_areas
        or (u.loads and reading.topic != "protein")
        or u.features & news
        or u.cues & STATEMENT_CUES
        # a progress question naming a lift or looking back ("should I add weight to my bench?")
        or (u.intent is Intent.PROGRESSION and (u.exercises or u.cues & PROGRESS_CUES))
        # "the last 3 weeks" looks back at the user's own logs; "a week" (zh 一週) is a rate
        or (u.weeks_back or 0) > 1
    )


LOGGED_TOPICS = frozenset({"weekly_volume"})
"""Topics the user's own logs answer beside the book: "how many sets a week for shoulders?" is also
"how many have I been doing?" (get_volume_trends), said first."""


def knowledge(turn: Turn, topic: str) -> CoachReply:
    """The book's answer to `topic`, tailored; a conversational reply with no proposal or memory."""
    book = answer(topic, turn.lang, answer_context(turn, topic))
    return reply(turn, " ".join(part for part in (_logged(turn, topic), book) if part))


def _logged(turn: Turn, topic: str) -> str:
    """The user's logged weekly sets for the muscle the question names, when they have logs."""
    group, _ = _muscle(turn)
    if topic not in LOGGED_TOPICS or group is None:
        return ""
    trends = turn.tools.call("get_volume_trends", {"muscle_group": group.value, "weeks_back": 4})
    # a newcomer with no logged sets of that muscle gets the book alone (`volume_line` says nothing)
    return "" if "error" in trends else volume_line(turn, trends, group)


def answer_context(turn: Turn, topic: str) -> AnswerContext:
    """What the book may tailor with: the goal on record, the user's unit, the muscle the question
    names and what the current week gives it, and a body weight the question states."""
    group, muscle = _muscle(turn)
    weekly: float | None = None
    days: int | None = None
    if group is not None and turn.plan is not None:
        week = [turn.plan.days[d] for d in turn.plan.training_days()]
        weekly = sum(fractional_sets(day, turn.library).get(group, 0.0) for day in week)
        days = sum(1 for day in week if direct_sets(day, turn.library).get(group, 0) > 0)
    weight = turn.u.loads[0] if topic == "protein" and len(turn.u.loads) == 1 else None
    return AnswerContext(
        # "rest for strength?", "cardio to lose fat?": the goal the question names, else the record's
        goal=_named_goal(turn, topic) or _goal(turn),
        units=_units(turn),
        muscle=muscle,
        weekly_sets=weekly,
        muscle_days=days,
        body_weight_kg=None if weight is None else weight.pounds / 2.20462,
        body_weight_text=None if weight is None else f"{weight.value:g} {turn.word(weight.unit)}",
    )


def _muscle(turn: Turn) -> tuple[MuscleGroup | None, str | None]:
    for key in turn.u.areas:
        group = AREA_GROUP.get(BodyArea(key)) if key in set(BodyArea) else None
        if group is not None:
            return group, turn.word(key)
    return None, None


def _named_goal(turn: Turn, topic: str) -> str | None:
    """The goal the question itself names: "rest for strength?", "cardio to lose fat?"."""
    if turn.u.goal_named in ("hypertrophy", "strength", "fat_loss"):
        return turn.u.goal_named
    named = read_topic(turn.input.message, turn.u.lang).named
    return "fat_loss" if topic != "fat_loss" and "fat_loss" in named else None


def _goal(turn: Turn) -> str | None:
    """The goal on record: its stored type, else what its wording names."""
    for item in turn.items(Tier.STAPLES, "goal"):
        entry = item.entry
        if isinstance(entry, Tier1Entry):
            if entry.goal_type in ("hypertrophy", "strength", "fat_loss", "general"):
                return entry.goal_type
            return turn.profile().goal.type.value
    return None


def _units(turn: Turn) -> Unit | None:
    """The user's unit: their setting, else a unit preference on record or in this message, else
    the unit of a weight they wrote in this message."""
    if turn.input.units in ("kg", "lb"):
        return "kg" if turn.input.units == "kg" else "lb"
    keys = list(turn.u.preferences)
    stored = turn.items(Tier.STAPLES, "preference")
    keys += [
        key
        for item in stored
        if isinstance(item.entry, Tier1Entry) and (key := preference_key(item.entry.fact)) is not None
    ]
    for key in keys:
        if key in ("units_kg", "units_lb"):
            return "kg" if key == "units_kg" else "lb"
    units = {load.unit for load in turn.u.loads}
    return units.pop() if len(units) == 1 else None
