"""Reading the cells of exported CSV files: text with or without a byte-order mark, the delimiter,
numbers with a decimal point or comma, empty cells, and each app's date formats."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

from fitcoach.errors import BadInput

MAX_IMPORT_BYTES = 50 * 1024 * 1024
"""A ten-year Strong export is about 5 MB; fifty leaves room without letting one upload fill memory."""

_DURATION_PART = re.compile(r"(\d+)\s*([hms])")
_SPACES = str.maketrans({"\u202f": " ", "\u00a0": " "})
"""Strong writes '7:31:12\u202fPM' (a narrow no-break space, as iOS formats times)."""


class RowError(BadInput):
    """A cell that cannot be read: the whole import is refused and nothing is written."""

    code = "import_invalid_row"

    def __init__(self, line: int, column: str, value: str, why: str) -> None:
        super().__init__(
            f"line {line}, column {column!r}: {why} ({value!r})",
            details={"line": line, "column": column, "value": value[:80]},
        )


def decode(data: bytes) -> str:
    """UTF-8 with or without a BOM (Excel adds one); anything else is refused, never guessed."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadInput(
            "the file is not UTF-8 text", code="import_not_utf8", details={"byte": error.start}
        ) from error


def rows(text: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """(line number, cells) of every non-blank record; quoted cells may hold delimiters and newlines."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"', strict=False)
    for cells in reader:
        if any(cell.strip() for cell in cells):
            yield reader.line_num, cells


class Columns:
    """A header's column positions; a missing required column names itself in the error."""

    def __init__(self, header: Sequence[str], required: Sequence[str]) -> None:
        self.index = {name.strip(): i for i, name in enumerate(header)}
        missing = [name for name in required if name not in self.index]
        if missing:
            raise BadInput(
                "the file lacks columns: " + ", ".join(missing),
                code="import_missing_columns",
                details={"missing": missing, "found": list(self.index)},
            )

    def has(self, name: str) -> bool:
        return name in self.index

    def get(self, cells: Sequence[str], name: str) -> str:
        i = self.index.get(name)
        return cells[i].strip() if i is not None and i < len(cells) else ""


def number(value: str, *, line: int, column: str) -> float | None:
    """'' is None; '22,5' and '22.5' are both 22.5 (exports follow the phone's locale)."""
    text = value.strip().translate(_SPACES).replace(" ", "")
    if not text:
        return None
    if "," in text and "." not in text:
        text = text.replace(",", ".")
    try:
        result = float(text)
    except ValueError:
        raise RowError(line, column, value, "not a number") from None
    if result != result or result in (float("inf"), float("-inf")) or result < 0:
        raise RowError(line, column, value, "not a finite, non-negative number")
    return result


def whole(value: str, *, line: int, column: str) -> int | None:
    found = number(value, line=line, column=column)
    if found is None:
        return None
    if found != int(found):
        raise RowError(line, column, value, "not a whole number")
    return int(found)


STRONG_DATE_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %I:%M:%S %p", "%Y-%m-%d %H:%M", "%Y-%m-%d %I:%M %p")
HEVY_DATE_FORMATS = ("%d %b %Y, %H:%M", "%d %b %Y %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S")


def local_time(value: str, formats: tuple[str, ...], zone: ZoneInfo, *, line: int, column: str) -> datetime:
    """A wall-clock time written without an offset, read in the user's zone (the phone's clock)."""
    found = _wall_clock(value, formats, zone)
    if found is None:
        raise RowError(line, column, value, "not a date and time this export writes")
    return found


@lru_cache(maxsize=4096)
def _wall_clock(value: str, formats: tuple[str, ...], zone: ZoneInfo) -> datetime | None:
    """Cached: every set of a session repeats its start time (strptime was a third of the reading)."""
    text = " ".join(value.translate(_SPACES).split()).upper()
    for pattern in formats:
        try:
            naive = datetime.strptime(text, pattern)
        except ValueError:
            continue
        return naive.replace(tzinfo=zone)
    return None


def duration(value: str) -> timedelta | None:
    """Strong's workout duration: '1h 5m', '45m', '50s'; None when absent or unreadable."""
    parts = _DURATION_PART.findall(value.lower())
    if not parts:
        return None
    scale = {"h": 3600, "m": 60, "s": 1}
    return timedelta(seconds=sum(int(n) * scale[u] for n, u in parts))
