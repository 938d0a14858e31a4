"""The answer book: short, sourced answers to general training questions (issue 14, item 5), one
book per language (`languages/data/<code>/answers.json`), tailored to the user where it matters.

`answer(topic, lang, context)` is the whole interface. An answer is the topic's core (two sentences
with the numbers of `docs/reference/answers.md`), the core in the user's unit when the topic has
one, then at most one sentence about the user's plan or numbers and one about their goal."""

from __future__ import annotations

from dataclasses import dataclass

from fitcoach.agent.offline.answering.plurals import fill
from fitcoach.languages.answers import AnswerBook, TopicAnswer, Unit, load_book

__all__ = ["AnswerBook", "AnswerContext", "TopicAnswer", "Unit", "answer", "load_book"]

WEEKLY_SETS_BAND = (10, 20)
"""Hard sets per muscle per week most lifters grow well on (Pelland 2026's 11–18 tier, Baz-Valle
2022's 12–20, Schoenfeld 2017's 10+; counted fractionally, science.md §10)."""

PROTEIN_G_PER_KG = (1.6, 2.2)
"""Morton 2018: gains level off at 1.6 g/kg/day, 2.2 the upper confidence bound."""


@dataclass(frozen=True)
class AnswerContext:
    """What the tailoring may use; every field is optional and an unknown one is simply left out."""

    goal: str | None = None
    """ "hypertrophy", "strength", "fat_loss" or "general"."""
    units: Unit | None = None
    muscle: str | None = None
    """The muscle the question names, already in the reply's language ("chest", "pecs")."""
    weekly_sets: float | None = None
    """Hard sets that muscle gets in the user's current week (primary 1, secondary 0.5)."""
    muscle_days: int | None = None
    """Days of the current week that train that muscle."""
    body_weight_kg: float | None = None
    """The user's body weight, when the question gives it ("I'm 80 kg, how much protein?")."""
    body_weight_text: str | None = None
    """That weight as the user wrote it, for the reply ("80 kg", "176 lb")."""


def answer(topic: str, lang: str, context: AnswerContext | None = None) -> str:
    """The answer to a general question on `topic` in `lang`, tailored to `context`."""
    book = load_book(lang)
    entry = book.topics[topic]
    ctx = context or AnswerContext()
    parts = [entry.by_unit.get(ctx.units, entry.answer) if ctx.units else entry.answer]
    if (name := _tailored(topic, ctx)) is not None and name[0] in entry.tailored:
        parts.append(fill(book.lang, entry.tailored[name[0]], name[1]))
    if ctx.goal is not None and ctx.goal in entry.by_goal:
        parts.append(entry.by_goal[ctx.goal])
    gap = "" if book.lang.startswith("zh") else " "
    # a line may open with a slot ("{muscle}: ..."), and muscle names are lower case
    return gap.join(part.strip()[:1].upper() + part.strip()[1:] for part in parts)


def _tailored(topic: str, ctx: AnswerContext) -> tuple[str, dict[str, object]] | None:
    """The tailored sentence for this topic and user, with its slots, or None."""
    if topic == "weekly_volume" and ctx.muscle and ctx.weekly_sets is not None:
        sets = round(ctx.weekly_sets)
        low, high = WEEKLY_SETS_BAND
        band = "plan_below" if sets < low else "plan_above" if sets > high else "plan_within"
        return band, {"muscle": ctx.muscle, "sets": sets}
    if topic == "frequency" and ctx.muscle and ctx.muscle_days:
        return "plan_days", {"muscle": ctx.muscle, "days": ctx.muscle_days}
    if topic == "protein" and ctx.body_weight_kg:
        low, high = (round(ctx.body_weight_kg * factor / 5) * 5 for factor in PROTEIN_G_PER_KG)
        return "body_weight", {"weight": ctx.body_weight_text or "", "low": low, "high": high}
    if topic == "progression":
        return f"step_{ctx.units or 'any'}", {}
    if topic == "fat_loss":
        return f"protein_{ctx.units or 'any'}", {}
    return None
