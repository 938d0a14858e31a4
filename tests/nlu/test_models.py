"""The shipped understanding models (issue 14, items 2 and 7): they load, read a message into acts,
a topic and role-tagged spans of the user's own words, and carry their held-out evaluation; the
training command builds working models from a corpus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fitcoach.cli.main import app
from fitcoach.nlu import ACTS, ROLES, TOPICS, models_available, read
from fitcoach.nlu.corpus import load_corpus
from fitcoach.nlu.evaluate import choose_quiet_threshold, choose_threshold, held_out_predictions, report
from fitcoach.nlu.reader import load_models, models_dir
from fitcoach.nlu.train import save, train_all

LANGUAGES = ("en", "fr", "pt", "ru", "zh-Hant")
MESSAGES = {
    "en": "can we do 25 min tomorrow instead, my lower back is tight",
    "fr": "j'ai mal au genou droit depuis hier, on adapte la séance de jeudi ?",
    "pt": "comprei uma barra fixa e umas anilhas, dá pra mudar o treino?",
    "ru": "сколько подходов в неделю нужно на грудь?",
    "zh-Hant": "明天只有三十分鐘，可以縮短嗎？",
}


def test_the_models_ship_with_their_held_out_evaluation() -> None:
    assert models_available()
    meta = json.loads((models_dir() / "meta.json").read_text("utf-8"))
    assert 0 < meta["threshold"] <= 1 and 0 <= meta["quiet_threshold"] <= 1
    evaluation = meta["evaluation"]
    assert set(LANGUAGES) <= set(evaluation["by_language"])
    assert len(evaluation["writers"]) >= 3
    for figures in evaluation["by_language"].values():
        assert 0 <= figures["act_accuracy"] <= 1 and 0 <= figures["slot_f1"] <= 1


def test_the_shipped_artefacts_stay_under_20_mb_together() -> None:
    """Issue 14 item 2: the models ship in the package, at most 20 MB together."""
    size = sum(path.stat().st_size for path in models_dir().iterdir() if path.is_file())
    assert size <= 20 * 1024 * 1024, size


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reading_names_acts_topic_and_spans_of_the_users_words(lang: str) -> None:
    message = MESSAGES[lang]
    reading = read(message, lang)
    assert 1 <= len(reading.acts) <= 2 and set(reading.acts) <= set(ACTS)
    assert 0 <= reading.confidence <= 1
    assert set(reading.probabilities) == set(ACTS)
    assert reading.topic is None or reading.topic in TOPICS
    for span in reading.spans:
        assert span.role in ROLES
        assert message[span.start : span.end] == span.text
        assert 0 <= span.confidence <= 1


def test_a_general_question_reads_as_a_question_with_its_topic() -> None:
    reading = read("how many sets a week should I do for chest?", "en")
    assert reading.acts[0] == "knowledge_question"
    assert reading.topic == "weekly_volume"
    assert not reading.asks_action


def test_the_training_command_builds_models_that_read(tmp_path: Path) -> None:
    items = [item for item in load_corpus() if item.lang in ("en", "fr")][:600]
    trained = train_all(items, workdir=tmp_path)
    save(trained, tmp_path / "models", {"threshold": 0.8, "quiet_threshold": 0.3})
    load_models.cache_clear()
    try:
        reading = read("skip tomorrow please", "en", folder=tmp_path / "models")
    finally:
        load_models.cache_clear()
    assert reading.threshold == 0.8 and reading.acts[0] in ACTS


def test_held_out_writers_are_never_trained_on() -> None:
    corpus = [item for item in load_corpus() if item.lang == "en"]
    writers = sorted({item.writer for item in corpus})[:2]
    items = [item for writer in writers for item in [i for i in corpus if i.writer == writer][:200]]
    predictions = held_out_predictions(items, writers)
    assert {p.item.writer for p in predictions} <= set(writers)
    table = report(predictions, choose_threshold(predictions), choose_quiet_threshold(predictions))
    assert table["all"]["messages"] == len(predictions)


def test_nlu_read_prints_the_reading_as_json() -> None:
    result = CliRunner().invoke(app, ["nlu", "read", "my wife's knee hurts, any tips for her?"])
    assert result.exit_code == 0, result.output
    reading = json.loads(result.output)
    assert reading["acts"] and all(span["role"] in ROLES for span in reading["spans"])


def test_the_fast_act_arithmetic_is_the_fitted_models_own() -> None:
    """`LinearActs` reads the fitted regressions and calibrators once; its probabilities are
    scikit-learn's own, to rounding, on messages of every language."""
    import joblib
    import numpy as np

    from fitcoach.nlu.features import normalise
    from fitcoach.nlu.reader import LinearActs

    pipeline = joblib.load(models_dir() / "acts.joblib")["acts"]
    fast = LinearActs.from_pipeline(pipeline)
    assert fast is not None
    texts = [normalise(m) for m in MESSAGES.values()] + [normalise(i.text) for i in load_corpus()[::97]]
    assert np.allclose(fast.predict_proba(texts), pipeline.predict_proba(texts), atol=1e-12)
