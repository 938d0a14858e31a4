"""Accounts people sign in to: a username (and optionally an e-mail) with an argon2 password hash,
disabled or not. Keyword-only like every repository; the caller commits."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from fitcoach.auth.passwords import hash_password, login_key, normalize_email, normalize_username
from fitcoach.errors import Conflict, NotFound
from fitcoach.storage.tables import User
from fitcoach.storage.users import create_user


def find_by_login(session: Session, *, login: str) -> User | None:
    """The account a sign-in form's login names (username or e-mail), or None."""
    key = login_key(login)
    if key is None:
        return None
    column = User.email if key[0] == "email" else User.username
    return session.execute(select(User).where(column == key[1])).scalar_one_or_none()


def create_account(
    session: Session,
    *,
    username: str,
    password: str | None,
    now: datetime,
    email: str | None = None,
    display_name: str | None = None,
) -> User:
    """A user who can sign in with a password (or, with none, only with tokens the CLI issues).
    Raises `InvalidAccountName` for a bad name or password and `Conflict` when either is taken."""
    name = normalize_username(username)
    mail = normalize_email(email) if email else None
    password_hash = hash_password(password) if password is not None else None
    if session.execute(select(User.id).where(User.username == name)).first() is not None:
        raise Conflict("that username is taken", code="username_taken")
    if mail is not None and session.execute(select(User.id).where(User.email == mail)).first() is not None:
        raise Conflict("that e-mail address already has an account", code="email_taken")
    user = create_user(session, name=(display_name or username).strip()[:120], now=now)
    user.username, user.email, user.password_hash = name, mail, password_hash
    session.flush()
    return user


def find_account(session: Session, *, who: str) -> User:
    """An account by id, username or e-mail (the admin CLI's argument), or NotFound."""
    user = session.get(User, who) or find_by_login(session, login=who)
    if user is None:
        raise NotFound(f"no user {who!r}", code="no_such_user")
    return user


def set_password(session: Session, *, user: User, password: str) -> None:
    user.password_hash = hash_password(password)


def set_disabled(session: Session, *, user: User, disabled: bool, now: datetime) -> None:
    user.disabled_at = now if disabled else None


def list_accounts(session: Session) -> list[User]:
    return list(session.execute(select(User).order_by(User.created_at, User.id)).scalars())
