"""Short everyday words are not read as body areas, lifts or gym jargon: an English word takes only
English endings ("late" is not "lat"), a word cut short is not the longer lift ("passa" is not
"passada"), and pt "pr" is texting for "para" unless a record context says otherwise."""

from __future__ import annotations

import datetime as dt

import pytest

from fitcoach.agent.offline.understanding import understand
from fitcoach.languages.text import english_equal, stem_equal
from fitcoach.library import get_library

NOW = dt.datetime(2026, 9, 14, 10, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("word", "token", "same"),
    [
        ("lat", "late", False),
        ("lat", "lats", True),
        ("press", "presse", False),
        ("press", "presses", True),
        ("press", "pressed", True),
        ("squat", "squats", True),
        ("raise", "raised", True),
        ("shoulders", "shoulder", True),
        ("row", "rowing", False),
    ],
)
def test_english_words_take_english_endings(word: str, token: str, same: bool) -> None:
    assert english_equal(word, token) is same


@pytest.mark.parametrize(
    ("word", "token", "same"),
    [
        ("passada", "passa", False),
        ("passadas", "passada", True),
        ("shoulders", "shoulder", True),
        ("гантелями", "гантеля", True),
        ("escalada", "escala", False),
        ("costas", "costa", True),
    ],
)
def test_a_word_cut_short_keeps_only_an_ending(word: str, token: str, same: bool) -> None:
    assert stem_equal(word, token) is same


@pytest.mark.parametrize(
    "message",
    [
        "work ran late, can we keep it short?",
        "I'm running late today",
        "j'ai fini tard au boulot, je suis pressé",
        "работа затянулась допоздна, давай короче",
        "o trabalho atrasou, passa um treino curto",
        "今天加班到很晚，練短一點",
    ],
)
def test_running_late_names_no_body_area(message: str) -> None:
    assert understand(message, now=NOW, has_plan=True, library=get_library()).areas == []


@pytest.mark.parametrize(
    ("message", "areas"),
    [
        ("my lats are fried", ["lats"]),
        ("lat is sore after pull-ups", ["lats"]),
        ("meus dorsais estão doloridos", ["lats"]),
    ],
)
def test_the_lats_are_still_found(message: str, areas: list[str]) -> None:
    assert understand(message, now=NOW, has_plan=True, library=get_library()).areas == areas


@pytest.mark.parametrize(
    ("message", "slug"),
    [
        ("la presse est prise, je fais quoi ?", "leg-press"),
        ("remplace la presse à cuisses", "leg-press"),
        ("je peux faire une presse à la place du squat ?", "leg-press"),
        ("fiz passada com halteres ontem", "db-walking-lunge"),
        ("troca as passadas por outra coisa", "db-walking-lunge"),
        ("overhead press felt heavy", "standing-overhead-press"),
    ],
)
def test_the_lifts_are_still_found(message: str, slug: str) -> None:
    assert slug in understand(message, now=NOW, has_plan=True, library=get_library()).exercises


@pytest.mark.parametrize(
    "message",
    [
        "je suis pressé aujourd'hui",
        "désolé, je suis pressée",
        "passa o treino para amanhã",
        "me passa um treino rápido",
        "vou pr academia mais tarde",
        "work ran late",
        "加班到很晚",
        "я опоздал на тренировку",
    ],
)
def test_everyday_words_name_no_lift(message: str) -> None:
    assert understand(message, now=NOW, has_plan=True, library=get_library()).exercises == []


@pytest.mark.parametrize(
    ("message", "record"),
    [
        ("vou pr academia amanhã", False),
        ("manda pr mim o treino de hoje", False),
        ("qual meu pr no supino?", True),
        ("bati um pr no agachamento hoje!", True),
        ("meu PR no terra é quanto?", True),
        ("какой у меня PR в жиме?", True),
        ("Quel est mon PR au squat ?", True),
        ("我的PR是多少", True),
        ("what's my pr on bench?", True),
    ],
)
def test_pr_is_a_record_only_in_a_record_context(message: str, record: bool) -> None:
    features = understand(message, now=NOW, has_plan=True, library=get_library()).features
    assert ("cue:record" in features) is record
