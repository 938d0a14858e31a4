"""The one place errors become HTTP: `{"error": {"code", "message", "details"}}` with a stable code."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from fitcoach.errors import FitcoachError, RateLimited, ServiceUnavailable

log = logging.getLogger("fitcoach.api")

HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
}


BODY_PARSE_FAILED = "There was an error parsing the body"
"""FastAPI's 400 detail when the body cannot be decoded at all."""


class ErrorDetail(BaseModel):
    code: str
    message: str
    details: Any = None


class ErrorBody(BaseModel):
    """Every 4xx and 5xx body: `code` is stable for clients to branch on, `message` is for people."""

    error: ErrorDetail


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": description}
    for status, description in {
        400: "Unreadable JSON body (invalid_json)",
        401: "Missing, unknown, expired or revoked token; wrong credentials",
        403: "Refused for this server or client (sign-up closed, one-click sign-in not safe here)",
        404: "Unknown id, or another user's",
        409: "Conflicts with the current state",
        413: "Body over the size limit",
        422: "Invalid input",
        429: "Rate limited (see Retry-After)",
        503: "Database unavailable (see Retry-After)",
    }.items()
}
"""Every error status a route may document, with the body clients will see."""

AUTHED = (401, 503)
"""What every route behind a token can answer: no or a bad token, and a database that is down."""
WITH_BODY = (400, 422)
"""What a route taking a JSON body can answer: unreadable (400) or invalid (422) input."""


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """`responses=` for a route: the error codes it can answer with, each with `ErrorBody`, plus the
    413 the body-size limit may answer on any route."""
    return {code: ERROR_RESPONSES[code] for code in sorted({413, *codes})}


def error_body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": jsonable_encoder(details)}}


def _validation_details(exc: RequestValidationError) -> list[dict[str, Any]]:
    # Pydantic's `ctx` may hold exception objects; keep what a client can act on.
    return [
        {"loc": list(err.get("loc", ())), "msg": err.get("msg", ""), "type": err.get("type", "")}
        for err in exc.errors()
    ]


async def _fitcoach_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, FitcoachError)
    if exc.status_code >= 500:
        log.error("%s: %s", exc.code, exc.message)
    headers = {}
    if isinstance(exc, RateLimited | ServiceUnavailable):
        headers["Retry-After"] = str(exc.retry_after_s)
    if exc.status_code == 401:
        headers["WWW-Authenticate"] = "Bearer"
    return JSONResponse(
        error_body(exc.code, exc.message, exc.details), status_code=exc.status_code, headers=headers
    )


SQLITE_TRANSIENT = ("database is locked", "database is busy", "database table is locked", "unable to open")
"""SQLite messages that mean "try again shortly", as opposed to a schema error or our own bad SQL."""


def database_fault(exc: Exception) -> ServiceUnavailable | None:
    """The database refused or timed out (503 with Retry-After), or None when the error is ours.

    PostgreSQL drivers raise OperationalError only for conditions outside the statement: refused or
    dropped connections, lock and serialization timeouts, shutdown. SQLite also raises it for "no
    such table", which is a bug, so only its lock and open failures count as unavailable.
    """
    if isinstance(exc, PoolTimeout):
        return ServiceUnavailable("the database is busy; try again shortly", retry_after_s=1)
    if not isinstance(exc, OperationalError) and not (
        isinstance(exc, DBAPIError) and exc.connection_invalidated
    ):
        return None
    text = str(exc.orig).casefold()
    if type(exc.orig).__module__.startswith("sqlite3") and not any(m in text for m in SQLITE_TRANSIENT):
        return None
    return ServiceUnavailable(
        "the database is unavailable right now; try again shortly",
        code="database_unavailable",
        retry_after_s=1,
    )


async def _database_error(request: Request, exc: Exception) -> JSONResponse:
    fault = database_fault(exc)
    if fault is None:
        return await _unexpected(request, exc)
    log.warning("database unavailable: %s", exc)
    return await _fitcoach_error(request, fault)


async def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    details = _validation_details(exc)
    first = details[0] if details else {"loc": [], "msg": "invalid request"}
    where = ".".join(str(part) for part in first["loc"] if part != "body")
    message = f"{where}: {first['msg']}" if where else str(first["msg"])
    code = "invalid_json" if any(d["type"] == "json_invalid" for d in details) else "invalid_input"
    return JSONResponse(error_body(code, message, details), status_code=422)


async def _http_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = HTTP_CODES.get(exc.status_code, "http_error")
    message = exc.detail if isinstance(exc.detail, str) else code
    if exc.status_code == 400 and message == BODY_PARSE_FAILED:
        # Same code as a JSON syntax error (422 json_invalid): invalid UTF-8, nesting beyond the
        # parser's recursion limit and integers over Python's 4,300 digits all land here.
        code, message = "invalid_json", "the body is not readable JSON (UTF-8, nesting depth or number size)"
    return JSONResponse(
        error_body(code, message), status_code=exc.status_code, headers=getattr(exc, "headers", None)
    )


async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
    log.exception("unhandled error", exc_info=exc)
    return JSONResponse(error_body("internal_error", "internal server error"), status_code=500)


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(FitcoachError, _fitcoach_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(DBAPIError, _database_error)
    app.add_exception_handler(PoolTimeout, _database_error)
    app.add_exception_handler(Exception, _unexpected)
