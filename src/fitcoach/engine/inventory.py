"""Equipment inventory from tier-1 `equipment` memory: structured fields first, else the fact's text."""

from __future__ import annotations

import re
from functools import lru_cache

from fitcoach.library.gear import COMMERCIAL_GYM, Gear, Inventory

KG_TO_LB = 2.20462
"""Pounds per kilogram, to turn "22 kg" dumbbells into a lb cap."""

_WORD_START = r"(?<![a-zà-ÿа-яё])"

# Phrase (lower case) → gear it implies, in en, fr, pt, ru and zh-Hant. An adjustable bench is a flat
# and an incline bench (issue 3).
GEAR_WORDS: dict[str, frozenset[Gear]] = {
    "dumbbell": frozenset({Gear.DUMBBELLS}),
    "haltère": frozenset({Gear.DUMBBELLS}),
    "haltere": frozenset({Gear.DUMBBELLS}),
    "halter": frozenset({Gear.DUMBBELLS}),
    "гантел": frozenset({Gear.DUMBBELLS}),
    "啞鈴": frozenset({Gear.DUMBBELLS}),
    "barbell": frozenset({Gear.BARBELL}),
    "barre olympique": frozenset({Gear.BARBELL}),
    "barra olímpica": frozenset({Gear.BARBELL}),
    "штанг": frozenset({Gear.BARBELL}),
    "槓鈴": frozenset({Gear.BARBELL}),
    "bench": frozenset({Gear.BENCH, Gear.FLAT_BENCH}),
    "banc": frozenset({Gear.BENCH, Gear.FLAT_BENCH}),
    "banco": frozenset({Gear.BENCH, Gear.FLAT_BENCH}),
    "скамь": frozenset({Gear.BENCH, Gear.FLAT_BENCH}),
    "訓練椅": frozenset({Gear.BENCH, Gear.FLAT_BENCH}),
    "臥推椅": frozenset({Gear.BENCH, Gear.FLAT_BENCH}),
    "incline bench": frozenset({Gear.INCLINE_BENCH}),
    "banc incliné": frozenset({Gear.INCLINE_BENCH}),
    "banco inclinado": frozenset({Gear.INCLINE_BENCH}),
    "наклонн": frozenset({Gear.INCLINE_BENCH}),
    "上斜": frozenset({Gear.INCLINE_BENCH}),
    "pull-up bar": frozenset({Gear.PULL_UP_BAR}),
    "pullup bar": frozenset({Gear.PULL_UP_BAR}),
    "chin-up bar": frozenset({Gear.PULL_UP_BAR}),
    "barre de traction": frozenset({Gear.PULL_UP_BAR}),
    "barra fixa": frozenset({Gear.PULL_UP_BAR}),
    "турник": frozenset({Gear.PULL_UP_BAR}),
    "單槓": frozenset({Gear.PULL_UP_BAR}),
    "引體向上": frozenset({Gear.PULL_UP_BAR}),
    "cable": frozenset({Gear.CABLE_MACHINE, Gear.ROPE}),
    "poulie": frozenset({Gear.CABLE_MACHINE, Gear.ROPE}),
    "polia": frozenset({Gear.CABLE_MACHINE, Gear.ROPE}),
    "кроссовер": frozenset({Gear.CABLE_MACHINE, Gear.ROPE}),
    "滑輪": frozenset({Gear.CABLE_MACHINE, Gear.ROPE}),
    "squat rack": frozenset({Gear.SQUAT_RACK}),
    "power rack": frozenset({Gear.SQUAT_RACK}),
    "rack": frozenset({Gear.SQUAT_RACK}),
    "силовая рама": frozenset({Gear.SQUAT_RACK}),
    "深蹲架": frozenset({Gear.SQUAT_RACK}),
    "leg press": frozenset({Gear.LEG_PRESS_MACHINE}),
    "presse à cuisses": frozenset({Gear.LEG_PRESS_MACHINE}),
    "жим ногами": frozenset({Gear.LEG_PRESS_MACHINE}),
    "腿推": frozenset({Gear.LEG_PRESS_MACHINE}),
    "ab wheel": frozenset({Gear.AB_WHEEL}),
    "roue abdominale": frozenset({Gear.AB_WHEEL}),
    "roda abdominal": frozenset({Gear.AB_WHEEL}),
    "ролик для пресса": frozenset({Gear.AB_WHEEL}),
    "健腹輪": frozenset({Gear.AB_WHEEL}),
}

# Whole-gym phrases: every piece of gear in the library.
GYM_WORDS: tuple[str, ...] = (
    "commercial gym",
    "full gym",
    "gym membership",
    "salle de sport",
    "salle de musculation",
    "academia",
    "тренажерный зал",
    "тренажёрный зал",
    "фитнес-клуб",
    "健身房",
)

# A whole-gym word qualified as home ("academia em casa", "家裡的健身房") is a home setup: only the
# gear it names counts.
HOME_WORDS: tuple[str, ...] = (
    "em casa",
    "de casa",
    "à la maison",
    "a la maison",
    "дома",
    "домашн",
    "在家",
    "家裡",
    "家里",
)

# Words that make a bench adjustable (incline too).
ADJUSTABLE_WORDS: tuple[str, ...] = ("adjustable", "réglable", "reglable", "ajustável", "регулируем", "可調")

_LOAD = re.compile(r"(\d+(?:[.,]\d+)?)\s*(lbs?|pounds?|livres?|libras?|фунт\w*|磅|kg|kgs|кг|公斤|千克)")


def _has(text: str, word: str) -> bool:
    if all("\u4e00" <= char <= "\u9fff" for char in word):
        return word in text
    return re.search(_WORD_START + re.escape(word), text) is not None


def dumbbell_cap_lb(text: str) -> float | None:
    """The heaviest load named in the text, in lb (a lb figure wins over its kg translation)."""
    pounds: list[float] = []
    kilos: list[float] = []
    for number, unit in _LOAD.findall(text.lower()):
        value = float(number.replace(",", "."))
        (kilos if unit in {"kg", "kgs", "кг", "公斤", "千克"} else pounds).append(value)
    if pounds:
        return max(pounds)
    if kilos:
        return round(max(kilos) * KG_TO_LB, 1)
    return None


@lru_cache(maxsize=1024)
def parse_inventory(text: str) -> Inventory:
    """Gear named in an equipment fact in en, fr, pt, ru or zh-Hant; bodyweight is always available.

    Cached (the result is frozen): the same equipment fact is parsed on every chat turn's guard."""
    lowered = text.lower()
    home = any(_has(lowered, word) for word in HOME_WORDS)
    if not home and any(_has(lowered, word) for word in GYM_WORDS):
        return Inventory(gear=COMMERCIAL_GYM, dumbbell_max_lb=dumbbell_cap_lb(lowered))
    gear: set[Gear] = set()
    for word, implied in GEAR_WORDS.items():
        if _has(lowered, word):
            gear |= implied
    if Gear.BENCH in gear and any(_has(lowered, word) for word in ADJUSTABLE_WORDS):
        gear.add(Gear.INCLINE_BENCH)
    if Gear.CABLE_MACHINE in gear or Gear.LEG_PRESS_MACHINE in gear:
        gear.add(Gear.MACHINE)
    cap = dumbbell_cap_lb(lowered) if Gear.DUMBBELLS in gear else None
    return Inventory(gear=frozenset(gear), dumbbell_max_lb=cap)


def merge_inventories(parts: list[Inventory]) -> Inventory:
    """Several equipment facts together: the union of gear, the highest dumbbell cap."""
    if not parts:
        return Inventory.unknown()
    caps = [part.dumbbell_max_lb for part in parts if part.dumbbell_max_lb is not None]
    return Inventory(
        gear=frozenset().union(*(part.gear for part in parts)),
        dumbbell_max_lb=max(caps) if caps else None,
        unavailable=frozenset().union(*(part.unavailable for part in parts)),
    )
