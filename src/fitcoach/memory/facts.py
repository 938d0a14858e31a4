"""The structured facts stored with each memory item, and how an equipment update merges.

Equipment never loses what the user has: an update combines the stored inventory with what the turn
says (bought adds, sold/broken/lost removes, "only X" replaces, a taken bench is a tier-3 matter that
expires), keeps everything else, and renders the stored text from the result in the user's language.
With the user's message at hand, removals and "only" come from the message, never from a model's
rewording of the fact ("Home gym, pull-up bar." adds a pull-up bar; it drops no dumbbells).
"""

from __future__ import annotations

import datetime as dt

from fitcoach.contract.models import Tier1Entry, Tier2Entry, Tier3Entry
from fitcoach.facts.model import EquipmentChange, InventoryFacts, StructuredFact
from fitcoach.facts.reader import apply_change, read_body, read_change, read_inventory
from fitcoach.facts.render import render_inventory, render_unavailable
from fitcoach.languages.registry import supported
from fitcoach.library.gear import COMMERCIAL_GYM, Gear
from fitcoach.memory.model import Entry, MemoryItem


def structured(entry: Entry, *, lang: str | None = None) -> StructuredFact:
    """What an entry means as data, read from its own fields and text."""
    if isinstance(entry, Tier1Entry):
        if entry.category == "equipment":
            inventory = read_inventory(entry.fact)
            if entry.inventory is not None and entry.inventory.gear:
                # A structured inventory sent with the entry is data already: it wins over the text.
                owned = entry.inventory.gear - {Gear.BODYWEIGHT}
                full = entry.inventory.gear >= COMMERCIAL_GYM - {Gear.BODYWEIGHT}
                cap = entry.inventory.dumbbell_max_lb or inventory.dumbbell_max_lb
                pairs = entry.inventory.dumbbell_pairs_lb or inventory.dumbbell_pairs_lb
                inventory = InventoryFacts(
                    owned=frozenset() if full else owned,
                    not_owned=inventory.not_owned - owned,
                    full_gym=full,
                    dumbbell_max_lb=cap,
                    load_unit=inventory.load_unit,
                    dumbbell_pairs_lb=pairs,
                )
            return StructuredFact(inventory=inventory, lang=lang or read_change(entry.fact).lang)
        if entry.category == "chronic_condition":
            return StructuredFact(body=read_body(entry.fact, body_part=entry.body_part), lang=lang)
        return StructuredFact(lang=lang)
    if isinstance(entry, Tier2Entry):
        return StructuredFact(
            body=read_body(entry.fact, body_part=entry.body_part, side=entry.side), lang=lang
        )
    return StructuredFact(lang=lang)


def facts_of(item: MemoryItem) -> StructuredFact:
    """The item's stored structured facts, or its text read now (an item stored before issue 13)."""
    return item.facts if item.facts is not None else structured(item.entry)


def inventory_of(item: MemoryItem) -> InventoryFacts:
    found = facts_of(item).inventory
    return found if found is not None else InventoryFacts()


def equipment_change(entry: Tier1Entry, message: EquipmentChange | None) -> EquipmentChange:
    """What an equipment mutation changes. Gear the entry names (its text or structured inventory) is
    added; with the user's message, removals, "only", a gym and temporary gear are the message's."""
    written = read_change(entry.fact)
    stated = entry.inventory.gear - {Gear.BODYWEIGHT} if entry.inventory is not None else frozenset()
    cap = written.dumbbell_max_lb
    pairs = written.dumbbell_pairs_lb
    if cap is None and entry.inventory is not None:
        cap = entry.inventory.dumbbell_max_lb
        pairs = entry.inventory.dumbbell_pairs_lb
    if message is None:
        update = {"added": written.added | stated, "dumbbell_max_lb": cap, "dumbbell_pairs_lb": pairs}
        return written.model_copy(update=update)
    temporary = message.temporary | written.temporary
    added = (message.added | written.added | stated) - (temporary - message.added)
    return EquipmentChange(
        added=frozenset(added),
        removed=frozenset(message.removed - temporary - message.added),
        temporary=frozenset(temporary),
        only=message.only,
        full_gym=message.full_gym or (written.full_gym and not message.removed),
        dumbbell_max_lb=message.dumbbell_max_lb if message.dumbbell_max_lb is not None else cap,
        dumbbell_pairs_lb=message.dumbbell_pairs_lb if message.dumbbell_max_lb is not None else pairs,
        load_unit=message.load_unit or written.load_unit,
        lang=message.lang,
    )


def language_for(change: EquipmentChange, preferred: str | None) -> str:
    """The user's stored language when known, else the language the change was written in."""
    return preferred if preferred in supported() else change.lang


def merged_equipment(
    entry: Tier1Entry, before: InventoryFacts | None, change: EquipmentChange, lang: str
) -> tuple[Tier1Entry, StructuredFact]:
    """The entry to store after the change, its text rendered from the merged inventory."""
    after = apply_change(before, change)
    merged = entry.model_copy(update={"fact": render_inventory(after, lang), "inventory": after.inventory()})
    return merged, StructuredFact(inventory=after, lang=lang)


UNAVAILABLE_EVENT = "equipment_unavailable"
"""The tier-3 event key of gear taken or out of order for now (a key, not shown as prose)."""


def unavailable_entry(
    gear: frozenset[Gear], *, today: dt.date, lang: str
) -> tuple[Tier3Entry, StructuredFact]:
    """A tier-3 note for gear taken right now: it lasts until the end of today (R25) and never
    touches the tier-1 inventory."""
    entry = Tier3Entry(event=UNAVAILABLE_EVENT, fact=render_unavailable(gear, lang), event_date=today)
    return entry, StructuredFact(unavailable=gear, lang=lang)
