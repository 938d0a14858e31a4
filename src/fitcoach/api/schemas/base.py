"""The base of every response model, and the small bodies that belong to no area."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class PublicModel(BaseModel):
    """A body the server writes. Closed (an unexpected key is a bug caught by the tests, not a field
    silently dropped from the wire), and every field is required in the document because every field
    is always written, null or not."""

    model_config = ConfigDict(
        extra="forbid", json_schema_serialization_defaults_required=True, allow_inf_nan=False
    )


class Health(PublicModel):
    status: Literal["ok"]
    version: str


class Readiness(PublicModel):
    status: Literal["ready"]
    version: str
    migration: list[str] = Field(description="The revision(s) the database is at: this version's head.")
