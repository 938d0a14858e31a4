"""What the offline coach writes for later (memory facts, the notes of staged days) is in the user's
language: for each language, turns that write memory or stage a day leave no English word in those
texts (a check over every produced text, not one expected string)."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline import coach_turn
from fitcoach.agent.offline.answering import load_catalog
from fitcoach.agent.providers.base import TurnInput
from fitcoach.contract.models import CoachReply, DayPlan, WeeklyPlan
from fitcoach.engine.deload import DELOAD_NOTE
from fitcoach.engine.presentation import coach_note, rest_day
from fitcoach.engine.profile import build_profile
from fitcoach.library import get_library
from fitcoach.memory.apply import memory_after
from fitcoach.memory.model import MemoryItem
from tests.english_words import english_left

from .replay import LogToolRunner

MONDAY = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)

TURNS: dict[str, list[str]] = {
    "en": [
        "I have dumbbells up to 50 lb and a bench at home. I want to build muscle with a chest priority, "
        "4 days a week, 45 minutes. My knee has hurt for years on squats.",
        "My left shoulder hurts today.",
        "I'm exhausted, totally wiped out.",
        "Business trip Wednesday to Friday, no equipment at the hotel.",
        "Be tough on me from now on.",
        "Keep it short please, and give loads in kilograms.",
    ],
    "fr": [
        "J'ai des haltères jusqu'à 20 kg et un banc à la maison. Je veux prendre du muscle, priorité "
        "pectoraux, 4 jours par semaine, 45 minutes. J'ai mal au genou depuis des années sur les squats.",
        "J'ai mal à l'épaule gauche aujourd'hui.",
        "Je suis épuisé, complètement vidé.",
        "Voyage d'affaires de mercredi à vendredi, pas de matériel à l'hôtel.",
        "Sois dur avec moi à partir de maintenant.",
        "Fais court s'il te plaît, et donne les charges en kilos.",
    ],
    "pt": [
        "Tenho halteres até 20 kg e um banco em casa. Quero ganhar massa com prioridade no peito, "
        "4 dias por semana, 45 minutos. Meu joelho dói há anos no agachamento.",
        "Meu ombro esquerdo está doendo hoje.",
        "Estou exausto, completamente sem energia.",
        "Viagem de trabalho de quarta a sexta, sem equipamento no hotel.",
        "Seja duro comigo a partir de agora.",
        "Respostas curtas, por favor, e cargas em quilos.",
    ],
    "ru": [
        "Дома гантели до 20 кг и скамья. Хочу набрать мышечную массу, приоритет грудь, 4 дня в неделю "
        "по 45 минут. Колено болит уже несколько лет на приседаниях.",
        "Сегодня болит левое плечо.",
        "Я вымотан, совсем нет сил.",
        "Командировка со среды по пятницу, в отеле нет инвентаря.",
        "Будь со мной построже с этого момента.",
        "Отвечай коротко, пожалуйста, и пиши веса в кг.",
    ],
    "zh-Hant": [
        "家裡有啞鈴最重 20 公斤和一張臥推椅。想增肌，胸部優先，每週 4 天，每次 45 分鐘。"
        "膝蓋好幾年了，深蹲會痛。",
        "今天左肩會痛。",
        "我累壞了，完全沒力氣。",
        "週三到週五出差，飯店沒有器材。",
        "從現在開始對我嚴格一點。",
        "回答簡短一點，重量用公斤。",
    ],
}


def written_texts(reply: CoachReply) -> list[str]:
    """The texts a reply writes for later: memory facts and the notes of the days it stages."""
    texts = [str(m.entry["fact"]) for m in reply.memory_mutations if m.entry and "fact" in m.entry]
    data = reply.proposal.data
    days = (
        [data]
        if isinstance(data, DayPlan)
        else list(data.days.values())
        if isinstance(data, WeeklyPlan)
        else []
    )
    texts += [day.coach_note for day in days if day.coach_note]
    return texts


def play(lang: str) -> list[str]:
    """The turns in order, each proposal accepted and each memory write applied."""
    memory: list[MemoryItem] = []
    plan: WeeklyPlan | None = None
    written: list[str] = []
    for message in TURNS[lang]:
        turn = TurnInput(message, MONDAY, "coach", None, memory, plan, library=get_library(), language=lang)
        reply = coach_turn(turn, LogToolRunner([], MONDAY))
        written += written_texts(reply)
        after = memory_after(memory, list(reply.memory_mutations), now=MONDAY, message=message, language=lang)
        # stored ids, as the store gives them (memory_after names new items with pending ids)
        memory = [item.model_copy(update={"id": f"mem_{i}"}) for i, item in enumerate(after)]
        data = reply.proposal.data
        if isinstance(data, WeeklyPlan):
            plan = data
        elif isinstance(data, DayPlan) and plan is not None and reply.proposal.target_day is not None:
            plan = plan.model_copy(update={"days": {**plan.days, reply.proposal.target_day: data}})
    return written


@pytest.mark.parametrize("lang", sorted(set(TURNS) - {"en"}))
def test_memory_and_day_notes_are_written_in_the_users_language(lang: str) -> None:
    written = play(lang)
    # the turns wrote a goal, an equipment fact, a condition, acute states, an event, preferences
    # and staged days with notes: at least one text per turn
    assert len(written) >= len(TURNS[lang]) + 4, written
    leftovers = {text: english_left(lang, text) for text in written}
    assert {text: left for text, left in leftovers.items() if left} == {}


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_the_check_finds_english_in_a_latin_script_language(lang: str) -> None:
    assert english_left(lang, "Knee pain reported") == {"knee", "pain", "reported"}
    assert english_left(lang, "Sparing your knee: exercises that load it are left out.")


def test_the_english_templates_of_the_engine_notes_match_the_engine() -> None:
    """The notes are read back with the English catalogue: it must say exactly what the engine writes."""
    facts = load_catalog("en").facts
    assert facts["note_rir"] == coach_note(build_profile([], MONDAY))
    assert facts["note_rest"] == rest_day().coach_note
    assert facts["note_deload"] == DELOAD_NOTE
