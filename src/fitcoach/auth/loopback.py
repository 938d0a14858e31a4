"""Where one-click local sign-in is safe: a server bound to loopback, a loopback client, and a Host
header that names loopback (a foreign Host means a page elsewhere rebound its name to 127.0.0.1)."""

from __future__ import annotations

import ipaddress

LOOPBACK_NAMES = frozenset({"localhost"})


def is_loopback_address(host: str | None) -> bool:
    """True for 127.0.0.0/8, ::1 (brackets allowed) and IPv4-mapped loopback; never for a name."""
    if not host:
        return False
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


def is_loopback_bind(host: str | None) -> bool:
    """A listening address that only this machine can reach (`localhost` included)."""
    return host is not None and (host.strip().lower() in LOOPBACK_NAMES or is_loopback_address(host))


def host_header_name(header: str | None) -> str | None:
    """The host part of a Host header (`[::1]:8000` → `::1`, `localhost:8000` → `localhost`)."""
    if not header:
        return None
    value = header.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        return value[1:end] if end > 0 else None
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def is_loopback_host_header(header: str | None) -> bool:
    name = host_header_name(header)
    return name is not None and (name in LOOPBACK_NAMES or is_loopback_address(name))


def local_sign_in_refusal(
    *, bind_host: str | None, client_host: str | None, host_header: str | None
) -> str | None:
    """Why one-click sign-in must not be served for this request, or None when it may be."""
    if not is_loopback_bind(bind_host):
        return "the server is not bound to a loopback address"
    if not is_loopback_address(client_host):
        return "the request does not come from this machine"
    if not is_loopback_host_header(host_header):
        return "the Host header does not name this machine"
    return None
