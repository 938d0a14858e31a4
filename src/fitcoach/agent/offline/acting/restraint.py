"""Restraint (issue 14): the learned reading of a message can hold back what the coach's rules
would do. When the models are sure that a message asks for no action (a question, small talk about
someone else, a "no thanks", a logged set), the turn is answered and nothing is staged or written,
whatever words it contains ("is Monday chest day?", "my wife's knee hurts", "talk to me like it's a
competition" before a tone change is read by the rules as an event).

The threshold comes from held-out writers (`fitcoach nlu train`): a "no action" reading is right at
least 97 % of the time above it."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from fitcoach.agent.offline.acting import knowledge, progression, talk
from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.agent.offline.understanding import Intent, Understanding
from fitcoach.contract.models import CoachReply
from fitcoach.nlu import Reading, models_available, read
from fitcoach.nlu.reader import ROLE_CONFIDENCE, quiet_margin

ACTING_INTENTS = frozenset(
    {
        Intent.ONBOARDING,
        Intent.WEEK_OVERHAUL,
        Intent.EVENT,
        Intent.DAY_EDIT,
        Intent.LIVE_SWAP,
        Intent.ACUTE_PAIN,
        Intent.RESOLUTION,
        Intent.TONE,
    }
)
"""Intents whose handlers stage a proposal or write memory."""

UNGATED_INTENTS = frozenset({Intent.TONE})
"""Acting intents restraint leaves to the rules: on the corpus's held-out writers the rules read a
tone or answer preference where none was asked twice in 8,771 messages, and holding back caught one
and lost one request ("keep it short please, no lectures" reads as a decline)."""

QUESTION_ACTS = frozenset({"knowledge_question", "plan_question", "progress_question", "technique_question"})
"""Acts the models answer better than the rules' one short question when the rules are unsure."""


@cache
def _shipped() -> bool:
    return models_available()


def reading(message: str, lang: str) -> Reading | None:
    """The models' reading, or None where no models ship (a source checkout before `nlu train`);
    whether they ship is looked up once per process, not on every turn."""
    if not _shipped():
        return None
    return read(message, lang)


def holds_back(found: Reading | None, u: Understanding) -> bool:
    """Whether the reading stops the rules' action. The roles of the spans weigh with the acts: pain
    only in somebody else's body never becomes the user's memory, however unsure the act is; with a
    part of the user's own body named, only a sure remark is held back (`_a_remark`), else the
    reading must clear the threshold chosen on such messages (`Reading.asks_nothing`), and a pain the
    user states in their own tagged body is never held back (`_stated_pain`). A question about a
    supposition is held back unless the models are sure of an action. A tone preference and an
    event dated only by a month far ahead are memory notes that change no plan (visible and
    removable on Me): they are left to the rules."""
    if found is None or u.intent in UNGATED_INTENTS:
        return False
    if u.has_cue("supposed") and (
        found.acts[0] in QUESTION_ACTS | REMARK_ACTS or found.confidence < found.threshold
    ):
        # "si demain j'ai plus mal au genou, je peux refaire les fentes ?", "si un jour je passais à 6
        # jours/semaine, ce serait du PPL ?": a question about a supposition is answered unless the
        # models are sure it asks for the change
        return True
    if u.intent is Intent.EVENT and u.event is not None and u.event.month_only:
        return False
    if u.intent is Intent.ACUTE_PAIN and found.roles("body_part_other") and not found.roles("body_part_self"):
        return True
    if found.roles("body_part_self") and _a_remark(found):
        return True
    if _stated_pain(found, u):
        return False
    # the user's own body: tagged by the models, or a pain the rules read in a part of the body with
    # no other person tagged ("torci o tornozelo ontem… tá inchadinho", read as small talk at 0.72
    # with no span tagged, is still an injury report held to the own-body margin)
    rules_pain = u.intent is Intent.ACUTE_PAIN and bool(u.areas) and not found.roles("body_part_other")
    return found.asks_nothing_about(own_body=bool(found.roles("body_part_self")) or rules_pain)


def _stated_pain(found: Reading, u: Understanding) -> bool:
    """A pain the user states, not asks about, in a part of their own body the models tag ("Meu
    cotovelo dói no tríceps testa hoje", read as a technique question at 0.93): a report, never held
    back (a missed injury costs more than an unasked day change). The rules stop reading a pain the
    message denies or calls healed, and a question ("is it normal my knee clicks?") is no statement."""
    own = [s for s in found.roles("body_part_self") if s.confidence >= ROLE_CONFIDENCE]
    return (
        u.intent is Intent.ACUTE_PAIN
        and "pain" in u.conditions
        and not u.has_cue("question")
        and bool(own)
        and not found.roles("body_part_other")
    )


REMARK_ACTS = frozenset({"smalltalk", "decline"})
OWN_BODY_REMARK_MARGIN = 0.5
"""A remark about the user's own body ("tendinitis last year, long healed, nothing to change"), read
as small talk or a "no need" with this margin over every action, is held back. On held-out writers
98 % of such readings were right with four writers (96 of 98 messages naming the user's own body),
97.8 % with seven (131 of 134); a question or a
logged set naming the body is still acted on ("squats done, 5x5, but my knee was achy": log + pain)."""


def _a_remark(found: Reading) -> bool:
    return (
        found.acts[0] in REMARK_ACTS
        and not found.asks_action
        and quiet_margin(found.probabilities, found.acts) >= OWN_BODY_REMARK_MARGIN
    )


def _say(situation: str) -> Callable[[Turn], CoachReply]:
    def handler(turn: Turn) -> CoachReply:
        return reply(turn, turn.say(situation))

    return handler


def _smalltalk(turn: Turn, found: Reading) -> CoachReply:
    if found.roles("body_part_other") and not found.roles("body_part_self"):
        return reply(turn, turn.say("other_person"))
    if turn.u.intent in (Intent.GREETING, Intent.THANKS, Intent.MOTIVATION):
        return talk.small_talk(turn.u.intent.value)(turn)
    return reply(turn, turn.say("nothing_changes"))


def answered_act(found: Reading) -> str:
    """What a message that asks for no action is answered as: a question read second ("Wednesday
    is rest, no?" reads as a "no" and a plan question) is answered."""
    return next((a for a in found.acts if a in QUESTION_ACTS), found.acts[0])


def book_question(found: Reading) -> bool:
    """A general training question with a topic the answer book answers."""
    return answered_act(found) == "knowledge_question" and found.topic not in (None, "other")


def _question(turn: Turn, found: Reading) -> CoachReply:
    if book_question(found):
        # the answer book's answer to the topic the model read, tailored to the user
        assert found.topic is not None
        return knowledge.knowledge(turn, found.topic)
    if found.roles("body_part_other") and not found.roles("body_part_self"):
        return reply(turn, turn.say("other_person"))
    if turn.u.exercises or turn.u.asks_why:
        return talk.technique(turn)
    return reply(turn, turn.say("answer_general"))


def answer_without_acting(turn: Turn, found: Reading) -> CoachReply:
    """The reply to a message that asks for no action: answered by what it is, nothing changed."""
    act = answered_act(found)
    if act in ("smalltalk", "decline", "confirm") and turn.plan is None and not turn.memory:
        # a newcomer's "hmm" or "hi": the welcome question, what the coach needs to start
        return talk.clarify(turn)
    if act == "progress_question":
        return progression.progression(turn)
    if act == "plan_question":
        return talk.technique(turn) if turn.u.asks_why else talk.whats_today(turn)
    if act in ("technique_question", "knowledge_question"):
        return _question(turn, found)
    if act == "confirm":
        # "yes, do it": the pending proposal's Accept Plan is the only way to apply it
        last = turn.input.last_turn
        if last is not None and last.pending:
            return _say("accept_pending")(turn)
        return talk.clarify(turn)
    if act == "log_report":
        return _say("log_noted")(turn)
    if act == "forget_memory":
        return _say("forget_all_confirm")(turn)
    if act == "decline":
        return _say("nothing_changes")(turn)
    return _smalltalk(turn, found)
