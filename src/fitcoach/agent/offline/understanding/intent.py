"""Intent routing: a weighted sum of features (cues, entities, route context) per intent, as data."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field

from fitcoach.agent.offline.understanding.model import Intent

MIN_SCORE = 1.5
"""Below this no intent is confident enough: the coach asks one short question instead of guessing."""


class Route(BaseModel):
    model_config = ConfigDict(extra="forbid")

    requires_any: list[str] = Field(default_factory=list)
    requires_all: list[str] = Field(default_factory=list)
    also_any: list[str] = Field(default_factory=list)
    """A second any-of gate: a day edit needs a day *and* something to change about it."""
    weights: dict[str, float]


@lru_cache(maxsize=1)
def routes() -> dict[Intent, Route]:
    raw = resources.files("fitcoach.agent.offline").joinpath("lexicon/routing.json").read_text("utf-8")
    return {Intent(name): Route.model_validate(route) for name, route in json.loads(raw).items()}


def score(features: frozenset[str]) -> dict[Intent, float]:
    scores: dict[Intent, float] = {}
    for intent, route in routes().items():
        if route.requires_any and not features.intersection(route.requires_any):
            continue
        if not features.issuperset(route.requires_all):
            continue
        if route.also_any and not features.intersection(route.also_any):
            continue
        scores[intent] = sum(weight for feature, weight in route.weights.items() if feature in features)
    return scores


def route(features: frozenset[str]) -> tuple[Intent, dict[Intent, float]]:
    scores = score(features)
    if not scores:
        return Intent.UNKNOWN, scores
    # ties go to the intent listed first in routing.json (the §9 order), deterministically
    order = list(routes())
    best = max(scores.items(), key=lambda item: (item[1], -order.index(item[0])))
    if best[1] < MIN_SCORE:
        return Intent.UNKNOWN, scores
    return best[0], scores
