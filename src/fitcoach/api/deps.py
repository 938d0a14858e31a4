"""Request dependencies: a database session per request, the current user from the bearer token, the clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session, sessionmaker

from fitcoach.clock import Clock
from fitcoach.errors import Unauthorized
from fitcoach.library import ExerciseLibrary
from fitcoach.storage.library import effective_library
from fitcoach.storage.tables import ApiToken, User
from fitcoach.storage.tokens import authenticate


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


def token_ttl(request: Request) -> timedelta:
    return timedelta(days=request.app.state.settings.token_ttl_days)


def get_current_user(request: Request, session: SessionDep, clock: ClockDep) -> User:
    """The token's owner. The token row is kept on `request.state.token` (sign-out, the device list)."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("send 'Authorization: Bearer <token>'", code="missing_token")
    found = authenticate(session, token=token.strip(), now=clock.now(), ttl=token_ttl(request))
    if found is None:
        session.commit()  # an expired token's row is deleted on sight
        raise Unauthorized("unknown, expired or revoked token", code="invalid_token")
    if found.user.disabled_at is not None:
        raise Unauthorized("this account is disabled", code="account_disabled")
    session.commit()
    request.state.token = found.token
    return found.user


def current_token(request: Request, _user: Annotated[User, Depends(get_current_user)]) -> ApiToken:
    token: ApiToken = request.state.token
    return token


def get_library_for_request(session: SessionDep) -> ExerciseLibrary:
    library = effective_library(session)
    # End this read (commit: nothing is pending, and unlike rollback it keeps the user loaded): the
    # request must not hold a pooled connection through work that does not use this session, such
    # as a chat turn waiting on the model.
    session.commit()
    return library


UserDep = Annotated[User, Depends(get_current_user)]
TokenDep = Annotated[ApiToken, Depends(current_token)]
LibraryDep = Annotated[ExerciseLibrary, Depends(get_library_for_request)]
