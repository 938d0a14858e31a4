"""The tappable edits a generated week offers (R34), as structured edits the engine has checked it
can carry out, written by the language catalogues' templates (`ui.json` `edit_*`).

The stored plan keeps the English text; the client renders it in the reader's language with the
same templates, and the offline coach reads every language's rendering back into the edit
(agent/offline/understanding/chips.py). An edit is offered only when the engine has just made it
succeed against the week: a swap with no valid alternative, or arm work on a day that cannot take
it, is never offered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from fitcoach.contract.models import WEEKDAYS, DayPlan, Weekday, WeeklyPlan
from fitcoach.engine.dayops import add_group_work
from fitcoach.engine.edits import compress_day, swap_exercise
from fitcoach.engine.profile import Profile
from fitcoach.engine.validator import validate_day
from fitcoach.errors import FitcoachError
from fitcoach.languages.ui import ui_text
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import IndexGroup

SHORTEN_BY = 15
"""A shorter day is offered a quarter-hour shorter: enough to matter on a busy day, not a new plan."""

SHORTEST = 20
"""No chip offers a session under 20 minutes: below that the warm-up eats the work."""

ADDED_GROUPS: tuple[IndexGroup, ...] = (IndexGroup.ARMS,)
"""Groups a chip offers to add to a day (arms: the small muscles lifters most often ask more of)."""


class EditKind(StrEnum):
    SHORTEN = "shorten"
    SWAP = "swap"
    MOVE = "move"
    ADD = "add"


@dataclass(frozen=True)
class SuggestedEdit:
    """One chip: the edit and what it needs to be carried out."""

    kind: EditKind
    day: Weekday | None = None
    minutes: int | None = None
    exercise: str | None = None
    """The slug a swap replaces."""
    to_day: Weekday | None = None
    group: IndexGroup | None = None

    def text(
        self,
        lang: str,
        *,
        day_name: Callable[[Weekday], str],
        exercise_name: Callable[[str], str],
    ) -> str:
        """The chip in `lang`, by its catalogue template."""
        values: dict[str, str] = {}
        if self.minutes is not None:
            values["minutes"] = str(self.minutes)
        if self.exercise is not None:
            values["name"] = exercise_name(self.exercise)
        if self.kind is EditKind.MOVE and self.day is not None and self.to_day is not None:
            values["from"], values["to"] = day_name(self.day), day_name(self.to_day)
        elif self.day is not None:
            values["day"] = day_name(self.day)
        if self.group is not None:
            values["group"] = ui_text(lang, f"edit_group_{self.group.value}")
        return ui_text(lang, f"edit_{self.kind.value}").format(**values)

    def english(self, library: ExerciseLibrary) -> str:
        """The stored wording (the plan stays in the engine's English)."""
        return self.text("en", day_name=lambda d: d.display, exercise_name=lambda s: library.require(s).name)


def day_edits(
    week: WeeklyPlan, weekday: Weekday, profile: Profile, *, minutes: int, library: ExerciseLibrary
) -> list[SuggestedEdit]:
    """A shorter session and a swap for the day's first lift that has a valid alternative."""
    day = week.days[weekday]
    edits: list[SuggestedEdit] = []
    length = day.duration_minutes or minutes
    target = max(SHORTEST, length - SHORTEN_BY)
    if target < length and _works(
        lambda: compress_day(day, target, profile, weekday=weekday, library=library, week=week).data,
        weekday,
        week,
        profile,
        library,
        target,
    ):
        edits.append(SuggestedEdit(EditKind.SHORTEN, day=weekday, minutes=target))
    for slug in day.slugs():

        def swapped(slug: str = slug) -> DayPlan | WeeklyPlan:
            return swap_exercise(day, slug, profile, weekday=weekday, library=library, week=week).data

        if _works(swapped, weekday, week, profile, library, minutes):
            edits.append(SuggestedEdit(EditKind.SWAP, day=weekday, exercise=slug))
            break
    return edits


def week_edits(
    week: WeeklyPlan, profile: Profile, *, minutes: int, library: ExerciseLibrary
) -> list[SuggestedEdit]:
    """Moving the last session to the last free day, and more arm work on the first day that takes it."""
    training = week.training_days()
    free = [day for day in WEEKDAYS if day not in training]
    edits: list[SuggestedEdit] = []
    if training and free:
        # always carried out: the sessions keep their order when that validates, else the week is
        # re-planned on the new days (engine.edits.move_days)
        edits.append(SuggestedEdit(EditKind.MOVE, day=training[-1], to_day=free[-1]))
    for group in ADDED_GROUPS:
        for weekday in training:

            def added(weekday: Weekday = weekday, group: IndexGroup = group) -> DayPlan | WeeklyPlan:
                return add_group_work(week, weekday, [group], profile, minutes=minutes, library=library).data

            if _works(added, weekday, week, profile, library, minutes):
                edits.append(SuggestedEdit(EditKind.ADD, day=weekday, group=group))
                break
    return edits


def with_suggestions(
    week: WeeklyPlan, profile: Profile, *, minutes: int, library: ExerciseLibrary
) -> WeeklyPlan:
    """The week with every chip the engine can carry out, in the stored English wording."""
    days = {
        weekday: day
        if day.is_rest_day
        else day.model_copy(
            update={
                "suggested_edits": [
                    e.english(library)
                    for e in day_edits(week, weekday, profile, minutes=minutes, library=library)
                ]
            }
        )
        for weekday, day in week.days.items()
    }
    edits = [e.english(library) for e in week_edits(week, profile, minutes=minutes, library=library)]
    return week.model_copy(update={"days": days, "suggested_edits": edits})


def _works(
    make: Callable[[], DayPlan | WeeklyPlan],
    weekday: Weekday,
    week: WeeklyPlan,
    profile: Profile,
    library: ExerciseLibrary,
    minutes: int,
) -> bool:
    """Whether the engine makes the edit and the day it makes still validates against its week."""
    try:
        made = make()
    except FitcoachError:
        return False
    if not isinstance(made, DayPlan):
        return False
    return validate_day(made, weekday, profile, library=library, week=week, minutes=minutes).ok
