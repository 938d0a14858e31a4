"""Reading a message with the shipped models: acts with probabilities, topic, tagged spans."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import pycrfsuite

from fitcoach.nlu.features import normalise, token_features
from fitcoach.nlu.labels import ACTION_ACTS

QUIET_MIN_CONFIDENCE = 0.5
"""A reading holds the rules back only when its first act is more likely than not. With seven
writers and without it, the margin chosen for 97 % precision fell to 0.03 (0.0 with it), and unsure
readings ("déplace la séance jambes au samedi" as a logged set at 0.48, "desmarcaram" as a question
at 0.17) held back requests the rules read right. Held-out coach figures: 2.4 % unwanted actions and
0.55 % of messages held back (2.1 % / 0.7 % without it). Also requiring every action below 0.5 was
measured and not kept: 3.1 % / 0.4 %."""

ROLE_CONFIDENCE = 0.5
"""A tagged span's role is acted on when the tagger reads it so more likely than not (its marginal
probability): "je m'entraîne le mardi, le jeudi et le dimanche" tagged Sunday avoided at 0.39 with
the first models of December 2026."""

SECOND_ACT = 0.7
"""A second act is read when its own calibrated probability is at least this. Only 4 % of the
corpus's messages carry two acts: on held-out writers (December 2026, seven writers) 0.7 reads the
exact act set of 86.7 % of messages, 0.5 of 81.3 % (a second act at 0.5–0.7 is wrong more often
than right)."""


@dataclass(frozen=True)
class SlotSpan:
    text: str
    start: int
    end: int
    role: str
    confidence: float


@dataclass(frozen=True)
class Reading:
    acts: tuple[str, ...]
    """One or two acts, most probable first."""
    confidence: float
    """The first act's probability."""
    probabilities: dict[str, float]
    topic: str | None
    spans: tuple[SlotSpan, ...]
    threshold: float
    """Below this confidence an action is not taken on the model's word (chosen on held-out writers)."""
    quiet_threshold: float
    """From this margin (see `quiet_margin`), a reading that asks for no action holds back the rules."""
    quiet_threshold_own_body: float = 1.0
    """The same where the message names a part of the user's own body (chosen on those messages)."""
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def asks_action(self) -> bool:
        return any(a in ACTION_ACTS for a in self.acts)

    @property
    def asks_nothing(self) -> bool:
        """`asks_nothing_about`, the user's own body known from the tagged spans."""
        return self.asks_nothing_about(own_body=bool(self.roles("body_part_self")))

    def asks_nothing_about(self, *, own_body: bool) -> bool:
        """Sure enough that the message asks for no plan change and no memory write: the first act
        asks for none, is more likely than not (`QUIET_MIN_CONFIDENCE`), and leads every action by
        the margin chosen on held-out writers (on messages naming the user's own body, by the margin
        chosen on those)."""
        needed = self.quiet_threshold_own_body if own_body else self.quiet_threshold
        return (
            not self.asks_action
            and self.confidence >= QUIET_MIN_CONFIDENCE
            and quiet_margin(self.probabilities, self.acts) >= needed
        )

    @property
    def sure(self) -> bool:
        return self.confidence >= self.threshold

    def roles(self, *names: str) -> list[SlotSpan]:
        return [s for s in self.spans if s.role in names]


MODEL_FILES = ("acts.joblib", "topic.joblib", "slots.crfsuite", "meta.json")


def models_dir() -> Path:
    return Path(str(resources.files("fitcoach.nlu").joinpath("models")))


def models_available(folder: Path | None = None) -> bool:
    folder = folder or models_dir()
    return all(
        (folder / name).is_file() for name in ("acts.joblib", "topic.joblib", "slots.crfsuite", "meta.json")
    )


@dataclass
class LinearActs:
    """The act model's arithmetic, read once out of the fitted scikit-learn objects: each act's
    probability is the mean, over its calibrated logistic regressions, of a sigmoid of the decision
    value. One sparse-by-dense product replaces sixty small predict calls (40 ms → well under 1 ms)."""

    features: Any
    weights: np.ndarray[Any, Any]
    """(vocabulary, members): every member regression's coefficients, float64 as fitted."""
    bias: np.ndarray[Any, Any]
    slope: np.ndarray[Any, Any]
    offset: np.ndarray[Any, Any]
    share: np.ndarray[Any, Any]
    """(members, acts): 1/k where the member is one of an act's k calibrated regressions."""

    @classmethod
    def from_pipeline(cls, pipeline: Any) -> LinearActs | None:
        """None when an estimator is not a (calibrated) logistic regression: the pipeline then answers."""
        columns, bias, slope, offset, owner = [], [], [], [], []
        for act, estimator in enumerate(pipeline.named_steps["acts"].estimators_):
            model = getattr(estimator, "model_", None)
            members = getattr(model, "calibrated_classifiers_", None)
            if members is not None:
                pairs = [(m.estimator, m.calibrators[0]) for m in members]
            elif model is not None and hasattr(model, "coef_"):
                pairs = [(model, None)]
            else:
                return None
            for regression, calibrator in pairs:
                if regression.coef_.shape[0] != 1:
                    return None
                columns.append(regression.coef_[0])
                bias.append(float(regression.intercept_[0]))
                # sklearn's sigmoid calibration: p = 1 / (1 + exp(a * f + b)); plain: 1 / (1 + exp(-f))
                slope.append(float(calibrator.a_) if calibrator is not None else -1.0)
                offset.append(float(calibrator.b_) if calibrator is not None else 0.0)
                owner.append(act)
        acts = len(pipeline.named_steps["acts"].estimators_)
        share = np.zeros((len(owner), acts))
        counts = np.bincount(np.asarray(owner), minlength=acts)
        for member, act in enumerate(owner):
            share[member, act] = 1.0 / counts[act]
        return cls(
            features=pipeline.named_steps["features"],
            weights=np.stack(columns, axis=1),
            bias=np.asarray(bias),
            slope=np.asarray(slope),
            offset=np.asarray(offset),
            share=share,
        )

    def predict_proba(self, texts: list[str]) -> np.ndarray[Any, Any]:
        decision = np.asarray(self.features.transform(texts) @ self.weights) + self.bias
        probability = 1.0 / (1.0 + np.exp(self.slope * decision + self.offset))
        return np.asarray(probability @ self.share)


@dataclass
class Models:
    acts: Any
    classes: list[str]
    topic: Any
    tagger: pycrfsuite.Tagger
    meta: dict[str, Any]


@cache
def load_models(folder: Path | None = None) -> Models:
    folder = folder or models_dir()
    acts = joblib.load(folder / "acts.joblib")
    tagger = pycrfsuite.Tagger()
    tagger.open(str(folder / "slots.crfsuite"))
    meta = json.loads((folder / "meta.json").read_text("utf-8"))
    fast = LinearActs.from_pipeline(acts["acts"])
    return Models(fast or acts["acts"], acts["classes"], joblib.load(folder / "topic.joblib"), tagger, meta)


def decide_acts(probabilities: dict[str, float]) -> tuple[str, ...]:
    ranked = sorted(probabilities.items(), key=lambda kv: -kv[1])
    acts = [ranked[0][0]]
    if len(ranked) > 1 and ranked[1][1] >= SECOND_ACT:
        acts.append(ranked[1][0])
    return tuple(acts)


def strongest_action(probabilities: dict[str, float]) -> float:
    """The probability of the likeliest act that would change something."""
    return max((p for a, p in probabilities.items() if a in ACTION_ACTS), default=0.0)


def quiet_margin(probabilities: dict[str, float], acts: tuple[str, ...]) -> float:
    """How far the first act leads every act that would change something: "asks for nothing" is
    trusted only when no action is a close second ("my elbow hurts on skull crushers" reads as
    small talk at 0.43 and as pain at 0.38: too close to hold the coach back)."""
    return probabilities[acts[0]] - strongest_action(probabilities)


def tag_spans(tagger: pycrfsuite.Tagger, text: str, lang: str | None = None) -> tuple[SlotSpan, ...]:
    toks, rows = token_features(text, lang)
    if not toks:
        return ()
    labels = tagger.tag(rows)
    spans: list[SlotSpan] = []
    open_role: str | None = None
    start = end = 0
    marginals: list[float] = []

    def close() -> None:
        if open_role is not None:
            spans.append(SlotSpan(text[start:end], start, end, open_role, min(marginals)))

    for i, (tok, label) in enumerate(zip(toks, labels, strict=True)):
        if label == "O":
            close()
            open_role = None
            continue
        prefix, role = label.split("-", 1)
        if prefix == "B" or role != open_role:
            close()
            open_role, start, marginals = role, tok.start, []
        end = tok.end
        marginals.append(tagger.marginal(label, i))
    close()
    return tuple(spans)


_TAGGER_LOCK = threading.Lock()
"""A crfsuite tagger keeps the sequence it last tagged and reads its marginals from it: two
threads of the server (or a provider's timed-out attempt and its fallback) tagging at once read each
other's positions ("position 8 is out of range of 8"). Tagging takes well under a millisecond."""


def _tagged(models: Models, text: str, lang: str | None) -> tuple[SlotSpan, ...]:
    with _TAGGER_LOCK:
        return tag_spans(models.tagger, text, lang)


def read(text: str, lang: str | None = None, *, folder: Path | None = None) -> Reading:
    """What the message asks, read by the shipped models (raises FileNotFoundError without them)."""
    models = load_models(folder)
    row = models.acts.predict_proba([normalise(text)])[0]
    probabilities = {act: float(p) for act, p in zip(models.classes, row, strict=True)}
    acts = decide_acts(probabilities)
    topic = str(models.topic.predict([normalise(text)])[0]) if "knowledge_question" in acts else None
    return Reading(
        acts=acts,
        confidence=probabilities[acts[0]],
        probabilities=probabilities,
        topic=topic,
        spans=_tagged(models, text, lang),
        threshold=float(models.meta.get("threshold", 1.0)),
        quiet_threshold=float(models.meta.get("quiet_threshold", 1.0)),
        quiet_threshold_own_body=float(models.meta.get("quiet_threshold_own_body", 1.0)),
    )
