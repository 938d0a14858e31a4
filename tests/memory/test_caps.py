"""Bounded memory (issue 17): caps per tier and per user refuse a CREATE past them (never evicting a
fact), and the runtime block keeps under its size limit by leaving out the least important lines first."""

from __future__ import annotations

import datetime as dt
import json

from fitcoach.contract.models import Tier, Tier1Entry, Tier2Entry, Tier3Entry, WeeklyPlan
from fitcoach.memory.apply import plan_mutations
from fitcoach.memory.caps import (
    MAX_ITEMS_PER_TIER,
    MAX_ITEMS_PER_USER,
    MAX_MEMORY_CHARS,
    MAX_RUNTIME_BLOCK_CHARS,
    drop_order,
)
from fitcoach.memory.context import LEFT_OUT, render_runtime_block
from fitcoach.memory.model import MemoryItem
from fitcoach.memory.plan import RejectReason
from tests.conftest import DATA
from tests.memory.factories import NOW, create, id_source, item

LATER = NOW + dt.timedelta(days=20)


def situational(n: int, *, fact: str = "Trip", days_ago: int = 1) -> MemoryItem:
    entry = Tier3Entry(event=f"event {n}", fact=f"{fact} {n}", expires_at=LATER)
    return item(f"mem_s{n:02d}", entry, created=NOW - dt.timedelta(days=days_ago, minutes=n))


def staple(n: int, category: str = "preference", fact: str = "Likes", days_ago: int = 1) -> MemoryItem:
    entry = Tier1Entry(category=category, fact=f"{fact} {n}")  # type: ignore[arg-type]
    return item(f"mem_t{n:02d}", entry, created=NOW - dt.timedelta(days=days_ago, minutes=n))


def sore(n: int, days_ago: int = 1) -> MemoryItem:
    entry = Tier2Entry(body_part="knee", condition="soreness", fact=f"Sore knee {n}", expires_at=LATER)
    return item(f"mem_p{n:02d}", entry, created=NOW - dt.timedelta(days=days_ago, minutes=n))


def plan(active: list[MemoryItem], tier: Tier, **entry: object) -> RejectReason | None:
    result = plan_mutations(active, [create(tier, **entry)], now=NOW, new_id=id_source(), owned_ids=set())
    return result.rejected[0].reason if result.rejected else None


def test_a_full_tier_refuses_a_new_fact_and_keeps_the_old_ones() -> None:
    full = [situational(n) for n in range(MAX_ITEMS_PER_TIER[Tier.SITUATIONAL])]
    assert plan(full, Tier.SITUATIONAL, event="new trip", fact="Beach week") is RejectReason.FULL
    assert plan(full[:-1], Tier.SITUATIONAL, event="new trip", fact="Beach week") is None
    # Another tier still has room, and a fact equal to a stored one merges instead of counting.
    assert plan(full, Tier.STAPLES, category="goal", fact="Run a 10k") is None
    assert plan(full, Tier.SITUATIONAL, event="event 3", fact="Trip 3") is None


def test_the_whole_memory_is_capped_across_tiers() -> None:
    many = [staple(n) for n in range(30)] + [sore(n) for n in range(MAX_ITEMS_PER_USER - 30)]
    assert len(many) == MAX_ITEMS_PER_USER
    assert plan(many, Tier.SITUATIONAL, event="trip", fact="Trip") is RejectReason.FULL


def test_least_important_goes_first_and_safety_last() -> None:
    equipment = staple(1, "equipment", days_ago=9)
    chronic = staple(2, "chronic_condition", days_ago=9)
    goal, preference = staple(3, "goal", days_ago=5), staple(4, "preference", days_ago=5)
    old_trip, new_trip = situational(1, days_ago=8), situational(2, days_ago=1)
    knee = sore(1, days_ago=2)
    order = drop_order([equipment, chronic, goal, preference, old_trip, new_trip, knee])
    assert order[:5] == [old_trip, new_trip, preference, goal, knee]
    assert {i.id for i in order[5:]} == {equipment.id, chronic.id}


def block(items: list[MemoryItem], message: str = "hi", plan: WeeklyPlan | None = None) -> str:
    return render_runtime_block(
        now=NOW, active_tab="coach", selected_day=None, items=items, plan=plan, message=message
    )


def memory_section(text: str) -> str:
    start = text.index("- Tier 1 Staples:")
    return text[start : text.index("ACTIVE WEEKLY TRAINING PLAN:") - 1]


def test_a_small_profile_is_shown_whole() -> None:
    items = [staple(1, "equipment"), sore(1), situational(1)]
    text = block(items)
    assert "left out" not in text
    assert all(f"[id: {i.id}]" in text for i in items)


def test_a_flood_of_long_facts_is_cut_to_the_limit_oldest_situational_first() -> None:
    long = "x" * 480
    safety = [
        staple(1, "equipment", "Dumbbells to 50 lb", days_ago=30),
        staple(2, "chronic_condition", "Bad wrist"),
    ]
    knee = sore(1)
    flood = [situational(n, fact=long, days_ago=10 - n % 10) for n in range(15)]
    goals = [staple(n, "goal", long) for n in range(10, 25)]
    text = block([*safety, knee, *flood, *goals], message="y" * 4000)
    assert len(text) <= MAX_RUNTIME_BLOCK_CHARS
    assert len(memory_section(text)) <= MAX_MEMORY_CHARS
    for kept in [*safety, knee]:
        assert f"[id: {kept.id}]" in text  # equipment, chronic conditions and injuries stay
    assert LEFT_OUT.format(count=15) in text  # every situational item went before any goal
    assert '"' + "y" * 4000 + '"' in text  # the message is never cut


def test_the_block_shrinks_memory_to_make_room_for_a_long_message() -> None:
    items = [staple(n, "goal", "g" * 400) for n in range(20)]
    quotes = '"' * 4000  # the longest message, each character escaped in the block: 8,000 characters
    week = WeeklyPlan.model_validate(json.loads((DATA / "fixtures" / "home_db_4day.json").read_text()))
    short, long = block(items, "hi", week), block(items, quotes, week)
    assert len(long) <= MAX_RUNTIME_BLOCK_CHARS
    assert len(memory_section(long)) < len(memory_section(short)) <= MAX_MEMORY_CHARS
