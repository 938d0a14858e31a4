"""A workout log is written whole or not at all, on both databases (issue 8: nothing half-written).

On SQLite, a SAVEPOINT issued as a transaction's first write used to open and commit a transaction of
its own, so the log row was stored before its records and plan mark, and a rollback kept it.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import Engine, func, select

from fitcoach.analytics.workouts import record_workout
from fitcoach.clock import FrozenClock
from fitcoach.contract.logs import LogCreate
from fitcoach.library import get_library
from fitcoach.storage.db import make_sessionmaker
from fitcoach.storage.tables import PersonalRecord, WorkoutLog, WorkoutSet
from tests.conftest import MakeUser

LOG = {
    "plan_day": "monday",
    "exercises_logged": [{"exercise_id": "push-up", "sets": [{"weight": 0, "unit": "lb", "reps": 12}]}],
}


def counts(engine: Engine, user_id: str) -> list[int]:
    with make_sessionmaker(engine)() as session:
        return [
            int(session.execute(select(func.count()).select_from(m).where(m.user_id == user_id)).scalar_one())
            for m in (WorkoutLog, WorkoutSet, PersonalRecord)
        ]


def test_a_rolled_back_log_leaves_nothing_and_is_invisible_before_commit(
    engine: Engine, clock: FrozenClock, make_user: MakeUser
) -> None:
    user = make_user("ana")
    body = LogCreate.model_validate({**LOG, "completed_at": (clock.now() - timedelta(hours=1)).isoformat()})
    with make_sessionmaker(engine)() as session:
        record_workout(
            session, user_id=user.id, log=body, library=get_library(), now=clock.now(), idempotency_key="k1"
        )
        assert counts(engine, user.id) == [0, 0, 0]  # another connection sees nothing yet
        session.rollback()
    assert counts(engine, user.id) == [0, 0, 0]
    with make_sessionmaker(engine)() as session:
        record_workout(
            session, user_id=user.id, log=body, library=get_library(), now=clock.now(), idempotency_key="k1"
        )
        session.commit()
    assert counts(engine, user.id) == [1, 1, 1]
