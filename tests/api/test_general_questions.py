"""A newcomer's general training questions through `POST /api/coach/chat` and the offline coach, on
SQLite and PostgreSQL: each gets the answer book's answer for its topic in the user's language, as a
conversational reply: no proposal staged, nothing written to memory. A user's stored unit and
current week tailor the answer."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from fitcoach.agent.offline.answering.book import AnswerContext, answer
from fitcoach.contract.models import WeeklyPlan
from fitcoach.engine.estimators import fractional_sets
from fitcoach.library import get_library
from fitcoach.library.models import MuscleGroup
from tests.conftest import MakeUser, TestUser

QUESTIONS = [
    # English
    ("en", "weekly_volume", "how many sets a week for chest?"),
    ("en", "weekly_volume", "What's the right number of weekly sets per muscle?"),
    ("en", "failure", "should I train to failure?"),
    ("en", "failure", "is going to failure every set necessary to grow?"),
    ("en", "rest_periods", "how long should I rest between sets?"),
    ("en", "soreness", "does soreness mean a good workout?"),
    ("en", "soreness", "I'm never sore the day after, is that bad?"),
    ("en", "protein", "how much protein do I need a day?"),
    ("en", "sleep", "how much sleep do I need to build muscle?"),
    ("en", "cardio", "will cardio kill my gains?"),
    ("en", "supplements", "is creatine worth taking?"),
    ("en", "deload", "what is a deload and when do I need one?"),
    ("en", "rest_periods", "what's a good rest time between heavy squat sets?"),
    ("en", "fat_loss", "can you build muscle in a calorie deficit?"),
    ("en", "supplements", "what supplements actually work?"),
    # French
    ("fr", "weekly_volume", "Combien de séries par semaine pour les pecs ?"),
    ("fr", "failure", "Faut-il aller jusqu'à l'échec à chaque série ?"),
    ("fr", "rest_periods", "Combien de temps de repos entre les séries ?"),
    ("fr", "soreness", "Les courbatures, ça veut dire que la séance était bonne ?"),
    ("fr", "protein", "Combien de protéines je dois manger par jour ?"),
    ("fr", "sleep", "Combien d'heures de sommeil pour bien récupérer ?"),
    ("fr", "warmup", "Comment m'échauffer avant la muscu ?"),
    ("fr", "frequency", "À quelle fréquence entraîner chaque muscle ?"),
    ("fr", "sleep", "Combien de temps je dois dormir pour progresser ?"),
    ("fr", "cardio", "Le cardio, avant ou après la muscu ?"),
    # Portuguese
    ("pt", "weekly_volume", "Quantas séries por semana para o peito?"),
    ("pt", "failure", "Devo treinar até a falha?"),
    ("pt", "rest_periods", "Quanto tempo de descanso entre as séries?"),
    ("pt", "soreness", "Dor muscular significa que o treino foi bom?"),
    ("pt", "protein", "Quanta proteína eu preciso por dia?"),
    ("pt", "sleep", "Quantas horas de sono preciso pra ganhar massa?"),
    ("pt", "supplements", "A creatina vale a pena?"),
    ("pt", "mobility", "Preciso alongar antes de treinar?"),
    # Russian
    ("ru", "weekly_volume", "Сколько подходов в неделю на грудь?"),
    ("ru", "failure", "Нужно ли работать до отказа?"),
    ("ru", "rest_periods", "Сколько отдыхать между подходами?"),
    ("ru", "soreness", "Крепатура значит, что тренировка была хорошей?"),
    ("ru", "protein", "Сколько белка нужно в день?"),
    ("ru", "sleep", "Сколько нужно спать, чтобы расти?"),
    ("ru", "rep_range", "Сколько повторов делать для массы?"),
    ("ru", "frequency", "Как часто тренировать каждую мышцу?"),
    ("ru", "mobility", "Нужна ли растяжка после тренировки?"),
    # Traditional Chinese
    ("zh-Hant", "weekly_volume", "胸一週要做幾組？"),
    ("zh-Hant", "failure", "每組都要練到力竭嗎？"),
    ("zh-Hant", "rest_periods", "組間要休息多久？"),
    ("zh-Hant", "soreness", "肌肉痠痛代表練得好嗎？"),
    ("zh-Hant", "protein", "一天要吃多少蛋白質？"),
    ("zh-Hant", "sleep", "要睡多久才夠恢復？"),
    ("zh-Hant", "warmup", "要怎麼熱身比較好？"),
    ("zh-Hant", "supplements", "肌酸有用嗎？"),
    ("zh-Hant", "weekly_volume", "每個肌群一週做幾組比較好？"),
]


def chat(client: TestClient, user: TestUser, message: str) -> dict[str, object]:
    response = client.post("/api/coach/chat", json={"message": message}, headers=user.headers)
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def stored_memory(client: TestClient, user: TestUser) -> list[object]:
    response = client.get("/api/memory", headers=user.headers)
    assert response.status_code == 200, response.text
    body = response.json()
    return [item for tier in body.values() if isinstance(tier, list) for item in tier]


def staged(client: TestClient, user: TestUser) -> list[object]:
    response = client.get("/api/coach/proposals", headers=user.headers)
    assert response.status_code == 200, response.text
    found: list[object] = response.json()["items"]
    return found


@pytest.mark.parametrize(("lang", "topic", "message"), QUESTIONS, ids=[f"{q[0]}-{q[2]}" for q in QUESTIONS])
def test_a_newcomers_general_question_gets_the_books_answer_and_changes_nothing(
    client: TestClient, make_user: MakeUser, lang: str, topic: str, message: str
) -> None:
    user = make_user()
    body = chat(client, user, message)
    # the topic's answer, then at most the line for a goal the question names ("для массы")
    assert str(body["message"]).startswith(answer(topic, lang, AnswerContext()))
    assert body["proposal"] == {
        "id": None,
        "type": "NONE",
        "target_day": None,
        "summary_diff": None,
        "data": None,
    }
    assert body["memory_mutations"] == []
    assert stored_memory(client, user) == []
    assert staged(client, user) == []


@pytest.mark.parametrize(("units", "fragment"), [("lb", "0.7 g of protein per lb"), ("kg", "0.4 g per kg")])
def test_the_users_stored_unit_picks_the_unit_of_the_protein_answer(
    client: TestClient, make_user: MakeUser, units: str, fragment: str
) -> None:
    user = make_user()
    picked = client.patch("/api/me", json={"settings": {"units": units}}, headers=user.headers)
    assert picked.status_code == 200, picked.text
    body = chat(client, user, "how much protein should I eat?")
    assert fragment in str(body["message"])
    assert body["memory_mutations"] == []


def test_the_weekly_sets_answer_counts_chest_sets_in_the_users_current_week(
    client: TestClient, make_user: MakeUser, engine: Engine
) -> None:
    user = make_user()
    onboarding = chat(
        client,
        user,
        "I'm new, I train at a commercial gym with everything, I want to build muscle, "
        "4 days a week, about an hour.",
    )
    proposal = onboarding["proposal"]
    assert isinstance(proposal, dict) and proposal["type"] == "UPDATE_WEEK"
    accepted = client.post(f"/api/coach/proposals/{proposal['id']}/accept", headers=user.headers)
    assert accepted.status_code == 200, accepted.text
    plan = client.get("/api/plan", headers=user.headers)
    assert plan.status_code == 200, plan.text
    week = WeeklyPlan.model_validate(plan.json()["plan"])
    library = get_library()
    chest = round(
        sum(fractional_sets(week.days[d], library).get(MuscleGroup.CHEST, 0.0) for d in week.training_days())
    )
    memory_before = stored_memory(client, user)
    proposals_before = staged(client, user)

    body = chat(client, user, "how many sets a week should I do for chest?")

    message = str(body["message"])
    assert re.search(rf"\babout {chest} sets?\b", message), message
    assert message.startswith(answer("weekly_volume", "en", AnswerContext()).split(";")[0])
    assert body["proposal"]["type"] == "NONE"  # type: ignore[index]
    assert body["memory_mutations"] == []
    assert stored_memory(client, user) == memory_before
    assert staged(client, user) == proposals_before
