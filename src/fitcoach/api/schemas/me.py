"""The signed-in user and their client settings, and the local one-click sign-in."""

from __future__ import annotations

from typing import Literal

from fitcoach.api.schemas.base import PublicModel

Language = Literal["en", "fr", "pt", "ru", "zh-Hant"]
Units = Literal["kg", "lb"]


class UserSettings(PublicModel):
    language: Language | None
    units: Units


class MePublic(PublicModel):
    id: str
    name: str
    settings: UserSettings


class DefaultSignIn(PublicModel):
    token: str
    name: str
    id: str
