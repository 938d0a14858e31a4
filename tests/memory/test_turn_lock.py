"""A turn's memory writes take the user's write lock first, so two turns of one user never both plan
against the same memory (duplicates past dedup, expiries recorded twice)."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from fitcoach.clock import FrozenClock
from fitcoach.services.memory import apply_turn_mutations
from fitcoach.storage.db import make_engine, make_sessionmaker
from fitcoach.storage.users import lock_user
from tests.conftest import MakeUser


def test_a_turns_memory_write_waits_for_the_users_other_writer(
    database_url: str, make_user: MakeUser, clock: FrozenClock
) -> None:
    user = make_user()
    holder = make_engine(database_url)
    waiter = make_engine(database_url, busy_timeout_ms=200)
    postgres = make_url(database_url).get_backend_name() == "postgresql"
    try:
        with make_sessionmaker(holder).begin() as held:
            lock_user(held, user_id=user.id)  # another request of this user is mid-write
            with make_sessionmaker(waiter)() as session:
                if postgres:
                    session.execute(text("SET lock_timeout = '200ms'"))
                # Even a turn with nothing to remember reads expiries to record: it must wait.
                with pytest.raises(OperationalError):
                    apply_turn_mutations(
                        session, user_id=user.id, mutations=[], now=clock.now(), turn_id=None
                    )
        with make_sessionmaker(waiter).begin() as session:  # once the other writer is done, it goes through
            plan = apply_turn_mutations(session, user_id=user.id, mutations=[], now=clock.now(), turn_id=None)
        assert plan.operations == []
    finally:
        holder.dispose()
        waiter.dispose()
