"""The scripted-coach app fixtures of the API tests, for the security tests that script a model."""

from tests.api.conftest import coach, coach_app, scripted

__all__ = ["coach", "coach_app", "scripted"]
