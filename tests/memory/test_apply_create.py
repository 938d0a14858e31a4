"""CREATE planning: TTL filling, clamps reported, and deduplication of repeated and equivalent facts."""

from __future__ import annotations

import datetime as dt

from fitcoach.contract.models import MemoryMutation, Operation, Tier, Tier1Entry, Tier2Entry, Tier3Entry
from fitcoach.library.gear import Gear
from fitcoach.memory.apply import plan_mutations
from fitcoach.memory.events import Actor, EventKind
from fitcoach.memory.model import MemoryItem
from fitcoach.memory.plan import MergeOutcome, MutationPlan, RejectReason
from fitcoach.memory.ttl import ClampReason
from tests.memory.factories import NOW, at, create, id_source, item, spec_profile

T1, T2, T3 = Tier.STAPLES, Tier.PHYSIOLOGICAL, Tier.SITUATIONAL


def plan(
    active: list[MemoryItem], mutations: list[MemoryMutation], actor: Actor = Actor.AGENT
) -> MutationPlan:
    owned = {memory.id for memory in active}
    return plan_mutations(active, mutations, now=NOW, new_id=id_source(), owned_ids=owned, actor=actor)


def test_onboarding_creates_three_staples_with_fresh_ids() -> None:
    result = plan(
        [],
        [
            create(
                T1, category="equipment", fact="Home gym with dumbbells up to 50 lbs and adjustable bench."
            ),
            create(T1, category="goal", fact="Hypertrophy, chest and delts; 4 days x 45 min."),
            create(T1, category="chronic_condition", fact="Lower back sensitivity.", body_part="lower back"),
        ],
    )
    assert [m.memory_id for m in result.applied] == ["mem_10", "mem_11", "mem_12"]
    assert [op.action for op in result.operations] == [Operation.CREATE] * 3
    assert [op.event.kind for op in result.operations] == [EventKind.CREATED] * 3
    assert {op.event.actor for op in result.operations} == {Actor.AGENT}
    assert result.rejected == [] and result.merged == []


def test_create_fills_default_expiry_and_effective_date() -> None:
    result = plan([], [create(T2, body_part="right shoulder", condition="minor_strain", fact="Pinching")])
    (applied,) = result.applied
    assert applied.entry is not None
    assert at(applied.entry["expires_at"]) == NOW + dt.timedelta(days=5)
    assert applied.entry["effective_date"] == "2026-09-14"
    assert result.operations[0].item.expires_at == NOW + dt.timedelta(days=5)


def test_tier3_gets_week_start_and_end_of_named_day() -> None:
    result = plan(
        [], [create(T3, event="Golf tournament", fact="36 holes Saturday", event_date="2026-09-19")]
    )
    entry = result.applied[0].entry
    assert entry is not None
    assert entry["week_start_date"] == "2026-09-14"
    assert at(entry["expires_at"]) == dt.datetime(2026, 9, 20, tzinfo=dt.UTC)


def test_clamp_is_applied_and_reported() -> None:
    far = NOW + dt.timedelta(days=90)
    result = plan(
        [], [create(T2, body_part="knee", condition="soreness", fact="sore", expires_at=far.isoformat())]
    )
    (note,) = result.clamps
    assert note.memory_id == result.applied[0].memory_id
    assert note.clamp.reason is ClampReason.TOO_FAR
    assert result.operations[0].item.expires_at == NOW + dt.timedelta(days=30)
    assert "too_far" in result.diagnostics()["clamped"][0]["detail"]


def test_invalid_entry_is_rejected_with_its_reason() -> None:
    result = plan([], [create(T2, body_part="knee", condition="broken", fact="x")])
    (rejected,) = result.rejected
    assert rejected.reason is RejectReason.INVALID_ENTRY
    assert "condition" in rejected.detail
    assert result.operations == [] and result.applied == []


def test_repeated_fact_is_not_created_twice() -> None:
    again = create(
        T1, category="equipment", fact="home gym with DUMBBELLS up to 50 lbs, and adjustable bench"
    )
    result = plan(spec_profile(), [again])
    assert result.operations == [] and result.applied == []
    (merged,) = result.merged
    assert (merged.into_id, merged.outcome) == ("mem_01", MergeOutcome.DUPLICATE)


def test_same_fact_twice_in_one_turn_is_created_once() -> None:
    fact = create(T1, category="chronic_condition", fact="Bad left knee", body_part="left knee")
    result = plan([], [fact, fact])
    assert [op.action for op in result.operations] == [Operation.CREATE]
    assert result.merged[0].into_id == result.applied[0].memory_id


def test_same_chronic_condition_in_two_languages_is_merged() -> None:
    known = item(
        "mem_05", Tier1Entry(category="chronic_condition", fact="Lower back pain", body_part="lower back")
    )
    french = create(T1, category="chronic_condition", fact="Douleur au bas du dos", body_part="bas du dos")
    result = plan([known], [french])
    assert result.operations == []
    assert result.merged[0].into_id == "mem_05"


def test_same_tier2_state_in_another_language_extends_instead_of_duplicating() -> None:
    known = item(
        "mem_07",
        Tier2Entry(
            body_part="right shoulder",
            condition="minor_strain",
            fact="Right shoulder pinching",
            expires_at=NOW + dt.timedelta(days=2),
        ),
    )
    russian = create(T2, body_part="правое плечо", condition="minor_strain", fact="Защемление в плече")
    result = plan([known], [russian])
    (op,) = result.operations
    assert (op.action, op.item.id, op.event.kind) == (Operation.UPDATE, "mem_07", EventKind.MERGED)
    assert op.item.expires_at == NOW + dt.timedelta(days=5)
    assert op.item.entry.fact == "Right shoulder pinching"
    assert result.merged[0].outcome is MergeOutcome.EXTENDED
    assert result.applied[0].operation is Operation.UPDATE and result.applied[0].memory_id == "mem_07"


def test_shorter_equivalent_state_changes_nothing() -> None:
    known = item(
        "mem_07",
        Tier2Entry(
            body_part="ombro",
            condition="soreness",
            fact="Ombro dolorido",
            expires_at=NOW + dt.timedelta(days=3),
        ),
    )
    result = plan([known], [create(T2, body_part="右肩", condition="soreness", fact="右肩痠痛")])
    assert result.operations == []
    assert result.merged[0].outcome is MergeOutcome.DUPLICATE


def test_new_state_of_the_same_body_part_updates_it() -> None:
    sore = item("mem_03", spec_profile()[2].entry)
    strain = create(T2, body_part="ischio-jambiers", condition="minor_strain", fact="Élongation des ischios")
    result = plan([sore], [strain])
    (op,) = result.operations
    assert op.item.id == "mem_03"
    assert isinstance(op.item.entry, Tier2Entry) and op.item.entry.condition == "minor_strain"
    assert op.item.expires_at == NOW + dt.timedelta(days=5)
    assert result.merged[0].outcome is MergeOutcome.UPDATED


def test_other_side_is_a_separate_state() -> None:
    left = item(
        "mem_08",
        Tier2Entry(
            body_part="left knee", condition="soreness", fact="x", expires_at=NOW + dt.timedelta(days=1)
        ),
    )
    result = plan([left], [create(T2, body_part="right knee", condition="soreness", fact="y")])
    assert [op.action for op in result.operations] == [Operation.CREATE]


def test_single_valued_goal_is_updated_not_duplicated() -> None:
    result = plan(spec_profile(), [create(T1, category="goal", fact="Strength: squat 140 kg by spring.")])
    (op,) = result.operations
    assert (op.action, op.item.id) == (Operation.UPDATE, "mem_02")
    assert isinstance(op.item.entry, Tier1Entry) and op.item.entry.fact.startswith("Strength")
    assert result.applied[0].memory_id == "mem_02"


def test_tone_preference_is_single_valued_but_free_preferences_are_not() -> None:
    tough = item("mem_09", Tier1Entry(category="preference", fact="Tough love", tone="tough_love"))
    result = plan(
        [tough],
        [
            create(T1, category="preference", fact="Gentle please", tone="gentle"),
            create(T1, category="preference", fact="Likes morning sessions"),
        ],
    )
    assert [(op.action, op.item.id) for op in result.operations] == [
        (Operation.UPDATE, "mem_09"),
        (Operation.CREATE, "mem_10"),
    ]


def test_equal_structured_fields_dedupe_across_languages() -> None:
    goal = item(
        "mem_02",
        Tier1Entry(
            category="goal",
            fact="Hypertrophy, chest and delts",
            goal_type="hypertrophy",
            priority_muscles=["chest", "shoulders"],
        ),
    )
    french = create(
        T1,
        category="goal",
        fact="Prise de muscle, pecs et épaules",
        goal_type="hypertrophy",
        priority_muscles=["Shoulders", "Chest"],
    )
    result = plan([goal], [french])
    assert result.operations == []
    assert result.merged[0].outcome is MergeOutcome.DUPLICATE


def test_same_event_in_two_languages_with_equal_dates_is_merged() -> None:
    golf = item(
        "mem_04",
        Tier3Entry(
            event="Golf tournament",
            fact="36 holes",
            event_date=dt.date(2026, 9, 19),
            expires_at=at("2026-09-20T00:00:00Z"),
        ),
    )
    result = plan(
        [golf], [create(T3, event="Tournoi de golf", fact="36 trous samedi", event_date="2026-09-19")]
    )
    assert result.operations == []
    assert result.merged[0].into_id == "mem_04"


def test_expired_items_do_not_absorb_new_facts() -> None:
    old = item("mem_03", Tier2Entry(body_part="knee", condition="soreness", fact="x", expires_at=NOW))
    result = plan([old], [create(T2, body_part="knee", condition="soreness", fact="x")])
    assert [(op.action, op.item.id) for op in result.operations] == [(Operation.CREATE, "mem_10")]


def test_user_actor_is_recorded() -> None:
    result = plan([], [create(T1, category="equipment", fact="Pull-up bar")], actor=Actor.USER)
    assert result.operations[0].event.actor is Actor.USER


def test_new_equipment_is_added_to_the_single_inventory() -> None:
    result = plan(spec_profile(), [create(T1, category="equipment", fact="Bought a pull-up bar")])
    (op,) = result.operations
    assert (op.action, op.item.id, op.event.kind) == (Operation.UPDATE, "mem_01", EventKind.MERGED)
    entry = op.item.entry
    assert isinstance(entry, Tier1Entry) and entry.inventory is not None
    assert {Gear.DUMBBELLS, Gear.PULL_UP_BAR} <= entry.inventory.gear
    assert entry.inventory.dumbbell_max_lb == 50
    # the stored text is rendered from the merged inventory: nothing the user has is dropped
    assert entry.fact == "Dumbbells up to 50 lb, bench, incline bench and pull-up bar."


def test_restated_fuller_inventory_is_merged_and_rendered() -> None:
    fuller = "Home gym: dumbbells up to 80 lb, adjustable bench and a pull-up bar."
    result = plan(spec_profile(), [create(T1, category="equipment", fact=fuller)])
    entry = result.operations[0].item.entry
    assert isinstance(entry, Tier1Entry) and entry.inventory is not None
    assert entry.fact == "Dumbbells up to 80 lb, bench, incline bench and pull-up bar."
    assert entry.inventory.dumbbell_max_lb == 80
