"""The signed-in user and their client settings."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from fitcoach.api.schemas.base import PublicModel

Language = Literal["en", "fr", "pt", "ru", "zh-Hant"]
Units = Literal["kg", "lb"]


class UserSettings(PublicModel):
    language: Language | None = Field(description="The UI language the user picked; null until they pick.")
    units: Units | None = Field(
        description="The user's weight unit: picked, or learned from a chat message that states a weight "
        "in one unit; null while unknown (clients then use their locale's usual unit)."
    )


class MePublic(PublicModel):
    id: str
    name: str
    settings: UserSettings
