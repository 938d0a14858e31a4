"""Deleting one's own account: `DELETE /api/me` twice, the second time with the first's token."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response
from fastapi.responses import JSONResponse

from fitcoach.api.deps import ClockDep, SessionDep, UserDep
from fitcoach.api.errors import AUTHED, error_responses
from fitcoach.api.schemas.transfer import DeletionPending
from fitcoach.clock import isoformat_z
from fitcoach.services.account import confirm_deletion, request_deletion

router = APIRouter(prefix="/api", tags=["me"])


@router.delete(
    "/me",
    status_code=204,
    responses={
        202: {"model": DeletionPending, "description": "Nothing deleted yet: confirm with the token"},
        **error_responses(*AUTHED, 403, 422),
    },
)
def delete_me(
    user: UserDep,
    session: SessionDep,
    clock: ClockDep,
    confirmation: Annotated[str | None, Query(max_length=100)] = None,
) -> Response:
    """Without `confirmation`: 202 with a token valid ten minutes and what would be deleted. With it:
    the account and every row it owns are deleted (204); its tokens stop working at once."""
    if confirmation is None:
        pending = request_deletion(session, user_id=user.id, now=clock.now())
        session.commit()
        body = DeletionPending(
            confirmation_token=pending.token,
            expires_at=isoformat_z(pending.expires_at),
            will_delete=pending.counts,
        )
        return JSONResponse(body.model_dump(mode="json"), status_code=202)
    confirm_deletion(session, user_id=user.id, token=confirmation, now=clock.now())
    session.commit()
    return Response(status_code=204)
