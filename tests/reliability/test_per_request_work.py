"""Work that belongs at start-up stays there: the chat turn's prompt prefix is built once per library,
not on every turn (the load benchmark found about 5 ms of every turn going to rebuilding it)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from fitcoach.agent.prompt import build_prefix, static_prefix
from fitcoach.clock import FrozenClock
from fitcoach.library import Exercise, get_library
from fitcoach.storage.library import effective_library, import_exercises


def _import(session: Session, slug: str, now: datetime) -> None:
    base = get_library().require("goblet-squat").model_dump()
    entry = Exercise.model_validate({**base, "slug": slug, "name": slug.replace("-", " ").title()})
    import_exercises(session, entries=[entry], now=now)
    session.commit()


def test_each_request_library_reuses_the_prefix_built_for_the_same_entries(
    session: Session, clock: FrozenClock
) -> None:
    first, second = effective_library(session), effective_library(session)  # two requests
    assert static_prefix(first) is static_prefix(second)  # the prefix is built only once
    assert static_prefix(first) == build_prefix(get_library())


def test_an_imported_exercise_reaches_the_prefix_of_the_next_turn(
    session: Session, clock: FrozenClock
) -> None:
    before = static_prefix(effective_library(session))
    _import(session, "kettlebell-goblet-squat", clock.now())
    after = static_prefix(effective_library(session))
    assert "kettlebell-goblet-squat" not in before
    assert "kettlebell-goblet-squat" in after
    assert after == build_prefix(effective_library(session))
