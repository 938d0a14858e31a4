"""The user's signed-in devices (one token each): list them, and sign one out from another."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from fitcoach.api.deps import ClockDep, SessionDep, TokenDep, UserDep
from fitcoach.api.errors import AUTHED, error_responses
from fitcoach.api.schemas.auth import TokenList, TokenPublic
from fitcoach.errors import NotFound
from fitcoach.storage.tokens import list_tokens, revoke_token

router = APIRouter(prefix="/api/me/tokens", tags=["me"])


@router.get("", responses=error_responses(*AUTHED))
def my_tokens(user: UserDep, token: TokenDep, session: SessionDep, clock: ClockDep) -> TokenList:
    rows = list_tokens(session, user_id=user.id, now=clock.now())
    return TokenList(
        items=[
            TokenPublic(
                id=row.id,
                name=row.name,
                created_at=row.created_at,
                last_used_at=row.last_used_at,
                expires_at=row.expires_at,
                current=row.id == token.id,
            )
            for row in rows
        ]
    )


@router.delete("/{token_id}", status_code=204, responses=error_responses(*AUTHED, 404, 422))
def revoke(token_id: Annotated[str, Path(max_length=40)], user: UserDep, session: SessionDep) -> Response:
    """Sign a device out: its token answers 401 from now on. Another user's token id is a 404."""
    if not revoke_token(session, user_id=user.id, token_id=token_id):
        raise NotFound("no such device", details={"token_id": token_id})
    session.commit()
    return Response(status_code=204)
