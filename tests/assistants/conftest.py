"""The chat app around a scripted brain (as in tests/api), for the MCP tests."""

from tests.api.conftest import coach_app, scripted

__all__ = ["coach_app", "scripted"]
