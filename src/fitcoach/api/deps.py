"""Request dependencies: a database session per request, the current user from the bearer token, the clock."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session, sessionmaker

from fitcoach.clock import Clock
from fitcoach.errors import Unauthorized
from fitcoach.library import ExerciseLibrary
from fitcoach.storage.library import effective_library
from fitcoach.storage.tables import User
from fitcoach.storage.users import user_for_token


def get_session(request: Request) -> Iterator[Session]:
    """One session per request. Routes commit explicitly once their work is complete, so an error
    anywhere before that rolls everything back and nothing is half-written."""
    factory: sessionmaker[Session] = request.app.state.sessionmaker
    with factory() as session:
        try:
            yield session
        finally:
            session.rollback()


async def get_clock(request: Request) -> Clock:
    # Async on purpose: it does no I/O, and a sync dependency costs a threadpool hop per request.
    clock: Clock = request.app.state.clock
    return clock


SessionDep = Annotated[Session, Depends(get_session)]
ClockDep = Annotated[Clock, Depends(get_clock)]


def get_current_user(request: Request, session: SessionDep, clock: ClockDep) -> User:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("send 'Authorization: Bearer <token>'", code="missing_token")
    user = user_for_token(session, token=token.strip(), now=clock.now())
    if user is None:
        raise Unauthorized("unknown or revoked token", code="invalid_token")
    session.commit()
    return user


def get_library_for_request(session: SessionDep) -> ExerciseLibrary:
    library = effective_library(session)
    # End this read (commit: nothing is pending, and unlike rollback it keeps the user loaded): the
    # request must not hold a pooled connection through work that does not use this session, such
    # as a chat turn waiting on the model.
    session.commit()
    return library


UserDep = Annotated[User, Depends(get_current_user)]
LibraryDep = Annotated[ExerciseLibrary, Depends(get_library_for_request)]
