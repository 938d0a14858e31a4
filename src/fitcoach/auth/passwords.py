"""Passwords hashed with argon2id (argon2-cffi's RFC 9106 low-memory profile), and the account names
people sign in with. Every failed sign-in runs one full verification, known account or not."""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

MIN_PASSWORD = 8
"""NIST SP 800-63B's floor for a password the user chose; no composition rules (they do not help)."""
MAX_PASSWORD = 256
"""Long passphrases are welcome; megabytes are a way to burn CPU."""
USERNAME = re.compile(r"^[\w.\-]{2,32}$")
"""Letters of any script, digits and `._-`, 2 to 32 characters (two CJK characters make a name)."""
EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s.]+(?:\.[^@\s.]+)+$")
MAX_EMAIL = 254

_HASHER = PasswordHasher()
CONCURRENT_HASHES = 4
"""Hashes a process computes at once: each takes 64 MiB for a moment, so a burst of sign-ins queues
instead of exhausting memory (4 × 64 MiB)."""
_SLOTS = threading.BoundedSemaphore(CONCURRENT_HASHES)


class InvalidAccountName(ValueError):
    """A username, e-mail or password that cannot be used; the message says why."""


def hash_password(password: str) -> str:
    check_password(password)
    with _SLOTS:
        return _HASHER.hash(password)


def check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise InvalidAccountName(f"the password needs at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise InvalidAccountName(f"the password may have at most {MAX_PASSWORD} characters")
    if not password.strip():
        raise InvalidAccountName("the password cannot be only spaces")


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    # Made once per process with the same parameters, so an unknown account costs what a known one does.
    with _SLOTS:
        return _HASHER.hash("no account has this password")


def verify_password(stored_hash: str | None, password: str) -> bool:
    """True when `password` matches `stored_hash`. Without a hash (no such account, or an account with
    no password) the same work is done against a dummy hash and the answer is False."""
    target = stored_hash or _dummy_hash()
    candidate = password[:MAX_PASSWORD]
    try:
        with _SLOTS:
            _HASHER.verify(target, candidate)
    except (VerificationError, InvalidHashError):
        return False
    return stored_hash is not None


def needs_rehash(stored_hash: str) -> bool:
    """True when the hash was made with weaker parameters than today's (rehash it at the next sign-in)."""
    return _HASHER.check_needs_rehash(stored_hash)


def normalize_username(raw: str) -> str:
    """The key an account is found by: NFKC, case-folded, trimmed; raises when it is not a valid name."""
    name = unicodedata.normalize("NFKC", raw).strip().casefold()
    if not USERNAME.match(name):
        raise InvalidAccountName("a username has 2 to 32 letters, digits, '.', '_' or '-'")
    return name


def normalize_email(raw: str) -> str:
    email = unicodedata.normalize("NFKC", raw).strip().lower()
    if len(email) > MAX_EMAIL or not EMAIL.match(email):
        raise InvalidAccountName("not an e-mail address")
    return email


def login_key(raw: str) -> tuple[str, str] | None:
    """What a sign-in form's login names: ("email", …) or ("username", …); None when it is neither
    (looked up as nothing, at the same cost)."""
    try:
        return ("email", normalize_email(raw)) if "@" in raw else ("username", normalize_username(raw))
    except InvalidAccountName:
        return None
