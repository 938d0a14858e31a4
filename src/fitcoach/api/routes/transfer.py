"""History in and out: import another app's export (dry run, then commit) and export everything."""

from __future__ import annotations

import json
from typing import Annotated, Literal

from fastapi import APIRouter, File, Form, Query, Request, UploadFile
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from fitcoach.api.deps import ClockDep, LibraryDep, SessionDep, UserDep
from fitcoach.api.errors import AUTHED, WITH_BODY, error_responses
from fitcoach.api.schemas.transfer import (
    ExportDocument,
    ImportRecordList,
    ImportRecordPublic,
    ImportSummary,
    MappingResult,
)
from fitcoach.clock import isoformat_z
from fitcoach.contract.logs import Unit
from fitcoach.errors import BadInput, PayloadTooLarge
from fitcoach.services.export import export_csv, export_json
from fitcoach.services.imports import ImportOptions, commit_import, kept_names, map_kept_names, preview_import
from fitcoach.storage import imports
from fitcoach.transfer.cells import MAX_IMPORT_BYTES

router = APIRouter(prefix="/api", tags=["transfer"])

MAX_MAPPING_NAMES = 2000


def _mapping(text: str) -> dict[str, str]:
    try:
        value = json.loads(text) if text.strip() else {}
    except ValueError as error:
        raise BadInput("mapping is not JSON", code="import_bad_mapping") from error
    if (
        not isinstance(value, dict)
        or len(value) > MAX_MAPPING_NAMES
        or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())
    ):
        raise BadInput(
            'mapping must be a JSON object of app names to slugs ("" skips a name)', code="import_bad_mapping"
        )
    return value


@router.post("/import", responses=error_responses(*AUTHED, *WITH_BODY))
async def import_history(
    user: UserDep,
    session: SessionDep,
    clock: ClockDep,
    library: LibraryDep,
    file: Annotated[UploadFile, File(description="A Strong or Hevy CSV export, or a fitcoach JSON export.")],
    commit: Annotated[bool, Form(description="False (the default): a dry run that writes nothing.")] = False,
    timezone: Annotated[str, Form(max_length=64, description="IANA zone the app wrote times in.")] = "UTC",
    unit: Annotated[
        Unit | None, Form(description="Strong's newer export: the unit chosen at export.")
    ] = None,
    mapping: Annotated[str, Form(max_length=200_000, description='JSON {"App name": "slug" or ""}.')] = "",
) -> ImportSummary:
    """Preview what an export would add (sessions, sets, dates, names matched and not); with
    `commit=true` import it in one transaction. Sessions already imported are never added twice."""
    data = await file.read(MAX_IMPORT_BYTES + 1)
    if len(data) > MAX_IMPORT_BYTES:
        raise PayloadTooLarge(f"an import file may hold at most {MAX_IMPORT_BYTES} bytes")
    options = ImportOptions(timezone=timezone, unit=unit, mapping=_mapping(mapping))
    run = commit_import if commit else preview_import
    summary = run(session, user_id=user.id, data=data, options=options, library=library, now=clock.now())
    if commit:
        session.commit()
    return ImportSummary.model_validate(summary)


@router.get(
    "/export",
    responses={
        200: {"model": ExportDocument, "content": {"text/csv": {}}, "description": "The export, streamed."},
        **error_responses(*AUTHED, 422),
    },
    response_class=StreamingResponse,
)
def export_history(
    request: Request,
    user: UserDep,
    clock: ClockDep,
    format: Annotated[Literal["json", "csv"], Query()] = "json",
) -> StreamingResponse:
    """Everything the account holds as JSON (logs, plan versions, proposals, memory with its history,
    chat turns, records, imports, settings), or the logs as CSV in Strong's layout. Streamed: read
    page by page from the database, never whole in memory."""
    sessions = request.app.state.sessionmaker
    stamp = clock.now().strftime("%Y%m%d")
    if format == "csv":
        body = export_csv(sessions, user_id=user.id)
        media, name = "text/csv; charset=utf-8", f"fitcoach-{stamp}.csv"
    else:
        body = export_json(sessions, user_id=user.id, now=clock.now())
        media, name = "application/json", f"fitcoach-{stamp}.json"
    return StreamingResponse(
        body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


class MappingRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mapping: dict[str, str] = Field(
        max_length=MAX_MAPPING_NAMES, description='App name → library slug, or "" to drop the name\'s sets.'
    )


@router.get("/imports", responses=error_responses(*AUTHED))
def list_imports(user: UserDep, session: SessionDep) -> ImportRecordList:
    """Earlier imports, newest first, each with the names whose sets it kept for a later mapping."""
    return ImportRecordList(
        items=[
            ImportRecordPublic(
                id=row.id,
                created_at=isoformat_z(row.created_at),
                format=row.format,
                sessions=row.summary.get("sessions", 0),
                sets=row.summary.get("sets", 0),
                still_unmatched=kept_names(row.unmatched.get("rows", [])),
            )
            for row in imports.list_records(session, user_id=user.id)
        ]
    )


@router.post("/imports/{import_id}/mapping", responses=error_responses(*AUTHED, *WITH_BODY, 404))
def map_import_names(
    import_id: str,
    body: MappingRequest,
    user: UserDep,
    session: SessionDep,
    clock: ClockDep,
    library: LibraryDep,
) -> MappingResult:
    """Bring in the kept sets of the names mapped (or drop those mapped to ""), in one transaction."""
    result = map_kept_names(
        session, user_id=user.id, import_id=import_id, mapping=body.mapping, library=library, now=clock.now()
    )
    session.commit()
    return MappingResult.model_validate(result)
