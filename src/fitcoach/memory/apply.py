"""Plan a turn's memory mutations (R26-R27): validate, fill expiries, deduplicate, check ids.

`plan_mutations` is pure: it decides what to store and what to report; storage performs the plan
inside the caller's transaction, so the turn and its memory changes land together or not at all.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import ValidationError

from fitcoach.clock import ensure_utc
from fitcoach.contract.models import MemoryMutation, Operation, Tier1Entry, Tier2Entry, Tier3Entry
from fitcoach.memory.caps import cap_refusal
from fitcoach.memory.dedup import MatchKind, find_match, merge_equipment
from fitcoach.memory.events import Actor, EventKind, MemoryEvent
from fitcoach.memory.model import Entry, MemoryItem
from fitcoach.memory.plan import (
    ClampNote,
    MergedMutation,
    MergeOutcome,
    MutationPlan,
    PlannedOperation,
    RejectedMutation,
    RejectReason,
)
from fitcoach.memory.ttl import Expiry, physiological_expiry, situational_expiry

MAX_ID_ATTEMPTS = 8
"""`new_id` is random; more collisions than this in a row means it is broken, not unlucky."""


def _dump(entry: Entry) -> dict[str, Any]:
    return entry.model_dump(mode="json", exclude_none=True)


def _with_expiry(
    entry: Entry, *, now: dt.datetime, previous: MemoryItem | None
) -> tuple[Entry, Expiry | None]:
    """Fill defaults and clamp; an UPDATE that names no expiry keeps the item's unless its kind changed."""
    if isinstance(entry, Tier2Entry):
        kept = previous.entry if previous is not None else None
        if entry.effective_date is None:
            effective = (
                kept.effective_date if isinstance(kept, Tier2Entry) and kept.effective_date else now.date()
            )
            entry = entry.model_copy(update={"effective_date": effective})
        if entry.expires_at is None and isinstance(kept, Tier2Entry) and kept.condition == entry.condition:
            entry = entry.model_copy(update={"expires_at": kept.expires_at})
            return entry, None
        expiry = physiological_expiry(entry, now=now)
    elif isinstance(entry, Tier3Entry):
        kept3 = previous.entry if previous is not None else None
        if (
            entry.expires_at is None
            and isinstance(kept3, Tier3Entry)
            and kept3.event_date == entry.event_date
        ):
            entry = entry.model_copy(update={"expires_at": kept3.expires_at})
            return entry, None
        expiry = situational_expiry(entry, now=now)
        if entry.week_start_date is None:
            anchor = entry.event_date or now.date()
            entry = entry.model_copy(update={"week_start_date": anchor - dt.timedelta(days=anchor.weekday())})
    else:
        return entry, None
    return entry.model_copy(update={"expires_at": expiry.expires_at}), expiry


def _expires(entry: Entry) -> dt.datetime | None:
    return entry.expires_at if isinstance(entry, Tier2Entry | Tier3Entry) else None


class _Planner:
    def __init__(
        self,
        active: Sequence[MemoryItem],
        *,
        now: dt.datetime,
        new_id: Callable[[], str],
        owned_ids: set[str],
        actor: Actor,
    ) -> None:
        self.now = ensure_utc(now)
        self.active = {item.id: item for item in active if item.is_active(self.now)}
        self.owned = set(owned_ids) | set(self.active)
        self.new_id = new_id
        self.actor = actor
        self.plan = MutationPlan()

    def _event(self, item: MemoryItem, kind: EventKind, reason: str) -> MemoryEvent:
        entry = None if kind is EventKind.DELETED else _dump(item.entry)
        return MemoryEvent(
            item_id=item.id, kind=kind, actor=self.actor, at=self.now, reason=reason, entry=entry
        )

    def _reject(self, index: int, mutation: MemoryMutation, reason: RejectReason, detail: str) -> None:
        self.plan.rejected.append(
            RejectedMutation(index=index, mutation=mutation, reason=reason, detail=detail)
        )

    def _fresh_id(self) -> str:
        for _ in range(MAX_ID_ATTEMPTS):
            candidate = self.new_id()
            if candidate not in self.owned:
                self.owned.add(candidate)
                return candidate
        raise RuntimeError("new_id keeps returning ids this user already has")

    def _store(self, action: Operation, item: MemoryItem, kind: EventKind, reason: str) -> None:
        self.plan.operations.append(
            PlannedOperation(action=action, item=item, event=self._event(item, kind, reason))
        )
        if action is Operation.DELETE:
            self.active.pop(item.id, None)
        else:
            self.active[item.id] = item

    def _replace(self, item: MemoryItem, entry: Entry) -> MemoryItem:
        return item.model_copy(update={"entry": entry, "updated_at": self.now, "expires_at": _expires(entry)})

    def _note_clamp(self, index: int, memory_id: str, expiry: Expiry | None) -> None:
        if expiry is not None and expiry.clamp is not None:
            self.plan.clamps.append(ClampNote(index=index, memory_id=memory_id, clamp=expiry.clamp))

    def _typed(self, index: int, mutation: MemoryMutation) -> Entry | None:
        try:
            entry = mutation.typed_entry()
        except ValidationError as error:
            self._reject(index, mutation, RejectReason.INVALID_ENTRY, _validation_summary(error))
            return None
        assert isinstance(entry, Tier1Entry | Tier2Entry | Tier3Entry)  # CREATE/UPDATE always carry one
        return entry

    def create(self, index: int, mutation: MemoryMutation) -> None:
        entry = self._typed(index, mutation)
        if entry is None:
            return
        entry, expiry = _with_expiry(entry, now=self.now, previous=None)
        match = find_match(entry, list(self.active.values()))
        if match is None:
            full = cap_refusal(mutation.target_tier, self.active.values())
            if full is not None:
                self._reject(index, mutation, RejectReason.FULL, full)
                return
            item = MemoryItem(
                id=self._fresh_id(),
                tier=mutation.target_tier,
                entry=entry,
                created_at=self.now,
                updated_at=self.now,
                expires_at=_expires(entry),
            )
            self._note_clamp(index, item.id, expiry)
            self._store(Operation.CREATE, item, EventKind.CREATED, mutation.reason)
            self.plan.applied.append(
                mutation.model_copy(update={"memory_id": item.id, "entry": _dump(entry)})
            )
            return
        existing = match.item
        if match.kind is MatchKind.SAME_FACT:
            old_end, new_end = existing.expires_at, _expires(entry)
            if old_end is None or new_end is None or new_end <= old_end:
                self._merged(index, mutation, existing.id, MergeOutcome.DUPLICATE, match.detail)
                return
            merged_entry = existing.entry.model_copy(update={"expires_at": new_end})
            outcome, reason = MergeOutcome.EXTENDED, f"{match.detail}: expiry extended"
        elif (
            isinstance(entry, Tier1Entry)
            and isinstance(existing.entry, Tier1Entry)
            and entry.category == "equipment"
        ):
            merged_entry = merge_equipment(existing.entry, entry)
            outcome, reason = MergeOutcome.UPDATED, "added to the current equipment inventory"
        else:
            merged_entry, outcome, reason = entry, MergeOutcome.UPDATED, f"{match.detail}: replaced"
        updated = self._replace(existing, merged_entry)
        self._note_clamp(index, existing.id, expiry)
        self._store(Operation.UPDATE, updated, EventKind.MERGED, f"{reason}. {mutation.reason}".strip())
        self._merged(index, mutation, existing.id, outcome, reason)
        self.plan.applied.append(
            MemoryMutation(
                operation=Operation.UPDATE,
                target_tier=existing.tier,
                memory_id=existing.id,
                entry=_dump(merged_entry),
                reason=mutation.reason or reason,
            )
        )

    def _merged(
        self, index: int, mutation: MemoryMutation, into: str, outcome: MergeOutcome, detail: str
    ) -> None:
        self.plan.merged.append(
            MergedMutation(index=index, mutation=mutation, into_id=into, outcome=outcome, detail=detail)
        )

    def _target(self, index: int, mutation: MemoryMutation) -> MemoryItem | None:
        """The active, owned item an UPDATE/DELETE names, or None after recording why not."""
        memory_id = mutation.memory_id or ""
        if memory_id not in self.owned:
            # Another user's id and a made-up id get the same answer: never confirm someone else's memory.
            self._reject(index, mutation, RejectReason.NOT_FOUND, f"no memory item {memory_id!r}")
            return None
        item = self.active.get(memory_id)
        if item is None:
            self._reject(index, mutation, RejectReason.INACTIVE, f"{memory_id} has expired or was deleted")
            return None
        if item.tier is not mutation.target_tier:
            detail = f"{memory_id} is in {item.tier.value}, not {mutation.target_tier.value}"
            self._reject(index, mutation, RejectReason.TIER_MISMATCH, detail)
            return None
        return item

    def update(self, index: int, mutation: MemoryMutation) -> None:
        item = self._target(index, mutation)
        if item is None:
            return
        entry = self._typed(index, mutation)
        if entry is None:
            return
        known = item.entry
        if (
            isinstance(entry, Tier1Entry)
            and isinstance(known, Tier1Entry)
            and entry.category != known.category
        ):
            detail = f"{item.id} is a {known.category}, not a {entry.category}"
            self._reject(index, mutation, RejectReason.CATEGORY_MISMATCH, detail)
            return
        entry, expiry = _with_expiry(entry, now=self.now, previous=item)
        if _dump(entry) == _dump(item.entry):
            self._merged(index, mutation, item.id, MergeOutcome.UNCHANGED, "the entry already says this")
            return
        self._note_clamp(index, item.id, expiry)
        self._store(Operation.UPDATE, self._replace(item, entry), EventKind.UPDATED, mutation.reason)
        self.plan.applied.append(mutation.model_copy(update={"entry": _dump(entry)}))

    def delete(self, index: int, mutation: MemoryMutation) -> None:
        item = self._target(index, mutation)
        if item is None:
            return
        self._store(Operation.DELETE, item, EventKind.DELETED, mutation.reason)
        self.plan.applied.append(mutation.model_copy(update={"entry": None}))


def _validation_summary(error: ValidationError) -> str:
    return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'entry'}: {e['msg']}" for e in error.errors())


def plan_mutations(
    active: list[MemoryItem],
    mutations: list[MemoryMutation],
    *,
    now: dt.datetime,
    new_id: Callable[[], str],
    owned_ids: set[str],
    actor: Actor = Actor.AGENT,
) -> MutationPlan:
    """Decide, in order, what each mutation does to this user's memory.

    `active` is the user's memory (expired items are ignored), `owned_ids` every id the user has ever
    had (so an expired id is told apart from a foreign one). Later mutations see earlier ones' effects.
    """
    planner = _Planner(active, now=now, new_id=new_id, owned_ids=owned_ids, actor=actor)
    handlers = {
        Operation.CREATE: planner.create,
        Operation.UPDATE: planner.update,
        Operation.DELETE: planner.delete,
    }
    for index, mutation in enumerate(mutations):
        handlers[mutation.operation](index, mutation)
    return planner.plan
