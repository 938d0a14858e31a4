"""The program's weekly roll (issue 18 item 1): when the week's last planned session is behind the
user, stage next week as an `UPDATE_WEEK` proposal, once per week (no scheduler: the next request or
page view does it, and `fitcoach plan roll` for operators)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from fitcoach.contract.models import ProgramChange, Proposal, ProposalType, Tier2Entry, Weekday, WeeklyPlan
from fitcoach.engine.bodyparts import areas_in
from fitcoach.engine.profile import build_profile
from fitcoach.engine.program import (
    DoneExercise,
    DoneSession,
    DoneSet,
    InjuryEpisode,
    ProgramHistory,
    propose_next_week,
    roll_due,
    target_week_start,
)
from fitcoach.engine.program.progress import progress
from fitcoach.engine.program.words import Words
from fitcoach.errors import BadInput
from fitcoach.languages.program import program_text
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.storage.memory_repo import load_active_items, to_item
from fitcoach.storage.plans import get_active_plan
from fitcoach.storage.program import logged_sessions, logged_sets, physiological_notes
from fitcoach.storage.proposals import find_roll, restage_roll, stage_proposal, staged_week_exists
from fitcoach.storage.tables import MemoryItemRow, ProposalRow
from fitcoach.storage.users import lock_user

log = logging.getLogger(__name__)

HISTORY = timedelta(days=190)
"""Logs read for a roll: about 27 weeks, enough to tell a novice (under 26 trained weeks) from a
trained lifter and for every plateau and trend window."""

INJURY_HISTORY = timedelta(weeks=9)
"""Tier-2 notes read: the eight weeks of the three-injuries rule, and the return window."""


@dataclass(frozen=True)
class Rolled:
    proposal: ProposalRow
    created: bool


def load_program_history(session: Session, *, user_id: str, now: datetime) -> ProgramHistory:
    since = now - HISTORY
    by_log: dict[str, dict[int, tuple[str, list[DoneSet]]]] = {}
    for log_id, index, exercise_id, weight, unit, reps, rpe, warmup, seconds in logged_sets(
        session, user_id=user_id, since=since
    ):
        exercises = by_log.setdefault(log_id, {})
        found = exercises.get(index)
        if found is None:
            found = exercises[index] = (exercise_id, [])
        found[1].append(DoneSet(weight, reps, unit, rpe, warmup, seconds))
    sessions = [
        DoneSession(
            completed_at,
            Weekday(plan_day),
            tuple(DoneExercise(slug, tuple(sets)) for slug, sets in by_log[log_id].values()),
            notes,
        )
        for log_id, completed_at, plan_day, notes in logged_sessions(session, user_id=user_id, since=since)
        if log_id in by_log
    ]
    injuries: list[InjuryEpisode] = []
    soreness: list[InjuryEpisode] = []
    for note in physiological_notes(session, user_id=user_id, since=now - INJURY_HISTORY):
        entry = to_item(note).entry
        if isinstance(entry, Tier2Entry):
            if entry.condition == "soreness":
                soreness.extend(_episodes(note))
            elif entry.condition == "minor_strain":
                injuries.extend(_episodes(note))
    return ProgramHistory(tuple(sessions), tuple(injuries), tuple(soreness))


def _episodes(row: MemoryItemRow) -> list[InjuryEpisode]:
    item = to_item(row)
    entry = item.entry
    if not isinstance(entry, Tier2Entry):
        return []
    body = item.facts.body if item.facts is not None else None
    areas = set(body.areas) if body is not None and body.areas else set(areas_in(entry.body_part))
    ends = [moment for moment in (row.expires_at, row.deleted_at) if moment is not None]
    ended = min(ends) if ends else None
    return [InjuryEpisode(area, row.created_at, ended, row.id) for area in sorted(areas)]


def _stale_roll(session: Session, row: ProposalRow, *, user_id: str, active_version: int) -> bool:
    """A roll to make again from the current plan: still staged but made against an older version (a
    coach's change to this week was accepted since, so accepting it would conflict), or superseded by a
    coach's week that the user has since accepted or dismissed. A roll the user dismissed or accepted
    is their decision: never made again."""
    if row.status == "staged":
        return row.base_version != active_version
    if row.status == "superseded":
        return not staged_week_exists(session, user_id=user_id, other_than=row.id)
    return False


def roll_week(
    session: Session, *, user_id: str, now: datetime, library: ExerciseLibrary, lang: str | None = None
) -> Rolled | None:
    """Stage next week if it is due and not staged yet; the program's proposal for that week if it was
    (whatever became of it); None when nothing is due. One transaction under the user's plan lock.

    A roll overtaken by a coach's change to this week (see `_stale_roll`) is made again, in its row,
    from the plan as it is now: the user's request in a chat turn wins over the program's proposal, and
    the program proposes next week again once that request is decided."""
    active = get_active_plan(session, user_id=user_id)
    if active is None:
        return None
    plan = WeeklyPlan.model_validate(active.plan)
    if not roll_due(plan, now):
        return None
    target = target_week_start(plan, now)
    found = find_roll(session, user_id=user_id, week=target)
    if found is not None and not _stale_roll(session, found, user_id=user_id, active_version=active.version):
        return Rolled(found, created=False)
    lock_user(session, user_id=user_id)
    found = find_roll(session, user_id=user_id, week=target)
    if found is not None and not _stale_roll(session, found, user_id=user_id, active_version=active.version):
        return Rolled(found, created=False)
    history = load_program_history(session, user_id=user_id, now=now)
    profile = build_profile(load_active_items(session, user_id=user_id, now=now), now)
    proposed = propose_next_week(
        plan,
        history,
        profile,
        now=now,
        library=library,
        lang=lang or "en",
        minutes=profile.schedule.minutes,
    )
    proposal = Proposal(type=ProposalType.UPDATE_WEEK, summary_diff=proposed.summary, data=proposed.plan)
    if found is not None:
        row = restage_roll(session, row=found, proposal=proposal, now=now, base_version=active.version)
        return Rolled(row, created=True)
    try:
        with session.begin_nested():
            proposal_id = stage_proposal(
                session,
                user_id=user_id,
                proposal=proposal,
                now=now,
                base_version=active.version,
                roll_week=target,
            )
    except IntegrityError:
        found = find_roll(session, user_id=user_id, week=target)
        if found is None:
            raise
        return Rolled(found, created=False)
    found = find_roll(session, user_id=user_id, week=target)
    assert found is not None and found.id == proposal_id
    return Rolled(found, created=True)


def roll_if_due(
    session: Session, *, user_id: str, now: datetime, library: ExerciseLibrary, lang: str | None
) -> Rolled | None:
    """The page-view hook: roll and commit when due. A week the engine cannot make valid is logged and
    left to the coach (the user can still ask for a plan): the page is served anyway."""
    try:
        rolled = roll_week(session, user_id=user_id, now=now, library=library, lang=lang)
    except BadInput as error:
        session.rollback()
        log.warning("next week for %s could not be proposed: %s", user_id, error)
        return None
    session.commit()
    return rolled


def roll_note(row: ProposalRow, *, lang: str | None) -> str:
    """One line for the coach's reply in the turn that staged next week: where the week sits in its
    block and its first change; the card lists the rest."""
    week = WeeklyPlan.model_validate(row.data)
    code = lang or "en"
    program = week.program
    changes = [change.text for change in program.changes] if program is not None else []
    position = (
        program_text(code, "week_of", week=program.block.week, length=program.block.length)
        if program is not None
        else ""
    )
    first = changes[0] if changes else program_text(code, "no_change")
    return program_text(code, "chat_next_week", position=position, first=first)


def next_time(
    session: Session, *, user_id: str, now: datetime, library: ExerciseLibrary, lang: str | None
) -> list[ProgramChange]:
    """What the program will change for the exercises of the user's latest logged session, judged as
    next week's roll will judge them (double progression, the gear's steps, the owned pairs): the
    workout summary's "next time" lines, in the user's language. Nothing is written."""
    active = get_active_plan(session, user_id=user_id)
    history = load_program_history(session, user_id=user_id, now=now)
    if active is None or not history.sessions:
        return []
    plan = WeeklyPlan.model_validate(active.plan)
    last = max(history.sessions, key=lambda done: done.completed_at)
    day = plan.days.get(last.plan_day)
    if day is None or day.is_rest_day:
        return []
    inventory = build_profile(load_active_items(session, user_id=user_id, now=now), now).inventory
    words = Words(lang or "en")
    done = {exercise.exercise_id: exercise for exercise in last.exercises}
    changes: list[ProgramChange] = []
    for planned in day.exercises():
        entry = library.get(planned.exercise_id)
        if entry is None or planned.exercise_id not in done:
            continue
        result = progress(
            planned,
            entry,
            done[planned.exercise_id],
            last_load=planned.target_load,
            inventory=inventory,
            words=words,
        )
        if result.change is not None:
            changes.append(result.change)
    return changes
