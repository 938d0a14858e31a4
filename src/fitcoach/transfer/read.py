"""One entry point for every export: recognise the format from the file itself and parse it."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from fitcoach.contract.logs import Unit
from fitcoach.errors import BadInput, PayloadTooLarge
from fitcoach.transfer.cells import MAX_IMPORT_BYTES, decode
from fitcoach.transfer.hevy import parse_hevy
from fitcoach.transfer.model import ParsedExport
from fitcoach.transfer.own import parse_own
from fitcoach.transfer.strong import parse_strong

FORMATS_DOC = "Strong (either CSV export), Hevy CSV, or a fitcoach JSON export"


def read_export(data: bytes, *, zone: ZoneInfo, unit: Unit | None = None) -> ParsedExport:
    """The export's set rows; any unreadable cell refuses the whole file (a 422 naming its line)."""
    if len(data) > MAX_IMPORT_BYTES:
        raise PayloadTooLarge(f"an import file may hold at most {MAX_IMPORT_BYTES} bytes")
    text = decode(data)
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return parse_own(stripped)
    header = stripped.split("\n", 1)[0]
    if "exercise_title" in header and "start_time" in header:
        return parse_hevy(stripped, zone=zone)
    if "Exercise Name" in header and "Set Order" in header:
        delimiter = ";" if header.count(";") > header.count(",") else ","
        return parse_strong(stripped, delimiter=delimiter, zone=zone, unit=unit)
    raise BadInput(
        f"unrecognised file: expected {FORMATS_DOC}",
        code="import_unknown_format",
        details={"header": header[:200]},
    )
