"""Moving named sessions to other days ("move Thursday to Sunday and Friday to Saturday", "décale
jeudi à dimanche", "перенеси четверг на воскресенье", "troca o treino de quinta pra domingo",
"週四改到週日"): each named session goes to its new day and every other day stays as it is."""

from __future__ import annotations

import datetime as dt
import re

from fitcoach.agent.offline.acting.turn import Turn
from fitcoach.contract.models import DayPlan, Weekday, WeeklyPlan
from fitcoach.engine.estimators import fill_estimates
from fitcoach.engine.profile import Profile
from fitcoach.engine.validator import validate_week
from fitcoach.languages.grammar import alternation, fragments
from fitcoach.languages.text import fold


def moved_pairs(turn: Turn, plan: WeeklyPlan) -> list[tuple[Weekday, Weekday]] | None:
    """(from, to) pairs when the message moves sessions: the named days in the order written,
    either alternating (a trained day, then a free one, "Thu to Sun and Fri to Sat") or as two
    halves ("Thursday and Friday to Saturday and Sunday"). None when the days do not read so."""
    u = turn.u
    # an exercise named with "swap" is an exercise swap; with "move" it may be a false friend
    # (pt "passa" and the lunge "passada"), and the days decide
    if not (u.has_cue("move") or u.has_cue("swap")) or u.families:
        return None
    if u.exercises and not u.has_cue("move"):
        return None
    folded = fold(turn.input.message)
    starts: dict[Weekday, int] = {}
    for mention in sorted(u.days, key=lambda d: d.start):
        if mention.relative is None and mention.weekday not in starts:
            starts[mention.weekday] = mention.start
    ordered = list(starts)
    if len(ordered) < 2 or len(ordered) % 2:
        return None
    trained = set(plan.training_days())

    def moves(pairs: list[tuple[Weekday, Weekday]]) -> bool:
        return all(src in trained and dst not in trained for src, dst in pairs)

    def joined(src: Weekday, dst: Weekday) -> bool:
        """ "Thursday to Sunday", not "Monday, Wednesday" (a list of new days is a schedule)."""
        return not _is_list(folded, starts[src], starts[dst])

    pairs = list(zip(ordered[::2], ordered[1::2], strict=True))
    if moves(pairs) and all(joined(src, dst) for src, dst in pairs):
        return pairs
    half = len(ordered) // 2
    pairs = list(zip(ordered[:half], ordered[half:], strict=True))
    if moves(pairs) and joined(ordered[half - 1], ordered[half]):
        return pairs
    return None


_WEEKDAY_WORD = re.compile(
    alternation("weekday_prefixes") + "[" + "".join(fragments("weekday_numerals")) + r"]|\w+"
)
_LIST_GAP = re.compile(
    r"[\s,\u3001\uff0c;]*(?:" + alternation("weekday_list_joins") + r"\b)?[\s,\u3001\uff0c]*"
)


def _is_list(folded: str, first: int, second: int) -> bool:
    word = _WEEKDAY_WORD.match(folded, first)
    end = word.end() if word else first
    return bool(_LIST_GAP.fullmatch(folded[end:second]))


def move_sessions(
    turn: Turn, plan: WeeklyPlan, pairs: list[tuple[Weekday, Weekday]], profile: Profile, minutes: int | None
) -> WeeklyPlan | None:
    """The week with each session moved to its day, dated, when it still validates (R14/R15 may
    forbid two heavy days side by side: then the caller re-plans on the new days)."""
    days = dict(plan.days)
    for src, _ in pairs:
        days[src] = _rest(plan, src)
    for src, dst in pairs:
        days[dst] = plan.days[src].model_copy(update={"date": _date(plan, dst), "day_of_week": dst.display})
    week = fill_estimates(plan.model_copy(update={"days": days}), turn.library)
    return week if validate_week(week, profile, library=turn.library, minutes=minutes).ok else None


def _date(plan: WeeklyPlan, weekday: Weekday) -> dt.date:
    return plan.week_start_date + dt.timedelta(days=weekday.position)


def _rest(plan: WeeklyPlan, weekday: Weekday) -> DayPlan:
    return DayPlan(
        date=_date(plan, weekday),
        day_of_week=weekday.display,
        is_rest_day=True,
        status="scheduled",
        title="Rest & Recovery",
    )
