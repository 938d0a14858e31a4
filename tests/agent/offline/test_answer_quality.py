"""Answer quality found by blind4: a warning sign during a set (vision going dark, dizziness, chest
pain) answered first with a safety warning, breathing and knees-over-toes questions answered, "why
is X not in my plan?" answered with the plan's reason, stored body parts and focus words localised."""

from __future__ import annotations

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.offline.acting.talk import area_key
from fitcoach.agent.offline.cues import cue_book
from fitcoach.agent.offline.understanding import Intent, understand
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import ProposalType, Tier, Tier1Entry
from fitcoach.library import get_library

from .replay import LogToolRunner
from .test_acting import EQUIPMENT, HOME_PLAN, MONDAY, item

BACK = item(
    "mem_03",
    Tier.STAPLES,
    Tier1Entry(category="chronic_condition", fact="Lower back sensitivity on heavy deadlifts."),
)


def answer(message: str, memory: list[object] | None = None) -> str:
    inputs = TurnInput(
        message, MONDAY, "coach", None, memory or [EQUIPMENT], HOME_PLAN, library=get_library()
    )  # type: ignore[arg-type]
    reply = coach_turn(inputs, LogToolRunner([], MONDAY))
    assert reply.proposal.type is ProposalType.NONE
    assert not reply.memory_mutations
    return reply.message


@pytest.mark.parametrize(
    ("message", "lang"),
    [
        ("how should I breathe on goblet squats? my vision goes dark on the last reps", "en"),
        ("I get dizzy after heavy sets of split squats", "en"),
        ("Je vois noir à la fin de mes séries de squat goblet, comment respirer ?", "fr"),
        ("J'ai la tête qui tourne pendant le développé incliné", "fr"),
        ("fico tonto nas últimas repetições do agachamento goblet", "pt"),
        ("a vista escurece quando faço supino inclinado, é normal?", "pt"),
        ("как правильно дышать в гоблет-приседе? на последних повторах темнеет в глазах", "ru"),
        ("кружится голова после подхода жима гантелей", "ru"),
        ("做高腳杯深蹲最後幾下眼前發黑，要怎麼呼吸", "zh-Hant"),
        ("練完臥推會頭暈是正常的嗎", "zh-Hant"),
    ],
)
def test_a_warning_sign_gets_the_safety_warning_first(message: str, lang: str) -> None:
    assert understand(message, now=MONDAY, has_plan=True, library=get_library()).intent is Intent.TECHNIQUE
    warning = cue_book(lang).problems["dizziness"]
    text = answer(message)
    assert warning in text
    assert text.index(warning) < len(text) // 2


@pytest.mark.parametrize(
    ("message", "lang"),
    [
        ("how do I breathe during goblet squats?", "en"),
        ("Comment respirer au squat goblet ?", "fr"),
        ("como respirar no agachamento goblet?", "pt"),
        ("как дышать при гоблет-приседе?", "ru"),
        ("高腳杯深蹲要怎麼換氣", "zh-Hant"),
    ],
)
def test_breathing_questions_get_the_breathing_cue_and_no_alarm(message: str, lang: str) -> None:
    text = answer(message)
    assert cue_book(lang).problems["breathing"] in text
    assert cue_book(lang).problems["dizziness"] not in text


@pytest.mark.parametrize(
    ("message", "lang"),
    [
        ("is it ok if my knees go past my toes on split squats?", "en"),
        ("Est-ce grave si mes genoux dépassent les orteils au squat bulgare ?", "fr"),
        ("tem problema o joelho passar da ponta do pé no búlgaro?", "pt"),
        ("можно ли коленям выходить за носки в болгарских выпадах?", "ru"),
        ("做 Bulgarian split squat 的時候膝蓋可以超過腳尖嗎", "zh-Hant"),
        ("深蹲的時候膝蓋過腳尖可以嗎", "zh-Hant"),
    ],
)
def test_knees_over_toes_is_answered(message: str, lang: str) -> None:
    assert understand(message, now=MONDAY, has_plan=True, library=get_library()).intent is Intent.TECHNIQUE
    assert cue_book(lang).problems["knees_over_toes"] in answer(message)


@pytest.mark.parametrize(
    "message",
    [
        "my knees hurt on split squats",
        "I get out of breath walking up stairs, lol",
    ],
)
def test_ordinary_messages_raise_no_alarm(message: str) -> None:
    assert not understand(message, now=MONDAY, has_plan=True, library=get_library()).has_cue("dizziness")
    assert (
        "has:warning_sign"
        not in understand(message, now=MONDAY, has_plan=True, library=get_library()).features
    )


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("why is there no deadlift in my plan?", "lower back"),
        ("pourquoi il n'y a pas de soulevé de terre dans mon programme ?", "bas du dos"),
        ("por que não tem levantamento terra no meu treino?", "lombar"),
        ("почему в плане нет становой?", "поясница"),
        ("為什麼我的課表裡都沒有硬舉？", "下背"),
    ],
)
def test_why_a_lift_is_missing_gives_the_plans_reason(message: str, word: str) -> None:
    text = answer(message, [EQUIPMENT, BACK])
    assert word in text


@pytest.mark.parametrize(
    "message",
    [
        "why are there no pull-ups in my plan?",
        "pourquoi pas de tractions dans mon programme ?",
        "por que não tem barra fixa no meu treino?",
        "почему в плане нет подтягиваний?",
        "為什麼課表沒有引體向上？",
    ],
)
def test_a_lift_missing_for_lack_of_gear_says_so(message: str) -> None:
    text = answer(message)
    lang = understand(message, now=MONDAY, library=get_library()).lang
    gear_word = {"en": "gear", "fr": "matériel", "pt": "equipamento", "ru": "оборудование", "zh-Hant": "器材"}
    assert gear_word[lang] in text


@pytest.mark.parametrize(
    ("stored", "key"),
    [
        ("right shoulder", "shoulder"),
        ("left knee", "knee"),
        ("lower back", "lower_back"),
        ("hamstrings", "hamstrings"),
    ],
)
def test_stored_body_parts_map_to_lexicon_keys(stored: str, key: str) -> None:
    assert area_key(stored) == key


def test_russian_focus_templates_take_the_nominative() -> None:
    message = "Привет. Зал, всё есть. 3 раза в неделю по часу. Хочу накачать спину"
    reply = coach_turn(
        TurnInput(message, MONDAY, "coach", None, [], None, library=get_library()), LogToolRunner([], MONDAY)
    )
    assert "на спина" not in reply.message
    assert "спина" in reply.message
