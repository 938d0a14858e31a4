"""Refuses NUL (U+0000) anywhere in a request, path, query or JSON body, with 422 `invalid_input`.

PostgreSQL cannot store NUL in text or JSON, nor compare a parameter holding one, so each such
request used to reach the database and fail there as a 500 (SQLite stored it: the two backends
disagreed). No field of the API has a use for it, so it is refused before any route runs.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fitcoach.api.errors import error_body
from fitcoach.contract.nul import NUL, nul_location, without_nul

ESCAPED_NUL = b"\\u0000"
"""The only way a NUL reaches a JSON string: a raw NUL byte is not valid JSON and fails to parse."""


class RejectNul:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        where = _in_target(scope)
        messages: list[Message] = []
        if where is None:
            messages = await _read_body(receive)
            where = _in_body(b"".join(m.get("body", b"") for m in messages))
        if where is not None:
            await _refuse(where)(scope, receive, send)
            return
        pending = iter(messages)

        async def replay() -> Message:
            return next(pending, None) or await receive()

        await self.app(scope, replay, send)


def _in_target(scope: Scope) -> list[str | int] | None:
    if NUL in scope.get("path", ""):
        return ["path"]
    query = scope.get("query_string", b"").decode("latin-1")
    for key, value in parse_qsl(query, keep_blank_values=True):
        if NUL in key or NUL in value:
            return ["query", key.replace(NUL, "")]
    return None


def _in_body(body: bytes) -> list[str | int] | None:
    if ESCAPED_NUL not in body:
        return None
    try:
        decoded = json.loads(body)
    except (ValueError, RecursionError):
        return None  # not JSON: the route answers its own invalid_json
    found = nul_location(decoded)
    return None if found is None else ["body", *found]


async def _read_body(receive: Receive) -> list[Message]:
    messages: list[Message] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request" or not message.get("more_body", False):
            return messages


def _refuse(found: list[str | int]) -> JSONResponse:
    where: list[str | int] = without_nul(found)  # a key may hold the NUL itself
    field = ".".join(str(part) for part in where[1:]) or where[0]
    problem = "text may not contain NUL (U+0000) characters"
    details: list[dict[str, Any]] = [{"loc": where, "msg": problem, "type": "nul_character"}]
    return JSONResponse(error_body("invalid_input", f"{field}: {problem}", details), status_code=422)
