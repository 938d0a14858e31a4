"""Pydantic models of the answer contract, field names exactly as the spec spells them (R30-R33).

Parsing is tolerant where a model's omission is repairable by the server (R31: `name`, `status`,
`completed_*`, `day_of_week`, `date` are server-owned and filled by `normalize`); it is strict on
types and closed sets. Unknown extra keys from a model are ignored, never stored.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from fitcoach.clock import isoformat_z
from fitcoach.library.gear import Inventory
from fitcoach.library.models import MUSCLE_TO_GROUP, MuscleGroup

MAX_DAY_VOLUME_LB = 500_000.0
"""Far above any session (50 sets of 10 at 1,000 lb): a bound so no estimate or model can store an
absurd or overflowing number; the week's is seven such days."""
MAX_WEEK_VOLUME_LB = 7 * MAX_DAY_VOLUME_LB
MAX_DAY_MINUTES = 300
MAX_CHOICES = 3
"""A clarifying question offers at most three tappable choices (issue 14: "two or three likely actions")."""
MAX_CHOICE_CHARS = 120

MIN_DATE = dt.date(1900, 1, 1)
MAX_DATE = dt.date(2199, 12, 31)
"""Bounds for every date a client or a model sends. Far wider than any real plan, injury or trip, and
far from year 9999, where a week ahead or a time-zone shift overflows `datetime` (that was a 500)."""


def _plausible_date(value: dt.date) -> dt.date:
    day = value.date() if isinstance(value, dt.datetime) else value
    if not MIN_DATE <= day <= MAX_DATE:
        raise ValueError(f"date out of range ({MIN_DATE.isoformat()} to {MAX_DATE.isoformat()})")
    return value


PlausibleDate = Annotated[dt.date, AfterValidator(_plausible_date)]
PlausibleInstant = Annotated[dt.datetime, AfterValidator(_plausible_date)]

InstantZ = Annotated[
    dt.datetime,
    PlainSerializer(isoformat_z, return_type=str, when_used="json"),
    WithJsonSchema({"type": "string", "format": "date-time"}, mode="serialization"),
]
"""An instant the server writes in a response: UTC, to the second, with a trailing Z, the one format
of every timestamp the API writes (`clock.isoformat_z`)."""


class Weekday(StrEnum):
    MONDAY = "monday"
    TUESDAY = "tuesday"
    WEDNESDAY = "wednesday"
    THURSDAY = "thursday"
    FRIDAY = "friday"
    SATURDAY = "saturday"
    SUNDAY = "sunday"

    @property
    def position(self) -> int:
        """0 for Monday … 6 for Sunday."""
        return WEEKDAYS.index(self)

    @property
    def display(self) -> str:
        """The spec's `day_of_week` spelling: "Monday"."""
        return self.value.capitalize()

    @classmethod
    def of(cls, day: dt.date) -> Weekday:
        return WEEKDAYS[day.weekday()]


WEEKDAYS: list[Weekday] = list(Weekday)


class ProposalType(StrEnum):
    NONE = "NONE"
    UPDATE_DAY = "UPDATE_DAY"
    UPDATE_WEEK = "UPDATE_WEEK"


class Tier(StrEnum):
    STAPLES = "tier_1_staples"
    PHYSIOLOGICAL = "tier_2_physiological"
    SITUATIONAL = "tier_3_situational"


class Operation(StrEnum):
    CREATE = "CREATE"
    UPDATE = "UPDATE"
    DELETE = "DELETE"


DayStatus = Literal["scheduled", "completed", "skipped"]
ActiveTab = Literal["coach", "today", "week", "workout"]


class _Lenient(BaseModel):
    # Serialization writes every field, so the API's response document marks them all required (the
    # validation-mode schemas sent to models are unaffected).
    model_config = ConfigDict(
        extra="ignore",
        populate_by_name=True,
        json_schema_serialization_defaults_required=True,
        allow_inf_nan=False,
    )


# --- plan -----------------------------------------------------------------------------------------


LoadUnit = Literal["kg", "lb"]


class Load(_Lenient):
    """A load as the user reads it: in the unit they train in (issue 18)."""

    value: float = Field(gt=0, le=1500)
    unit: LoadUnit


class PlannedExercise(_Lenient):
    exercise_id: str = Field(min_length=1, max_length=80)
    name: str | None = None
    target_sets: int = Field(ge=1, le=10)
    target_reps: str = Field(min_length=1, max_length=20, description="'8-10', '12', '45s', 'AMRAP'")
    rest_seconds: int = Field(ge=0, le=600)
    target_rir: int | None = Field(default=None, ge=0, le=5)
    modification: str | None = Field(
        default=None,
        max_length=60,
        description="R18: id of the registered modification that lets a chronic condition keep this "
        "exercise (e.g. 'wrist-neutral-push-up'); null when none is needed",
    )
    target_load: Load | None = Field(
        default=None,
        description="The load for the working sets, from the user's logs (issue 18); on bodyweight work "
        "the load added to the body (a dumbbell held); null before the first logged session and for "
        "bodyweight work done as it is",
    )
    tempo: str | None = Field(
        default=None,
        max_length=8,
        pattern=r"^\d{1,2}-\d{1,2}-\d{1,2}$",
        description="Seconds lowering, paused at the bottom and lifting ('3-1-1'), written by the program "
        "when bodyweight work has no reps or sets left to add (issue 18); null: the lifter's usual tempo",
    )

    @field_validator("target_reps", mode="before")
    @classmethod
    def _reps_as_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class Block(_Lenient):
    label: str = Field(min_length=1, max_length=80)
    exercises: list[PlannedExercise] = Field(min_length=1, max_length=4)


class MuscleFocus(_Lenient):
    muscle: str = Field(min_length=1, max_length=40)
    intensity: int = Field(ge=0, le=100)


class DayPlan(_Lenient):
    date: PlausibleDate | None = None
    day_of_week: str | None = None
    is_rest_day: bool = False
    status: DayStatus | None = None
    completed_log_id: str | None = None
    completed_at: PlausibleInstant | None = None
    title: str = Field(default="", max_length=120)
    focus_tag: str | None = Field(default=None, max_length=80)
    duration_minutes: int = Field(default=0, ge=0, le=MAX_DAY_MINUTES)
    estimated_volume_lbs: float = Field(default=0, ge=0, le=MAX_DAY_VOLUME_LB)
    coach_note: str | None = Field(default=None, max_length=600)
    muscle_focus: list[MuscleFocus] = Field(default_factory=list, max_length=12)
    suggested_edits: list[str] = Field(default_factory=list, max_length=6)
    blocks: list[Block] = Field(default_factory=list, max_length=12)

    def exercises(self) -> list[PlannedExercise]:
        return [exercise for block in self.blocks for exercise in block.exercises]

    def slugs(self) -> list[str]:
        return [exercise.exercise_id for exercise in self.exercises()]


class WeekSummary(_Lenient):
    total_time_minutes: int = Field(default=0, ge=0, le=7 * MAX_DAY_MINUTES)
    total_volume_lbs: float = Field(default=0, ge=0, le=MAX_WEEK_VOLUME_LB)
    frequency: int = Field(default=0, ge=0, le=7)


class BlockPosition(_Lenient):
    """Where a week sits in its training block (mesocycle): "Week 3 of 5"; the last week is the deload."""

    number: int = Field(ge=1, le=1000, description="The block's number since the program began.")
    week: int = Field(ge=1, le=8)
    length: int = Field(ge=2, le=8)
    deload: bool = False


class ProgramChange(_Lenient):
    """One line of what changed from last week and why ("Incline DB Press 40 → 45 lb: 3×12 at RIR 2")."""

    exercise_id: str | None = Field(default=None, max_length=80)
    kind: Literal[
        "load", "reps", "sets", "tempo", "variation", "deload", "ramp", "pain", "professional", "layoff"
    ]
    text: str = Field(min_length=1, max_length=200)


class RampStep(_Lenient):
    """A movement coming back after an injury or a layoff: step `step` of `steps` towards `load`."""

    exercise_id: str = Field(min_length=1, max_length=80)
    step: int = Field(ge=1, le=6)
    steps: int = Field(ge=1, le=6)
    previous_load: Load | None = None
    area: str | None = Field(default=None, max_length=40)
    target_sets: int | None = Field(default=None, ge=1, le=10, description="Sets before the return.")
    target_rir: int | None = Field(default=None, ge=0, le=5, description="RIR before the return.")


class ExerciseTrend(_Lenient):
    """A priority exercise's best e1RM over its last exposures, oldest first, in `unit`."""

    exercise_id: str = Field(min_length=1, max_length=80)
    e1rm: list[float] = Field(default_factory=list, max_length=6)
    unit: LoadUnit = "lb"
    trend: Literal["up", "flat", "down", "new"] = "new"


class ProgramInfo(_Lenient):
    """The week's place in the program (issue 18), written by the server when it rolls a week on."""

    block: BlockPosition
    rolled_from: PlausibleDate | None = Field(
        default=None, description="The week this one was proposed from, by the program."
    )
    changes: list[ProgramChange] = Field(default_factory=list, max_length=40)
    ramp: list[RampStep] = Field(default_factory=list, max_length=40)
    trends: list[ExerciseTrend] = Field(default_factory=list, max_length=12)
    sets_per_group: dict[str, int] = Field(
        default_factory=dict, description="Planned weekly sets per priority muscle group."
    )
    base_sets: dict[str, int] = Field(
        default_factory=dict,
        description="Sets per 'weekday:exercise_id' at the start of the block (a new block returns to them).",
    )
    resume: dict[str, PlannedExercise] = Field(
        default_factory=dict,
        description="In a deload week: the prescriptions per 'weekday:exercise_id' the next block "
        "resumes from.",
    )


class WeeklyPlan(_Lenient):
    week_start_date: PlausibleDate
    theme: str = Field(default="", max_length=160)
    summary: WeekSummary = Field(default_factory=WeekSummary)
    suggested_edits: list[str] = Field(default_factory=list, max_length=6)
    days: dict[Weekday, DayPlan]
    program: ProgramInfo | None = Field(
        default=None, description="Block position, changes and trends (server-owned, issue 18)."
    )

    def training_days(self) -> list[Weekday]:
        return [day for day in WEEKDAYS if day in self.days and not self.days[day].is_rest_day]


# --- memory ---------------------------------------------------------------------------------------

Tier1Category = Literal["equipment", "goal", "chronic_condition", "preference"]
Condition = Literal["soreness", "fatigue", "minor_strain"]
Tone = Literal["tough_love", "gentle", "deep_science", "balanced"]
Verbosity = Literal["brief", "normal", "detailed"]


MAX_LISTED = 12
"""Entries in any list a memory fact carries (muscles, areas): more is a flood, not a profile."""


def _muscle_group(name: str) -> str:
    """A priority muscle as the muscle group it belongs to ("rear delts" → "Shoulders"); raises for a
    name that is neither a muscle group nor a muscle of the library."""
    key = "_".join(name.replace("-", " ").split()).casefold()
    for group in MuscleGroup:
        if group.value.casefold() == key:
            return group.value
    for muscle, group in MUSCLE_TO_GROUP.items():
        if muscle.value == key:
            return group.value
    raise ValueError(f"{name[:60]!r} is not a muscle group ({', '.join(g.value for g in MuscleGroup)})")


def _distinct_groups(names: list[str] | None) -> list[str] | None:
    return None if names is None else list(dict.fromkeys(_muscle_group(name) for name in names))


PriorityMuscles = Annotated[
    list[Annotated[str, Field(max_length=40)]] | None,
    Field(default=None, max_length=MAX_LISTED),
    AfterValidator(_distinct_groups),
]
"""Muscle groups to prioritise, checked against the library's muscles and groups and stored as groups."""

AreaList = Annotated[
    list[Annotated[str, Field(min_length=1, max_length=60)]] | None,
    Field(default=None, max_length=MAX_LISTED),
]


class Schedule(_Lenient):
    days: list[Weekday] | None = Field(default=None, max_length=7)
    days_per_week: int | None = Field(default=None, ge=1, le=7)
    minutes: int | None = Field(default=None, ge=10, le=240)


class Tier1Entry(_Lenient):
    category: Tier1Category
    fact: str = Field(min_length=1, max_length=500)
    source: str | None = Field(default=None, max_length=80)
    # structured fields, optional (issue 4): equipment inventory, goal schedule/priorities, tone
    inventory: Inventory | None = None
    goal_type: str | None = Field(default=None, max_length=40)
    schedule: Schedule | None = None
    priority_muscles: PriorityMuscles = None
    tone: Tone | None = None
    verbosity: Verbosity | None = None
    body_part: str | None = Field(default=None, max_length=60, description="chronic_condition area")


class Tier2Entry(_Lenient):
    body_part: str = Field(min_length=1, max_length=60)
    condition: Condition
    fact: str = Field(min_length=1, max_length=500)
    effective_date: PlausibleDate | None = None
    expires_at: PlausibleInstant | None = None
    side: Literal["left", "right", "both"] | None = None


class Tier3Entry(_Lenient):
    event: str = Field(min_length=1, max_length=120)
    fact: str = Field(min_length=1, max_length=500)
    week_start_date: PlausibleDate | None = None
    event_date: PlausibleDate | None = None
    expires_at: PlausibleInstant | None = None
    protected_areas: AreaList = None


MemoryEntry = Tier1Entry | Tier2Entry | Tier3Entry

ENTRY_MODEL: dict[Tier, type[BaseModel]] = {
    Tier.STAPLES: Tier1Entry,
    Tier.PHYSIOLOGICAL: Tier2Entry,
    Tier.SITUATIONAL: Tier3Entry,
}


class MemoryMutation(_Lenient):
    operation: Operation
    target_tier: Tier
    memory_id: str | None = Field(default=None, max_length=64)
    entry: Annotated[dict[str, Any] | None, Field(default=None)]
    reason: str = Field(default="", max_length=500)

    @model_validator(mode="after")
    def _check_shape(self) -> MemoryMutation:
        if self.operation in (Operation.UPDATE, Operation.DELETE) and not self.memory_id:
            raise ValueError(f"{self.operation} needs a memory_id")
        if self.operation in (Operation.CREATE, Operation.UPDATE) and self.entry is None:
            raise ValueError(f"{self.operation} needs an entry")
        return self

    def typed_entry(self) -> MemoryEntry | None:
        """The entry validated against its tier's schema (raises ValidationError if it does not fit)."""
        if self.entry is None:
            return None
        model = ENTRY_MODEL[self.target_tier]
        return model.model_validate(self.entry)  # type: ignore[return-value]


# --- reply ----------------------------------------------------------------------------------------


class Proposal(_Lenient):
    id: str | None = None
    type: ProposalType
    target_day: Weekday | None = None
    summary_diff: str | None = Field(default=None, max_length=300)
    data: DayPlan | WeeklyPlan | None = None

    @model_validator(mode="before")
    @classmethod
    def _type_data(cls, raw: Any) -> Any:
        """Parse `data` as a day or a week according to `type`, never by guessing."""
        if not isinstance(raw, dict):
            return raw
        data = raw.get("data")
        kind = raw.get("type")
        if isinstance(data, dict):
            if kind == ProposalType.UPDATE_DAY:
                raw = {**raw, "data": DayPlan.model_validate(data)}
            elif kind == ProposalType.UPDATE_WEEK:
                raw = {**raw, "data": WeeklyPlan.model_validate(data)}
        return raw

    @model_validator(mode="after")
    def _coherent(self) -> Proposal:
        if self.type == ProposalType.NONE:
            if self.data is not None or self.target_day is not None or self.summary_diff is not None:
                raise ValueError("a NONE proposal has null data, target_day and summary_diff")
        elif self.type == ProposalType.UPDATE_DAY:
            if self.target_day is None or not isinstance(self.data, DayPlan):
                raise ValueError("UPDATE_DAY needs a target_day and a day object")
        elif self.target_day is not None or not isinstance(self.data, WeeklyPlan):
            raise ValueError("UPDATE_WEEK has target_day null and a weekly plan")
        return self

    @classmethod
    def none(cls) -> Proposal:
        return cls(type=ProposalType.NONE)


class CoachReply(_Lenient):
    """R30: always one JSON object with message, proposal and memory_mutations."""

    message: str = Field(min_length=1, max_length=6000)
    proposal: Proposal
    memory_mutations: list[MemoryMutation] = Field(default_factory=list, max_length=20)
    suggested_edits: list[str] = Field(
        default_factory=list,
        description="When the coach is unsure and asks a short question: the two or three likely "
        "requests, written as the user would send them, in the user's language; shown as tappable "
        "chips and sent as the message when tapped (R34).",
    )

    @field_validator("suggested_edits", mode="before")
    @classmethod
    def _few_short_choices(cls, value: object) -> object:
        """A model's extra or overlong choices are dropped, not a reason to refuse its answer."""
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            return []
        kept = [v.strip() for v in value if isinstance(v, str) and v.strip()]
        return [v for v in dict.fromkeys(kept) if len(v) <= MAX_CHOICE_CHARS][:MAX_CHOICES]
