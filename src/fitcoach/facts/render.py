"""Fact text rendered from structured facts, in the user's language: the stored equipment text is
written from the inventory (the source of truth), so it never says more or less than the data."""

from __future__ import annotations

from fitcoach.facts.model import InventoryFacts
from fitcoach.facts.words import facts_words
from fitcoach.languages.numbers import KG_TO_LB
from fitcoach.languages.registry import fallback_chain
from fitcoach.languages.ui import unit_name
from fitcoach.library.gear import Gear

_SHOWN_ORDER: tuple[Gear, ...] = (
    Gear.DUMBBELLS,
    Gear.BARBELL,
    Gear.BENCH,
    Gear.INCLINE_BENCH,
    Gear.PULL_UP_BAR,
    Gear.CABLE_MACHINE,
    Gear.SQUAT_RACK,
    Gear.LEG_PRESS_MACHINE,
    Gear.LEG_EXTENSION_MACHINE,
    Gear.HAMSTRING_MACHINE,
    Gear.AB_WHEEL,
)
"""The gear a text names, in this order; implied gear (a flat bench with a bench, the cable's rope,
machines with a leg press) is not repeated."""

_IMPLIED: dict[Gear, Gear] = {Gear.FLAT_BENCH: Gear.BENCH, Gear.ROPE: Gear.CABLE_MACHINE}


def _words(lang: str, key: str) -> dict[str, str]:
    for code in fallback_chain(lang):
        found = facts_words(code).get(key)
        if isinstance(found, dict):
            return {str(k): str(v) for k, v in found.items()}
    return {}


def _shown(gear: frozenset[Gear]) -> list[Gear]:
    named = set(gear)
    for implied, by in _IMPLIED.items():
        if implied in named and by not in named:
            named.add(by)
    return [item for item in _SHOWN_ORDER if item in named]


def format_load(pounds: float, unit: str, lang: str) -> str:
    """A load in the unit the user wrote it in, rounded to a half."""
    value = pounds / KG_TO_LB if unit == "kg" else pounds
    rounded = round(value * 2) / 2
    number = f"{rounded:g}"
    return (
        f"{number} {unit_name(lang, unit)}"
        if not lang.startswith("zh")
        else f"{number}{unit_name(lang, unit)}"
    )


def render_inventory(inventory: InventoryFacts, lang: str) -> str:
    """ "Dumbbells up to 22 kg, bench and pull-up bar; no barbell." in the user's language."""
    templates = _words(lang, "render")
    names = _words(lang, "gear_names")
    sep, last = templates.get("join", ", "), templates.get("join_last", " and ")
    if inventory.full_gym:
        parts = [templates.get("full_gym", "a full gym")]
    else:
        parts = []
        for gear in _shown(inventory.owned):
            name = names.get(gear.value, gear.value.lower())
            if gear is Gear.DUMBBELLS and len(inventory.dumbbell_pairs_lb) > 1:
                unit = inventory.load_unit or "lb"
                loads = [format_load(pair, unit, lang) for pair in inventory.dumbbell_pairs_lb]
                listed = sep.join(loads[:-1]) + last + loads[-1]
                name = templates.get("pairs", "{gear} {loads}").format(gear=name, loads=listed)
            elif gear is Gear.DUMBBELLS and inventory.dumbbell_max_lb is not None:
                load = format_load(inventory.dumbbell_max_lb, inventory.load_unit or "lb", lang)
                name = templates.get("up_to", "{gear} up to {load}").format(gear=name, load=load)
            parts.append(name)
        if not parts:
            parts = [templates.get("bodyweight", "bodyweight only")]
    text = parts[0] if len(parts) == 1 else sep.join(parts[:-1]) + last + parts[-1]
    missing = [
        templates.get("missing", "no {gear}").format(gear=names.get(gear.value, gear.value.lower()))
        for gear in _shown(inventory.not_owned - inventory.owned)
    ]
    if missing:
        text = f"{text}{'；' if lang.startswith('zh') else '; '}{sep.join(missing)}"
    text = text[:1].upper() + text[1:]
    return templates.get("sentence", "{text}.").format(text=text)


def render_unavailable(gear: frozenset[Gear], lang: str) -> str:
    """ "Bench unavailable for now." in the user's language."""
    templates = _words(lang, "render")
    names = _words(lang, "gear_names")
    items = [names.get(item.value, item.value.lower()) for item in _shown(gear)] or [""]
    sep, last = templates.get("join", ", "), templates.get("join_last", " and ")
    listed = items[0] if len(items) == 1 else sep.join(items[:-1]) + last + items[-1]
    text = templates.get("unavailable", "{gear} unavailable for now").format(gear=listed)
    return templates.get("sentence", "{text}.").format(text=text[:1].upper() + text[1:])
