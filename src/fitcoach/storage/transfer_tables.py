"""Tables of the history transfer (issue 16): one row per import, and a pending account deletion.

Migration `0004_transfer` creates them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from fitcoach.storage.tables import Base


class ImportRecord(Base):
    """What one import brought (its preview summary) and the sets it could not map, kept so that a
    later mapping can bring them in."""

    __tablename__ = "import_records"
    __table_args__ = (Index("ix_import_records_user_created", "user_id", "created_at"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime]
    format: Mapped[str] = mapped_column(String(24))
    file_sha256: Mapped[str] = mapped_column(String(64))
    summary: Mapped[dict[str, Any]]
    unmatched: Mapped[dict[str, Any]]
    """{"rows": [...]} : each unmapped set with its session's key, name, time and values."""


class DeletionRequest(Base):
    """The confirmation a first `DELETE /api/me` hands out; only its SHA-256 is stored."""

    __tablename__ = "deletion_requests"

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime]
