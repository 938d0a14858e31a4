"""Refuses NaN and ±Infinity in a JSON body with 422 `invalid_json`, before any route runs.

They are not JSON (RFC 8259), but Python's parser accepts them: PostgreSQL's JSONB then refused the
write (a 500) while SQLite stored them, so the two backends disagreed. Pydantic models also refuse
them (`allow_inf_nan=False`); this catches them everywhere, in free-form fields too."""

from __future__ import annotations

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fitcoach.api.errors import error_body
from fitcoach.contract.finite import NonFiniteNumber, loads_finite

MARKERS = (b"NaN", b"Infinity")


def non_finite_constant(body: bytes) -> str | None:
    """Why the body is refused (its first NaN/Infinity), or None (also for a body that is not JSON)."""
    if not any(marker in body for marker in MARKERS):
        return None  # the common case: no parse at all
    try:
        loads_finite(body)
    except NonFiniteNumber as found:
        return str(found)
    except (ValueError, RecursionError):
        return None  # not JSON: the route answers its own invalid_json
    return None


class RejectNonFinite:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send)
            return
        messages: list[Message] = []
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request" or not message.get("more_body", False):
                break
        found = non_finite_constant(b"".join(m.get("body", b"") for m in messages))
        if found is not None:
            problem = found
            details = [{"loc": ["body"], "msg": problem, "type": "non_finite_number"}]
            await JSONResponse(error_body("invalid_json", problem, details), status_code=422)(
                scope, receive, send
            )
            return
        pending = iter(messages)

        async def replay() -> Message:
            return next(pending, None) or await receive()

        await self.app(scope, replay, send)
