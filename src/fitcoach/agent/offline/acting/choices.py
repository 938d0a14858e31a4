"""The coach's one short question when it is unsure, with the two or three likely requests as
tappable choices (issue 14 item 4, R34). Each choice is a message in the user's language that the
coach acts on when it is sent back (tests/agent/test_choices.py sends every kind in every language).

The choices are ranked by the learned reading's act probabilities when the models ship, else by what
the message names; each is filled from the message and the plan (the day it names, the exercise, the
area, the minutes), never from one example."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from fitcoach.agent.offline.acting.areas import index_groups
from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.contract.models import MAX_CHOICES, CoachReply, Weekday
from fitcoach.engine.suggestions import EditKind, SuggestedEdit

DEFAULT_ORDER = (
    "swap_exercise",
    "report_pain",
    "edit_day",
    "technique_question",
    "progress_question",
    "plan_question",
    "plan_week",
)
"""Without a reading: what the message names comes first (an exercise, an area, a day)."""

SHORTEST_CHOICE = 20
"""A shorter session offered as a choice is never under 20 minutes."""


def _day(turn: Turn) -> Weekday | None:
    """The day the message is about: the one it names, the one the client shows, else today's
    session, else the next planned one."""
    u = turn.u
    named = u.target_day or (u.days[0].weekday if u.days else None) or turn.input.selected_day
    if named is not None and not _is_past(turn, named):
        return named
    if turn.plan is None:
        return None
    today = Weekday.of(turn.now.date())
    order = [*Weekday][[*Weekday].index(today) :]
    return next((d for d in order if (day := turn.plan_day(d)) is not None and not day.is_rest_day), None)


def _exercise(turn: Turn) -> str | None:
    named = turn.exercises_named(_day(turn))
    if named:
        return named[0]
    return None


def _day_of(turn: Turn, slug: str) -> Weekday | None:
    """The day whose session holds the exercise: the day in question first, then the week's order."""
    assert turn.plan is not None
    first = _day(turn)
    order = [first, *Weekday] if first is not None else [*Weekday]
    return next((d for d in order if (day := turn.plan_day(d)) is not None and slug in day.slugs()), None)


def _is_past(turn: Turn, weekday: Weekday) -> bool:
    """A day of the plan's week already over: no choice offers to change it."""
    day = turn.plan_day(weekday)
    return day is not None and day.date is not None and day.date < turn.now.date()


def _shorter_minutes(turn: Turn, weekday: Weekday) -> int | None:
    day = turn.plan_day(weekday)
    if day is None or day.is_rest_day:
        return None
    if turn.u.minutes and SHORTEST_CHOICE <= turn.u.minutes < day.duration_minutes:
        return turn.u.minutes
    if day.duration_minutes <= SHORTEST_CHOICE + 5:
        return None
    return max(SHORTEST_CHOICE, (day.duration_minutes - 15) // 5 * 5)


def _for(turn: Turn, act: str) -> Iterator[str]:
    """The choices one act offers, filled from the message and the plan; nothing when a slot it
    needs is missing (a swap with no exercise named is not a choice, it is another question)."""
    u = turn.u
    if act == "edit_day" and turn.plan is not None and (day := _day(turn)) is not None:
        name = turn.day_name(day)
        plan_day = turn.plan_day(day)
        training = plan_day is not None and not plan_day.is_rest_day
        for group in index_groups(u.focus_areas)[:1] if training else ():
            # "extra bicep work friday?": the plan chips' own "add" edit, which the engine carries out
            yield SuggestedEdit(EditKind.ADD, day=day, group=group).text(
                turn.lang, day_name=turn.day_name, exercise_name=turn.exercise
            )
        if (minutes := _shorter_minutes(turn, day)) is not None:
            yield turn.say("choice_shorter", day=name, minutes=minutes)
        if training:
            yield turn.say("choice_rest_day", day=name)
    elif act == "swap_exercise" and turn.plan is not None and (slug := _exercise(turn)) is not None:
        on = _day_of(turn, slug)
        if on is not None:
            yield turn.say("choice_swap", exercise=turn.exercise(slug), day=turn.day_name(on))
    elif act in ("report_pain", "report_soreness") and u.areas:
        yield turn.say("choice_pain", area=turn.word(u.areas[0]))
    elif act == "technique_question" and (slug := _exercise(turn)) is not None:
        yield turn.say("choice_technique", exercise=turn.exercise(slug))
    elif act == "progress_question" and turn.input.plan is not None:
        slug = _exercise(turn)
        if slug is not None:
            yield turn.say("choice_progress_exercise", exercise=turn.exercise(slug))
        else:
            yield turn.say("choice_progress")
    elif act == "plan_question" and turn.plan is not None:
        yield turn.say("choice_today")
    elif act in ("plan_week", "onboarding") and turn.plan is not None and turn.plan.training_days():
        # a new week needs its days: the choice keeps the current schedule's count and length
        # (the stored session length, else the plan's longest day to the quarter-hour's 5 minutes:
        # a tapped choice must not store an estimate such as "44 minutes" as the user's schedule)
        sessions = [turn.plan.days[d] for d in turn.plan.training_days()]
        longest = max(day.duration_minutes for day in sessions)
        minutes = turn.profile().schedule.minutes or (round(longest / 5) * 5 if longest else None)
        if minutes:
            yield turn.say("choice_new_week", count=len(sessions), minutes=minutes)


def choices(turn: Turn, first: Collection[str] = ()) -> list[str]:
    """Up to three distinct choices, most likely first; `first`: acts to offer before the others
    (the action the rules read, when the coach offers it instead of taking it)."""
    found = turn.reading
    if found is not None:
        ranked = sorted(found.probabilities, key=lambda act: -found.probabilities[act])
        order = [*ranked, *(a for a in DEFAULT_ORDER if a not in ranked)]
    else:
        order = list(DEFAULT_ORDER)
    order = [*sorted(first), *(a for a in order if a not in first)]
    picked: list[str] = []
    for act in order:
        for text in _for(turn, act):
            if text not in picked:
                picked.append(text)
        if len(picked) >= MAX_CHOICES:
            break
    return picked[:MAX_CHOICES]


def ask(turn: Turn, situation: str = "clarify") -> CoachReply:
    """One short question and its choices; nothing staged, nothing written."""
    offered = choices(turn)
    if situation == "clarify" and offered:
        situation = "clarify_choices"  # the chips say what the open question would list
    answer = reply(turn, turn.say(situation))
    answer.suggested_edits = offered
    return answer
