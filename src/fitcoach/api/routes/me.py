"""The signed-in user: profile and client settings (language, units)."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict

from fitcoach.api.deps import SessionDep, UserDep
from fitcoach.api.errors import AUTHED, WITH_BODY, error_responses
from fitcoach.api.schemas.me import Language, MePublic, Units, UserSettings
from fitcoach.storage.tables import User
from fitcoach.storage.users import lock_user

router = APIRouter(prefix="/api", tags=["me"])


class SettingsPatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    language: Language | None = None
    units: Units | None = None


class MePatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    settings: SettingsPatch


def render_me(user: User) -> MePublic:
    # Null means unknown for both: never chosen (language), never chosen nor learned (units).
    settings = UserSettings.model_validate({"language": None, "units": None, **user.settings})
    return MePublic(id=user.id, name=user.name, settings=settings)


@router.get("/me", responses=error_responses(*AUTHED))
def me(user: UserDep) -> MePublic:
    """`settings.language` is null until the user picks a UI language; clients then follow it.
    `settings.units` is null until the user picks a unit or a chat message of theirs states a weight
    in one (kg or lb); clients then follow it, and until then use their locale's usual unit."""
    return render_me(user)


@router.patch("/me", responses=error_responses(*AUTHED, *WITH_BODY))
def update_me(body: MePatch, user: UserDep, session: SessionDep) -> MePublic:
    changes = body.settings.model_dump(exclude_none=True)
    # Read the settings again under the user's write lock: a chat turn may have just learned the
    # units, and merging into the copy read at sign-in would erase them.
    lock_user(session, user_id=user.id)
    session.refresh(user)
    user.settings = {**user.settings, **changes}
    session.commit()
    return render_me(user)
