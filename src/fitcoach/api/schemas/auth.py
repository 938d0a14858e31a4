"""Sign-in, sign-up and the signed-in devices, as the API reads and writes them."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from fitcoach.api.schemas.base import PublicModel
from fitcoach.api.schemas.me import MePublic
from fitcoach.auth.passwords import MAX_EMAIL, MAX_PASSWORD
from fitcoach.contract.models import InstantZ
from fitcoach.storage.tokens import MAX_DEVICE_NAME


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class SignIn(_Body):
    login: str = Field(min_length=1, max_length=MAX_EMAIL, description="Username or e-mail address.")
    password: str = Field(min_length=1, max_length=MAX_PASSWORD)
    device_name: str = Field(
        default="", max_length=MAX_DEVICE_NAME, description="Shown in the list of signed-in devices."
    )


class SignUp(_Body):
    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=MAX_PASSWORD)
    email: str | None = Field(default=None, max_length=MAX_EMAIL)
    device_name: str = Field(default="", max_length=MAX_DEVICE_NAME)


class SignedIn(PublicModel):
    token: str = Field(description="Send as 'Authorization: Bearer <token>'; shown only this once.")
    token_id: str
    expires_at: InstantZ = Field(description="Slides forward with every use.")
    user: MePublic


class AuthOptions(PublicModel):
    """What the sign-in page may offer this client."""

    signup: bool = Field(description="Whether `POST /api/auth/signup` is open on this server.")
    default_user: str | None = Field(
        description="The local user's name when one-click sign-in is offered to this request, else null."
    )


class TokenPublic(PublicModel):
    id: str
    name: str
    created_at: InstantZ
    last_used_at: InstantZ | None
    expires_at: InstantZ
    current: bool = Field(description="True for the token this request was sent with.")


class TokenList(PublicModel):
    """The user's signed-in devices, most recently used first."""

    items: list[TokenPublic]
