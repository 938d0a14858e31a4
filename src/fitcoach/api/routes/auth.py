"""Signing in and out: password sign-in with back-off, sign-up when the server allows it, one-click
local sign-in where it is safe, and sign-out, which revokes the token at once."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from fastapi import APIRouter, Request, Response

from fitcoach.api.deps import ClockDep, SessionDep, TokenDep, token_ttl
from fitcoach.api.errors import AUTHED, WITH_BODY, error_responses
from fitcoach.api.routes.me import render_me
from fitcoach.api.schemas.auth import AuthOptions, SignedIn, SignIn, SignUp
from fitcoach.auth.backoff import ACCOUNT_POLICY, ADDRESS_POLICY, address_key
from fitcoach.auth.devices import device_name
from fitcoach.auth.loopback import local_sign_in_refusal
from fitcoach.auth.passwords import InvalidAccountName, login_key, needs_rehash, verify_password
from fitcoach.config import Settings
from fitcoach.errors import BadInput, Forbidden, NotFound, RateLimited, Unauthorized
from fitcoach.storage import throttle
from fitcoach.storage.accounts import create_account, find_by_login, set_password
from fitcoach.storage.rate_limits import DatabaseRateLimiter
from fitcoach.storage.tables import User
from fitcoach.storage.tokens import issue_token_row, revoke_token

router = APIRouter(prefix="/api/auth", tags=["auth"])

BAD_CREDENTIALS = "wrong username, e-mail or password"
"""One message for an unknown account, a wrong password and a disabled account: nothing to probe."""


def _client(request: Request) -> str | None:
    return request.client.host if request.client else None


def _signed_in(
    request: Request, session: SessionDep, user: User, *, device: str, clock: ClockDep
) -> SignedIn:
    name = device or device_name(request.headers.get("user-agent"))
    token, row = issue_token_row(session, user_id=user.id, now=clock.now(), name=name, ttl=token_ttl(request))
    session.commit()
    return SignedIn(token=token, token_id=row.id, expires_at=row.expires_at, user=render_me(user))


def _default_user_refusal(request: Request) -> str | None:
    settings: Settings = request.app.state.settings
    if not settings.default_login or not Path(settings.default_user_file).is_file():
        return "one-click sign-in is not enabled on this server"
    return local_sign_in_refusal(
        bind_host=settings.bind_host, client_host=_client(request), host_header=request.headers.get("host")
    )


@router.get("/options", responses=error_responses())
def options(request: Request, session: SessionDep) -> AuthOptions:
    """Whether sign-up is open, and whether one-click local sign-in is offered to this very request."""
    settings: Settings = request.app.state.settings
    name = None
    if _default_user_refusal(request) is None:
        user = _default_user(request, session)
        name = user.name if user is not None else None
    return AuthOptions(signup=settings.allow_signup, default_user=name)


@router.post("/login", responses=error_responses(*WITH_BODY, 401, 429))
def login(body: SignIn, request: Request, session: SessionDep, clock: ClockDep) -> SignedIn:
    """Sign in with a username or e-mail and a password; answers a new token for this device.

    Every failure costs one argon2 verification (known account or not) and counts against the account
    and the client address; past a few failures each waits longer (429 `too_many_attempts`)."""
    now = clock.now()
    user = find_by_login(session, login=body.login)
    key = login_key(body.login)
    # An unknown login is counted by its hash: bounded in size, and never stored as typed (people do
    # type a password into the username field).
    typed = key[1] if key else body.login
    account = f"user:{user.id}" if user is not None else f"login:{hashlib.sha256(typed.encode()).hexdigest()}"
    address = address_key(_client(request))
    wait = throttle.retry_after(session, keys=[account, address], now=now)
    if wait is not None:
        raise RateLimited(
            "too many failed sign-ins; wait before trying again",
            code="too_many_attempts",
            retry_after_s=wait,
            details={"retry_after_s": wait},
        )
    ok = verify_password(user.password_hash if user is not None else None, body.password)
    if user is None or not ok or user.disabled_at is not None:
        throttle.prune(session, older_than=now - ACCOUNT_POLICY.reset_after)
        throttle.record_failure(session, key=account, policy=ACCOUNT_POLICY, now=now)
        throttle.record_failure(session, key=address, policy=ADDRESS_POLICY, now=now)
        session.commit()
        raise Unauthorized(BAD_CREDENTIALS, code="invalid_credentials")
    throttle.clear_failures(session, key=account)
    if user.password_hash is not None and needs_rehash(user.password_hash):
        set_password(session, user=user, password=body.password)
    return _signed_in(request, session, user, device=body.device_name, clock=clock)


@router.post("/signup", status_code=201, responses=error_responses(*WITH_BODY, 403, 409, 429))
def signup(body: SignUp, request: Request, session: SessionDep, clock: ClockDep) -> SignedIn:
    """Create an account and sign in on this device, when the server allows sign-up (403 otherwise)."""
    settings: Settings = request.app.state.settings
    if not settings.allow_signup:
        raise Forbidden(
            "sign-up is closed on this server; ask its operator for an account", code="signup_disabled"
        )
    limiter: DatabaseRateLimiter = request.app.state.signup_limiter
    limiter.hit(address_key(_client(request)), now=clock.now())
    try:
        user = create_account(
            session, username=body.username, password=body.password, email=body.email, now=clock.now()
        )
    except InvalidAccountName as error:
        raise BadInput(str(error), code="invalid_account") from error
    return _signed_in(request, session, user, device=body.device_name, clock=clock)


def _default_user(request: Request, session: SessionDep) -> User | None:
    settings: Settings = request.app.state.settings
    try:
        stored = json.loads(Path(settings.default_user_file).read_text(encoding="utf-8"))
        user = session.get(User, str(stored["id"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return user if user is not None and user.disabled_at is None else None


@router.post("/default", responses=error_responses(403, 404))
def default_sign_in(request: Request, session: SessionDep, clock: ClockDep) -> SignedIn:
    """One click as the local user of `make run`: only on a loopback-bound server, for a loopback
    client naming a loopback Host (403 `local_sign_in_refused` says which did not hold)."""
    refusal = _default_user_refusal(request)
    settings: Settings = request.app.state.settings
    if refusal is not None and not settings.default_login:
        raise NotFound(refusal, code="no_default_user")
    if refusal is not None:
        raise Forbidden(f"one-click sign-in refused: {refusal}", code="local_sign_in_refused")
    user = _default_user(request, session)
    if user is None:
        raise NotFound(
            "the local user does not exist; run `fitcoach user ensure-default`", code="no_default_user"
        )
    return _signed_in(request, session, user, device="", clock=clock)


@router.post("/logout", status_code=204, responses=error_responses(*AUTHED))
def logout(token: TokenDep, session: SessionDep) -> Response:
    """Revoke the token this request was sent with: its next use answers 401."""
    revoke_token(session, user_id=token.user_id, token_id=token.id)
    session.commit()
    return Response(status_code=204)
