"""Training the understanding models from the corpus (`fitcoach nlu train`).

- Acts: one-vs-rest logistic regression over character and word TF-IDF of the folded message,
  each act's probability calibrated (sigmoid, cross-validated), so a message may carry two acts.
- Topic: multinomial logistic regression on the knowledge questions.
- Slots: a linear-chain CRF (CRFsuite) over BIO tags of the roles, with word, affix, shape,
  window and lexicon-category features.
No learning code is ours: scikit-learn and python-crfsuite do the fitting."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import pycrfsuite
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.calibration import CalibratedClassifierCV
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.multiclass import OneVsRestClassifier
from sklearn.pipeline import FeatureUnion, Pipeline
from sklearn.preprocessing import MultiLabelBinarizer

from fitcoach.nlu.corpus import Item, Span
from fitcoach.nlu.features import normalise, token_features
from fitcoach.nlu.labels import ACTS

CRF_PARAMS = {"c1": 0.05, "c2": 0.01, "max_iterations": 100, "feature.possible_transitions": True}


def bio_tags(item: Item, spans_of_tokens: Sequence[tuple[int, int]]) -> list[str]:
    """BIO tags of the tokens: B- opens each span, I- continues it, O is outside every span."""
    tags: list[str] = []
    previous: Span | None = None
    for start, end in spans_of_tokens:
        inside = next((s for s in item.spans if s.start <= start and end <= s.end), None)
        if inside is None:
            tags.append("O")
        else:
            tags.append(("I-" if inside == previous else "B-") + inside.role)
        previous = inside
    return tags


def features_union() -> FeatureUnion:
    return FeatureUnion(
        [
            (
                "chars",
                TfidfVectorizer(analyzer="char_wb", ngram_range=(1, 4), min_df=2, sublinear_tf=True),
            ),
            (
                "words",
                TfidfVectorizer(
                    analyzer="word",
                    ngram_range=(1, 2),
                    min_df=2,
                    sublinear_tf=True,
                    token_pattern=r"(?u)\b\w+\b",
                ),
            ),
        ]
    )


class CalibratedWhenPossible(ClassifierMixin, BaseEstimator):  # type: ignore[misc]
    """Sigmoid-calibrated (cross-validated) where an act has enough examples for the folds, the
    plain estimator where it has not (a small training slice, a rare act): sklearn's calibration
    refuses a class with fewer examples than folds."""

    def __init__(self, estimator: Any = None, folds: int = 3, ensemble: bool = False) -> None:
        self.estimator = estimator
        self.folds = folds
        self.ensemble = ensemble

    def fit(self, x: Any, y: Any) -> CalibratedWhenPossible:
        counts = np.bincount(np.asarray(y, dtype=int), minlength=2)
        # a worker's inputs are read-only memory maps, which the cross-validated predictions cannot use
        x, y = x.copy(), np.array(y)
        model = clone(self.estimator)
        if counts.min() >= self.folds:
            # ensemble=False: the calibrator learns from cross-validated predictions and one model is
            # fitted on all the data (one set of weights per act instead of one per fold: the shipped
            # artefacts stay under 20 MB as the corpus grows)
            model = CalibratedClassifierCV(model, method="sigmoid", cv=self.folds, ensemble=self.ensemble)
        self.model_ = model.fit(x, y)
        self.classes_ = self.model_.classes_
        return self

    def predict_proba(self, x: Any) -> Any:
        return self.model_.predict_proba(x)

    def predict(self, x: Any) -> Any:
        return self.model_.predict(x)


def act_model() -> Pipeline:
    base = LogisticRegression(C=8.0, class_weight="balanced", max_iter=3000, solver="liblinear")
    return Pipeline(
        [
            ("features", features_union()),
            ("acts", OneVsRestClassifier(CalibratedWhenPossible(base), n_jobs=2)),
        ]
    )


def topic_model() -> Pipeline:
    return Pipeline(
        [
            ("features", features_union()),
            ("topic", LogisticRegression(C=8.0, class_weight="balanced", max_iter=3000)),
        ]
    )


@dataclass
class Trained:
    acts: Pipeline
    binarizer: MultiLabelBinarizer
    topic: Pipeline
    crf_path: Path


def train_acts(items: Sequence[Item]) -> tuple[Pipeline, MultiLabelBinarizer]:
    binarizer = MultiLabelBinarizer(classes=list(ACTS))
    y = binarizer.fit_transform([list(i.acts) for i in items])
    model = act_model()
    model.fit([normalise(i.text) for i in items], y)
    return model, binarizer


def train_topic(items: Sequence[Item]) -> Pipeline:
    questions = [i for i in items if i.topic is not None]
    model = topic_model()
    model.fit([normalise(i.text) for i in questions], [i.topic for i in questions])
    return model


def train_slots(items: Sequence[Item], path: Path) -> None:
    trainer = pycrfsuite.Trainer(verbose=False)
    for item in items:
        toks, rows = token_features(item.text, item.lang)
        trainer.append(rows, bio_tags(item, [(t.start, t.end) for t in toks]))
    trainer.set_params(CRF_PARAMS)
    trainer.train(str(path))


def train_all(items: Sequence[Item], workdir: Path | None = None) -> Trained:
    acts, binarizer = train_acts(items)
    topic = train_topic(items)
    folder = workdir or Path(tempfile.mkdtemp(prefix="fitcoach-nlu-"))
    crf_path = folder / "slots.crfsuite"
    train_slots(items, crf_path)
    return Trained(acts, binarizer, topic, crf_path)


def act_probabilities(model: Pipeline, texts: Sequence[str]) -> np.ndarray[Any, Any]:
    return np.asarray(model.predict_proba([normalise(t) for t in texts]))


def save(trained: Trained, out: Path, meta: dict[str, object]) -> None:
    import sklearn

    out.mkdir(parents=True, exist_ok=True)
    joblib.dump(
        {"acts": trained.acts, "classes": list(trained.binarizer.classes_)}, out / "acts.joblib", compress=3
    )
    joblib.dump(trained.topic, out / "topic.joblib", compress=3)
    (out / "slots.crfsuite").write_bytes(trained.crf_path.read_bytes())
    meta = {**meta, "sklearn": sklearn.__version__}
    (out / "meta.json").write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", "utf-8")
