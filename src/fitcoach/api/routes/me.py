"""The signed-in user: profile and client settings (language, units), and local one-click sign-in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict

from fitcoach.api.deps import SessionDep, UserDep
from fitcoach.errors import NotFound

router = APIRouter(prefix="/api", tags=["me"])

Language = Literal["en", "fr", "pt", "ru", "zh-Hant"]
Units = Literal["kg", "lb"]


class SettingsPatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    language: Language | None = None
    units: Units | None = None


class MePatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    settings: SettingsPatch


@router.get("/me")
def me(user: UserDep) -> dict[str, Any]:
    """`settings.language` is null until the user picks a UI language; clients then follow it."""
    return {"id": user.id, "name": user.name, "settings": {"language": None, "units": "kg", **user.settings}}


@router.patch("/me")
def update_me(body: MePatch, user: UserDep, session: SessionDep) -> dict[str, Any]:
    changes = body.settings.model_dump(exclude_none=True)
    user.settings = {**user.settings, **changes}
    session.commit()
    return me(user)


@router.get("/auth/default")
def default_sign_in(request: Request) -> dict[str, Any]:
    """The local default user's token, only when the operator enabled one-click sign-in (`make run`)."""
    settings = request.app.state.settings
    path = Path(settings.default_user_file)
    if not settings.default_login or not path.is_file():
        raise NotFound("one-click sign-in is not enabled on this server", code="no_default_user")
    stored = json.loads(path.read_text(encoding="utf-8"))
    return {"token": stored["token"], "name": stored["name"], "id": stored["id"]}
