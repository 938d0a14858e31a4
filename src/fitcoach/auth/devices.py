"""A readable device name from a User-Agent ("Chrome · Android"), for the list of signed-in devices
when the client sends no name of its own."""

from __future__ import annotations

BROWSERS = (
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("Firefox/", "Firefox"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
"""Checked in order: Edge and Opera also say Chrome, and Chrome also says Safari."""
SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def device_name(user_agent: str | None) -> str:
    agent = user_agent or ""
    browser = next((name for marker, name in BROWSERS if marker in agent), None)
    system = next((name for marker, name in SYSTEMS if marker in agent), None)
    parts = [part for part in (browser, system) if part]
    if parts:
        return " · ".join(parts)
    return agent.split("/", 1)[0][:40] or "Unknown device"
