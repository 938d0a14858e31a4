"""Plan a turn's memory mutations (R26-R27): validate, fill expiries, deduplicate, check ids.

`plan_mutations` is pure: it decides what to store and what to report; storage performs the plan
inside the caller's transaction, so the turn and its memory changes land together or not at all.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import ValidationError

from fitcoach.clock import ensure_utc
from fitcoach.contract.models import MemoryMutation, Operation, Tier, Tier1Entry, Tier2Entry, Tier3Entry
from fitcoach.facts.model import StructuredFact
from fitcoach.facts.reader import read_change
from fitcoach.library.gear import Gear
from fitcoach.memory.caps import cap_refusal
from fitcoach.memory.dedup import MatchKind, find_match
from fitcoach.memory.events import Actor, EventKind, MemoryEvent
from fitcoach.memory.facts import (
    equipment_change,
    inventory_of,
    language_for,
    merged_equipment,
    structured,
    unavailable_entry,
)
from fitcoach.memory.forget import asks_to_forget_everything
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
        message: str | None,
        language: str | None,
    ) -> None:
        self.now = ensure_utc(now)
        self.active = {item.id: item for item in active if item.is_active(self.now)}
        self.owned = set(owned_ids) | set(self.active)
        self.new_id = new_id
        self.actor = actor
        self.language = language
        self.said = read_change(message) if message else None
        """What the user's message says about their equipment (None: no message, the entry is theirs)."""
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

    def _replace(self, item: MemoryItem, entry: Entry, facts: StructuredFact | None = None) -> MemoryItem:
        return item.model_copy(
            update={
                "entry": entry,
                "updated_at": self.now,
                "expires_at": _expires(entry),
                "facts": facts or structured(entry, lang=self.language),
            }
        )

    def _equipment_item(self) -> MemoryItem | None:
        for item in sorted(self.active.values(), key=lambda i: i.updated_at, reverse=True):
            if isinstance(item.entry, Tier1Entry) and item.entry.category == "equipment":
                return item
        return None

    def equipment(
        self, index: int, mutation: MemoryMutation, entry: Tier1Entry, target: MemoryItem | None
    ) -> None:
        """An equipment write merges into the inventory on record (one item); a temporary loss becomes
        a tier-3 note that expires; the stored text is rendered from the merged inventory."""
        change = equipment_change(entry, self.said)
        lang = language_for(change, self.language)
        if change.temporary:
            self._unavailable(index, mutation, change.temporary, lang)
        target = target or self._equipment_item()
        lasting = change.model_copy(update={"temporary": frozenset()})
        if lasting.is_empty() and not change.only and (target is not None or change.temporary):
            into = target.id if target is not None else ""
            self._merged(index, mutation, into, MergeOutcome.UNCHANGED, "nothing lasting changes")
            return
        before = inventory_of(target) if target is not None else None
        merged_entry, facts = merged_equipment(entry, before, lasting, lang)
        if target is None:
            item = MemoryItem(
                id=self._fresh_id(),
                tier=Tier.STAPLES,
                entry=merged_entry,
                created_at=self.now,
                updated_at=self.now,
                facts=facts,
            )
            self._store(Operation.CREATE, item, EventKind.CREATED, mutation.reason)
            self.plan.applied.append(
                MemoryMutation(
                    operation=Operation.CREATE,
                    target_tier=Tier.STAPLES,
                    memory_id=item.id,
                    entry=_dump(merged_entry),
                    reason=mutation.reason,
                )
            )
            return
        if facts.inventory == before:
            same = (
                MergeOutcome.DUPLICATE if mutation.operation is Operation.CREATE else MergeOutcome.UNCHANGED
            )
            self._merged(index, mutation, target.id, same, "the inventory already says this")
            return
        reason = "merged into the equipment inventory"
        self._store(Operation.UPDATE, self._replace(target, merged_entry, facts), EventKind.MERGED, reason)
        if mutation.operation is Operation.CREATE:
            self._merged(index, mutation, target.id, MergeOutcome.UPDATED, reason)
        self.plan.applied.append(
            MemoryMutation(
                operation=Operation.UPDATE,
                target_tier=Tier.STAPLES,
                memory_id=target.id,
                entry=_dump(merged_entry),
                reason=mutation.reason or reason,
            )
        )

    def _unavailable(self, index: int, mutation: MemoryMutation, gear: frozenset[Gear], lang: str) -> None:
        note, facts = unavailable_entry(gear, today=self.now.date(), lang=lang)
        entry, _ = _with_expiry(note, now=self.now, previous=None)
        item = MemoryItem(
            id=self._fresh_id(),
            tier=Tier.SITUATIONAL,
            entry=entry,
            created_at=self.now,
            updated_at=self.now,
            expires_at=_expires(entry),
            facts=facts,
        )
        self._store(Operation.CREATE, item, EventKind.CREATED, "gear unavailable for now")
        self.plan.applied.append(
            MemoryMutation(
                operation=Operation.CREATE,
                target_tier=Tier.SITUATIONAL,
                memory_id=item.id,
                entry=_dump(entry),
                reason=mutation.reason or "gear unavailable for now",
            )
        )

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
        if isinstance(entry, Tier1Entry) and entry.category == "equipment":
            self.equipment(index, mutation, entry, None)
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
                facts=structured(entry, lang=self.language),
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
        if isinstance(entry, Tier1Entry) and entry.category == "equipment":
            self.equipment(index, mutation, entry, item)
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
    message: str | None = None,
    language: str | None = None,
) -> MutationPlan:
    """Decide, in order, what each mutation does to this user's memory: the one implementation the
    guard, the offline coach and the store all call.

    `active` is the user's memory (expired items are ignored), `owned_ids` every id the user has ever
    had (so an expired id is told apart from a foreign one). Later mutations see earlier ones' effects.
    `message` is the user's message of the turn (equipment merges read what it says; a request to
    forget everything writes nothing), `language` the user's stored language (fact text is rendered
    in it).
    """
    planner = _Planner(
        active,
        now=now,
        new_id=new_id,
        owned_ids=owned_ids,
        actor=actor,
        message=message,
        language=language,
    )
    handlers = {
        Operation.CREATE: planner.create,
        Operation.UPDATE: planner.update,
        Operation.DELETE: planner.delete,
    }
    forget_all = message is not None and actor is Actor.AGENT and asks_to_forget_everything(message)
    for index, mutation in enumerate(mutations):
        if forget_all:
            detail = "the user asked to forget everything: nothing is written until they confirm"
            planner._reject(index, mutation, RejectReason.NEEDS_CONFIRMATION, detail)
            continue
        handlers[mutation.operation](index, mutation)
    return planner.plan


def memory_after(
    active: list[MemoryItem],
    mutations: list[MemoryMutation],
    *,
    now: dt.datetime,
    message: str | None = None,
    language: str | None = None,
) -> list[MemoryItem]:
    """Memory as it will be once this turn's mutations are stored, decided by the same rules the
    store applies (pending ids for new items): what the guard validates a proposal against and what
    the offline coach plans with, so neither can disagree with what is written."""
    counter = itertools.count(1)
    planned = plan_mutations(
        active,
        mutations,
        now=now,
        new_id=lambda: f"pending_{next(counter)}",
        owned_ids={item.id for item in active},
        actor=Actor.AGENT,
        message=message,
        language=language,
    )
    return planned.resulting(active)
