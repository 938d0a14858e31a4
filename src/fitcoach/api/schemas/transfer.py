"""Bodies of the history transfer: the import preview (and commit), pending account deletion."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from fitcoach.api.schemas.base import PublicModel
from fitcoach.contract.logs import LogPublic
from fitcoach.transfer.model import ExportFormat


class ImportedName(PublicModel):
    name: str = Field(description="The exercise's name in the file.")
    slug: str | None = Field(description="The library exercise it maps to; null when not mapped.")
    confidence: float = Field(ge=0, le=1, description="1 for an exact name or alias, else the fuzzy score.")
    sets: int
    suggestions: list[str] = Field(description="Closest library slugs, best first (for names not mapped).")
    mapped_by: Literal["match", "user", "skip"]


class SkippedRows(PublicModel):
    cardio: int
    empty: int
    other: int


class ImportSummary(PublicModel):
    """The dry run's preview; with `commit` the same counts, of what was written."""

    committed: bool
    import_id: str | None
    format: ExportFormat
    sessions: int = Field(description="Sessions to import (or imported): new ones with a mapped set.")
    sessions_in_file: int
    already_imported_sessions: int = Field(description="Sessions an earlier import already brought.")
    sets: int
    warmup_sets: int
    skipped: SkippedRows
    first: str | None
    last: str | None
    matched: list[ImportedName]
    unmatched: list[ImportedName] = Field(description="Names to map or skip; kept in the import record.")
    skipped_names: list[str]


class DeletionPending(PublicModel):
    confirmation_token: str = Field(description="Send it back as `?confirmation=` to delete the account.")
    expires_at: str
    will_delete: dict[str, int] = Field(description="Rows of the account, by table.")


class ExportUser(PublicModel):
    id: str
    name: str
    username: str | None
    email: str | None
    created_at: str
    settings: dict[str, Any]


class ExportDevice(PublicModel):
    id: str
    name: str
    created_at: str
    last_used_at: str | None


class ExportDocument(PublicModel):
    """`GET /api/export?format=json`: every row of the account; `POST /api/import` reads it back."""

    format: Literal["fitcoach-export"]
    version: Literal[1]
    exported_at: str
    user: ExportUser
    workouts: list[LogPublic] = Field(description="Oldest first, with their sets.")
    devices: list[ExportDevice]
    chat_turns: list[dict[str, Any]]
    import_records: list[dict[str, Any]]
    memory_events: list[dict[str, Any]]
    memory_items: list[dict[str, Any]]
    personal_records: list[dict[str, Any]]
    plan_versions: list[dict[str, Any]]
    proposals: list[dict[str, Any]]


class KeptName(PublicModel):
    name: str
    sets: int


class ImportRecordPublic(PublicModel):
    id: str
    created_at: str
    format: ExportFormat
    sessions: int
    sets: int
    still_unmatched: list[KeptName] = Field(description="Names whose sets are kept, to map later.")


class ImportRecordList(PublicModel):
    items: list[ImportRecordPublic]


class MappingResult(PublicModel):
    import_id: str
    sessions: int = Field(description="Sessions added for the names mapped.")
    sets: int
    still_unmatched: list[KeptName]
