"""What the understanding layer hands to the acting layer: one immutable record per message."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from fitcoach.contract.models import Tone, Weekday
from fitcoach.languages.numbers import Load as Load
from fitcoach.library.gear import Gear

Side = Literal["left", "right", "both"]
ConditionKind = Literal["pain", "soreness", "fatigue"]


class Intent(StrEnum):
    """The eight request types of SPEC.md §9 plus the small-talk and memory-only turns."""

    ONBOARDING = "onboarding"
    DAY_EDIT = "day_edit"
    WEEK_OVERHAUL = "week_overhaul"
    LIVE_SWAP = "live_swap"
    ACUTE_PAIN = "acute_pain"
    EVENT = "event"
    PROGRESSION = "progression"
    TECHNIQUE = "technique"
    RESOLUTION = "resolution"
    TONE = "tone"
    GREETING = "greeting"
    THANKS = "thanks"
    MOTIVATION = "motivation"
    WHATS_TODAY = "whats_today"
    UNKNOWN = "unknown"

    @property
    def request_type(self) -> int | None:
        """The §9 request type number, or None for turns outside the eight."""
        return _REQUEST_TYPES.get(self)


_REQUEST_TYPES = {
    Intent.ONBOARDING: 1,
    Intent.DAY_EDIT: 2,
    Intent.WEEK_OVERHAUL: 3,
    Intent.LIVE_SWAP: 4,
    Intent.ACUTE_PAIN: 5,
    Intent.EVENT: 6,
    Intent.PROGRESSION: 7,
    Intent.TECHNIQUE: 8,
}


@dataclass(frozen=True)
class DayMention:
    """A day the user named, resolved against the turn's clock."""

    weekday: Weekday
    date: dt.date
    start: int
    relative: str | None = None


@dataclass(frozen=True)
class EventMention:
    kind: str
    date: dt.date | None
    start: int
    month_only: bool = False
    """Only a month was named ("casamento em dezembro"): `date` is that month's last day."""
    label: str | None = None
    """The user's own words for an event no lexicon names ("un semi", "爬玉山"), to name it back."""


@dataclass(frozen=True)
class Understanding:
    """Everything the offline coach understood from one message, in language-neutral terms."""

    lang: str
    intent: Intent
    scores: dict[Intent, float]
    features: frozenset[str]
    days: list[DayMention] = field(default_factory=list)
    target_day: Weekday | None = None
    days_per_week: int | None = None
    minutes: int | None = None
    exercises: list[str] = field(default_factory=list)
    areas: list[str] = field(default_factory=list)
    side: Side | None = None
    conditions: list[ConditionKind] = field(default_factory=list)
    gear: frozenset[Gear] = frozenset()
    dumbbell_max_lb: float | None = None
    loads: list[Load] = field(default_factory=list)
    unavailable_gear: frozenset[Gear] = frozenset()
    negated_gear: frozenset[Gear] = frozenset()
    families: list[str] = field(default_factory=list)
    event: EventMention | None = None
    goal_type: str | None = None
    tone: Tone | None = None
    preferences: list[str] = field(default_factory=list)
    """Answer preferences besides the tone: "brief", "detailed", "units_kg", "lang_ru"..."""
    resolved_memory_ids: list[str] = field(default_factory=list)
    cues: frozenset[str] = frozenset()
    problems: list[str] = field(default_factory=list)
    afflicted_areas: list[str] = field(default_factory=list)
    hurt_areas: list[str] = field(default_factory=list)
    """The areas in the very clause of a pain or soreness word; several when the user lists them."""
    operated_areas: list[str] = field(default_factory=list)
    """Areas named with a surgery or a reconstruction: chronic conditions to respect."""
    own_areas: list[str] = field(default_factory=list)
    """Areas an introduction names as the user's own trouble (tagged `body_part_self`, or a joint
    given with its side: "left knee has been grumpy for years"): conditions to respect, no focus."""
    focus_days: dict[Weekday, list[str]] = field(default_factory=dict)
    weeks_back: int | None = None
    span_days: int | None = None
    """A time frame the message gives in days or weeks ("for 2 weeks", "d'ici 3-4 jours")."""
    busy_exercises: list[str] = field(default_factory=list)
    """Exercises whose station the user says is taken or broken ("leg press, extensora ocupadas")."""
    away_days: int | None = None
    """With an event: how long it lasts ("abroad for two weeks", "10 jours"), a delay excluded."""
    minutes_only: bool = False
    """The minutes are a limit ("only 30 minutes Wed-Fri"): the named days shrink, they are no schedule."""
    replaced_areas: list[str] = field(default_factory=list)
    """Areas named right after "instead of" ("chest instead of legs"): what the user wants gone."""
    goal_named: str | None = None
    """The goal the message names, affirmed or not ("rest for strength?"): tailors an answer."""
    avoided: frozenset[Weekday] = frozenset()
    """Days the learned tagger reads as days the user cannot or will not train (`day_avoid`): they
    rest and are never the new schedule's days ("lundi mercredi vendredi ; de garde le mardi")."""

    @property
    def focus_areas(self) -> list[str]:
        """Areas named as goals or focus, not as the place that hurts."""
        return [area for area in self.areas if area not in self.afflicted_areas]

    def has_cue(self, name: str) -> bool:
        return name in self.cues

    @property
    def asks_why(self) -> bool:
        return "why" in self.cues or "technique" in self.cues


MUSCLE_AREAS = frozenset(
    {
        "chest",
        "back",
        "shoulder",
        "arms",
        "biceps",
        "triceps",
        "legs",
        "quads",
        "hamstrings",
        "glutes",
        "calves",
        "core",
        "forearms",
        "lats",
        "upper_body",
        "lower_body",
    }
)
