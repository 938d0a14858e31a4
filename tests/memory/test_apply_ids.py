"""UPDATE and DELETE name an existing, active, owned id; anything else is rejected, never applied."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.contract.models import MemoryMutation, Operation, Tier, Tier2Entry
from fitcoach.memory.apply import plan_mutations
from fitcoach.memory.events import EventKind
from fitcoach.memory.plan import MergeOutcome, MutationPlan, RejectReason
from tests.memory.factories import NOW, create, delete, id_source, item, spec_profile, update

T1, T2 = Tier.STAPLES, Tier.PHYSIOLOGICAL
EXPIRED = item("mem_04", Tier2Entry(body_part="knee", condition="soreness", fact="x", expires_at=NOW))


def plan(mutations: list[MemoryMutation]) -> MutationPlan:
    active = [*spec_profile(), EXPIRED]
    # mem_06 was deleted earlier: owned, but no longer active.
    owned = {memory.id for memory in active} | {"mem_06"}
    return plan_mutations(active, mutations, now=NOW, new_id=id_source(), owned_ids=owned)


@pytest.mark.parametrize(
    ("mutation", "reason"),
    [
        (update(T1, "mem_99", category="goal", fact="x"), RejectReason.NOT_FOUND),
        (delete(T1, "mem_99"), RejectReason.NOT_FOUND),
        (update(T1, "other_users_mem", category="goal", fact="x"), RejectReason.NOT_FOUND),
        (update(T2, "mem_04", body_part="knee", condition="soreness", fact="y"), RejectReason.INACTIVE),
        (delete(T2, "mem_04"), RejectReason.INACTIVE),
        (delete(T1, "mem_06"), RejectReason.INACTIVE),
        (delete(T2, "mem_01"), RejectReason.TIER_MISMATCH),
        (update(T1, "mem_01", category="goal", fact="x"), RejectReason.CATEGORY_MISMATCH),
        (update(T1, "mem_01", category="equipment", fact=""), RejectReason.INVALID_ENTRY),
    ],
)
def test_bad_targets_are_rejected(mutation: MemoryMutation, reason: RejectReason) -> None:
    result = plan([mutation])
    assert [r.reason for r in result.rejected] == [reason]
    assert result.operations == [] and result.applied == []
    assert result.diagnostics()["rejected"][0]["reason"] == reason.value


def test_delete_invalidates_and_records_the_event() -> None:
    result = plan([delete(T2, "mem_03")])
    (op,) = result.operations
    assert (op.action, op.item.id, op.event.kind, op.event.reason) == (
        Operation.DELETE,
        "mem_03",
        EventKind.DELETED,
        "resolved",
    )
    assert result.applied[0].memory_id == "mem_03" and result.applied[0].entry is None


def test_second_delete_of_the_same_id_is_rejected() -> None:
    result = plan([delete(T2, "mem_03"), delete(T2, "mem_03")])
    assert len(result.operations) == 1
    assert [r.reason for r in result.rejected] == [RejectReason.INACTIVE]
    assert result.rejected[0].index == 1


def test_update_replaces_entry_and_keeps_expiry_when_none_given() -> None:
    result = plan(
        [update(T2, "mem_03", body_part="hamstrings", condition="soreness", fact="Hamstrings easing")]
    )
    (op,) = result.operations
    assert (op.action, op.event.kind) == (Operation.UPDATE, EventKind.UPDATED)
    assert op.item.expires_at == spec_profile()[2].expires_at
    assert op.item.entry.fact == "Hamstrings easing"
    assert op.item.updated_at == NOW and op.item.created_at < NOW


def test_update_changing_condition_gets_the_new_default() -> None:
    result = plan([update(T2, "mem_03", body_part="hamstrings", condition="minor_strain", fact="Strain")])
    assert result.operations[0].item.expires_at == NOW + dt.timedelta(days=5)


def test_update_with_the_same_entry_is_a_no_op() -> None:
    same = spec_profile()[0].entry.model_dump(mode="json", exclude_none=True)
    result = plan(
        [MemoryMutation(operation=Operation.UPDATE, target_tier=T1, memory_id="mem_01", entry=same)]
    )
    assert result.operations == []
    assert result.merged[0].outcome is MergeOutcome.UNCHANGED


def test_created_id_can_be_updated_later_in_the_same_turn() -> None:
    first = create(T2, body_part="calf", condition="fatigue", fact="Tired calves")
    result = plan(
        [first, update(T2, "mem_10", body_part="calf", condition="fatigue", fact="Very tired calves")]
    )
    assert [(op.action, op.item.id) for op in result.operations] == [
        (Operation.CREATE, "mem_10"),
        (Operation.UPDATE, "mem_10"),
    ]


def test_new_ids_never_collide_with_owned_ids() -> None:
    ids = iter(["mem_01", "mem_06", "mem_20"])
    result = plan_mutations(
        spec_profile(),
        [create(T1, category="preference", fact="Short answers")],
        now=NOW,
        new_id=lambda: next(ids),
        owned_ids={"mem_01", "mem_02", "mem_03", "mem_06"},
    )
    assert result.applied[0].memory_id == "mem_20"
