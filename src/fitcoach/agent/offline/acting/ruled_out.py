"""Days the user rules out around an event ("so I won't train Friday or Saturday", "pas de sport
vendredi ni samedi", "週五週六不練"): each becomes a rest day, its session moved to a free day."""

from __future__ import annotations

import datetime as dt

from fitcoach.agent.offline.acting.turn import Turn
from fitcoach.contract.models import Weekday, WeeklyPlan
from fitcoach.engine.edits import move_days
from fitcoach.engine.profile import Profile


def ruled_out_days(turn: Turn, week_start: dt.date) -> set[Weekday]:
    """The weekdays named in a message that says the user will not train, within the plan's week.
    A message that also moves a session names where it goes (two days besides the event's), so it
    rules nothing out here; one day besides the event's has nowhere to go ("casamento no sábado…
    sexta vou passar o dia todo resolvendo coisa, não vai dar pra treinar": Friday rests)."""
    u = turn.u
    if not u.has_cue("cant_train"):
        return set()
    named = {d.weekday for d in u.days if d.relative is None and 0 <= (d.date - week_start).days < 7}
    event_day = {d.weekday for d in u.days if u.event is not None and d.date == u.event.date}
    if u.has_cue("move") and len(named - event_day) != 1:
        return set()
    return named


def rest_on(turn: Turn, week: WeeklyPlan, profile: Profile, away: set[Weekday]) -> WeeklyPlan:
    """The week with no session on the `away` days: sessions there go to the free days furthest from
    the remaining ones (recovery, R14); with too few free days the week simply trains less."""
    current = week.training_days()
    if not away & set(current):
        return week
    targets = allowed_days(current, away, len(current))
    if len(targets) < 2:
        return week
    minutes = max((d.duration_minutes for d in week.days.values()), default=0) or None
    result = move_days(week, targets, profile, minutes=minutes, library=turn.library)
    assert isinstance(result.data, WeeklyPlan)
    return result.data


def allowed_days(current: list[Weekday], away: set[Weekday], count: int) -> list[Weekday]:
    """`count` training days none of which is `away`: the current days that stay, then the free
    days furthest from them (recovery, R14)."""
    staying = [day for day in current if day not in away][:count]
    free = [day for day in Weekday if day not in away and day not in current]
    free.sort(key=lambda day: -min((abs(day.position - s.position) for s in staying), default=7))
    return sorted(staying + free[: max(count - len(staying), 0)], key=lambda day: day.position)


def excluded_days(turn: Turn) -> set[Weekday]:
    """The weekdays a schedule change rules out ("I won't train Friday or Saturday, rebuild it",
    "every day except Sunday", "кроме пятницы", "除了週五"): they rest, they are not the new days.
    "I can train Friday and Saturday" names the days to train instead. The days the tagger reads as
    avoided always rest ("de garde le mardi")."""
    u = turn.u
    if u.has_cue("move") or u.has_cue("only"):
        return set(u.avoided)
    if not (u.has_cue("exclude") or (u.has_cue("cant_train") and not u.has_cue("can_train"))):
        return set(u.avoided)
    return {d.weekday for d in u.days if d.relative is None}
