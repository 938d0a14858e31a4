"""Blind3 gaps: a question that names gear or a weekly count is informational (it never rewrites the
equipment on record nor the schedule), and answer preferences besides the tone (length, detail,
units, language) become a tier-1 `preference` (R7) in every language."""

from __future__ import annotations

import pytest

from fitcoach.agent.offline.answering import count_sentences
from fitcoach.agent.offline.answering.book import load_book
from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.contract.models import Operation, ProposalType, Tier, Tier1Entry
from fitcoach.library import get_library

from .test_acting import EQUIPMENT, MONDAY, item, turn


@pytest.mark.parametrize(
    "message",
    [
        "How wide should my elbows be on the dumbbell bench press?",
        "Quel angle pour les coudes au développé couché haltères ?",
        "Qual ângulo dos cotovelos no supino com halteres?",
        "Под каким углом держать локти в жиме гантелей лёжа?",
        "啞鈴肩推的時候手肘要在什麼角度？",
        "Est-ce que je dois garder les coudes serrés au développé haltères incliné ?",
    ],
)
def test_a_question_naming_gear_never_rewrites_the_equipment(message: str) -> None:
    answer = turn(message)
    assert answer.proposal.type is ProposalType.NONE
    assert answer.memory_mutations == []


@pytest.mark.parametrize(
    "message",
    [
        "dumbbell bench press: elbows at 45 degrees or tucked?",
        "啞鈴臥推手肘要打開多少度？",
        "supino com halteres, quantos graus abrir o cotovelo?",
    ],
)
def test_gear_inside_an_exercise_name_is_not_owned_gear(message: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert not u.gear
    assert u.exercises


@pytest.mark.parametrize(
    ("message", "lang"),
    [
        ("Is it better to hit legs 2 times a week or 3 times?", "en"),
        ("Vaut-il mieux faire les pecs 2 fois par semaine ou 3 ?", "fr"),
        ("É melhor treinar costas 2 vezes por semana ou 3?", "pt"),
        ("Лучше тренировать ноги 2 раза в неделю или 3?", "ru"),
        ("背要一週練兩次還是三次比較好？", "zh-Hant"),
    ],
)
def test_a_frequency_question_is_no_schedule_change(message: str, lang: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.days_per_week is None
    answer = turn(message)
    assert answer.proposal.type is ProposalType.NONE
    assert answer.memory_mutations == []
    # the answer book's frequency answer (tailored lines may follow it)
    assert answer.message.startswith(load_book(lang).topics["frequency"].answer)


@pytest.mark.parametrize(
    "message",
    [
        "Can you make it 4 days a week?",
        "Tu peux passer à 4 jours par semaine ?",
        "Pode mudar para 4 dias por semana?",
        "Можешь сделать 4 дня в неделю?",
        "可以改成一週四天嗎？",
    ],
)
def test_a_schedule_request_phrased_as_a_question_still_changes_the_week(message: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.days_per_week == 4
    assert u.intent is Intent.WEEK_OVERHAUL


@pytest.mark.parametrize(
    ("message", "key"),
    [
        ("Keep it short please, no lectures", "brief"),
        ("Sois concis, pas de pavés stp", "brief"),
        ("Seja breve, sem textão", "brief"),
        ("Отвечай короче, меньше текста", "brief"),
        ("回答短一點，不要長篇大論", "brief"),
        ("Could you go into more detail when you explain things?", "detailed"),
        ("Tu peux me donner plus de détails dans tes réponses ?", "detailed"),
        ("Explica melhor, quero mais detalhes", "detailed"),
        ("Объясняй поподробнее, мне интересно", "detailed"),
        ("之後可以講解更詳細嗎", "detailed"),
        ("Please use kg from now on", "units_kg"),
        ("Passe en kilos stp", "units_kg"),
        ("Prefiro quilos, usa kg", "units_kg"),
        ("Пиши в кг, пожалуйста", "units_kg"),
        ("請用公斤", "units_kg"),
        ("Réponds en français s'il te plaît", "lang_fr"),
        ("Отвечай по-русски", "lang_ru"),
        ("請用中文回答", "lang_zh"),
    ],
)
def test_an_answer_preference_is_recorded(message: str, key: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert u.intent is Intent.TONE
    assert key in u.preferences
    answer = turn(message)
    assert answer.proposal.type is ProposalType.NONE
    [mutation] = answer.memory_mutations
    assert (mutation.operation, mutation.target_tier) == (Operation.CREATE, Tier.STAPLES)
    entry = mutation.typed_entry()
    assert isinstance(entry, Tier1Entry) and entry.category == "preference"
    if key in ("brief", "detailed"):
        assert entry.verbosity == key


@pytest.mark.parametrize(
    "message",
    [
        "Make tomorrow's workout shorter, 30 min",
        "Fais une séance plus courte demain, 30 minutes",
        "Treino mais curto amanhã, 30 minutos",
        "Сделай завтрашнюю тренировку покороче, 30 минут",
        "明天的訓練短一點，30分鐘",
    ],
)
def test_a_shorter_workout_is_no_answer_preference(message: str) -> None:
    u = understand(message, now=MONDAY, has_plan=True, library=get_library())
    assert not u.preferences
    assert u.intent is Intent.DAY_EDIT


def test_a_length_preference_keeps_the_tone_on_record() -> None:
    tone = item("mem_05", Tier.STAPLES, Tier1Entry(category="preference", fact="gentle", tone="gentle"))
    answer = turn("keep it short from now on", memory=[EQUIPMENT, tone])
    assert [(m.operation, m.memory_id) for m in answer.memory_mutations] == [(Operation.CREATE, None)]
    brief = item(
        "mem_06", Tier.STAPLES, Tier1Entry(category="preference", fact="Short answers.", verbosity="brief")
    )
    detailed = turn("more detail please", memory=[EQUIPMENT, tone, brief])
    assert [(m.operation, m.memory_id) for m in detailed.memory_mutations] == [(Operation.UPDATE, "mem_06")]


def test_a_stored_brief_preference_caps_long_answers() -> None:
    science = item(
        "mem_05", Tier.STAPLES, Tier1Entry(category="preference", fact="Science.", tone="deep_science")
    )
    brief = item(
        "mem_06", Tier.STAPLES, Tier1Entry(category="preference", fact="Short answers.", verbosity="brief")
    )
    message = "what should I change on goblet squats, my knees cave"
    assert count_sentences(turn(message, memory=[EQUIPMENT, science]).message) > 3
    assert count_sentences(turn(message, memory=[EQUIPMENT, science, brief]).message) <= 3


@pytest.mark.parametrize(
    "message",
    [
        "How many sets for chest have I been doing lately?",
        "Combien de séries pour le dos j'ai fait ces dernières semaines ?",
        "Quantas séries de peito eu fiz nas últimas semanas?",
        "Сколько подходов на спину я делал за последние недели?",
        "側平舉要不要加重？",
    ],
)
def test_an_advice_question_about_progress_stays_a_progression_review(message: str) -> None:
    assert understand(message, now=MONDAY, has_plan=True, library=get_library()).intent is Intent.PROGRESSION
