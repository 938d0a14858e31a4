"""The answer book: every topic answered in every language with the same numbers and its sources on
record, short enough to read between sets, tailored to the user's goal, units, body weight and
current week; and the coach's restraint: a message that names a topic but brings news or asks for a
change is still acted on, never answered with the book instead."""

from __future__ import annotations

import re
from itertools import product
from pathlib import Path

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.offline.answering import count_sentences
from fitcoach.agent.offline.answering.book import AnswerContext, answer, load_book
from fitcoach.agent.offline.understanding.topics import TOPICS, choose_topic, topic_words
from fitcoach.agent.prompt import static_prefix
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import ProposalType, Tier, Tier1Entry, WeeklyPlan
from fitcoach.engine.estimators import direct_sets, fractional_sets
from fitcoach.library import get_library
from fitcoach.library.models import MuscleGroup

from .replay import LogToolRunner
from .test_acting import EQUIPMENT, HOME_PLAN, MONDAY, item, turn

BOOK_LANGUAGES = ["en", "fr", "pt", "ru", "zh-Hant", "zh-Hans"]
READ_LANGUAGES = ["en", "fr", "pt", "ru", "zh-Hant"]
SOURCES = Path(__file__).parents[3] / "docs" / "reference" / "answers.md"


def documented_sources() -> set[str]:
    return set(re.findall(r"^### `([a-z0-9_]+)`", SOURCES.read_text("utf-8"), re.M))


@pytest.mark.parametrize("lang", BOOK_LANGUAGES)
def test_every_topic_is_answered_in_every_language_with_its_sources_on_record(lang: str) -> None:
    book = load_book(lang)
    english = load_book("en")
    assert book.lang == lang
    assert set(book.topics) == set(TOPICS)
    on_record = documented_sources()
    for topic in TOPICS:
        entry = book.topics[topic]
        assert entry.sources and set(entry.sources) <= on_record, (topic, set(entry.sources) - on_record)
        assert entry.sources == english.topics[topic].sources
        # the same tailoring in every language: same units, same plan lines, same goals
        assert set(entry.by_unit) == set(english.topics[topic].by_unit), topic
        assert set(entry.tailored) == set(english.topics[topic].tailored), topic
        assert set(entry.by_goal) == set(english.topics[topic].by_goal), topic


def numbers(text: str) -> list[str]:
    """The figures a text states, decimal commas read as points ("1,6" is 1.6)."""
    return sorted(n.replace(",", ".") for n in re.findall(r"\d+(?:[.,]\d+)?", text))


@pytest.mark.parametrize(("lang", "topic"), list(product(BOOK_LANGUAGES[1:], TOPICS)))
def test_every_language_states_the_same_figures_as_the_english_answer(lang: str, topic: str) -> None:
    entry, english = load_book(lang).topics[topic], load_book("en").topics[topic]
    assert numbers(entry.answer) == numbers(english.answer)
    for unit, text in entry.by_unit.items():
        assert numbers(text) == numbers(english.by_unit[unit]), unit


CONTEXTS = [
    AnswerContext(),
    AnswerContext(goal="strength", units="kg", muscle="chest", weekly_sets=6, muscle_days=2),
    AnswerContext(goal="hypertrophy", units="lb", muscle="chest", weekly_sets=14, muscle_days=1),
    AnswerContext(goal="fat_loss", units="kg", body_weight_kg=80, body_weight_text="80 kg"),
]


@pytest.mark.parametrize(("lang", "topic"), list(product(BOOK_LANGUAGES, TOPICS)))
def test_every_answer_is_two_to_four_sentences_whatever_the_tailoring(lang: str, topic: str) -> None:
    for context in CONTEXTS:
        text = answer(topic, lang, context)
        assert 2 <= count_sentences(text) <= 4, (context, text)
        assert "{" not in text and "}" not in text, text


@pytest.mark.parametrize(
    ("sets", "fragment"),
    [
        (6, "about 6 sets, under that band"),
        (14, "about 14 sets, inside that band"),
        (24, "about 24 sets, above"),
    ],
)
def test_weekly_sets_in_the_plan_are_placed_against_the_10_to_20_band(sets: float, fragment: str) -> None:
    text = answer("weekly_volume", "en", AnswerContext(muscle="chest", weekly_sets=sets))
    assert f"Your week gives chest {fragment}" in text


@pytest.mark.parametrize(
    ("sets", "noun"), [(1, "подхода"), (3, "подходов"), (12, "подходов"), (21, "подхода")]
)
def test_the_weekly_sets_line_counts_in_russian_grammar(sets: int, noun: str) -> None:
    text = answer("weekly_volume", "ru", AnswerContext(muscle="грудь", weekly_sets=sets))
    assert f"Грудь: в твоей неделе около {sets} {noun}," in text


@pytest.mark.parametrize(
    ("goal", "fragment"),
    [
        ("strength", "3–5 minutes"),
        ("hypertrophy", "1.5–3 minutes"),
        ("fat_loss", "While cutting"),
        (None, ""),
    ],
)
def test_rest_between_sets_follows_the_goal(goal: str | None, fragment: str) -> None:
    text = answer("rest_periods", "en", AnswerContext(goal=goal))
    assert text.startswith(load_book("en").topics["rest_periods"].answer)
    assert fragment in text
    assert count_sentences(text) == (2 if goal is None else 3)


@pytest.mark.parametrize(
    ("units", "fragment", "absent"),
    [
        ("kg", "1.6 g of protein per kg", "per lb"),
        ("lb", "0.7 g of protein per lb", "per kg"),
        (None, "(0.7 g per lb)", ""),
    ],
)
def test_protein_is_given_per_kg_or_per_lb_in_the_users_units(
    units: str | None, fragment: str, absent: str
) -> None:
    text = answer("protein", "en", AnswerContext(units=units))  # type: ignore[arg-type]
    assert fragment in text
    assert not absent or absent not in text


def test_a_stated_body_weight_turns_protein_into_grams_a_day() -> None:
    kg = answer("protein", "en", AnswerContext(units="kg", body_weight_kg=80, body_weight_text="80 kg"))
    assert "At 80 kg that is about 130–175 g a day." in kg  # 1.6 and 2.2 g/kg, to the nearest 5 g
    fr = answer("protein", "fr", AnswerContext(units="lb", body_weight_kg=90.7, body_weight_text="200 lb"))
    assert "À 200 lb, ça fait environ 145 à 200 g par jour." in fr


@pytest.mark.parametrize(("units", "step"), [("kg", "2.5 kg"), ("lb", "5 lb"), (None, "2.5 kg or 5 lb")])
def test_the_progression_step_is_in_the_users_units(units: str | None, step: str) -> None:
    text = answer("progression", "en", AnswerContext(units=units))  # type: ignore[arg-type]
    assert f"On a barbell that step is usually {step};" in text


# --- through the offline coach -------------------------------------------------------------------


def plan_sets(plan: WeeklyPlan, group: MuscleGroup) -> tuple[int, int]:
    library = get_library()
    days = [plan.days[d] for d in plan.training_days()]
    weekly = round(sum(fractional_sets(day, library).get(group, 0.0) for day in days))
    return weekly, sum(1 for day in days if direct_sets(day, library).get(group, 0) > 0)


def test_the_coach_counts_the_named_muscles_sets_in_the_current_week() -> None:
    weekly, _ = plan_sets(HOME_PLAN, MuscleGroup.CHEST)
    reply = turn("how many sets per week should I do for chest?")
    assert f"Your week gives chest about {weekly} set" in reply.message
    assert reply.proposal.type is ProposalType.NONE and reply.memory_mutations == []


def test_the_coach_says_on_how_many_days_the_week_trains_the_named_muscle() -> None:
    _, days = plan_sets(HOME_PLAN, MuscleGroup.BACK)
    reply = turn("Как часто тренировать спину?")
    assert f"Спина: {days} " in reply.message
    assert reply.proposal.type is ProposalType.NONE and reply.memory_mutations == []


def goal(kind: str) -> object:
    return item("mem_02", Tier.STAPLES, Tier1Entry(category="goal", fact=f"Goal: {kind}", goal_type=kind))


@pytest.mark.parametrize(
    ("kind", "message", "fragment"),
    [
        ("strength", "how long should I rest between sets?", "take 3–5 minutes before heavy sets"),
        ("hypertrophy", "should I train to failure?", "take isolation sets to 0–1 reps in reserve"),
        ("fat_loss", "Combien de protéines par jour ?", "vers le haut de la fourchette"),
        ("strength", "Сколько повторов делать?", "1–6 повторов"),
    ],
)
def test_the_goal_on_record_tailors_the_answer(kind: str, message: str, fragment: str) -> None:
    reply = turn(message, memory=[EQUIPMENT, goal(kind)])  # type: ignore[list-item]
    assert fragment in reply.message
    assert reply.proposal.type is ProposalType.NONE and reply.memory_mutations == []


def test_a_unit_preference_on_record_tailors_the_protein_answer() -> None:
    pounds = item("mem_03", Tier.STAPLES, Tier1Entry(category="preference", fact="Prefers loads in pounds."))
    reply = turn("how much protein a day?", memory=[EQUIPMENT, pounds])
    assert "0.7 g of protein per lb" in reply.message


def test_the_users_setting_picks_the_unit_over_nothing_on_record() -> None:
    inputs = TurnInput(
        "Quanta proteína por dia?",
        MONDAY,
        "coach",
        None,
        [EQUIPMENT],
        HOME_PLAN,
        library=get_library(),
        units="lb",
    )
    reply = coach_turn(inputs, LogToolRunner([], MONDAY))
    assert "0,7 g de proteína por libra" in reply.message


def test_a_question_naming_a_goal_is_answered_for_that_goal() -> None:
    reply = turn("Preciso fazer cardio pra perder gordura ou só a musculação resolve?")
    assert reply.message.startswith(load_book("pt").topics["cardio"].answer)
    assert load_book("pt").topics["cardio"].by_goal["fat_loss"] in reply.message


# --- restraint: news and requests that name a topic are still acted on ----------------------------


@pytest.mark.parametrize(
    "message",
    [
        "my legs are sore from yesterday, can you make today lighter?",
        "J'ai des courbatures aux jambes, tu peux alléger la séance d'aujourd'hui ?",
        "Estou com dor muscular nas pernas, pode deixar o treino de hoje mais leve?",
        "У меня крепатура в ногах, сделай сегодня полегче",
        "腿很痠，今天可以輕一點嗎？",
    ],
)
def test_soreness_reported_with_a_request_is_remembered_not_answered(message: str) -> None:
    reply = turn(message)
    assert reply.memory_mutations, reply.message
    assert not any(
        reply.message.startswith(load_book(lang).topics["soreness"].answer) for lang in READ_LANGUAGES
    )


@pytest.mark.parametrize(
    "message",
    ["give me a deload week please", "Fais-moi une semaine de décharge", "Сделай мне разгрузочную неделю"],
)
def test_asking_for_a_deload_week_still_stages_one(message: str) -> None:
    assert turn(message).proposal.type is ProposalType.UPDATE_WEEK


def test_a_changed_goal_naming_a_topic_is_remembered() -> None:
    reply = turn(
        "corrigindo: meu objetivo agora é emagrecer, não mais hipertrofia",
        memory=[EQUIPMENT, goal("hypertrophy")],
    )  # type: ignore[list-item]
    assert [m.target_tier for m in reply.memory_mutations] == [Tier.STAPLES]


def test_a_question_about_the_users_own_logs_is_no_general_question() -> None:
    reply = turn("should I add weight to my bench press?")
    assert not reply.message.startswith(load_book("en").topics["progression"].answer)


# --- the topic chooser ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "lang", "topic"),
    [
        ("is 25 sets a week for chest too much volume?", "en", "weekly_volume"),
        ("best supplements for a beginner?", "en", "supplements"),
        ("Le cardio tue-t-il la prise de muscle ?", "fr", "cardio"),
        ("Quando devo fazer um deload?", "pt", "deload"),
        ("Нужна ли разминка перед жимом?", "ru", "warmup"),
        ("怎麼減脂又不掉肌肉？", "zh-Hant", "fat_loss"),
        ("组间要休息多久？", "zh-Hans", "rest_periods"),
        ("swap the bench press for push-ups", "en", None),
        ("bonjour coach", "fr", None),
    ],
)
def test_the_topic_chooser_names_the_topic_a_message_is_about(
    text: str, lang: str, topic: str | None
) -> None:
    assert choose_topic(text, lang) == topic


@pytest.mark.parametrize("lang", READ_LANGUAGES)
def test_every_topic_has_words_and_question_phrases_in_every_language(lang: str) -> None:
    words = topic_words(lang)
    assert words.lang == lang
    assert set(words.words) == set(TOPICS) and set(words.asks) == set(TOPICS)
    assert all(words.words[t] and words.asks[t] for t in TOPICS)


def test_the_llm_brains_read_the_same_answers_in_their_static_prefix() -> None:
    prefix = static_prefix(get_library())
    for topic, entry in load_book("en").topics.items():
        assert f"  - {topic}: {entry.answer}\n" in prefix


@pytest.mark.parametrize(
    ("message", "topic", "lang"),
    [
        ("is training 3 times a week enough?", "frequency", "en"),
        ("how often should I take a deload?", "deload", "en"),
        ("要多久做一次減量週？", "deload", "zh-Hant"),
        ("Dormir pouco atrapalha a hipertrofia?", "sleep", "pt"),
        ("Quando devo aumentar a carga?", "progression", "pt"),
        ("C'est grave si je n'ai jamais de courbatures ?", "soreness", "fr"),
        ("Нужна ли растяжка после тренировки?", "mobility", "ru"),
    ],
)
def test_a_general_question_with_a_plan_is_answered_not_acted_on(message: str, topic: str, lang: str) -> None:
    """Words that elsewhere schedule a week, report fatigue or review a lift, inside a question."""
    reply = turn(message)
    assert reply.message.startswith(load_book(lang).topics[topic].answer)
    assert reply.proposal.type is ProposalType.NONE and reply.memory_mutations == []


@pytest.mark.parametrize(
    ("message", "lang", "topic", "goal"),
    [
        ("how long should I rest between sets for strength?", "en", "rest_periods", "strength"),
        ("Quanto tempo de descanso entre as séries para hipertrofia?", "pt", "rest_periods", "hypertrophy"),
        ("how much protein do I need to lose fat?", "en", "protein", "fat_loss"),
    ],
)
def test_the_goal_a_question_names_tailors_the_answer(message: str, lang: str, topic: str, goal: str) -> None:
    reply = turn(message, memory=[EQUIPMENT])
    assert reply.message.endswith(load_book(lang).topics[topic].by_goal[goal])
