"""Next week from this week (issue 18 item 1): the same split and schedule, each exercise progressed
from its logs, the block moved on (volume built, then a deload), movements brought back gradually
after an injury or a layoff, and every change said in one line."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from fitcoach.contract.models import (
    Block,
    BlockPosition,
    DayPlan,
    Load,
    LoadUnit,
    PlannedExercise,
    ProgramChange,
    ProgramInfo,
    RampStep,
    Weekday,
    WeeklyPlan,
)
from fitcoach.engine.alternatives import rank_alternatives
from fitcoach.engine.bodyparts import loads_area
from fitcoach.engine.deload import deload_sets
from fitcoach.engine.estimators import fill_estimates
from fitcoach.engine.profile import Profile
from fitcoach.engine.program.blocks import block_length, next_position
from fitcoach.engine.program.bodyweight import (
    RESTART_REPS,
    beyond_sets,
    can_add_load,
    harder_variant_options,
)
from fitcoach.engine.program.holds import hold_seconds
from fitcoach.engine.program.loads import (
    GearKind,
    gear_kind,
    grid,
    increment,
    lighter,
    load_kind,
    rep_text,
    tidy,
)
from fitcoach.engine.program.model import DoneExercise, Exposure, ProgramHistory
from fitcoach.engine.program.progress import Progressed, progress
from fitcoach.engine.program.ramp import (
    INJURY_STEPS,
    LAYOFF,
    LAYOFF_STEPS,
    LONG_LAYOFF,
    PROFESSIONAL_COUNT,
    PROFESSIONAL_WINDOW,
    RETURN_WINDOW,
    ramp_exercise,
)
from fitcoach.engine.program.timing import WEEK, rolled_forward, target_week_start
from fitcoach.engine.program.trend import trends
from fitcoach.engine.program.volume import adjust_volume, fit_weekly_volume, plateau_changes
from fitcoach.engine.program.words import Words
from fitcoach.engine.repair import repair_week
from fitcoach.engine.rules.structure import MAX_RIR
from fitcoach.engine.validator import validate_week
from fitcoach.errors import BadInput
from fitcoach.facts.pain import reports_pain
from fitcoach.library.loader import ExerciseLibrary
from fitcoach.library.models import Exercise

DELOAD_LOAD_SHARE = 0.9
"""Deload loads about 10 % lighter ("lower load", Bell/Rogerson 2024; science.md §6)."""

SUMMARY_LIMIT = 300
"""`summary_diff`'s bound in the contract (R32: short and scannable)."""


@dataclass(frozen=True)
class NextWeek:
    plan: WeeklyPlan
    summary: str
    changes: list[ProgramChange] = field(default_factory=list)


def _key(weekday: Weekday, exercise_id: str) -> str:
    return f"{weekday.value}:{exercise_id}"


def _start(day: date) -> datetime:
    return datetime.combine(day, time.min, UTC)


@dataclass
class _Context:
    current: WeeklyPlan
    history: ProgramHistory
    profile: Profile
    library: ExerciseLibrary
    words: Words
    now: datetime
    target: date
    changes: list[ProgramChange] = field(default_factory=list)
    swapped: dict[str, str] = field(default_factory=dict)
    """Bodyweight work moved to a harder variation this roll: every day that has it moves alike."""

    def unit(self) -> LoadUnit:
        """The unit the user logs in: their latest working set's (lb before any)."""
        for session in reversed(self.history.ordered):
            for done in reversed(session.exercises):
                if done.working():
                    return done.unit
        return "lb"

    def in_week(self) -> set[str]:
        slugs = {slug for day in self.current.days.values() for slug in day.slugs()}
        return slugs | set(self.swapped.values())

    @property
    def week_from(self) -> datetime:
        return _start(self.current.week_start_date)

    @property
    def week_to(self) -> datetime:
        # the current week, or everything up to now when the plan is weeks old
        return max(_start(self.current.week_start_date + WEEK), min(self.now, _start(self.target)))

    def done_this_week(self, weekday: Weekday, exercise_id: str) -> DoneExercise | None:
        """The week's last exposure of the exercise, from a log of that plan day if there is one."""
        found: list[tuple[bool, Exposure]] = [
            (exposure.plan_day == weekday, exposure)
            for exposure in self.history.exposures(exercise_id)
            if self.week_from <= exposure.at < self.week_to
        ]
        if not found:
            return None
        found.sort(key=lambda pair: (pair[0], pair[1].at))
        return found[-1][1].done

    def pain_this_week(self, exercise_id: str, area: str | None) -> bool:
        noted = any(
            reports_pain(exposure.notes)
            for exposure in self.history.exposures(exercise_id)
            if self.week_from <= exposure.at < self.week_to
        )
        # a strain or a soreness note on the returning area, however the coach filed it from the chat
        hurt = area is not None and any(
            episode.area.value == area and self.week_from <= episode.started < self.week_to
            for episode in (*self.history.injuries, *self.history.soreness)
        )
        return noted or hurt

    def last_load(self, exercise_id: str, before: datetime | None = None) -> Load | None:
        for exposure in reversed(self.history.exposures(exercise_id, before=before)):
            working = [s for s in exposure.done.working() if s.weight > 0 and s.reps > 0]
            if working:
                unit = working[-1].unit
                return Load(value=tidy(max(s.weight for s in working if s.unit == unit)), unit=unit)
        return None


def propose_next_week(
    current: WeeklyPlan,
    history: ProgramHistory,
    profile: Profile,
    *,
    now: datetime,
    library: ExerciseLibrary,
    lang: str = "en",
    minutes: int | None = None,
) -> NextWeek:
    """Next week's plan from the current one and the logs; raises BadInput when no valid week exists."""
    target = target_week_start(current, now)
    ctx = _Context(current, history, profile, library, Words(lang), now, target)
    info = current.program
    last = history.last_before(now)
    layoff_days = (now - last.completed_at).days if last is not None else 0
    layoff = last is not None and now - last.completed_at >= LAYOFF
    weeks_trained = len({s.day - timedelta(days=s.day.weekday()) for s in history.ordered})
    length = block_length(profile.goal.type, weeks_trained)
    previous_ramp = {step.exercise_id: step for step in info.ramp} if info else {}
    position = next_position(info.block if info else None, length)
    if layoff:
        # back from a layoff: the block starts again (once: a lifter still away stays in week 1)
        number = info.block.number if info else 1
        restarted = info is not None and info.block.week == 1
        position = BlockPosition(number=number if restarted else number + 1, week=1, length=length)
    base_sets = dict(info.base_sets) if info else {}
    resume = dict(info.resume) if info else {}
    if layoff:
        steps = LAYOFF_STEPS if now - last.completed_at < LONG_LAYOFF else INJURY_STEPS  # type: ignore[union-attr]
        ctx.changes.append(
            ctx.words.change("layoff", None, ctx.words.text("layoff", days=layoff_days, steps=steps))
        )
    if position.week == 1:
        ctx.changes.append(
            ctx.words.change(
                "deload", None, ctx.words.text("new_block", number=position.number, length=position.length)
            )
        )
    elif position.deload:
        text = ctx.words.text("deload", week=position.week, length=position.length)
        ctx.changes.append(ctx.words.change("deload", None, text))

    days: dict[Weekday, DayPlan] = {}
    ramps: list[RampStep] = []
    new_resume: dict[str, PlannedExercise] = {}
    for weekday, day in current.days.items():
        if day.is_rest_day or not day.blocks:
            days[weekday] = day
            continue
        blocks: list[Block] = []
        for block in day.blocks:
            exercises = [
                _next_exercise(
                    ctx,
                    weekday,
                    planned,
                    position,
                    previous_ramp,
                    ramps,
                    base_sets,
                    resume,
                    new_resume,
                    layoff,
                )
                for planned in block.exercises
            ]
            blocks.append(Block(label=block.label, exercises=exercises))
        days[weekday] = day.model_copy(update={"blocks": blocks})
    if position.deload:
        days = {
            weekday: _deload_day(day, {r.exercise_id for r in ramps}, ctx) for weekday, day in days.items()
        }
    week = current.model_copy(update={"days": days})
    if position.week == 1:
        # a deload's light sessions say nothing about a plateau: judge the exposures before it
        before = ctx.week_from if info is not None and info.block.deload else ctx.week_to
        # a movement coming back from a ramp has lighter exposures in its window: not a plateau
        returning = set(previous_ramp) | {r.exercise_id for r in ramps}
        week = plateau_changes(
            week, ctx.history, profile, library, ctx.words, ctx.changes, before=before, skip=returning
        )
    week, taken = fit_weekly_volume(week, current, library, {r.exercise_id for r in ramps})
    if taken:
        week = _reps_instead(week, taken, ctx)
    _professional(ctx)
    steady = (week, list(ctx.changes))
    volume: dict[str, int] = {}
    if not position.deload and position.week > 1:
        week, volume = adjust_volume(
            week,
            history=history,
            profile=profile,
            library=library,
            words=ctx.words,
            changes=ctx.changes,
            window=(ctx.week_from, ctx.week_to),
            ramping={r.exercise_id for r in ramps},
        )
    if position.week == 1 or not base_sets:
        base_sets = {
            _key(weekday, planned.exercise_id): planned.target_sets
            for weekday in week.training_days()
            for planned in week.days[weekday].exercises()
        }

    def finish(week: WeeklyPlan, changes: list[ProgramChange], volume: dict[str, int]) -> WeeklyPlan:
        program = ProgramInfo(
            block=position,
            rolled_from=current.week_start_date,
            changes=list({change.text: change for change in changes}.values())[:40],
            ramp=ramps[:40],
            trends=trends(week, history, profile, library),
            sets_per_group=volume,
            base_sets=base_sets,
            resume=new_resume if position.deload else {},
        )
        week = rolled_forward(week.model_copy(update={"program": program}), target)
        return fill_estimates(_notes(_owned_loads(week, ctx), position, ramps, ctx), library)

    plan = finish(week, ctx.changes, volume)
    if not validate_week(plan, profile, library=library, minutes=minutes).ok and volume:
        # the added sets do not fit (a session's time budget): the week without them
        week, changes = steady
        ctx.changes[:] = changes
        plan = finish(week, changes, {})
    plan = _valid(plan, profile, library, minutes)
    ctx.changes[:] = plan.program.changes if plan.program else ctx.changes
    return NextWeek(plan, _summary(position, ctx), ctx.changes)


def _next_exercise(
    ctx: _Context,
    weekday: Weekday,
    planned: PlannedExercise,
    position: BlockPosition,
    previous_ramp: dict[str, RampStep],
    ramps: list[RampStep],
    base_sets: dict[str, int],
    resume: dict[str, PlannedExercise],
    new_resume: dict[str, PlannedExercise],
    layoff: bool,
) -> PlannedExercise:
    entry = ctx.library.get(planned.exercise_id)
    if entry is None:
        return planned
    key = _key(weekday, planned.exercise_id)
    if position.week == 1 and key in base_sets:
        planned = planned.model_copy(update={"target_sets": base_sets[key]})
    ramp = _ramp_for(ctx, weekday, planned, previous_ramp, layoff)
    if ramp is not None:
        if not any(r.exercise_id == ramp.exercise_id for r in ramps):
            ramps.append(ramp)
        unit = ramp.previous_load.unit if ramp.previous_load else "lb"
        return ramp_exercise(planned, ramp, load_step=increment(load_kind(entry), unit) or 1.0)
    last = planned.target_load or ctx.last_load(planned.exercise_id)
    if position.week == 1 and key in resume:
        # the block after a deload resumes from the prescription the deload paused
        return resume[key].model_copy(update={"target_sets": planned.target_sets})
    done = ctx.done_this_week(weekday, planned.exercise_id)
    moved: Progressed = progress(
        planned, entry, done, last_load=last, inventory=ctx.profile.inventory, words=ctx.words
    )
    if moved.change is not None and not position.deload:
        ctx.changes.append(moved.change)
    if (moved.exhausted or planned.exercise_id in ctx.swapped) and not position.deload:
        return _harder(ctx, moved.exercise, entry)
    if position.deload:
        # the deload lightens this week's prescription; the progressed one waits for the next block
        new_resume[key] = moved.exercise
        return planned.model_copy(update={"target_load": moved.exercise.target_load or planned.target_load})
    return moved.exercise


def _ramp_for(
    ctx: _Context, weekday: Weekday, planned: PlannedExercise, previous: dict[str, RampStep], layoff: bool
) -> RampStep | None:
    """This exercise's ramp step next week: a running ramp moves on (or back, on pain), an injury that
    ended lately or a layoff starts one; None when it is not (or no longer) ramping."""
    entry = ctx.library.get(planned.exercise_id)
    assert entry is not None
    words = ctx.words
    name = words.exercise(entry)
    running = previous.get(planned.exercise_id)
    if running is not None:
        if ctx.pain_this_week(planned.exercise_id, running.area):
            step = max(1, running.step - 1)
            ctx.changes.append(words.change("pain", entry, words.text("pain", exercise=name)))
            return running.model_copy(update={"step": step})
        if ctx.done_this_week(weekday, planned.exercise_id) is None:
            return running
        if running.step >= running.steps:
            if running.previous_load is not None:
                load = running.previous_load
                text = words.text(
                    "ramp_done", exercise=name, load=f"{load.value:g}", unit=words.unit(load.unit)
                )
                ctx.changes.append(words.change("ramp", entry, text))
            return None
        return _announce(ctx, running.model_copy(update={"step": running.step + 1}), planned)
    for episode in ctx.history.injuries:
        ended = episode.ended
        if ended is None or ended > ctx.now or _start(ctx.target) - ended > RETURN_WINDOW:
            continue
        if not loads_area(entry, episode.area):
            continue
        exposures = ctx.history.exposures(planned.exercise_id)
        if not exposures or any(e.at >= ended for e in exposures):
            continue  # new to the lifter (nothing to return to), or trained since: back already
        previous_load = ctx.last_load(planned.exercise_id, before=episode.started)
        ramp = RampStep(
            exercise_id=planned.exercise_id,
            step=1,
            steps=INJURY_STEPS,
            previous_load=previous_load,
            area=episode.area.value,
            target_sets=planned.target_sets,
            target_rir=planned.target_rir,
        )
        return _announce(ctx, ramp, planned)
    if layoff and ctx.history.exposures(planned.exercise_id):
        last = ctx.history.last_before(ctx.now)
        long_off = last is not None and ctx.now - last.completed_at >= LONG_LAYOFF
        steps = INJURY_STEPS if long_off else LAYOFF_STEPS
        previous_load = ctx.last_load(planned.exercise_id)
        ramp = RampStep(
            exercise_id=planned.exercise_id,
            step=1,
            steps=steps,
            previous_load=previous_load,
            target_sets=planned.target_sets,
            target_rir=planned.target_rir,
        )
        return _announce(ctx, ramp, planned)
    return None


def _announce(ctx: _Context, ramp: RampStep, planned: PlannedExercise) -> RampStep:
    entry = ctx.library.get(planned.exercise_id)
    assert entry is not None
    words = ctx.words
    name = words.exercise(entry)
    previous = ramp.previous_load
    if previous is not None and previous.value > 0:
        shown = ramp_exercise(planned, ramp, load_step=increment(load_kind(entry), previous.unit) or 1.0)
        new = shown.target_load.value if shown.target_load else previous.value
        new = grid(load_kind(entry), ctx.profile.inventory, previous.unit).snap(new)
        text = words.text(
            "ramp",
            exercise=name,
            new=f"{new:g}",
            unit=words.unit(previous.unit),
            percent=round(100 * new / previous.value),
            old=f"{previous.value:g}",
            step=ramp.step,
            steps=ramp.steps,
        )
    else:
        shown = ramp_exercise(planned, ramp, load_step=1.0)
        text = words.text(
            "ramp_bw",
            exercise=name,
            sets=shown.target_sets,
            rir=shown.target_rir or MAX_RIR,
            step=ramp.step,
            steps=ramp.steps,
        )
    ctx.changes.append(words.change("ramp", entry, text))
    return ramp


def _harder(ctx: _Context, planned: PlannedExercise, entry: Exercise) -> PlannedExercise:
    """Bodyweight work with no step left moves to a harder library exercise of its movement that the
    gear allows and the profile does not rule out (`bodyweight.harder_variant_options`); it stays as it
    is when the library has none."""
    slug = ctx.swapped.get(entry.slug)
    choice = ctx.library.get(slug) if slug is not None else None
    if choice is None:
        candidates = rank_alternatives(entry.slug, ctx.profile, exclude=ctx.in_week(), library=ctx.library)
        options = [
            option
            for option in harder_variant_options(entry, candidates)
            if ctx.profile.contraindication(option) is None
        ]
        if not options:
            return planned
        choice = options[0]
        ctx.swapped[entry.slug] = choice.slug
        words = ctx.words
        text = words.text("bw_variant", exercise=words.exercise(entry), new_exercise=words.exercise(choice))
        ctx.changes.append(words.change("variation", entry, text))
    # a new exercise starts again at 8-12 reps, its load found in its first session
    update = {
        "exercise_id": choice.slug,
        "name": choice.name,
        "target_reps": rep_text(*RESTART_REPS),
        "target_load": None,
        "tempo": None,
    }
    return planned.model_copy(update=update)


def _reps_instead(week: WeeklyPlan, taken: set[tuple[Weekday, str]], ctx: _Context) -> WeeklyPlan:
    """A set added at the heaviest pair that R11 has no room for became reps: say so instead. Bodyweight
    work, whose reps were at their top already, takes the next step past sets instead (a slower tempo,
    an added load, a harder variation)."""
    slugs = {slug for _, slug in taken}
    ctx.changes[:] = [c for c in ctx.changes if not (c.kind == "sets" and c.exercise_id in slugs)]
    for weekday, slug in sorted(taken):
        planned = next(p for p in week.days[weekday].exercises() if p.exercise_id == slug)
        entry = ctx.library.get(slug)
        if entry is None:
            continue
        if gear_kind(entry) is GearKind.BODYWEIGHT:
            unit = planned.target_load.unit if planned.target_load else ctx.unit()
            step = (
                beyond_sets(planned, entry, unit=unit, inventory=ctx.profile.inventory, words=ctx.words)
                if hold_seconds(planned.target_reps) is None
                else None
            )
            new = step.exercise if step is not None else planned
            if step is not None and step.change is not None:
                ctx.changes.append(step.change)
            if step is None or step.exhausted:
                new = _harder(ctx, new, entry)
            week = _replace(week, weekday, slug, new)
            continue
        load = planned.target_load
        text = ctx.words.text(
            "cap_reps",
            exercise=ctx.words.exercise(entry),
            load=f"{load.value:g}" if load else "",
            unit=ctx.words.unit(load.unit) if load else "",
            reps=planned.target_reps,
        )
        ctx.changes.append(ctx.words.change("reps", entry, text))
    return week


def _replace(week: WeeklyPlan, weekday: Weekday, slug: str, new: PlannedExercise) -> WeeklyPlan:
    day = week.days[weekday]
    blocks = [
        Block(
            label=block.label,
            exercises=[new if p.exercise_id == slug else p for p in block.exercises],
        )
        for block in day.blocks
    ]
    return week.model_copy(update={"days": {**week.days, weekday: day.model_copy(update={"blocks": blocks})}})


def _deload_day(day: DayPlan, ramping: set[str], ctx: _Context) -> DayPlan:
    """The deload: about half the sets, one more rep in reserve, loads about 10 % lighter (ramping
    movements are light already and keep their step)."""
    if day.is_rest_day or not day.blocks:
        return day
    exercises = day.exercises()
    kept = iter(deload_sets([p.target_sets for p in exercises]))
    blocks = []
    for block in day.blocks:
        out = []
        for planned in block.exercises:
            sets = next(kept)
            if planned.exercise_id in ramping:
                out.append(planned)
                continue
            rir = planned.target_rir if planned.target_rir is not None else 2
            update: dict[str, object] = {"target_sets": sets, "target_rir": min(MAX_RIR, rir + 1)}
            entry = ctx.library.get(planned.exercise_id)
            if planned.target_load is not None and entry is not None:
                step = increment(load_kind(entry), planned.target_load.unit) or 1.0
                value = lighter(planned.target_load.value, DELOAD_LOAD_SHARE, step)
                update["target_load"] = Load(value=value, unit=planned.target_load.unit)
            out.append(planned.model_copy(update=update))
        blocks.append(Block(label=block.label, exercises=out))
    return day.model_copy(update={"blocks": blocks})


def _owned_loads(week: WeeklyPlan, ctx: _Context) -> WeeklyPlan:
    """Dumbbell loads on the pairs the user owns when they listed them (a deload's or a ramp's share,
    a rep range moved by Epley): the heaviest pair at or below the load, the lightest at least. A load
    on bodyweight work that cannot hold a dumbbell (a ramp from a logged vest) is dropped."""
    inventory = ctx.profile.inventory
    days = {}
    for weekday, day in week.days.items():
        blocks = []
        for block in day.blocks:
            out = []
            for planned in block.exercises:
                entry = ctx.library.get(planned.exercise_id)
                load = planned.target_load
                if entry is not None and load is not None:
                    if gear_kind(entry) is GearKind.BODYWEIGHT and not can_add_load(entry, inventory):
                        planned = planned.model_copy(update={"target_load": None})
                    elif inventory.dumbbell_pairs_lb:
                        value = grid(load_kind(entry), inventory, load.unit).snap(load.value)
                        load = Load(value=value, unit=load.unit)
                        planned = planned.model_copy(update={"target_load": load})
                out.append(planned)
            blocks.append(Block(label=block.label, exercises=out))
        days[weekday] = day.model_copy(update={"blocks": blocks})
    return week.model_copy(update={"days": days})


def _professional(ctx: _Context) -> None:
    """Three injuries of one area in eight weeks: the coach suggests a professional."""
    since = ctx.now - PROFESSIONAL_WINDOW
    counts: dict[str, int] = {}
    for episode in ctx.history.injuries:
        if since <= episode.started <= ctx.now:
            counts[episode.area.value] = counts.get(episode.area.value, 0) + 1
    for area, count in sorted(counts.items()):
        if count >= PROFESSIONAL_COUNT:
            name = ctx.words.area(area)
            ctx.changes.insert(
                0, ctx.words.change("professional", None, ctx.words.text("professional", area=name))
            )


def _notes(week: WeeklyPlan, position: BlockPosition, ramps: list[RampStep], ctx: _Context) -> WeeklyPlan:
    ramping = {r.exercise_id for r in ramps}
    days = {}
    for weekday, day in week.days.items():
        note = day.coach_note
        if position.deload and not day.is_rest_day:
            note = ctx.words.text("note_deload")
        if ramping & set(day.slugs()):
            note = ctx.words.text("note_ramp")
        days[weekday] = day.model_copy(update={"coach_note": note})
    return week.model_copy(update={"days": days})


def _valid(week: WeeklyPlan, profile: Profile, library: ExerciseLibrary, minutes: int | None) -> WeeklyPlan:
    report = validate_week(week, profile, library=library, minutes=minutes)
    if report.ok:
        return week
    try:
        repaired, _ = repair_week(week, profile, library=library, minutes=minutes)
    except BadInput as error:
        raise BadInput(f"next week fails validation: {report.codes()}", code="roll_impossible") from error
    return repaired.model_copy(update={"program": week.program})


def _summary(position: BlockPosition, ctx: _Context) -> str:
    where = ctx.words.text("week_of", week=position.week, length=position.length)
    lines = [change.text for change in ctx.changes] or [ctx.words.text("no_change")]
    text = ctx.words.text("summary", position=where, changes="; ".join(lines))
    return text if len(text) <= SUMMARY_LIMIT else text[: SUMMARY_LIMIT - 1] + "\u2026"
