"""Evaluation that cannot flatter: every writer is held out in turn (the models are trained on the
other writers only), and per language the report gives act accuracy, slot F1, and the unwanted-action
rate at the restraint threshold chosen on those held-out predictions."""

from __future__ import annotations

import tempfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pycrfsuite

from fitcoach.nlu.corpus import Item
from fitcoach.nlu.labels import ACTION_ACTS
from fitcoach.nlu.reader import (
    QUIET_MIN_CONFIDENCE,
    Reading,
    SlotSpan,
    decide_acts,
    quiet_margin,
    tag_spans,
)
from fitcoach.nlu.train import act_probabilities, train_acts, train_slots, train_topic

MAX_UNWANTED = 0.01
"""Issue 14: a proposal or memory write on a message that asks for neither, at most 1 % of messages."""


@dataclass(frozen=True)
class Prediction:
    item: Item
    acts: tuple[str, ...]
    confidence: float
    topic: str | None
    spans: frozenset[tuple[int, int, str]]
    margin: float
    """The first act's probability minus the most probable action act's (see reader.quiet_margin)."""
    probabilities: dict[str, float] = field(default_factory=dict, compare=False)

    def as_reading(self, quiet: float, quiet_own_body: float) -> Reading:
        """The reading the coach would have had for this message, with these restraint thresholds."""
        spans = tuple(
            SlotSpan(self.item.text[start:end], start, end, role, 1.0)
            for start, end, role in sorted(self.spans)
        )
        return Reading(
            acts=self.acts,
            confidence=self.confidence,
            probabilities=self.probabilities,
            topic=self.topic,
            spans=spans,
            threshold=1.0,
            quiet_threshold=quiet,
            quiet_threshold_own_body=quiet_own_body,
        )


def held_out_predictions(items: Sequence[Item], writers: Sequence[str] | None = None) -> list[Prediction]:
    writers = sorted(writers or {i.writer for i in items})
    out: list[Prediction] = []
    for writer in writers:
        train = [i for i in items if i.writer != writer]
        test = [i for i in items if i.writer == writer]
        if not test or not train:
            continue
        acts, binarizer = train_acts(train)
        topic = train_topic(train)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "slots.crfsuite"
            train_slots(train, path)
            tagger = pycrfsuite.Tagger()
            tagger.open(str(path))
            probabilities = act_probabilities(acts, [i.text for i in test])
            for item, row in zip(test, probabilities, strict=True):
                named = {a: float(p) for a, p in zip(binarizer.classes_, row, strict=True)}
                decided = decide_acts(named)
                spans = tag_spans(tagger, item.text, item.lang)
                out.append(
                    Prediction(
                        item,
                        decided,
                        named[decided[0]],
                        str(topic.predict([item.text])[0]) if "knowledge_question" in decided else None,
                        frozenset((s.start, s.end, s.role) for s in spans),
                        quiet_margin(named, decided),
                        named,
                    )
                )
    return out


def acts_on(p: Prediction, threshold: float) -> bool:
    return p.confidence >= threshold and any(a in ACTION_ACTS for a in p.acts)


def unwanted(p: Prediction, threshold: float) -> bool:
    """The model would act on a message that asks for no action."""
    return acts_on(p, threshold) and not any(a in ACTION_ACTS for a in p.item.acts)


def wrong_action(p: Prediction, threshold: float) -> bool:
    """The model would act, but not the action asked for."""
    return acts_on(p, threshold) and p.acts[0] not in p.item.acts


def choose_threshold(predictions: Sequence[Prediction], limit: float = MAX_UNWANTED) -> float:
    """The lowest confidence at which unwanted actions stay within `limit` of all messages."""
    for threshold in np.arange(0.30, 1.0, 0.01):
        rate = sum(unwanted(p, threshold) for p in predictions) / max(len(predictions), 1)
        if rate <= limit:
            return round(float(threshold), 2)
    return 1.0


MIN_QUIET_PRECISION = 0.97
"""When the model says a message asks for nothing, it must be right this often on held-out writers
before the coach holds back an action its rules would take (a request wrongly held back is answered
and can be asked again; an action nobody asked for changes the user's plan or memory)."""


def asks_nothing(p: Prediction, threshold: float) -> bool:
    return (
        p.margin >= threshold
        and p.confidence >= QUIET_MIN_CONFIDENCE
        and not any(a in ACTION_ACTS for a in p.acts)
    )


def choose_quiet_threshold(
    predictions: Sequence[Prediction], precision: float = MIN_QUIET_PRECISION
) -> float:
    """The lowest margin at which "asks for nothing" is right at least `precision` of the time."""
    for threshold in np.arange(0.0, 1.0, 0.01):
        said = [p for p in predictions if asks_nothing(p, threshold)]
        right = sum(not any(a in ACTION_ACTS for a in p.item.acts) for p in said)
        if said and right / len(said) >= precision:
            return round(float(threshold), 2)
    return 1.0


def report(
    predictions: Sequence[Prediction], threshold: float, quiet: float = 1.0
) -> dict[str, dict[str, float]]:
    by_lang: dict[str, list[Prediction]] = defaultdict(list)
    for p in predictions:
        by_lang[p.item.lang].append(p)
        by_lang["all"].append(p)
    table: dict[str, dict[str, float]] = {}
    for lang, group in sorted(by_lang.items()):
        gold_spans = sum(len(p.item.spans) for p in group)
        found = sum(len(p.spans) for p in group)
        right = sum(len(p.spans & {(s.start, s.end, s.role) for s in p.item.spans}) for p in group)
        precision = right / found if found else 0.0
        recall = right / gold_spans if gold_spans else 0.0
        asks = [p for p in group if any(a in ACTION_ACTS for a in p.item.acts)]
        questions = [p for p in group if p.item.topic is not None and "knowledge_question" in p.acts]
        table[lang] = {
            "messages": len(group),
            "act_accuracy": _share(group, lambda p: set(p.acts) == set(p.item.acts)),
            "first_act_accuracy": _share(group, lambda p: p.acts[0] in p.item.acts),
            "slot_precision": round(precision, 4),
            "slot_recall": round(recall, 4),
            "slot_f1": round(2 * precision * recall / (precision + recall), 4) if precision + recall else 0.0,
            "unwanted_action_rate": _share(group, lambda p: unwanted(p, threshold)),
            "wrong_action_rate": _share(group, lambda p: wrong_action(p, threshold)),
            "requests_acted_on": _share(asks, lambda p: acts_on(p, threshold) and p.acts[0] in p.item.acts),
            "topic_accuracy": _share(questions, lambda p: p.topic == p.item.topic),
            "requests_held_back": _share(asks, lambda p: asks_nothing(p, quiet)),
            "non_requests_recognised": _share(
                [p for p in group if p not in asks], lambda p: asks_nothing(p, quiet)
            ),
        }
    return table


def _share(group: Sequence[Prediction], test: object) -> float:
    if not group:
        return 0.0
    return round(sum(bool(test(p)) for p in group) / len(group), 4)  # type: ignore[operator]
