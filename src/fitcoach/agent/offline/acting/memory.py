"""Memory mutations the offline coach writes (R23-R26): tier-1 facts, tier-2 states with their TTL,
tier-3 events expiring after the day; updates instead of duplicates."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from pydantic import BaseModel

from fitcoach.agent.offline.acting import writing
from fitcoach.agent.offline.acting.facts import merged_goal_fact, stated_load
from fitcoach.agent.offline.acting.turn import Turn
from fitcoach.agent.offline.understanding.model import ConditionKind
from fitcoach.contract.models import (
    Condition,
    MemoryMutation,
    Operation,
    Schedule,
    Tier,
    Tier1Entry,
    Tier2Entry,
    Tier3Entry,
    Tone,
    Verbosity,
    Weekday,
)
from fitcoach.facts.model import InventoryFacts
from fitcoach.facts.render import render_inventory
from fitcoach.library.gear import COMMERCIAL_GYM, Gear, Inventory
from fitcoach.library.models import MuscleGroup
from fitcoach.memory.ttl import DEFAULT_TTL, end_of_day

CONDITION_OF: dict[ConditionKind, Condition] = {
    "pain": "minor_strain",
    "soreness": "soreness",
    "fatigue": "fatigue",
}
TTL: dict[Condition, dt.timedelta] = DEFAULT_TTL
"""R24 lifetimes, shared with the memory rules so the coach and the server agree."""


def _entry(model: BaseModel) -> dict[str, object]:
    return model.model_dump(mode="json", exclude_none=True)


def upsert_tier1(turn: Turn, entry: Tier1Entry, reason: str) -> MemoryMutation | None:
    """CREATE a tier-1 fact, or UPDATE the one of that category already on record (R26: never
    re-create); nothing when the recorded fact is the same."""
    existing = turn.items(Tier.STAPLES, entry.category)
    if entry.category == "preference":
        # a tone, a length, units and a language are separate preferences: each replaces its own
        existing = [i for i in existing if isinstance(i.entry, Tier1Entry) and _slot(i.entry) == _slot(entry)]
    if entry.category in ("equipment", "goal", "preference") and existing:
        current = existing[0]
        if isinstance(current.entry, Tier1Entry) and current.entry.fact == entry.fact:
            return None
        return MemoryMutation(
            operation=Operation.UPDATE,
            target_tier=Tier.STAPLES,
            memory_id=current.id,
            entry=_entry(entry),
            reason=reason,
        )
    for item in existing:
        if isinstance(item.entry, Tier1Entry) and item.entry.body_part == entry.body_part:
            return None
    return MemoryMutation(
        operation=Operation.CREATE, target_tier=Tier.STAPLES, entry=_entry(entry), reason=reason
    )


def inventory_fact(inventory: Inventory, lang: str) -> str:
    """What an inventory holds, as the equipment fact words it in `lang` ("Dumbbells and bench.")."""
    facts = InventoryFacts(
        owned=inventory.gear - {Gear.BODYWEIGHT},
        full_gym=inventory.gear >= COMMERCIAL_GYM - {Gear.BODYWEIGHT},
        dumbbell_max_lb=inventory.dumbbell_max_lb,
    )
    return render_inventory(facts, lang)


def equipment(turn: Turn, inventory: Inventory) -> MemoryMutation | None:
    """The equipment fact, written in the user's language from the inventory; the memory rules merge
    it into the one on record with what the message says (nothing the user still has is dropped)."""
    load = stated_load(turn)
    facts = InventoryFacts(
        owned=inventory.gear - {Gear.BODYWEIGHT},
        full_gym=inventory.gear >= COMMERCIAL_GYM - {Gear.BODYWEIGHT},
        dumbbell_max_lb=inventory.dumbbell_max_lb,
        load_unit=load.unit if load is not None else None,
    )
    fact = render_inventory(facts, turn.lang)
    entry = Tier1Entry(category="equipment", fact=fact, source="chat", inventory=inventory)
    return upsert_tier1(turn, entry, "Equipment the user told us about (R17 plans only with it).")


def goal(
    turn: Turn,
    goal_type: str | None,
    priorities: Sequence[MuscleGroup],
    days: Sequence[Weekday] | None,
    days_per_week: int | None,
    minutes: int | None,
) -> MemoryMutation | None:
    # the engine plans hypertrophy, strength or general fitness; fat loss is recorded as such (the
    # engine reads it as general fitness) so the coach and the user keep the goal they stated
    if goal_type in ("hypertrophy", "strength", "general", "fat_loss"):
        kind = goal_type
    else:
        kind = "hypertrophy" if priorities and goal_type is None else "general"
    text = writing.goal_fact(
        turn.lang, kind, [group.value for group in priorities], days, days_per_week, minutes
    )
    schedule = Schedule(days=list(days) if days else None, days_per_week=days_per_week, minutes=minutes)
    entry = Tier1Entry(
        category="goal",
        fact=text[:500],
        source="chat",
        goal_type=kind,
        schedule=schedule,
        priority_muscles=[group.value for group in priorities] or None,
    )
    return upsert_tier1(turn, entry, "Goal and schedule from onboarding.")


def goal_change(turn: Turn) -> MemoryMutation | None:
    """ "Now I want to focus on fat loss", "corrigindo: meu objetivo agora é emagrecer": the goal on
    record is updated, its emphasis and schedule kept (R26: an update, never a second goal)."""
    u = turn.u
    if u.goal_type is None or not (u.has_cue("goal_change") or u.has_cue("correction")):
        return None
    stored = turn.items(Tier.STAPLES, "goal")
    profile = turn.profile()
    schedule = profile.schedule
    if not stored or not isinstance(stored[0].entry, Tier1Entry):
        return goal(turn, u.goal_type, [], schedule.days or None, schedule.days_per_week, schedule.minutes)
    current = stored[0].entry
    label = writing.goal_label(turn.lang, u.goal_type)
    entry = current.model_copy(
        update={
            "fact": merged_goal_fact(current.fact, label)[:500],
            "goal_type": u.goal_type,
            "source": "chat",
            "schedule": current.schedule
            or Schedule(
                days=list(schedule.days) or None,
                days_per_week=schedule.days_per_week,
                minutes=schedule.minutes,
            ),
        }
    )
    if entry == current:
        return None
    return MemoryMutation(
        operation=Operation.UPDATE,
        target_tier=Tier.STAPLES,
        memory_id=stored[0].id,
        entry=_entry(entry),
        reason="The user changed their goal; the rest of it stays.",
    )


def chronic(turn: Turn, area: str, trigger: str | None) -> MemoryMutation | None:
    fact = writing.sensitive_fact(turn.lang, area, trigger)
    entry = Tier1Entry(category="chronic_condition", fact=fact, source="chat", body_part=area)
    return upsert_tier1(turn, entry, "A long-standing issue the plan must respect (R18).")


def _slot(entry: Tier1Entry) -> str:
    if entry.verbosity is not None:
        return "verbosity"
    key = writing.preference_key(entry.fact)
    if key is not None and key.startswith(("units_", "lang_")):
        return key.split("_")[0]
    return "tone"  # a free-text preference on record is about how to coach


def answer_preference(turn: Turn, key: str) -> MemoryMutation | None:
    """ "Keep it short", "plus de détails", "в килограммах", "用中文": a tier-1 preference (R7)."""
    if key not in writing.PREFERENCE_KEYS:
        return None
    fact = writing.preference_fact(turn.lang, key)
    verbosity: Verbosity | None = "brief" if key == "brief" else "detailed" if key == "detailed" else None
    entry = Tier1Entry(category="preference", fact=fact, source="chat", verbosity=verbosity)
    return upsert_tier1(turn, entry, "How the user wants answers (R7).")


def preference(turn: Turn, tone: Tone) -> MemoryMutation | None:
    entry = Tier1Entry(
        category="preference", fact=writing.tone_fact(turn.lang, tone), source="chat", tone=tone
    )
    return upsert_tier1(turn, entry, "How the user wants to be coached (R7).")


def acute(turn: Turn, area: str, kind: ConditionKind, side: str | None) -> MemoryMutation:
    """A tier-2 state with its TTL; an active item for the same area is extended, not duplicated."""
    condition = CONDITION_OF[kind]
    # "the physio said two weeks", "should be better in 3-4 days": the user's own time frame wins
    span = turn.u.span_days
    expires = turn.now + (dt.timedelta(days=span) if span else TTL[condition])
    fact = writing.acute_fact(turn.lang, area, kind, side)
    entry = Tier2Entry(
        body_part=area,
        condition=condition,
        fact=fact[:500],
        effective_date=turn.now.date(),
        expires_at=expires,
        side=side if side in ("left", "right", "both") else None,
    )
    for item in turn.items(Tier.PHYSIOLOGICAL):
        if isinstance(item.entry, Tier2Entry) and item.entry.body_part == area:
            return MemoryMutation(
                operation=Operation.UPDATE,
                target_tier=Tier.PHYSIOLOGICAL,
                memory_id=item.id,
                entry=_entry(entry),
                reason="The same area flared up again: extend it.",
            )
    return MemoryMutation(
        operation=Operation.CREATE,
        target_tier=Tier.PHYSIOLOGICAL,
        entry=_entry(entry),
        reason=f"Acute {condition.replace('_', ' ')}: spare the area until it expires (R24).",
    )


def event(
    turn: Turn,
    kind: str,
    date: dt.date,
    areas: Sequence[str],
    *,
    start: dt.date | None = None,
    details: Sequence[str] = (),
    month_only: bool = False,
) -> MemoryMutation:
    """A tier-3 event, active until the end of its (last) day (R25), with a concise fact: "Trip
    from Wed 2026-09-16 to Fri 2026-09-18, no equipment", not the user's whole message."""
    end = end_of_day(date)
    week_start = date - dt.timedelta(days=date.weekday())
    fact = writing.event_fact(
        turn.lang, kind, date, start=start, month_only=month_only, details=details, areas=areas
    )
    entry = Tier3Entry(
        event=kind,
        fact=fact[:500],
        week_start_date=None if month_only else week_start,
        event_date=None if month_only else date,
        expires_at=end,
        protected_areas=list(areas) or None,
    )
    return MemoryMutation(
        operation=Operation.CREATE,
        target_tier=Tier.SITUATIONAL,
        entry=_entry(entry),
        reason="A dated event the week must taper for (R25).",
    )


def delete(item_id: str, tier: Tier, reason: str) -> MemoryMutation:
    return MemoryMutation(
        operation=Operation.DELETE, target_tier=tier, memory_id=item_id, entry=None, reason=reason
    )
