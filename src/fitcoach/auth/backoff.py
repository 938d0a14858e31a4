"""Brute-force back-off: after a few free failures each further failed sign-in locks the key for
twice as long as the last, up to a ceiling. Keys are an account and a client address."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True)
class BackoffPolicy:
    free_failures: int
    """Failures allowed before any wait: typos and a forgotten caps lock cost nothing."""
    base: timedelta
    ceiling: timedelta
    reset_after: timedelta
    """A key with no failure for this long starts again from zero."""

    def locked_until(self, failures: int, *, now: datetime) -> datetime | None:
        """When the key may try again after its `failures`-th consecutive failure (None: at once)."""
        over = failures - self.free_failures
        if over <= 0:
            return None
        delay: timedelta = self.base * (2 ** min(over - 1, 30))
        return now + min(delay, self.ceiling)


ACCOUNT_POLICY = BackoffPolicy(
    free_failures=5, base=timedelta(seconds=5), ceiling=timedelta(minutes=15), reset_after=timedelta(hours=1)
)
"""Per account: 5 free tries, then 5 s, 10 s, 20 s … capped at 15 minutes (about 100 guesses a day at
most). The cap also bounds what a stranger can do to someone's account by failing on purpose."""

ADDRESS_POLICY = BackoffPolicy(
    free_failures=20, base=timedelta(seconds=5), ceiling=timedelta(minutes=15), reset_after=timedelta(hours=1)
)
"""Per client address: more free tries, since a household or an office shares one address."""


def address_key(host: str | None) -> str:
    """The back-off key of a client address; IPv6 by its /64, which one subscriber usually holds whole."""
    if not host:
        return "addr:unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return f"addr:{host[:100]}"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return f"addr:{address.ipv4_mapped}"
        return f"addr:{ipaddress.IPv6Network((address, 64), strict=False)}"
    return f"addr:{address}"
