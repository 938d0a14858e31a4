"""An equipment change on a planned week ("I sold my bench", "comprei uma barra e um rack"): the
equipment fact is updated and the week is re-planned by the engine's generator with the new
inventory, on the same training days (R17: a plan uses only what the user has)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from fitcoach.agent.offline.acting import memory, writing
from fitcoach.agent.offline.acting.arbiter import ARBITER_CONFIDENCE
from fitcoach.agent.offline.acting.facts import updated_inventory
from fitcoach.agent.offline.acting.turn import Turn, reply
from fitcoach.agent.offline.acting.weeks import checked_week
from fitcoach.contract.models import CoachReply, MemoryMutation, ProposalType, Tier
from fitcoach.engine.generator import DEFAULT_MINUTES, ScheduleRequest, generate_week
from fitcoach.engine.profile import Profile
from fitcoach.library.gear import UNAVAILABLE_IMPLIES, Gear, Inventory


def changes_equipment(turn: Turn) -> bool:
    """The user tells of gear they parted with or acquired, on an existing plan, without asking for
    a new schedule (that is a week overhaul)."""
    u = turn.u
    if turn.plan is None or u.days_per_week or len({d.weekday for d in u.days if d.relative is None}) >= 2:
        return False
    parted = u.has_cue("parted") and bool(u.negated_gear)
    acquired = u.has_cue("acquired") and bool(u.gear)
    if parted or acquired:
        return True
    if not models_read_gear(turn):
        return False
    # the models read a change of gear the rules' words missed ("revendu", "換了一家健身房"): the
    # rules' gear reading says what changed against what is on record
    stored = turn.profile().inventory
    gone = bool(u.negated_gear & stored.gear)
    new = bool(u.gear - stored.gear) or (
        u.dumbbell_max_lb is not None and u.dumbbell_max_lb != stored.dumbbell_max_lb
    )
    return gone or new


def models_read_gear(turn: Turn) -> bool:
    """The learned reading is sure the message tells of gear bought, sold, lost or found."""
    found = turn.reading
    return (
        found is not None and found.acts[0] == "update_equipment" and found.confidence >= ARBITER_CONFIDENCE
    )


def corrects_equipment(turn: Turn) -> bool:
    """ "Actually my dumbbells only go to 40 lb", "en fait mes haltères montent à 20 kg", "更正，啞鈴
    最重只有二十公斤": a correction of the equipment on record, not a lift, a log or a question."""
    u = turn.u
    if not turn.items(Tier.STAPLES, "equipment") or not u.has_cue("correction"):
        return False
    if u.exercises or u.has_cue("question") or "has:set_log" in u.features:
        return False
    stored = turn.profile().inventory
    new_cap = u.dumbbell_max_lb is not None and u.dumbbell_max_lb != stored.dumbbell_max_lb
    return new_cap or bool(u.negated_gear) or (bool(u.gear) and not u.gear <= stored.gear)


def corrected(turn: Turn) -> CoachReply:
    """The equipment fact edited in place; the week is rebuilt when the gear itself changed."""
    inventory = updated_inventory(turn)
    if turn.plan is not None and inventory.gear != turn.profile().inventory.gear:
        return replan(turn)
    mutation = memory.equipment(turn, inventory)
    return reply(turn, turn.say("equipment_updated"), mutations=[mutation] if mutation else [])


def replan(turn: Turn) -> CoachReply:
    """Update the equipment fact, then stage the week rebuilt with the profile as it will be after
    this turn's memory writes, on the days the current plan trains."""
    plan = turn.plan
    assert plan is not None
    inventory = updated_inventory(turn)
    mutation = memory.equipment(turn, inventory)
    mutations = [mutation] if mutation is not None else []
    return _rebuilt(turn, turn.profile(mutations), mutations, "equipment_week")


def _rebuilt(turn: Turn, profile: Profile, mutations: list[MemoryMutation], situation: str) -> CoachReply:
    """The week regenerated for `profile` on the days the current plan trains, validated."""
    plan = turn.plan
    assert plan is not None
    days = plan.training_days()
    minutes = (
        turn.u.minutes
        or profile.schedule.minutes
        or max((d.duration_minutes for d in plan.days.values()), default=0)
        or DEFAULT_MINUTES
    )
    request = ScheduleRequest(
        days=tuple(days) if len(days) >= 2 else None, days_per_week=len(days) or 3, minutes=minutes
    )
    week = generate_week(
        profile, request, library=turn.library, week_start=plan.week_start_date, now=turn.now
    ).plan
    week = checked_week(turn, week, profile, minutes)
    if not week.training_days():
        return reply(turn, turn.say("edit_failed"), mutations=mutations)
    names = turn.join([turn.day_name(d) for d in week.training_days()])
    message = turn.say(situation, days=names)
    summary = turn.diff("week_new", days_count=len(week.training_days()), minutes=minutes)
    return reply(
        turn, message, kind=ProposalType.UPDATE_WEEK, data=week, summary_diff=summary, mutations=mutations
    )


def closes_gym(turn: Turn) -> bool:
    """ "My gym is closed this week", "健身房整修": a temporary loss of the gym on a planned week. A
    body part named with it ("gym's closed and my knee hurts") leaves the turn to the pain handler."""
    return turn.plan is not None and turn.u.has_cue("gym_closed") and not turn.u.areas


def gym_closed(turn: Turn) -> CoachReply:
    """A tier-3 note that lasts until the week's end (R25), and the week rebuilt with only what the
    user has at hand meanwhile; the stored equipment fact stays, the gym comes back."""
    plan = turn.plan
    assert plan is not None
    u = turn.u
    # until the end of the planned week, or of this week when the plan is an older one
    sunday = plan.week_start_date + dt.timedelta(days=6)
    today = turn.now.date()
    end = sunday if sunday >= today else today + dt.timedelta(days=6 - today.weekday())
    note = memory.event(
        turn, "gym closure", end, [], start=today, details=[writing.fact(turn.lang, "event_at_hand")]
    )
    at_hand = set(u.gear)
    for gone in u.negated_gear | u.unavailable_gear:
        at_hand -= UNAVAILABLE_IMPLIES.get(gone, frozenset({gone}))
    inventory = Inventory(
        gear=frozenset(at_hand or {Gear.BODYWEIGHT}),
        dumbbell_max_lb=u.dumbbell_max_lb if Gear.DUMBBELLS in at_hand else None,
    )
    profile = replace(turn.profile([note]), inventory=inventory)
    return _rebuilt(turn, profile, [note], "gym_closed_week")
