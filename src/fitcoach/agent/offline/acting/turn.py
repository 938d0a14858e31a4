"""One turn as the acting layer sees it: the input, what was understood, the reply language and
tone, and small helpers to phrase and package the answer."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from fitcoach.agent.offline.acting import notes
from fitcoach.agent.offline.answering.catalog import catalog_language, diff, load_catalog, render
from fitcoach.agent.offline.cues import families
from fitcoach.agent.offline.understanding import Understanding
from fitcoach.agent.providers.base import ToolRunner, TurnInput
from fitcoach.contract.models import (
    CoachReply,
    DayPlan,
    MemoryMutation,
    Proposal,
    ProposalType,
    Tier,
    Tier1Entry,
    Tone,
    Verbosity,
    Weekday,
    WeeklyPlan,
)
from fitcoach.engine.dayops import done_so_far
from fitcoach.engine.profile import Profile, build_profile
from fitcoach.languages.ui import unit_name
from fitcoach.library import ExerciseLibrary
from fitcoach.memory.apply import memory_after
from fitcoach.memory.model import MemoryItem
from fitcoach.nlu import Reading


@dataclass
class Turn:
    """Context shared by every handler of one turn."""

    input: TurnInput
    u: Understanding
    library: ExerciseLibrary
    tools: ToolRunner
    tone: Tone | None = None
    verbosity: Verbosity | None = None
    """ "brief" or "detailed": this message's wish, else the stored preference."""
    reading: Reading | None = None
    """The learned models' reading of the message, where they ship (restraint, choices)."""
    lang: str = field(init=False)

    def __post_init__(self) -> None:
        self.lang = catalog_language(self.u.lang)

    # --- what the turn knows -----------------------------------------------------------------------
    @property
    def now(self) -> dt.datetime:
        return self.input.now

    @property
    def plan(self) -> WeeklyPlan | None:
        return self.input.plan

    @property
    def trained_week(self) -> WeeklyPlan | None:
        """The plan as trained so far, the week every edit is checked against for recovery: a past
        session never logged (R38) holds nothing back, as in the guard (engine.dayops.done_so_far)."""
        return None if self.plan is None else done_so_far(self.plan, self.now.date())

    @property
    def memory(self) -> list[MemoryItem]:
        return [item for item in self.input.memory if item.is_active(self.now)]

    def items(self, tier: Tier, category: str | None = None) -> list[MemoryItem]:
        found = [item for item in self.memory if item.tier is tier]
        if category is not None:
            found = [i for i in found if isinstance(i.entry, Tier1Entry) and i.entry.category == category]
        return found

    def profile(self, mutations: Sequence[MemoryMutation] = ()) -> Profile:
        """The engine's profile from active memory plus what this turn creates or changes."""
        after = memory_after(
            list(self.memory),
            list(mutations),
            now=self.now,
            message=self.input.message,
            language=self.input.language,
        )
        return build_profile(after, self.now)

    def plan_day(self, weekday: Weekday | None) -> DayPlan | None:
        if self.plan is None or weekday is None:
            return None
        return self.plan.days.get(weekday)

    # --- phrasing -----------------------------------------------------------------------------------
    @property
    def seed(self) -> str:
        return f"{self.input.message}|{self.now.isoformat()}"

    def say(self, situation: str, *, tone: Tone | None = None, **slots: object) -> str:
        return render(self.lang, situation, tone=tone or self.tone, seed=self.seed, **slots)

    def diff(self, kind: str, **slots: object) -> str:
        return diff(self.lang, kind, **slots)[:300]

    def word(self, key: str) -> str:
        return load_catalog(self.lang).word(key)

    def join(self, items: Sequence[str]) -> str:
        return load_catalog(self.lang).join(list(items))

    def exercise(self, slug: str) -> str:
        entry = self.library.get(slug)
        return entry.localized_name(self.lang) if entry is not None else slug

    def exercises_named(self, weekday: Weekday | None = None) -> list[str]:
        """Slugs the user named, or the exercises of the movement family they named ("rows",
        "supino", "жим"): that day's first, then the week's, then what the library allows."""
        if not self.u.families:
            return list(self.u.exercises)
        family_of = families()
        day = self.plan_day(weekday)
        ordered = list(day.slugs() if day else [])
        ordered += [s for plan in (self.plan.days.values() if self.plan else []) for s in plan.slugs()]
        inventory = self.profile().inventory
        ordered += [e.slug for e in self.library if inventory.allows(e.gear)]
        found = [slug for slug in dict.fromkeys(ordered) if family_of.get(slug) in self.u.families]
        return list(dict.fromkeys([*found[:1], *self.u.exercises]))

    def day_name(self, weekday: Weekday) -> str:
        return self.word(weekday.value)

    def sentence_gap(self) -> str:
        return "" if self.lang.startswith("zh") else " "


def reply(
    turn: Turn,
    message: str,
    *,
    kind: ProposalType = ProposalType.NONE,
    target_day: Weekday | None = None,
    data: DayPlan | WeeklyPlan | None = None,
    summary_diff: str | None = None,
    mutations: Sequence[MemoryMutation] = (),
) -> CoachReply:
    """The R30 answer; a proposal id only when there is something to accept."""
    proposal_id = None
    if kind is not ProposalType.NONE:
        digest = hashlib.sha256(f"{turn.seed}|{kind}|{target_day}".encode()).hexdigest()
        proposal_id = f"prop_{digest[:12]}"
    if data is not None and kind is not ProposalType.NONE:
        # the engine writes day notes in English: every staged day reads in the user's language
        data = notes.localized(turn, data, turn.profile(mutations))
    proposal = Proposal(
        id=proposal_id,
        type=kind,
        target_day=target_day if kind is ProposalType.UPDATE_DAY else None,
        summary_diff=summary_diff if kind is not ProposalType.NONE else None,
        data=data if kind is not ProposalType.NONE else None,
    )
    return CoachReply(message=message.strip(), proposal=proposal, memory_mutations=list(mutations))


def format_load(pounds: float, unit: str, lang: str) -> str:
    """A load in the user's unit, halves as "½" so no decimal point reads as a sentence end."""
    value = pounds / 2.20462 if unit == "kg" else pounds
    halves = round(value * 2)
    whole, half = divmod(halves, 2)
    number = f"{whole}½" if half else str(whole)
    return f"{number} {unit_name(lang, unit)}"
